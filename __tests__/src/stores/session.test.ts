/** @jest-environment-options {"url": "http://127.0.0.1/m2/"} */
/*
 * The session over the real request core and a real HTTP server (see __tests__/src/support/contract-server.ts); only
 * the overlays that wait for a tap (showModal) and page navigation are stubbed, since jsdom has no user and no router.
 */
import Taro from '@tarojs/taro'
import { openExternal } from '@/platform/external'
import { configureRequest, postData } from '@/core/request'
import { getToken, setToken } from '@/core/token'
import { savedCookies } from '@/core/cookies'
import { getItem, removeItem, setItem } from '@/platform/storage'
import { REDIRECT_KEY } from '@/router/redirect'
import { runStartup } from '@/router/startup-run'
import { SMS_COUNTDOWN } from '@/hooks/use-countdown'
import { MOBILE_INVALID_TEXT, MOBILE_REQUIRED_TEXT, SINGLE_PAGE_SCENE, SINGLE_PAGE_TIP } from '@/stores/login'
import { LOGIN_CHECK_DELAY } from '@/stores/login-prompt'
import { IOS_RESTRICTED_MESSAGE, iosRestricted } from '@/stores/service-config'
import { GUEST_NAME_KEY, USER_KEY, anonymousUser, normalizeUser, type SessionDeps } from '@/stores/session'
import type { RawUser } from '@/api/user'
import {
  DEFAULT_MESSENGER_NICKNAME,
  USER_INFO_SKIP_KEY,
  shouldPromptUserInfo
} from '@/pages/user/user-info-prompt-store'
import { sessionParts, type SessionParts } from '../support/session-parts'
import { DEMO_MOBILE, DEMO_PASSWORD, startContractServer, type ContractServer } from '../support/contract-server'
import { watchTimeouts } from '../support/timers'
import { hostsAt } from '../support/hosts'
import { startFaultProxy } from '../support/fault-proxy'

jest.mock('@/platform/external', () => ({ ...jest.requireActual('@/platform/external'), openExternal: jest.fn() }))

let server: ContractServer
const LIVE_URL = '/packageA/pages/live/live?roomid=3'
const DAY = 86400000

beforeAll(async () => {
  server = await startContractServer()
  configureRequest({ hosts: hostsAt(server.origin) })
  setItem('fingerprint', 'fp-session')
})
afterAll(() => server.close())

let stores: SessionParts[] = []
function makeStore(deps: Partial<SessionDeps> = {}) {
  const store = sessionParts({
    currentUrl: () => LIVE_URL,
    reload: jest.fn(),
    platform: () => 'WEB',
    isIOS: () => false,
    scene: () => 0,
    ...deps
  })
  store.login.register()
  stores.push(store)
  return store
}

let modal: jest.SpyInstance
let switchTab: jest.SpyInstance
let navigateTo: jest.SpyInstance
beforeEach(() => {
  setToken('')
  removeItem(USER_KEY)
  removeItem(REDIRECT_KEY)
  removeItem(USER_INFO_SKIP_KEY)
  server.config = { iOSDisabled: 0, iOSDisabledMsg: '', highFlowMode: 0 }
  modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
  switchTab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'switchTab:ok' })
  navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([] as never)
})
afterEach(() => {
  for (const s of stores) s.dispose()
  stores = []
  jest.restoreAllMocks()
})

const flush = () => new Promise((r) => setTimeout(r, 20))

