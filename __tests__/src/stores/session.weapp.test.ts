/** @jest-environment-options {"url": "http://127.0.0.1/m2/"} */
/*
 * The mini-program login (R1.9, R7.55, R5.15, R8.16) with the mini-program's platform file (jest would pick the
 * .h5 one). wx.getUserProfile and wx.login need a user and WeChat, so they are stubbed; the login call itself goes
 * over the real request core to a real server.
 */
jest.mock('@/platform/mp-login', () => jest.requireActual('../../../src/platform/mp-login.ts'))

import Taro from '@tarojs/taro'
import { configureRequest } from '@/core/request'
import { setToken } from '@/core/token'
import { setItem } from '@/platform/storage'
import { LOGIN_FAILED_TITLE, SessionStore } from '@/stores/session'
import { startContractServer, type ContractServer } from '../core/contract-server'

let server: ContractServer
beforeAll(async () => {
  server = await startContractServer()
  configureRequest({ hosts: { api: server.origin, live: server.origin, stats: server.origin, mobile: server.origin } })
  setItem('fingerprint', 'fp-mp')
})
afterAll(() => server.close())
afterEach(() => jest.restoreAllMocks())

function makeStore() {
  return new SessionStore({ platform: () => 'WEAPP', isIOS: () => false, scene: () => 0, currentUrl: () => '/pages/user/user', reload: jest.fn() })
}

test('R1.9 R7.55 R8.15 mini-program login sends code, encryptedData and iv with 登录中 showing', async () => {
  setToken('')
  const loading = jest.spyOn(Taro, 'showLoading')
  const profile = jest.spyOn(Taro, 'getUserProfile').mockResolvedValue({ encryptedData: 'ENC', iv: 'IV', errMsg: 'getUserProfile:ok' } as never)
  const login = jest.spyOn(Taro, 'login').mockResolvedValue({ code: 'js-code-1', errMsg: 'login:ok' } as never)
  const store = makeStore()
  await expect(store.loginMiniProgram()).resolves.toBe(true)
  expect(profile.mock.invocationCallOrder[0]).toBeLessThan(login.mock.invocationCallOrder[0]) // profile first, in the tap
  expect(server.calls.at(-1)).toMatchObject({ path: '/api/v1/userapp/login', body: { code: 'js-code-1', encryptedData: 'ENC', iv: 'IV' } })
  expect(loading).toHaveBeenCalledWith(expect.objectContaining({ title: '登录中' }))
  expect(store.isLoggedIn).toBe(true)
  // R4.46 the messenger placeholder nickname asks for the profile; R4.47 no mobile opens the binding modal
  expect(store.user.nickName).toBe('微信用户')
  expect(store.needsUserInfo).toBe(true)
  expect(store.bindMobileVisible).toBe(true)
  store.dispose()
})

test('R5.15 R8.16 refusing the user information gives the dialog titled 登录失败 and no login call', async () => {
  setToken('')
  const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as never)
  jest.spyOn(Taro, 'getUserProfile').mockRejectedValue({ errMsg: 'getUserProfile:fail auth deny' })
  const login = jest.spyOn(Taro, 'login')
  const before = server.calls.length
  const store = makeStore()
  await expect(store.loginMiniProgram()).resolves.toBe(false)
  expect(LOGIN_FAILED_TITLE).toBe('登录失败')
  expect(modal).toHaveBeenCalledWith(expect.objectContaining({ title: '登录失败', content: expect.stringContaining('设置') }))
  expect(login).not.toHaveBeenCalled()
  expect(server.calls.length).toBe(before)
  expect(store.isLoggedIn).toBe(false)
  store.dispose()
})
