/**
 * @jest-environment ./__tests__/src/support/node-fetch-environment.js
 * @jest-environment-options {"url": "http://127.0.0.1/m2/"}
 *
 * R4.47 for a restored session: a stored token whose current-user fetch (R7.51, R7.65) answers a user without a
 * mobile gets the mobile-binding modal, as a fresh login does. The store and the 我的 page against the reference
 * server; the user without a mobile is the seed's mini-program user (sandbox code login).
 */
import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import UserPage from '@/pages/user/user'
import { setToken } from '@/core/token'
import { removeItem, setItem } from '@/platform/storage'
import { USER_KEY, sessionStore } from '@/stores/session'
import { sessionParts, type SessionParts } from '../support/session-parts'
import { countRequests, demoLogin, useReferenceServer } from '../support/reference-server'
import { waitFor, $ } from '../support/dom'

const server = useReferenceServer()

beforeAll(async () => {
  setItem('fingerprint', 'fp-user-restored')
})

/** A token of the seed's user without a mobile: the mini-program login of the sandbox (R7.55). */
async function tokenWithoutMobile(): Promise<{ token: string; user: { id: number; mobile: string } }> {
  const r = await fetch(`${server.origin}/api/v1/userapp/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: 'dev', encryptedData: 'x', iv: 'y' })
  })
  const data = ((await r.json()) as { data: { access_token: string; user: { id: number; mobile: string } } }).data
  return { token: data.access_token, user: data.user }
}

let stores: SessionParts[] = []
afterEach(() => {
  for (const s of stores) s.dispose()
  stores = []
  jest.restoreAllMocks()
})

describe('R4.47 the binding modal for a restored session', () => {
  test('R4.47 R7.51 the store: a stored token whose user has no mobile shows the binding modal after start', async () => {
    const { token, user } = await tokenWithoutMobile()
    expect(user.mobile).toBe('')
    setToken(token) // what a previous visit left in storage
    removeItem(USER_KEY)
    const store = sessionParts({ platform: () => 'WEB', reload: () => undefined })
    stores.push(store)
    expect(store.session.needsMobile).toBe(false)
    const calls = countRequests(/\/userapp\/userinfo$/)
    try {
      await store.login.start()
    } finally {
      calls.restore()
    }
    expect(calls.count).toBe(1) // the current-user fetch, no login call
    expect(store.session.user.id).toBe(user.id)
    expect(store.session.isLoggedIn).toBe(true)
    expect(store.session.needsMobile).toBe(true) // the 我的 page opens the binding modal for it
  })

  test('R4.47 the store: a restored user with a mobile gets no binding modal', async () => {
    const { access_token } = await demoLogin(server.origin)
    setToken(access_token)
    const store = sessionParts({ platform: () => 'WEB', reload: () => undefined })
    stores.push(store)
    await store.login.start()
    expect(store.session.user.mobile).toBe('13800000001')
    expect(store.session.needsMobile).toBe(false)
  })

  test('R4.47 R2.5 the 我的 page: the restored user without a mobile sees 绑定手机号', async () => {
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([] as never)
    const { token, user } = await tokenWithoutMobile()
    setToken(token)
    sessionStore.configure({
      platform: () => 'WEB',
      currentUrl: () => '/pages/user/user',
      wait: () => Promise.resolve()
    })
    const t = new TestUtils()
    await t.mount(UserPage)
    await waitFor(() => $('.user-profile'))
    expect(sessionStore.user.id).toBe(user.id)
    expect($('.user-head__mobile')?.textContent).toBe('未绑定手机号')
    const modal = await waitFor(() => $('.user-bind'))
    expect(modal.textContent).toContain('绑定手机号')
    expect(modal.textContent).toContain('为了账号安全，请绑定手机号')
    t.unmout()
  })
})
