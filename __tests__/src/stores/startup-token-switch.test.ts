/**
 * @jest-environment ./__tests__/src/support/node-fetch-environment.js
 * @jest-environment-options {"url": "http://127.0.0.1/m2/pages/home/home"}
 */
/*
 * R2.26 on H5, against the reference server: a link's startup token (tokentype + token) never replaces another
 * logged-in user without the viewer's choice. The link's address loses the token as the app loads
 * (takeStartupLogin, src/platform/address.h5.ts) and startup (runStartup) hands it to the session. Logged in as A
 * with B's token: the 切换账号？ modal names both accounts; 保持当前 keeps A, 切换 logs in as B. A's own token
 * refreshes the login quietly; with nobody logged in (the messenger's OAuth return of R1.10 among them) the token
 * logs in quietly. Only the viewer's tap on the modal is stood in for (jsdom has no viewer).
 */
import Taro from '@tarojs/taro'
import { fetchUserInfo } from '@/api/user'
import { clearCookies } from '@/core/cookies'
import { getToken, setToken } from '@/core/token'
import { takeStartupLogin } from '@/platform/address'
import { removeItem, setItem } from '@/platform/storage'
import { runStartup } from '@/router/startup-run'
import { SWITCH_ACCOUNT_CONFIRM, SWITCH_ACCOUNT_KEEP, SWITCH_ACCOUNT_TITLE } from '@/stores/login'
import { USER_KEY } from '@/stores/session'
import { sessionParts, type SessionParts } from '../support/session-parts'
import { countRequests, useReferenceServer } from '../support/reference-server'
import { ACCOUNT_A, tokenOfA, tokenOfWechatUser } from '../support/startup-tokens'

useReferenceServer()

const HOME = '/m2/pages/home/home'
let parts: SessionParts | null = null
let modal: jest.SpyInstance

beforeAll(() => setItem('fingerprint', 'fp-startup-switch'))
beforeEach(() => {
  setToken('')
  removeItem(USER_KEY)
  clearCookies() // the id + sign cookies of an earlier test's login would log its user in again (R7.65)
  // a modal nobody expected ends as dismissed; the tests that expect one answer it (answerModal)
  modal = jest.spyOn(Taro, 'showModal').mockRejectedValue(new Error('showModal:fail no modal expected'))
  jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
  jest.spyOn(Taro, 'showLoading').mockResolvedValue({ errMsg: 'showLoading:ok' })
  jest.spyOn(Taro, 'hideLoading').mockImplementation(() => undefined)
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([] as never)
})
afterEach(() => {
  parts?.dispose()
  parts = null
  jest.restoreAllMocks()
})

/** The session and its login flows, registered as the startup login (what the app's loginStore does). */
function makeParts(): SessionParts {
  parts = sessionParts({
    platform: () => 'WEB',
    isIOS: () => false,
    scene: () => 0,
    reload: jest.fn(),
    currentUrl: () => '/pages/home/home',
    wait: () => Promise.resolve(),
    firstPage: () => Promise.resolve()
  })
  parts.login.register()
  return parts
}

/** The viewer's answer to the next modal. */
function answerModal(confirm: boolean) {
  modal.mockResolvedValue({ confirm, cancel: !confirm, errMsg: 'showModal:ok' })
}

/** Opens a shared link that carries `token`: the address loses it as the app loads, then startup runs with it. */
async function openLink(token: string, tokentype = 'app') {
  window.history.replaceState(null, '', `${HOME}?from=share&tokentype=${tokentype}&token=${encodeURIComponent(token)}`)
  const login = takeStartupLogin()
  expect(window.location.search).toBe('?from=share')
  await runStartup({ from: 'share', ...login }, HOME)
  expect(window.location.href).not.toContain(token)
}

/** Whom the server takes the stored login for (R7.51). */
async function serverUserId(): Promise<number> {
  return Number((await fetchUserInfo()).id)
}

async function loggedInAsA(): Promise<SessionParts> {
  const store = makeParts()
  await expect(store.login.loginWithPassword(ACCOUNT_A.mobile, ACCOUNT_A.password)).resolves.toEqual({ ok: true })
  expect(store.session.user.id).toBe(ACCOUNT_A.id)
  return store
}