describe('R3 the current user', () => {
  test('R3.6 without login the user is anonymous: id 0, a generated nickname, an empty avatar', () => {
    const store = makeStore()
    expect(store.session.isLoggedIn).toBe(false)
    expect(store.session.user.id).toBe(0)
    expect(store.session.user.nickName).toMatch(/^游客\d{6}$/)
    expect(store.session.user.avatar).toBe('')
    removeItem(GUEST_NAME_KEY)
    expect(anonymousUser(() => 0.123456).nickName).toBe('游客123456')
  })

  test('R3.6 the guest keeps its generated nickname: the next load (a new session store) shows the same one', () => {
    removeItem(GUEST_NAME_KEY)
    const first = makeStore().session.user.nickName
    expect(first).toMatch(/^游客\d{6}$/)
    expect(makeStore().session.user.nickName).toBe(first)
    expect(anonymousUser(() => 0.999999).nickName).toBe(first)
    // a kept value that is no guest name is not shown
    setItem(GUEST_NAME_KEY, '<b>管理员</b>')
    expect(anonymousUser(() => 0.5).nickName).toBe('游客500000')
  })

  test('R3.2 R3.3 R3.4 R3.5 the nickname is read from name, nick_name or nickname', () => {
    expect(normalizeUser({ id: 5, name: 'A', avatar: 'x', mobile: '13800000001' } as RawUser)).toEqual({
      id: 5,
      nickName: 'A',
      avatar: 'x',
      mobile: '13800000001'
    })
    expect(normalizeUser({ id: 5, nick_name: 'B' } as RawUser)?.nickName).toBe('B')
    expect(normalizeUser({ id: 5, nickname: 'C' } as RawUser)?.nickName).toBe('C')
    expect(normalizeUser({ id: '6', nickname: 'D', mobile: null } as unknown as RawUser)).toEqual({
      id: 6,
      nickName: 'D',
      avatar: '',
      mobile: ''
    })
    expect(normalizeUser(null)).toBeNull()
    expect(normalizeUser({ id: 0 } as RawUser)).toBeNull()
  })
})

