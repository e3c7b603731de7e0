import Taro from '@tarojs/taro'
import { makeAutoObservable, runInAction } from 'mobx'
import * as userApi from '@/api/user'
import type { LoginResult, PartnerCredentials, RawUser } from '@/api/user'
import { fetchServiceConfig, type ServiceConfig } from '@/api/config'
import { clearCookies, savedCookies } from '@/core/cookies'
import { failureText, messageOf } from '@/core/errors'
import { clearToken, getToken, onTokenChange, setLoginPrompt, setToken } from '@/core/token'
import { currentPlatform } from '@/platform/current'
import { openExternal } from '@/platform/external'
import { hostBridge } from '@/platform/host'
import type { PlatformKind } from '@/platform/kinds'
import { deviceIsIOS, launchScene } from '@/platform/launch'
import { UserInfoRefused, miniProgramCredentials } from '@/platform/mp-login'
import { reloadApp } from '@/platform/reload'
import { getItem, removeItem, setItem } from '@/platform/storage'
import { openLink, openPage } from '@/router/navigate'
import { saveRedirect, takeRedirect } from '@/router/redirect'
import { setStartupLogin } from '@/router/startup-run'
import { hideLoading, hideLoadingThen, showLoading, showModal, showToast } from '@/ui/overlay'
import { isMobile } from '@/utils/validate'

/** The current user (spec R3.2–R3.5). */
export interface User {
  id: number
  nickName: string
  avatar: string
  mobile: string
}

export const USER_KEY = 'user'
export const ANONYMOUS_PREFIX = '游客'
/** R4.8 */
export const LOGIN_CHECK_DELAY = 200
/** R8.15 */
export const LOGGING_IN_TEXT = '登录中'
/** R5.15, R8.16 */
export const LOGIN_FAILED_TITLE = '登录失败'
export const USER_INFO_REFUSED_TEXT = '需要您授权用户信息才能登录，请在设置中开启用户信息授权后重试'
/** R4.46: the nickname the messenger gives users who have not shared theirs. */
export const DEFAULT_MESSENGER_NICKNAME = '微信用户'
export const USER_INFO_SKIP_KEY = 'userinfo_prompt_skipped_at'
/** R9.23 */
export const USER_INFO_SKIP_DAYS = 7
const DAY = 86400000
/** R6.5 */
export const IOS_RESTRICTED_MESSAGE = '因监管要求，iOS 暂不支持此功能'
/** R4.7: Moments' single-page mode, where nothing can log in. */
export const SINGLE_PAGE_SCENE = 1154
export const SINGLE_PAGE_TIP = '当前为朋友圈预览模式，请点击下方「前往小程序」使用完整功能'
/** The SMS countdown before another code may be requested. */
export const SMS_COUNTDOWN = 60
export const LOGIN_PROMPT_TEXT = '该功能需要登录，是否前往登录？'
export const MOBILE_REQUIRED_TEXT = '请输入手机号和密码'
export const MOBILE_INVALID_TEXT = '请输入正确的手机号'
export const VERIFY_REQUIRED_TEXT = '请输入验证码'

/** R3.6: id 0, a generated nickname (游客 and six digits), an empty avatar. */
export function anonymousUser(random: () => number = Math.random): User {
  const digits = String(Math.floor(random() * 1e6)).padStart(6, '0')
  return { id: 0, nickName: `${ANONYMOUS_PREFIX}${digits}`, avatar: '', mobile: '' }
}

/** R3.2–R3.5; the nickname comes from name, nick_name or nickname (R3.3). */
export function normalizeUser(raw: RawUser | User | null | undefined): User | null {
  if (!raw || typeof raw !== 'object') return null
  const r = raw as RawUser
  const id = Number(r.id)
  if (!Number.isFinite(id) || id <= 0) return null
  const nickName = [r.name, r.nick_name, r.nickname, r.nickName].find((v) => typeof v === 'string' && v) as string | undefined
  return {
    id,
    nickName: nickName || `用户${id}`,
    avatar: typeof r.avatar === 'string' ? r.avatar : '',
    mobile: typeof r.mobile === 'string' ? r.mobile : ''
  }
}

/**
 * R4.46, R9.23: ask for the user's profile when the nickname is still the messenger's placeholder and the user has
 * not skipped the prompt in the last 7 days.
 */