describe('R2.26 a startup token of another user than the one logged in', () => {
  test('R2.26 R7.51 logged in as A, a link with B’s token asks 切换账号？ naming both accounts; 保持当前 keeps A and drops the token', async () => {
    const store = await loggedInAsA()
    const tokenA = getToken()
    const b = await tokenOfWechatUser('startup-switch-keep')
    answerModal(false)
    const logins = countRequests(/\/userapp\/login$/)
    try {
      await openLink(b.token)
      expect(logins.count).toBe(0) // B's token was never adopted
    } finally {
      logins.restore()
    }
    expect(modal).toHaveBeenCalledTimes(1)
    const shown = modal.mock.calls[0][0] as Taro.showModal.Option
    expect(shown).toMatchObject({
      title: SWITCH_ACCOUNT_TITLE,
      confirmText: SWITCH_ACCOUNT_CONFIRM,
      cancelText: SWITCH_ACCOUNT_KEEP,
      showCancel: true
    })
    expect(shown.title).toBe('切换账号？')
    expect(shown.content).toBe(
      `当前登录：${ACCOUNT_A.name}（ID ${ACCOUNT_A.id}），链接中的账号：微信用户（ID ${b.user.id}）。是否切换到链接中的账号？`
    )
    expect(b.user.id).not.toBe(ACCOUNT_A.id)
    // still A, on the client and on the server
    expect(store.session.isLoggedIn).toBe(true)
    expect(store.session.user.id).toBe(ACCOUNT_A.id)
    expect(getToken()).toBe(tokenA)
    expect(await serverUserId()).toBe(ACCOUNT_A.id)
  })

  test('R2.26 R7.56 logged in as A, a link with B’s token: 切换 logs in as B', async () => {
    const store = await loggedInAsA()
    const tokenA = getToken()
    const b = await tokenOfWechatUser('startup-switch-confirm')
    answerModal(true)
    await openLink(b.token)
    expect(modal).toHaveBeenCalledTimes(1)
    expect(store.session.user.id).toBe(b.user.id)
    expect(getToken()).not.toBe(tokenA)
    expect(await serverUserId()).toBe(b.user.id)
  })

  test('R2.26 R7.51 a token the server refuses (401) while A is logged in opens no modal, is dropped and leaves A logged in', async () => {
    const store = await loggedInAsA()
    const tokenA = getToken()
    clearCookies() // only A's token says who is logged in: the check of the link's token gets a 401, not A by cookie
    const logins = countRequests(/\/userapp\/login$/)
    try {
      await openLink('tok-not-issued-by-anyone')
      expect(logins.count).toBe(0)
    } finally {
      logins.restore()
    }
    expect(modal).not.toHaveBeenCalled()
    expect(store.session.user.id).toBe(ACCOUNT_A.id)
    expect(getToken()).toBe(tokenA)
    expect(await serverUserId()).toBe(ACCOUNT_A.id)
  })
})

describe('R2.26 the startup tokens that log in quietly', () => {
  test('R2.26 R7.56 logged in as A, a link with A’s own token refreshes the login without a modal', async () => {
    const store = await loggedInAsA()
    const before = getToken()
    const own = await tokenOfA()
    const logins = countRequests(/\/userapp\/login$/)
    try {
      await openLink(own.token)
      expect(logins.count).toBe(1)
      expect(JSON.parse(logins.bodies[0])).toMatchObject({ tokentype: 'app', token: own.token })
    } finally {
      logins.restore()
    }
    expect(modal).not.toHaveBeenCalled()
    expect(store.session.user.id).toBe(ACCOUNT_A.id)
    expect(getToken()).not.toBe(before) // the session was refreshed from the link's login
    expect(await serverUserId()).toBe(ACCOUNT_A.id)
  })

  test('R2.26 R1.10 nobody logged in: the token (the messenger OAuth return’s tokentype=wechat) logs in without a modal', async () => {
    const store = makeParts()
    const b = await tokenOfWechatUser('startup-switch-oauth')
    await openLink(b.token, 'wechat')
    expect(modal).not.toHaveBeenCalled()
    expect(store.session.isLoggedIn).toBe(true)
    expect(store.session.user.id).toBe(b.user.id)
    expect(await serverUserId()).toBe(b.user.id)
  })

  test('R2.26 R4.4 a stored login that has expired is no one to ask about: B’s token logs in without a modal', async () => {
    setToken('tok-expired-long-ago')
    setItem(USER_KEY, { id: ACCOUNT_A.id, nickName: ACCOUNT_A.name, avatar: '', mobile: ACCOUNT_A.mobile })
    const store = makeParts()
    expect(store.session.isLoggedIn).toBe(true) // as stored, before the start's check
    const b = await tokenOfWechatUser('startup-switch-expired')
    const started = store.login.start()
    await openLink(b.token)
    await started
    expect(modal).not.toHaveBeenCalled()
    expect(store.session.user.id).toBe(b.user.id)
    expect(await serverUserId()).toBe(b.user.id)
  })
})