describe('R4 login', () => {
  test('R4.1 R4.2 R8.15 password login shows 登录中, then saves the user and the access token', async () => {
    const loading = jest.spyOn(Taro, 'showLoading')
    const store = makeStore()
    await expect(store.login.loginWithPassword(DEMO_MOBILE, DEMO_PASSWORD)).resolves.toEqual({ ok: true })
    expect(loading).toHaveBeenCalledWith(expect.objectContaining({ title: '登录中' }))
    expect(store.session.isLoggedIn).toBe(true)
    expect(store.session.user).toEqual({ id: 10001, nickName: '演示用户', avatar: '/img/a.png', mobile: DEMO_MOBILE })
    expect(getToken()).toMatch(/^tok-10001-/)
    expect(getItem('access_token')).toBe(store.session.token)
    expect(getItem(USER_KEY)).toEqual(store.session.user)
    expect(server.calls.at(-1)?.body).toMatchObject({ mobile: DEMO_MOBILE, password: DEMO_PASSWORD, platform: 'WEB' })
    // a new start reads the stored login back (R4.1)
    expect(makeStore().session.user.id).toBe(10001)
  })

  test('R5.14 R5.1 password login needs a valid mobile and a password; nothing is sent otherwise', async () => {
    const store = makeStore()
    const before = server.calls.length
    await expect(store.login.loginWithPassword(DEMO_MOBILE, '')).resolves.toEqual({
      ok: false,
      message: MOBILE_REQUIRED_TEXT
    })
    await expect(store.login.loginWithPassword('', 'x')).resolves.toEqual({ ok: false, message: MOBILE_REQUIRED_TEXT })
    await expect(store.login.loginWithPassword('12345678901', 'x')).resolves.toEqual({
      ok: false,
      message: MOBILE_INVALID_TEXT
    })
    expect(server.calls.length).toBe(before)
  })

  test('R4.2 a wrong password leaves the user anonymous with the server message', async () => {
    const store = makeStore()
    await expect(store.login.loginWithPassword(DEMO_MOBILE, 'nope')).resolves.toEqual({
      ok: false,
      message: '手机号或密码错误'
    })
    expect(store.session.isLoggedIn).toBe(false)
    expect(getToken()).toBe('')
  })

  test('R1.12 R7.61 R9.9 SMS code: sendsms with type 1, then login with the code (the 60 s countdown is the button)', async () => {
    const store = makeStore()
    await expect(store.login.sendSmsCode(DEMO_MOBILE)).resolves.toEqual({ ok: true })
    expect(server.calls.at(-1)).toMatchObject({
      path: '/api/v1/liveapp/sendsms',
      body: { mobile: DEMO_MOBILE, type: 1 }
    })
    expect(SMS_COUNTDOWN).toBe(60)
    await expect(store.login.loginWithSms(DEMO_MOBILE, '000000')).resolves.toEqual({ ok: false, message: '验证码错误' })
    await expect(store.login.loginWithSms(DEMO_MOBILE, server.smsCode)).resolves.toEqual({ ok: true })
    expect(store.session.user.id).toBe(10001)
  })

  test('R5.16 a failed SMS request shows the server message', async () => {
    const toast = jest.spyOn(Taro, 'showToast')
    const store = makeStore()
    await expect(store.login.sendSmsCode('13900000000')).resolves.toEqual({
      ok: false,
      message: '发送太频繁，请稍后再试'
    })
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '发送太频繁，请稍后再试' }))
  })

  test('R4.5 R8.4 R6.2 anonymous → logged in → 401 on a gated call → token cleared → login prompt, redirect remembered', async () => {
    const store = makeStore()
    expect(store.session.isLoggedIn).toBe(false)
    await store.login.loginWithPassword(DEMO_MOBILE, DEMO_PASSWORD)
    expect(store.session.isLoggedIn).toBe(true)
    await expect(postData('/userapp/follow', { roomid: 3 }, { loginPrompt: true })).resolves.toEqual({ isfollow: 1 })

    server.tokens.clear() // the token expires on the server
    await expect(postData('/userapp/follow', { roomid: 3 }, { loginPrompt: true })).rejects.toMatchObject({
      kind: 'auth',
      code: 401,
      msg: '需要身份验证'
    })
    expect(getToken()).toBe('')
    expect(store.session.token).toBe('')
    expect(store.session.isLoggedIn).toBe(false)
    expect(store.session.user.id).toBe(0)
    expect(getItem(USER_KEY)).toBeUndefined()
    await flush()
    // R4.6: the prompt asks, remembers where the user was and opens the user page
    expect(modal).toHaveBeenCalledWith(
      expect.objectContaining({ title: '提示', confirmText: '去登录', confirmColor: '#b34f00' })
    )
    expect(getItem(REDIRECT_KEY)).toBe(LIVE_URL)
    expect(switchTab).toHaveBeenCalledWith(expect.objectContaining({ url: '/pages/user/user' }))
  })

  test('R4.6 after an interactive login the remembered page opens again (and is forgotten)', async () => {
    setItem(REDIRECT_KEY, LIVE_URL)
    const store = makeStore()
    await store.login.loginWithSms(DEMO_MOBILE, server.smsCode)
    expect(navigateTo).toHaveBeenCalledWith(expect.objectContaining({ url: LIVE_URL }))
    expect(getItem(REDIRECT_KEY)).toBeUndefined()
  })

  test('R2.28 R4.6 a redirect saved before a reload is restored at startup', async () => {
    setItem(REDIRECT_KEY, LIVE_URL)
    await runStartup({}, '/m2/pages/home/home')
    expect(navigateTo).toHaveBeenCalledWith(expect.objectContaining({ url: LIVE_URL }))
    expect(getItem(REDIRECT_KEY)).toBeUndefined()
  })

  test('R4.6 declining the prompt keeps the user where they are; on the user page no modal opens', async () => {
    modal.mockResolvedValue({ confirm: false, cancel: true })
    await makeStore().prompt.promptLogin()
    expect(switchTab).not.toHaveBeenCalled()
    expect(getItem(REDIRECT_KEY)).toBeUndefined()
    modal.mockClear()
    await makeStore({ currentUrl: () => '/pages/user/user' }).prompt.promptLogin()
    expect(modal).not.toHaveBeenCalled()
  })

  test('R2.26 R7.56 startup tokentype + token log in through the session', async () => {
    const store = makeStore()
    server.tokens.set('handoff-token', 10001)
    await runStartup({ tokentype: 'app', token: 'handoff-token' }, '/m2/pages/home/home')
    expect(
      server.calls.some(
        (c) => c.path === '/api/v1/userapp/login' && c.body.tokentype === 'app' && c.body.token === 'handoff-token'
      )
    ).toBe(true)
    expect(store.session.isLoggedIn).toBe(true)
    expect(store.session.user.id).toBe(10001)
  })

  test('R4.8 the login check waits 200 ms', async () => {
    const wait = jest.fn(() => Promise.resolve())
    const store = makeStore({ wait })
    await expect(store.prompt.checkLogin()).resolves.toBe(false)
    expect(wait).toHaveBeenCalledWith(200)
    expect(LOGIN_CHECK_DELAY).toBe(200)
    // the default wait is a 200 ms timer (read from the timer asked for, not measured)
    const real = makeStore()
    const timers = watchTimeouts()
    try {
      await real.prompt.checkLogin()
    } finally {
      timers.restore()
    }
    expect(timers.asked).toContain(LOGIN_CHECK_DELAY)
  })

  test('R6.2 requireLogin opens the prompt for anonymous users', async () => {
    const store = makeStore({ wait: () => Promise.resolve() })
    await expect(store.prompt.requireLogin()).resolves.toBe(false)
    expect(modal).toHaveBeenCalled()
  })
})