export function shouldPromptUserInfo(user: Pick<User, 'id' | 'nickName'>, skippedAt: number | null | undefined, now: number): boolean {
  if (!user.id || user.nickName !== DEFAULT_MESSENGER_NICKNAME) return false
  if (!skippedAt) return true
  return now - skippedAt > USER_INFO_SKIP_DAYS * DAY
}

/**
 * R6.5: iOS features are restricted on the mini-program and WXBB when the review flag is above 0 or there is no
 * config. Only iOS devices are concerned.
 */
export function iosRestricted(platform: PlatformKind, ios: boolean, config: Pick<ServiceConfig, 'iOSDisabled'> | null): boolean {
  if (!ios) return false
  if (platform !== 'WEAPP' && platform !== 'WXBB') return false
  return !config || Number(config.iOSDisabled) > 0
}

/** Which login a host app's user goes through (see hostLoginOf). */
export type HostLogin = 'product' | 'partner'

/**
 * R6.4, R1.11, R1.14, R7.57, R7.59: how a host app's user (R3.8, from the bridge's getUserInfo, R7.8) logs in. The
 * spec's host apps are the broadcaster's own app and partner apps (section 1); R1.11's "Wi-Fi app" is the
 * broadcaster's own app, whose login call is named after it. Decision:
 *   WXBB, PRODUCT (the broadcaster's app, 7.0.0+ and older)  → POST /userapp/{product}_login (R7.59)
 *   WXLIVE, LINGXI (partner apps)                           → POST /userapp/login {userid, usertokenkey, devicetoken} (R7.57)
 *   every other platform (mini-program, messenger, web)      → no host-app login
 */
export function hostLoginOf(platform: PlatformKind): HostLogin | null {
  if (platform === 'WXBB' || platform === 'PRODUCT') return 'product'
  if (platform === 'WXLIVE' || platform === 'LINGXI') return 'partner'
  return null
}

/** Where the session reaches outside itself; tests replace these. */
export interface SessionDeps {
  platform: () => PlatformKind
  isIOS: () => boolean
  scene: () => number
  now: () => number
  reload: () => void
  /** The current page as a URL (route and query), for the post-login redirect (R4.6). */
  currentUrl: () => string | null
  wait: (ms: number) => Promise<void>
}

function currentPageUrl(): string | null {
  const pages = Taro.getCurrentPages()
  const page = pages[pages.length - 1] as { route?: string; options?: Record<string, string> } | undefined
  if (!page?.route) return null
  const query = Object.entries(page.options || {})
    .filter(([k, v]) => v !== undefined && k !== '$taroTimestamp')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&')
  const path = `/${page.route.replace(/^\//, '')}`
  return query ? `${path}?${query}` : path
}

export const defaultDeps: SessionDeps = {
  platform: currentPlatform,
  isIOS: deviceIsIOS,
  scene: launchScene,
  now: () => Date.now(),
  reload: reloadApp,
  currentUrl: currentPageUrl,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms))
}

/**
 * The session (spec section 4 "Login", R3.2–R3.8, R6.5): the access token, the current user, the service config and
 * every login path. Login state is the stored token (R4.1).
 */
export class SessionStore {
  user: User
  token: string
  config: ServiceConfig | null = null
  configLoaded = false
  /** A login call is running (the 登录中 loading toast shows meanwhile, R8.15). */
  loggingIn = false
  /** Seconds left before another SMS code can be requested. */
  smsCountdown = 0
  /** R4.47: the mobile-binding modal. */
  bindMobileVisible = false
  /** The last login / SMS / binding failure, for the form. */
  error = ''
  /** Time of the last skip of the user-info prompt (R4.46). */
  userInfoSkippedAt: number | null

  private deps: SessionDeps
  private smsTimer: ReturnType<typeof setInterval> | null = null
  private readonly unsubscribe: () => void

  constructor(deps: Partial<SessionDeps> = {}) {
    this.deps = { ...defaultDeps, ...deps }
    this.token = getToken()
    const stored = this.token ? normalizeUser(getItem<User>(USER_KEY)) : null
    this.user = stored || anonymousUser()
    const skipped = getItem<number>(USER_INFO_SKIP_KEY)
    this.userInfoSkippedAt = typeof skipped === 'number' ? skipped : null
    makeAutoObservable<SessionStore, 'deps' | 'smsTimer' | 'unsubscribe' | 'started'>(this, { deps: false, smsTimer: false, unsubscribe: false, started: false })
    // A 401/403 clears the token in the request core (R4.5): the session follows.
    this.unsubscribe = onTokenChange((token) => this.tokenChanged(token))
  }

