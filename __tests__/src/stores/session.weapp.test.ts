/*
 * The mini-program login (R1.9, R7.55, R5.15, R8.16, R4.7) on the mini-program target (weapp jest project: the session
 * store's `@/platform/mp-login`, `@/platform/launch` and `@/platform/current` resolve to the mini-program files). The
 * WeChat side (wx.login, wx.getUserInfo, wx.getLaunchOptionsSync) is the recorded stand-in of
 * __tests__/setup/wx.ts; the login call goes over the real request core to the reference server, whose sandbox maps a
 * login code to a WeChat user.
 */
import Taro from '@tarojs/taro'
import { setToken } from '@/core/token'
import { setItem } from '@/platform/storage'
import { LOGIN_FAILED_TITLE, SINGLE_PAGE_SCENE, SINGLE_PAGE_TIP } from '@/stores/login'
import { sessionParts } from '../support/session-parts'
import { countRequests, useReferenceServer } from '../support/reference-server'
import { wx } from '../../setup/wx'

useReferenceServer()
beforeAll(async () => {
  setItem('fingerprint', 'fp-mp')
})
// Each test starts with no wx.login code held: mp-login keeps a code for four minutes across its module's life (a
// refused privacy prompt keeps it for the next tap), so the clock it reads is moved ten minutes on for every test
// (only Date: the timers and the requests to the reference server run as they are), whatever order the tests run in.
let shift = 0
beforeEach(() => {
  setToken('')
  shift += 10 * 60 * 1000
  jest.useFakeTimers({
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout'
    ]
  })
  jest.setSystemTime(Date.now() + shift)
})
afterEach(() => {
  jest.useRealTimers()
  jest.restoreAllMocks()
})

/** The store with the platform's own deps: platform, scene and iOS come from the mini-program files. */
function makeStore() {
  return sessionParts({ currentUrl: () => '/pages/user/user', reload: jest.fn(), wait: () => Promise.resolve() })
}

const asyncWxCalls = () =>
  wx()
    .calls.filter((c) => c.api !== 'getLaunchOptionsSync')
    .map((c) => c.api)

test('R1.9 R7.55 R8.15 mini-program login: the wx.login code fetched when the button shows, then wx.getUserInfo with credentials (never getUserProfile); the login call sends code, encryptedData and iv with 登录中 showing', async () => {
  const loading = jest.spyOn(Taro, 'showLoading')
  const calls = countRequests(/\/userapp\/login$/)
  const store = makeStore()
  try {
    store.login.prepareMiniProgramLogin() // the button shows
    await new Promise((r) => setTimeout(r, 0))
    expect(asyncWxCalls()).toEqual(['login']) // before any tap
    await expect(store.login.loginMiniProgram()).resolves.toEqual({ ok: true })
    // no wx.login after the user information: it could give the server another session key than encryptedData's
    expect(asyncWxCalls()).toEqual(['login', 'getUserInfo'])
    expect(wx().callsTo('getUserInfo')[0]).toMatchObject({ withCredentials: true })
    expect(calls.count).toBe(1)
    expect(JSON.parse(calls.bodies[0])).toMatchObject({
      code: 'wx-code-1',
      encryptedData: 'wx-encrypted-data',
      iv: 'wx-iv',
      platform: 'WEAPP'
    })
  } finally {
    calls.restore()
  }
  expect(loading).toHaveBeenCalledWith(expect.objectContaining({ title: '登录中' }))
  expect(store.session.isLoggedIn).toBe(true)
  // R4.46 the messenger placeholder nickname asks for the profile; R4.47 no mobile opens the binding modal
  expect(store.session.user.nickName).toBe('微信用户')
  expect(store.info.needed).toBe(true)
  expect(store.session.needsMobile).toBe(true)
  store.dispose()
})

test("R5.15 R8.16 refusing WeChat's privacy prompt gives the dialog titled 登录失败 that says so, and no login call", async () => {
  const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as never)
  wx().answer('getUserInfo', () => {
    throw { errMsg: 'getUserInfo:fail privacy permission is not authorized', errno: 104 }
  })
  const calls = countRequests(/\/userapp\/login$/)
  const store = makeStore()
  try {
    // the dialog says it: nothing for the form to show
    await expect(store.login.loginMiniProgram()).resolves.toEqual({ ok: false, message: '' })
    expect(calls.count).toBe(0)
  } finally {
    calls.restore()
  }
  expect(LOGIN_FAILED_TITLE).toBe('登录失败')
  expect(modal).toHaveBeenCalledWith(
    expect.objectContaining({ title: '登录失败', content: expect.stringContaining('隐私保护指引') })
  )
  // not the user-information setting, which WeChat no longer has
  expect(String(modal.mock.calls[0][0]?.content)).not.toMatch(/设置/)
  expect(asyncWxCalls()).toEqual(['login', 'getUserInfo'])
  expect(store.session.isLoggedIn).toBe(false)
  store.dispose()
})

test('R4.7 launched from scene 1154 (wx.getLaunchOptionsSync) the session is in single-page mode: login refused with the tip, WeChat not asked', async () => {
  expect(SINGLE_PAGE_SCENE).toBe(1154)
  wx().launchOptions.scene = SINGLE_PAGE_SCENE
  const store = makeStore()
  expect(store.login.singlePageMode).toBe(true)
  await expect(store.login.loginMiniProgram()).resolves.toEqual({ ok: false, message: SINGLE_PAGE_TIP })
  expect(wx().callsTo('getLaunchOptionsSync').length).toBeGreaterThan(0)
  expect(asyncWxCalls()).toEqual([])
  store.dispose()
})

test('R4.7 an ordinary launch (scene 1001) is not single-page mode', () => {
  const store = makeStore()
  expect(wx().launchOptions.scene).toBe(1001)
  expect(store.login.singlePageMode).toBe(false)
  store.dispose()
})
