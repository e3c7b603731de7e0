/**
 * @jest-environment ./__tests__/src/support/node-fetch-environment.js
 * @jest-environment-options {"url": "http://127.0.0.1/m2/", "userAgent": "Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 BroadcasterApp/7.2.0"}
 *
 * Logins handed over by a host app at startup (R1.11, R1.14, R3.8, R6.4, R7.8, R7.57, R7.59) against the reference
 * server's sandbox partner logins (the token key of user X is `dev-X`). The page runs with the broadcaster's app's
 * user agent (WXBB, R1.18) and an injected window.HostBridge of the shape host.h5.ts reads; the session's start()
 * is what the app's launch (src/app.tsx) and the 我的 page call.
 */
import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import UserPage from '@/pages/user/user'
import { PRODUCT_CODE } from '@/core/product'
import { setToken } from '@/core/token'
import { currentPlatform } from '@/platform/current'
import { USER_INFO_TIMEOUT } from '@/platform/bridge'
import { setItem } from '@/platform/storage'
import { sessionStore } from '@/stores/session'
import { sessionParts, type SessionParts } from '../support/session-parts'
import { countRequests, useReferenceServer } from '../support/reference-server'
import { waitFor, $ } from '../support/dom'
import { watchTimeouts } from '../support/timers'

const server = useReferenceServer()
/** What the host app answers to getUserInfo; `null` never answers. */
let hostUser: Record<string, string> | null = {
  userId: '9001',
  usertokenkey: 'dev-9001',
  devicesToken: 'device-of-9001'
}
const bridgeCalls: string[] = []

beforeAll(async () => {
  setItem('fingerprint', 'fp-host-login')
  ;(window as unknown as { HostBridge: unknown }).HostBridge = {
    call(method: string, _params: string, callback: string) {
      bridgeCalls.push(method)
      if (method === 'getUserInfo' && !hostUser) return // a host that does not answer
      const answer = method === 'getUserInfo' ? JSON.stringify(hostUser) : '{}'
      setTimeout(() => (window as unknown as Record<string, (r: string) => void>)[callback](answer), 5)
    }
  }
})

let stores: SessionParts[] = []
function makeStore(platform: ReturnType<typeof currentPlatform>) {
  const store = sessionParts({ platform: () => platform, reload: () => undefined })
  stores.push(store)
  return store
}
beforeEach(() => {
  setToken('')
  bridgeCalls.length = 0
})
afterEach(() => {
  for (const s of stores) s.dispose()
  stores = []
  jest.restoreAllMocks()
})

const LOGIN_CALLS = /\/userapp\/[A-Za-z0-9_-]*login$/

test('R1.11 R7.59 R1.18 R3.8 R7.8 the broadcaster app: the 我的 page shows the host user, logged in with /userapp/{product}_login', async () => {
  expect(currentPlatform()).toBe('WXBB')
  hostUser = { userId: '9001', usertokenkey: 'dev-9001', devicesToken: 'device-of-9001' } // other tests change it
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([] as never)
  sessionStore.configure({ currentUrl: () => '/pages/user/user', wait: () => Promise.resolve() })
  const calls = countRequests(LOGIN_CALLS)
  const t = new TestUtils()
  try {
    await t.mount(UserPage)
    await waitFor(() => $('.user-profile'))
  } finally {
    calls.restore()
  }
  expect(bridgeCalls).toContain('getUserInfo')
  expect(calls.urls).toHaveLength(1)
  expect(new URL(calls.urls[0]).pathname).toBe(`/api/v1/userapp/${PRODUCT_CODE}_login`)
  expect(JSON.parse(calls.bodies[0])).toMatchObject({
    userid: '9001',
    usertokenkey: 'dev-9001',
    devicetoken: 'device-of-9001'
  })
  expect($('.user-head__name')?.textContent).toBe('合作用户9001')
  expect(sessionStore.isLoggedIn).toBe(true)
  t.unmout()
})

test('R1.14 R7.57 R6.4 R3.8 a partner app (LINGXI, WXLIVE): POST /userapp/login {userid, usertokenkey, devicetoken}', async () => {
  for (const platform of ['LINGXI', 'WXLIVE'] as const) {
    setToken('')
    hostUser = { userid: '9002', usertokenkey: 'dev-9002', devicesToken: 'device-of-9002' } // `userid` spelling (R3.8)
    const store = makeStore(platform)
    const calls = countRequests(LOGIN_CALLS)
    try {
      await store.login.start()
    } finally {
      calls.restore()
    }
    expect(calls.urls.map((u) => new URL(u).pathname)).toEqual(['/api/v1/userapp/login'])
    expect(JSON.parse(calls.bodies[0])).toMatchObject({
      userid: '9002',
      usertokenkey: 'dev-9002',
      devicetoken: 'device-of-9002'
    })
    expect(store.session.isLoggedIn).toBe(true)
    expect(store.session.user.nickName).toBe('合作用户9002')
  }
})

test('R6.4 no host-app login on other platforms or when someone is logged in already', async () => {
  hostUser = { userId: '9001', usertokenkey: 'dev-9001', devicesToken: 'd' }
  for (const platform of ['WEB', 'WECHAT', 'WEAPP_WEB'] as const) {
    const store = makeStore(platform)
    await store.login.start()
    expect(store.session.isLoggedIn).toBe(false)
  }
  expect(bridgeCalls).toEqual([])

  const r = await fetch(`${server.origin}/api/v1/userapp/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: '13800000001', password: 'demo1234' })
  })
  setToken(((await r.json()) as { data: { access_token: string } }).data.access_token)
  const store = makeStore('WXBB')
  await store.login.start()
  expect(store.session.user.mobile).toBe('13800000001') // still the demo viewer
  expect(bridgeCalls).toEqual([])
})

test('R7.8 a host that does not answer getUserInfo within 1 s leaves the visitor anonymous', async () => {
  expect(USER_INFO_TIMEOUT).toBe(1000)
  hostUser = null
  const store = makeStore('PRODUCT')
  const calls = countRequests(LOGIN_CALLS)
  // the wait is getUserInfo's own timer: read from the timer asked for and seen to fire, not measured
  const fired: number[] = []
  const timers = watchTimeouts((event, ms) => event === 'fired' && fired.push(ms))
  try {
    await store.login.start()
  } finally {
    calls.restore()
    timers.restore()
  }
  expect(fired).toContain(USER_INFO_TIMEOUT)
  expect(bridgeCalls).toEqual(['getUserInfo'])
  expect(calls.count).toBe(0)
  expect(store.session.isLoggedIn).toBe(false)
})

test('R1.11 R7.59 a host user the server refuses stays anonymous, silently, with the server message returned', async () => {
  hostUser = { userId: '9001', usertokenkey: 'not-the-key', devicesToken: 'd' }
  const toast = jest.spyOn(Taro, 'showToast')
  const store = makeStore('WXBB')
  await expect(store.login.loginFromHostApp()).resolves.toEqual({ ok: false, message: '登录凭证无效，请重新登录' })
  expect(store.session.isLoggedIn).toBe(false)
  expect(toast).not.toHaveBeenCalled()
})