  /** Replace some of the outside reach (tests, embedding). */
  configure(deps: Partial<SessionDeps>): this {
    this.deps = { ...this.deps, ...deps }
    return this
  }

  /** Wires the session into the request core (R8.4 login prompt) and startup (R2.26 tokentype + token). */
  register(): this {
    setLoginPrompt(() => {
      void this.promptLogin()
    })
    setStartupLogin(({ tokentype, token }) => this.loginWithStartupToken(tokentype, token))
    return this
  }

  private started: Promise<void> | null = null

  /**
   * Once per app start: the service config (R3.7) and, with a token, the current user (R7.65 with the id + sign
   * cookies; a failure clears the token, R4.4); then, with nobody logged in, the host app's user (R6.4, R3.8).
   * Safe to call from every page that needs the session.
   */
  start(): Promise<void> {
    if (!this.started) {
      this.started = Promise.all([this.loadConfig(), this.token ? this.fetchCurrentUser() : null])
        .then(() => (this.isLoggedIn ? false : this.loginFromHostApp()))
        .then(() => undefined)
    }
    return this.started
  }

  dispose() {
    this.unsubscribe()
    this.stopCountdown()
  }

  get isLoggedIn(): boolean {
    return !!this.token && this.user.id > 0
  }

  /** R4.7: launched from Moments' single-page mode, where login is impossible. */
  get singlePageMode(): boolean {
    return this.deps.scene() === SINGLE_PAGE_SCENE
  }

  /** R6.5 */
  get iosRestricted(): boolean {
    return iosRestricted(this.deps.platform(), this.deps.isIOS(), this.configLoaded ? this.config : null)
  }

  get iosRestrictedMessage(): string {
    return (this.config?.iOSDisabledMsg && String(this.config.iOSDisabledMsg)) || IOS_RESTRICTED_MESSAGE
  }

  /** R4.46 */
  get needsUserInfo(): boolean {
    return shouldPromptUserInfo(this.user, this.userInfoSkippedAt, this.deps.now())
  }

  /** R4.47 */
  get needsMobile(): boolean {
    return this.isLoggedIn && !this.user.mobile
  }

  private tokenChanged(token: string) {
    this.token = token
    if (!token) {
      this.user = anonymousUser()
      removeItem(USER_KEY)
      this.bindMobileVisible = false
    }
  }

  setUser(user: User) {
    this.user = user
    setItem(USER_KEY, user)
  }

  /** R3.7, R7.9: a failure leaves the config missing, which R6.5 treats as restricted. */
  async loadConfig(): Promise<ServiceConfig | null> {
    try {
      const config = await fetchServiceConfig()
      runInAction(() => {
        this.config = config
        this.configLoaded = true
      })
      return config
    } catch {
      runInAction(() => {
        this.config = null
        this.configLoaded = true
      })
      return null
    }
  }

  /** R6.5: false (after telling the user) when the feature is restricted on this device. */
  ensureIosAllowed(): boolean {
    if (!this.iosRestricted) return true
    void showModal({ title: '提示', content: this.iosRestrictedMessage, showCancel: false })
    return false
  }

  /** R7.65, R4.4: the current user, by token or by the id + sign cookies; a failure clears the token. */
  async fetchCurrentUser(): Promise<User | null> {
    const { id, sign } = savedCookies()
    try {
      const user = normalizeUser(await userApi.fetchUserInfo({ id: id ? Number(id) : undefined, sign }))
      if (!user) throw new Error('no user')
      this.userArrived(user)
      return user
    } catch {
      clearToken()
      return null
    }
  }

  /** R4.2: save the user and the token. */
  applyLogin(result: LoginResult) {
    const user = normalizeUser(result.user)
    if (!user || !result.access_token) throw new Error('登录失败，请稍后再试')
    setToken(result.access_token)
    this.userArrived(user)
    this.error = ''
  }

  /** A login, or the current-user fetch of a restored session: a user without a mobile is asked to bind one (R4.47). */
  private userArrived(user: User) {
    this.setUser(user)
    this.bindMobileVisible = !user.mobile
  }

