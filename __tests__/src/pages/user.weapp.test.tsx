/** @jest-environment-options {"url": "http://127.0.0.1/m2/"} */
/*
 * The 我的 page on the mini-program target (weapp jest project: `./components/mini-program-login` is
 * mini-program-login.tsx and the session's platform files are the mini-program ones), rendered with
 * @tarojs/test-utils-react over Taro's H5 components. WeChat's side is the recorded wx stand-in
 * (__tests__/setup/wx.ts); the login goes over the real request core to the reference server.
 */
import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import UserPage from '@/pages/user/user'
import { setToken } from '@/core/token'
import { setItem } from '@/platform/storage'
import { SINGLE_PAGE_SCENE, SINGLE_PAGE_TIP } from '@/stores/login'
import { sessionStore } from '@/stores/session'
import { countRequests, useReferenceServer } from '../support/reference-server'
import { waitFor, $ } from '../support/dom'
import { wx } from '../../setup/wx'

useReferenceServer()
beforeAll(async () => {
  setItem('fingerprint', 'fp-user-weapp')
  sessionStore.configure({ reload: jest.fn(), currentUrl: () => '/pages/user/user', wait: () => Promise.resolve() })
})

let t: TestUtils
beforeEach(() => {
  setToken('')
  // no router in jsdom: the page stack is empty
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([] as never)
  t = new TestUtils()
})
afterEach(() => {
  t.unmout()
  jest.restoreAllMocks()
})

const asyncWxCalls = () =>
  wx()
    .calls.filter((c) => c.api !== 'getLaunchOptionsSync')
    .map((c) => c.api)

function tap(el: HTMLElement | null) {
  if (!el) throw new Error('nothing to tap')
  t.act(() => el.click())
}

test('R1.9 R7.55 R4.47 the mini-program page offers 微信一键登录: wx.login when it shows, a tap asks wx.getUserInfo (never getUserProfile) and logs in', async () => {
  const calls = countRequests(/\/userapp\/login$/)
  try {
    await t.mount(UserPage)
    const button = await waitFor(() => $('.user-mp-login__btn'))
    expect(button.textContent).toBe('微信一键登录')
    expect($('.user-form')).not.toBeNull() // the mobile forms stay below it
    await waitFor(() => asyncWxCalls().includes('login') || null)
    expect(asyncWxCalls()).toEqual(['login']) // the code, before the tap
    tap($('.user-consent__box'))
    tap(button)
    await waitFor(() => $('.user-profile'))
    expect(asyncWxCalls()).toEqual(['login', 'getUserInfo'])
    expect(JSON.parse(calls.bodies[0])).toMatchObject({
      code: 'wx-code-1',
      encryptedData: 'wx-encrypted-data',
      iv: 'wx-iv'
    })
  } finally {
    calls.restore()
  }
  expect($('.user-head__name')?.textContent).toBe('微信用户')
  // a new WeChat user has no mobile: the binding modal opens (R4.47)
  await waitFor(() => $('.user-bind'))
  expect($('.user-head__mobile')?.textContent).toBe('未绑定手机号')
})

test('R4.7 launched from scene 1154 the page shows the tip to enter the mini-program and the WeChat login is disabled', async () => {
  wx().launchOptions.scene = SINGLE_PAGE_SCENE
  await t.mount(UserPage)
  await waitFor(() => $('.user-tip'))
  expect($('.user-tip')?.textContent).toBe(SINGLE_PAGE_TIP)
  const button = $('.user-mp-login__btn')
  expect(button?.hasAttribute('disabled')).toBe(true)
  tap(button)
  await new Promise((r) => setTimeout(r, 50))
  expect(asyncWxCalls()).toEqual([])
})

test('R1.9 R5.14 a mini-program login that fails shows its message under the mobile form, as its toast does', async () => {
  const toast = jest.spyOn(Taro, 'showToast')
  wx().answer('login', () => {
    throw { errMsg: 'login:fail system error' }
  })
  await t.mount(UserPage)
  tap(await waitFor(() => $('.user-consent__box')))
  tap(await waitFor(() => $('.user-mp-login__btn')))
  await waitFor(() => $('.user-form__error'))
  expect($('.user-form__error')?.textContent).toBe('login:fail system error')
  expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'login:fail system error' }))
  expect(sessionStore.isLoggedIn).toBe(false)
})

test('login consent: 微信一键登录 before the 用户协议 / 隐私政策 box is ticked asks for it and calls neither wx.getUserInfo nor the login; ticked, it logs in', async () => {
  const toast = jest.spyOn(Taro, 'showToast')
  const calls = countRequests(/\/userapp\/login$/)
  try {
    await t.mount(UserPage)
    const button = await waitFor(() => $('.user-mp-login__btn'))
    await waitFor(() => asyncWxCalls().includes('login') || null)
    tap(button)
    await waitFor(() => $('.user-form__error'))
    expect($('.user-form__error')?.textContent).toBe('请先阅读并同意用户协议和隐私政策')
    expect(toast).not.toHaveBeenCalled() // under the form, not in a toast over the box it asks for
    await new Promise((r) => setTimeout(r, 50))
    expect(asyncWxCalls()).toEqual(['login']) // only the code fetched as the button showed
    expect(calls.bodies).toEqual([])
    tap($('.user-consent__box'))
    tap(button)
    await waitFor(() => $('.user-profile'))
    expect(calls.bodies.length).toBe(1)
  } finally {
    calls.restore()
  }
})