describe('R4.4 R7.65 current user', () => {
  test('R7.65 the current-user fetch sends id and sign and refreshes the user', async () => {
    const store = makeStore()
    await store.login.loginWithPassword(DEMO_MOBILE, DEMO_PASSWORD)
    expect(savedCookies()).toMatchObject({ id: '10001', sign: 'sig10001' })
    server.users.get(10001)!.name = '改过的名字'
    await expect(store.session.fetchCurrentUser()).resolves.toMatchObject({ id: 10001, nickName: '改过的名字' })
    expect(server.calls.at(-1)).toMatchObject({
      path: '/api/v1/userapp/userinfo',
      body: { id: 10001, sign: 'sig10001' }
    })
    server.users.get(10001)!.name = '演示用户'
  })

  test('R4.4 a failed current-user fetch clears the token', async () => {
    setToken('stale-token')
    setItem(USER_KEY, { id: 10001, nickName: 'x', avatar: '', mobile: '' })
    const store = makeStore()
    expect(store.session.isLoggedIn).toBe(true)
    document.cookie = 'id=; Max-Age=0; Path=/'
    document.cookie = 'sign=; Max-Age=0; Path=/'
    setItem('cookies', {})
    await expect(store.session.fetchCurrentUser()).resolves.toBeNull()
    expect(getToken()).toBe('')
    expect(store.session.isLoggedIn).toBe(false)
    expect(store.session.user.id).toBe(0)
  })
})

describe('R4.4 a current-user fetch the server never answered', () => {
  test.each([
    ['no connection', 'drop-request' as const],
    ['a 502 from a proxy', { status: 502 }],
    ['a 500', { status: 500 }]
  ])('R4.4 %s keeps the login: the stored user stays, and the next check reaches the server', async (_what, action) => {
    const store = makeStore()
    await store.login.loginWithPassword(DEMO_MOBILE, DEMO_PASSWORD)
    const token = getToken()
    expect(token).not.toBe('')
    const proxy = await startFaultProxy(server.origin)
    configureRequest({ hosts: hostsAt(proxy.origin) })
    try {
      proxy.fail(/userinfo/, action)
      await expect(store.session.fetchCurrentUser()).resolves.toMatchObject({ id: 10001 })
      const asked = proxy.requests(/userinfo/).length
      expect(asked).toBeGreaterThan(0)
      expect(getToken()).toBe(token)
      expect(store.session.isLoggedIn).toBe(true)
      expect(store.session.user.id).toBe(10001)
      // the network back: the server is asked again, and answers for the same viewer
      await expect(store.session.fetchCurrentUser()).resolves.toMatchObject({ id: 10001 })
      expect(proxy.requests(/userinfo/).length).toBeGreaterThan(asked)
      expect(getToken()).toBe(token)
    } finally {
      configureRequest({ hosts: hostsAt(server.origin) })
      await proxy.close()
    }
  })
})