  /**
   * One login call with the 登录中 loading toast (R8.15); the failure's message goes to `error` and a toast.
   * `returnToRedirect`: after an interactive login, go back where the login prompt was opened (R4.6).
   */
  async login(call: () => Promise<LoginResult>, options: { returnToRedirect?: boolean; silent?: boolean } = {}): Promise<boolean> {
    if (this.loggingIn) return false
    this.loggingIn = true
    this.error = ''
    if (!options.silent) void showLoading(LOGGING_IN_TEXT)
    let failure: string | null = null
    try {
      const result = await call()
      this.applyLogin(result)
      return true
    } catch (err) {
      const msg = messageOf(err, '登录失败，请稍后再试')
      runInAction(() => {
        this.error = msg
      })
      failure = msg
      return false
    } finally {
      runInAction(() => {
        this.loggingIn = false
      })
      const redirect = options.returnToRedirect && this.isLoggedIn ? takeRedirect() : null
      // The follow-up (the failure toast, or the page the login prompt came from) comes 500 ms after the loading
      // overlay hides, so the two never flash over each other (R9.19).
      const next = failure !== null ? () => void showToast(failure as string) : redirect ? () => openLink(redirect) : undefined
      if (options.silent) {
        if (redirect) await openLink(redirect)
      } else if (next) await hideLoadingThen(next)
      else hideLoading()
    }
  }

  private fail(msg: string): false {
    this.error = msg
    void showToast(msg)
    return false
  }

  /** R1.13, R7.54, R5.14, R5.1 */
  loginWithPassword(mobile: string, password: string): Promise<boolean> {
    const m = (mobile || '').trim()
    if (!m || !password) return Promise.resolve(this.fail(MOBILE_REQUIRED_TEXT))
    if (!isMobile(m)) return Promise.resolve(this.fail(MOBILE_INVALID_TEXT))
    return this.login(() => userApi.login({ mobile: m, password }), { returnToRedirect: true })
  }

  /** R1.12 */
  loginWithSms(mobile: string, verify: string): Promise<boolean> {
    const m = (mobile || '').trim()
    if (!isMobile(m)) return Promise.resolve(this.fail(MOBILE_INVALID_TEXT))
    if (!(verify || '').trim()) return Promise.resolve(this.fail(VERIFY_REQUIRED_TEXT))
    return this.login(() => userApi.login({ mobile: m, verify: verify.trim() }), { returnToRedirect: true })
  }

  /** R7.61, R9.9: a code by SMS, then the 60 s countdown; a failure shows the server message (R5.16). */
  async sendSmsCode(mobile: string): Promise<boolean> {
    const m = (mobile || '').trim()
    if (!isMobile(m)) return this.fail(MOBILE_INVALID_TEXT)
    if (this.smsCountdown > 0) return false
    try {
      await userApi.sendSms(m)
    } catch (err) {
      return this.fail(failureText(err, '验证码发送失败'))
    }
    runInAction(() => {
      this.error = ''
    })
    void showToast('验证码已发送')
    this.startCountdown()
    return true
  }

  private startCountdown() {
    this.stopCountdown()
    this.smsCountdown = SMS_COUNTDOWN
    this.smsTimer = setInterval(() => this.tick(), 1000)
  }

  private tick() {
    this.smsCountdown = Math.max(0, this.smsCountdown - 1)
    if (this.smsCountdown === 0) this.stopCountdown()
  }

  stopCountdown() {
    if (this.smsTimer) clearInterval(this.smsTimer)
    this.smsTimer = null
    this.smsCountdown = 0
  }

  /** R1.9, R7.55, R5.15, R8.16: refusing the user information gives the 登录失败 dialog. */
  async loginMiniProgram(): Promise<boolean> {
    if (this.singlePageMode) return this.fail(SINGLE_PAGE_TIP)
    let credentials: Awaited<ReturnType<typeof miniProgramCredentials>>
    try {
      credentials = await miniProgramCredentials()
    } catch (err) {
      if (err instanceof UserInfoRefused) {
        await showModal({ title: LOGIN_FAILED_TITLE, content: USER_INFO_REFUSED_TEXT, showCancel: false })
        return false
      }
      return this.fail(messageOf(err, '登录失败，请稍后再试'))
    }
    return this.login(() => userApi.login(credentials), { returnToRedirect: true })
  }