describe('R4.3 logout', () => {
  test('R4.3 logout calls the server, clears token, user and cookies, then reloads', async () => {
    const reload = jest.fn()
    const store = makeStore({ reload })
    await store.login.loginWithPassword(DEMO_MOBILE, DEMO_PASSWORD)
    const token = store.session.token
    await store.session.logout()
    const call = server.calls.at(-1)!
    expect(call.path).toBe('/api/v1/userapp/logout')
    expect(call.headers.authorization).toBe(`Bearer ${token}`)
    expect(server.tokens.has(token)).toBe(false)
    expect(getToken()).toBe('')
    expect(getItem(USER_KEY)).toBeUndefined()
    expect(savedCookies()).toEqual({})
    expect(store.session.user.id).toBe(0)
    expect(reload).toHaveBeenCalledTimes(1)
  })
})

describe('R4.46 R9.23 user-info prompt', () => {
  const now = new Date('2026-03-01T12:00:00+08:00').getTime()
  test('R4.46 R9.23 prompt when the nickname is the messenger default and the skip marker is absent or older than 7 days', () => {
    const placeholder = { id: 9, nickName: DEFAULT_MESSENGER_NICKNAME }
    expect(DEFAULT_MESSENGER_NICKNAME).toBe('微信用户')
    expect(shouldPromptUserInfo(placeholder, null, now)).toBe(true)
    expect(shouldPromptUserInfo(placeholder, now - 2 * DAY, now)).toBe(false)
    expect(shouldPromptUserInfo(placeholder, now - 7 * DAY, now)).toBe(false)
    expect(shouldPromptUserInfo(placeholder, now - 7 * DAY - 1, now)).toBe(true)
    expect(shouldPromptUserInfo({ id: 9, nickName: '小明' }, null, now)).toBe(false)
    expect(shouldPromptUserInfo({ id: 0, nickName: DEFAULT_MESSENGER_NICKNAME }, null, now)).toBe(false)
  })

  test('R4.46 R9.23 skipping keeps the prompt away for 7 days (fixed clock)', () => {
    let clock = now
    setToken('t')
    setItem(USER_KEY, { id: 10002, nickName: '微信用户', avatar: '', mobile: '' })
    const store = makeStore({ now: () => clock })
    expect(store.info.needed).toBe(true)
    store.info.skip()
    expect(getItem(USER_INFO_SKIP_KEY)).toBe(now)
    expect(store.info.needed).toBe(false)
    clock = now + 7 * DAY + 1000
    expect(makeStore({ now: () => clock }).info.needed).toBe(true)
  })
})