  /** R2.26, R7.56: startup query tokentype + token. */
  loginWithStartupToken(tokentype: string, token: string): Promise<boolean> {
    return this.login(() => userApi.login({ tokentype, token }))
  }

  /**
   * R1.11, R1.14, R3.8, R6.4, R7.8: inside a host app that offers the bridge, its user (userid or userId,
   * usertokenkey, devicesToken; getUserInfo gives up after 1 s) logs in through the call of hostLoginOf.
   */
  async loginFromHostApp(): Promise<boolean> {
    const kind = hostLoginOf(this.deps.platform())
    const bridge = kind ? hostBridge() : null
    const info = bridge ? await bridge.getUserInfo() : null
    const userid = info ? String(info.userid ?? info.userId ?? '') : ''
    if (!kind || !info || !userid) return false
    const credentials: PartnerCredentials = { userid, usertokenkey: String(info.usertokenkey ?? ''), devicetoken: String(info.devicesToken ?? '') }
    const call = kind === 'product' ? () => userApi.productLogin(credentials) : () => userApi.login(credentials)
    return this.login(call, { silent: true })
  }

  /** R1.10, R7.58, R7.60: in the messenger's browser, ask the main host; without a login, go through OAuth. */
  async loginWithMessengerRedirect(targetUrl: string): Promise<boolean> {
    const res = await userApi.apiLogin(targetUrl).catch(() => null)
    if (res && 'access_token' in res) {
      this.applyLogin(res)
      return true
    }
    openExternal(userApi.oauthUrl(targetUrl))
    return false
  }

  /** R4.3: tell the server, clear token, user and cookies, then reload. */
  async logout(): Promise<void> {
    await userApi.logout().catch(() => undefined)
    clearToken()
    clearCookies()
    removeItem(USER_KEY)
    runInAction(() => {
      this.user = anonymousUser()
    })
    this.deps.reload()
  }

  /** R4.8: the login check waits 200 ms (startup logins may still be landing), then answers. */
  async checkLogin(): Promise<boolean> {
    await this.deps.wait(LOGIN_CHECK_DELAY)
    return this.isLoggedIn
  }

  /** Login-gated actions: true when logged in; otherwise the login prompt opens (R6.2, R4.6). */
  async requireLogin(): Promise<boolean> {
    if (await this.checkLogin()) return true
    await this.promptLogin()
    return false
  }

  /**
   * R4.6: on the user page the login screens are right there; anywhere else a modal asks, and on confirmation the
   * current page is remembered (restored after login, or at the next start R2.28) and the user page opens.
   */
  async promptLogin(): Promise<void> {
    const here = this.deps.currentUrl()
    if (here && /pages\/user\/user/.test(here)) return
    const res = await showModal({ title: '提示', content: LOGIN_PROMPT_TEXT, confirmText: '去登录' })
    if (!res || !res.confirm) return
    if (here) saveRedirect(here)
    await openPage('user')
  }

  /** R4.46: remember the skip; the prompt stays away for 7 days. */
  skipUserInfo() {
    const now = this.deps.now()
    this.userInfoSkippedAt = now
    setItem(USER_INFO_SKIP_KEY, now)
  }

  /** R7.63 */
  async updateUserInfo(fields: { name?: string; avatar?: string }): Promise<boolean> {
    try {
      const user = normalizeUser(await userApi.updateUserInfo(fields))
      if (user) this.setUser(user)
      return true
    } catch (err) {
      return this.fail(messageOf(err, '保存失败，请稍后再试'))
    }
  }

  showBindMobile(visible = true) {
    this.bindMobileVisible = visible
  }

  /** R4.47, R7.62: bind a mobile; a failure shows the server message (R5.16). */
  async bindMobile(mobile: string, verify: string): Promise<boolean> {
    const m = (mobile || '').trim()
    if (!isMobile(m)) return this.fail(MOBILE_INVALID_TEXT)
    if (!(verify || '').trim()) return this.fail(VERIFY_REQUIRED_TEXT)
    let bound: userApi.RawUser | null
    try {
      bound = await userApi.bindMobile(m, verify.trim())
    } catch (err) {
      return this.fail(failureText(err, '绑定失败'))
    }
    runInAction(() => {
      this.setUser(normalizeUser(bound) || { ...this.user, mobile: m })
      this.bindMobileVisible = false
      this.error = ''
    })
    void showToast('绑定成功')
    return true
  }
}

export const sessionStore = new SessionStore().register()