describe('R6.5 R3.7 iOS review rule and service config', () => {
  test('R6.5 restricted on WEAPP and WXBB (iOS) when the flag is above 0 or the config is missing', () => {
    const on = { iOSDisabled: 1 }
    const off = { iOSDisabled: 0 }
    expect(iosRestricted('WEAPP', true, on)).toBe(true)
    expect(iosRestricted('WXBB', true, on)).toBe(true)
    expect(iosRestricted('WEAPP', true, null)).toBe(true)
    expect(iosRestricted('WEAPP', true, off)).toBe(false)
    expect(iosRestricted('WECHAT', true, on)).toBe(false)
    expect(iosRestricted('WEB', true, null)).toBe(false)
    expect(iosRestricted('WEAPP', false, on)).toBe(false)
    expect(IOS_RESTRICTED_MESSAGE).toBe('因监管要求，iOS 暂不支持此功能')
  })

  test('R3.7 R7.9 R6.5 the config comes from /userapp/config and drives the rule', async () => {
    server.config = { iOSDisabled: 1, iOSDisabledMsg: '因监管要求，iOS 暂不支持虚拟支付', highFlowMode: 1 }
    const store = makeStore({ platform: () => 'WEAPP', isIOS: () => true })
    await store.config.loadConfig()
    expect(store.config.config).toMatchObject({ iOSDisabled: 1, highFlowMode: 1 })
    expect(store.config.iosRestricted).toBe(true)
    expect(store.config.iosRestrictedMessage).toBe('因监管要求，iOS 暂不支持虚拟支付')
    expect(store.config.ensureIosAllowed()).toBe(false)
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: '因监管要求，iOS 暂不支持虚拟支付' }))

    server.config = { iOSDisabled: 0, iOSDisabledMsg: '', highFlowMode: 0 }
    const open = makeStore({ platform: () => 'WXBB', isIOS: () => true })
    await open.config.loadConfig()
    expect(open.config.iosRestricted).toBe(false)
    expect(open.config.ensureIosAllowed()).toBe(true)

    server.config = 'missing'
    const missing = makeStore({ platform: () => 'WEAPP', isIOS: () => true })
    await expect(missing.config.loadConfig()).resolves.toBeNull()
    expect(missing.config.iosRestricted).toBe(true)
    expect(missing.config.iosRestrictedMessage).toBe(IOS_RESTRICTED_MESSAGE)
  })
})

describe('R4.7 R4.47', () => {
  test('R4.7 launched from scene 1154 the session is in single-page mode and login is refused with the tip', async () => {
    const store = makeStore({ scene: () => SINGLE_PAGE_SCENE })
    expect(SINGLE_PAGE_SCENE).toBe(1154)
    expect(store.login.singlePageMode).toBe(true)
    await expect(store.login.loginMiniProgram()).resolves.toEqual({ ok: false, message: SINGLE_PAGE_TIP })
    expect(makeStore().login.singlePageMode).toBe(false)
  })

  test('R4.47 R7.62 a user without a mobile gets the binding modal; binding sets the mobile', async () => {
    const store = makeStore()
    server.tokens.set('wx-token', 10002)
    await store.login.loginWithStartupToken('app', 'wx-token')
    expect(store.session.user.mobile).toBe('')
    expect(store.session.needsMobile).toBe(true)
    expect(store.session.needsMobile).toBe(true)
    await expect(store.login.bindMobile('13800000009', '999999')).resolves.toEqual({ ok: false, message: '验证码错误' }) // R5.16
    await expect(store.login.bindMobile('13800000009', server.smsCode)).resolves.toEqual({ ok: true })
    expect(store.session.user.mobile).toBe('13800000009')
    expect(store.session.needsMobile).toBe(false)
    expect(store.session.needsMobile).toBe(false)
    server.users.get(10002)!.mobile = null
  })
})

describe('R6.4 the other login paths', () => {
  test('R1.10 R7.58 R7.60 messenger browser: the main host is asked first, then the OAuth redirect with target_url', async () => {
    const store = makeStore()
    await expect(store.login.loginWithMessengerRedirect('http://127.0.0.1/m2/pages/user/user')).resolves.toBe(false)
    const check = server.calls.at(-1)!
    expect(check.path).toBe('/live/api.php')
    expect(openExternal).toHaveBeenCalledWith(
      `${server.origin}/wechat/oauth_user?target_url=${encodeURIComponent('http://127.0.0.1/m2/pages/user/user')}`
    )

    await store.login.loginWithPassword(DEMO_MOBILE, DEMO_PASSWORD)
    ;(openExternal as jest.Mock).mockClear()
    await expect(store.login.loginWithMessengerRedirect('http://127.0.0.1/m2/')).resolves.toBe(true)
    expect(openExternal).not.toHaveBeenCalled()
  })
})
