import { makeAutoObservable, runInAction } from 'mobx'
import * as userApi from '@/api/user'
import { SINGLE_PAGE_SCENE, SINGLE_PAGE_TIP } from '@/platform/single-page'
import type { LoginResult, PartnerCredentials } from '@/api/user'
import { settle } from '@/core/call'
import { failureText, platformError } from '@/utils/errors'
import { setLoginPrompt } from '@/core/token'
import { openExternal } from '@/platform/external'
import { hostBridge } from '@/platform/host'
import type { PlatformKind } from '@/platform/kinds'
import { pauseMiniProgramLogin, prepareMiniProgramLogin, withMiniProgramCredentials } from '@/platform/mp-login'
import { openLink } from '@/router/navigate'
import { takeRedirect } from '@/router/redirect'
import { OnItsWay } from '@/utils/on-its-way'
import { setStartupLogin } from '@/router/startup-run'
import { hideLoading, hideLoadingThen, showLoading, showModal, showToast } from '@/ui/overlay'
import { isMobile } from '@/utils/validate'
import { LoginPrompt, loginPrompt } from './login-prompt'
import { ServiceConfigStore, serviceConfig } from './service-config'
import { normalizeUser, sessionStore, type SessionStore, type User } from './session'

/** R8.15 */
export const LOGGING_IN_TEXT = '登录中'
/** R5.15, R8.16 */
export const LOGIN_FAILED_TITLE = '登录失败'
/**
 * R5.15, R8.16: the viewer refused WeChat's privacy prompt (《小程序隐私保护指引》), which WeChat shows again on the
 * next tap; there is no user-information switch in the settings any more to send them to.
 */
export const USER_INFO_REFUSED_TEXT =
  '你未同意《小程序隐私保护指引》，无法使用微信登录。如需登录，请再次点击「微信一键登录」并同意'
/** R4.7: Moments' single-page mode, where nothing can log in (its scene and tip: src/platform/single-page.ts). */
export { SINGLE_PAGE_SCENE, SINGLE_PAGE_TIP }
export const MOBILE_REQUIRED_TEXT = '请输入手机号和密码'
export const MOBILE_INVALID_TEXT = '请输入正确的手机号'
export const VERIFY_REQUIRED_TEXT = '请输入验证码'
const LOGIN_FAILED_TEXT = '登录失败，请稍后再试'
/** R2.26: a startup token of another user than the one logged in asks first (WeChat's buttons hold 4 characters). */
export const SWITCH_ACCOUNT_TITLE = '切换账号？'
export const SWITCH_ACCOUNT_CONFIRM = '切换'
export const SWITCH_ACCOUNT_KEEP = '保持当前'

/** An account as the 切换账号？ modal names it: the nickname and the id (two accounts may share a nickname). */
export function accountLabel(user: User): string {
  return `${user.nickName}（ID ${user.id}）`
}

/** R2.26: the 切换账号？ modal's text. */
export function switchAccountText(current: User, other: User): string {
  return `当前登录：${accountLabel(current)}，链接中的账号：${accountLabel(other)}。是否切换到链接中的账号？`
}

/** Which login a host app's user goes through (see hostLoginOf). */
export type HostLogin = 'product' | 'partner'

/**
 * What an interactive login, SMS request or binding came to. A failure carries the message the form shows under
 * its fields (R5.14–R5.16); it is empty when there is nothing to show there (the 登录失败 dialog said it, R5.15; or
 * another login was already running).
 */
export type Outcome = { ok: true } | { ok: false; message: string }

/** The text a form shows after an outcome: the failure's message, nothing after a success. */
export function failureOf(outcome: Outcome): string {
  return outcome.ok ? '' : outcome.message
}

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

/**
 * Every way into the session (spec R1.9–R1.14, R2.26, R4.2, R4.47, R5.14–R5.16, R6.4, R7.53–R7.62, R8.15, R8.16): each
 * login method, the SMS code and the mobile binding. A success saves the user and the token in the session; each
 * call returns its Outcome, whose failure message the form that made the call shows (the store keeps none).
 */
export class LoginStore {
  /** A login call is running (the 登录中 loading toast shows meanwhile, R8.15). */
  loggingIn = false

  private started: Promise<void> | null = null
  /** The SMS code and the mobile binding asked for and not answered yet: a tap meanwhile gets the outcome. */
  private readonly onItsWay = new OnItsWay<'sms' | 'bind', Outcome>()

  constructor(
    private readonly session: SessionStore = sessionStore,
    private readonly config: ServiceConfigStore = serviceConfig,
    private readonly prompt: LoginPrompt = loginPrompt
  ) {
    makeAutoObservable<LoginStore, 'session' | 'config' | 'prompt' | 'started' | 'onItsWay'>(this, {
      session: false,
      config: false,
      prompt: false,
      started: false,
      onItsWay: false
    })
  }

  /** Wires the login into the request core (R8.4 login prompt) and startup (R2.26 tokentype + token). */
  register(): this {
    setLoginPrompt(() => {
      void this.prompt.promptLogin()
    })
    setStartupLogin(({ tokentype, token }) => this.loginWithStartupToken(tokentype, token))
    return this
  }

  /**
   * Once per app start: the service config (R3.7) and, with a token, the current user (R7.65 with the id + sign
   * cookies; a failure clears the token, R4.4); then, with nobody logged in, the host app's user (R6.4, R3.8).
   * Safe to call from every page that needs the session.
   */
  start(): Promise<void> {
    if (!this.started) {
      this.started = Promise.all([
        this.config.loadConfig(),
        this.session.token ? this.session.fetchCurrentUser() : null
      ])
        .then(() => (this.session.isLoggedIn ? null : this.loginFromHostApp()))
        .then(() => undefined)
    }
    return this.started
  }

  /** R4.7: launched from Moments' single-page mode, where login is impossible. */
  get singlePageMode(): boolean {
    return this.session.deps.scene() === SINGLE_PAGE_SCENE
  }

  /**
   * One login call with the 登录中 loading toast (R8.15); a failure's message comes back in the outcome and, unless
   * `silent`, in a toast. `returnToRedirect`: after an interactive login, go back where the login prompt was opened
   * (R4.6). The outcome comes once the follow-up has run (R9.19).
   */
  async login(
    call: () => Promise<LoginResult>,
    options: { returnToRedirect?: boolean; silent?: boolean } = {}
  ): Promise<Outcome> {
    if (this.loggingIn) return { ok: false, message: '' }
    this.loggingIn = true
    if (!options.silent) void showLoading(LOGGING_IN_TEXT)
    let failure: string | null = null
    try {
      const res = await settle(call())
      if (!res.ok) {
        failure = failureText(res.error, LOGIN_FAILED_TEXT)
        return { ok: false, message: failure }
      }
      this.session.applyLogin(res.data)
      return { ok: true }
    } finally {
      runInAction(() => {
        this.loggingIn = false
      })
      const redirect = options.returnToRedirect && this.session.isLoggedIn ? takeRedirect() : null
      const back = redirect ? () => this.goBack(redirect) : undefined
      // The follow-up (the failure toast, or the page the login prompt came from) comes 500 ms after the loading
      // overlay hides, so the two never flash over each other (R9.19).
      const next = failure !== null ? () => void showToast(failure as string) : back
      if (options.silent) {
        if (back) await back()
      } else if (next) await hideLoadingThen(next)
      else hideLoading()
    }
  }

  /**
   * Back to the page the login prompt was opened on (R4.6), with the tap kept for the login (关注, 预约: login-prompt.ts)
   * done first, so that the page shows its outcome as it loads; its toast once the page is there.
   */
  private async goBack(redirect: string): Promise<void> {
    const after = this.prompt.takeAfterLogin(redirect)
    const said = after ? await after().catch(() => null) : null
    await openLink(redirect)
    if (said) void showToast(said)
  }

  /** A failure before or around the login call: its toast, and the message for the form. */
  private fail(message: string): Outcome {
    void showToast(message)
    return { ok: false, message }
  }

  /** R1.13, R7.54, R5.14, R5.1 */
  loginWithPassword(mobile: string, password: string): Promise<Outcome> {
    const m = (mobile || '').trim()
    if (!m || !password) return Promise.resolve(this.fail(MOBILE_REQUIRED_TEXT))
    if (!isMobile(m)) return Promise.resolve(this.fail(MOBILE_INVALID_TEXT))
    return this.login(() => userApi.login({ mobile: m, password }), { returnToRedirect: true })
  }

  /** R1.12 */
  loginWithSms(mobile: string, verify: string): Promise<Outcome> {
    const m = (mobile || '').trim()
    if (!isMobile(m)) return Promise.resolve(this.fail(MOBILE_INVALID_TEXT))
    if (!(verify || '').trim()) return Promise.resolve(this.fail(VERIFY_REQUIRED_TEXT))
    return this.login(() => userApi.login({ mobile: m, verify: verify.trim() }), { returnToRedirect: true })
  }

  /**
   * R7.61, R9.9: a code by SMS; ok when sent (the view then counts down before another may be asked for). A failure
   * shows the server message (R5.16). The countdown starts only once the code was sent: a tap before that (a double
   * tap, a slow network) gets the outcome of the code on its way and asks for none, as a second SMS would replace the
   * code of the first, the one the viewer reads and types.
   */
  sendSmsCode(mobile: string): Promise<Outcome> {
    return this.onItsWay.run('sms', () => this.askSmsCode(mobile))
  }

  private async askSmsCode(mobile: string): Promise<Outcome> {
    const m = (mobile || '').trim()
    if (!isMobile(m)) return this.fail(MOBILE_INVALID_TEXT)
    const res = await settle(userApi.sendSms(m))
    if (!res.ok) return this.fail(failureText(res.error, '验证码发送失败'))
    void showToast('验证码已发送')
    return { ok: true }
  }

  /**
   * R1.9, R7.55: the mini-program login button is on screen: the wx.login code is fetched now and renewed while it
   * shows (src/platform/mp-login.ts), so the tap never calls wx.login after the user information.
   */
  prepareMiniProgramLogin() {
    if (!this.singlePageMode) prepareMiniProgramLogin()
  }

  /** The button is gone or its page hidden. */
  pauseMiniProgramLogin() {
    pauseMiniProgramLogin()
  }

  /**
   * R1.9, R7.55, R5.15, R8.16: the code fetched ahead, encryptedData and iv; refusing WeChat's privacy prompt gives
   * the 登录失败 dialog, which says so.
   */
  async loginMiniProgram(): Promise<Outcome> {
    if (this.singlePageMode) return this.fail(SINGLE_PAGE_TIP)
    if (this.loggingIn) return { ok: false, message: '' }
    const res = await settle(
      withMiniProgramCredentials((credentials) =>
        this.login(() => userApi.login(credentials), { returnToRedirect: true })
      )
    )
    if (res.ok) return res.data
    if (res.error.kind === 'refused') {
      await showModal({ title: LOGIN_FAILED_TITLE, content: USER_INFO_REFUSED_TEXT, showCancel: false })
      return { ok: false, message: '' } // the dialog said it
    }
    return this.fail(failureText(res.error, LOGIN_FAILED_TEXT))
  }

  /**
   * R2.26, R7.56: startup query tokentype + token (a shared link, a host app's hand-over, the messenger's OAuth
   * return of R1.10). A startup token never replaces another logged-in user without the viewer's choice, since a link
   * can carry anyone's token: with a viewer logged in (once the start's current-user check has said so, R4.4), the
   * token's user is asked first (R7.51 with that token as the bearer token); another user's token opens the
   * 切换账号？ modal naming both accounts, and only 切换 logs in with it. 保持当前 drops the token (it has already left
   * the address) and keeps the session. The same user's token refreshes the login quietly; with nobody logged in (the
   * OAuth return among them) the token logs in quietly. A token whose user cannot be learned while someone is logged
   * in is dropped. The login's answer must be the user checked, or nothing is saved.
   */
  async loginWithStartupToken(tokentype: string, token: string): Promise<Outcome> {
    await this.session.currentUserChecked()
    if (!this.session.isLoggedIn) return this.login(() => userApi.login({ tokentype, token }))
    const current = this.session.user
    const other = normalizeUser((await settle(userApi.fetchUserInfoAs(token))).data)
    if (!other) return { ok: false, message: '' }
    if (other.id !== current.id && !(await this.confirmSwitch(current, other))) return { ok: false, message: '' }
    return this.login(async () => {
      const result = await userApi.login({ tokentype, token })
      if (normalizeUser(result.user)?.id !== other.id) throw platformError(LOGIN_FAILED_TEXT)
      return result
    })
  }

  /** R2.26: the 切换账号？ modal, once the launch page is there to draw it; true on 切换. */
  private async confirmSwitch(current: User, other: User): Promise<boolean> {
    await this.session.deps.firstPage()
    const choice = await showModal({
      title: SWITCH_ACCOUNT_TITLE,
      content: switchAccountText(current, other),
      confirmText: SWITCH_ACCOUNT_CONFIRM,
      cancelText: SWITCH_ACCOUNT_KEEP
    }).catch(() => null)
    return !!choice?.confirm
  }

  /**
   * R1.11, R1.14, R3.8, R6.4, R7.8: inside a host app that offers the bridge, its user (userid or userId,
   * usertokenkey, devicesToken; getUserInfo gives up after 1 s) logs in through the call of hostLoginOf. Silent: no
   * loading, no toast, no form; the outcome keeps the server's message. Null when no host app offered a user.
   */
  async loginFromHostApp(): Promise<Outcome | null> {
    const kind = hostLoginOf(this.session.deps.platform())
    const bridge = kind ? hostBridge() : null
    const info = bridge ? await bridge.getUserInfo() : null
    const userid = info ? String(info.userid ?? info.userId ?? '') : ''
    if (!kind || !info || !userid) return null
    const credentials: PartnerCredentials = {
      userid,
      usertokenkey: String(info.usertokenkey ?? ''),
      devicetoken: String(info.devicesToken ?? '')
    }
    const call = kind === 'product' ? () => userApi.productLogin(credentials) : () => userApi.login(credentials)
    return this.login(call, { silent: true })
  }

  /** R1.10, R7.58, R7.60: in the messenger's browser, ask the main host; without a login, go through OAuth. */
  async loginWithMessengerRedirect(targetUrl: string): Promise<boolean> {
    const { data: res } = await settle(userApi.apiLogin(targetUrl))
    if (res && 'access_token' in res) {
      this.session.applyLogin(res)
      return true
    }
    openExternal(userApi.oauthUrl(targetUrl))
    return false
  }

  /**
   * R4.47, R7.62: bind a mobile; a failure shows the server message (R5.16). A tap while a binding is on its way (a
   * double tap on 绑定) gets its outcome and sends nothing: the server takes a code once, and its answer to a second
   * call (验证码错误或已失效) followed 绑定成功.
   */
  bindMobile(mobile: string, verify: string): Promise<Outcome> {
    return this.onItsWay.run('bind', () => this.bind(mobile, verify))
  }

  private async bind(mobile: string, verify: string): Promise<Outcome> {
    const m = (mobile || '').trim()
    if (!isMobile(m)) return this.fail(MOBILE_INVALID_TEXT)
    if (!(verify || '').trim()) return this.fail(VERIFY_REQUIRED_TEXT)
    const res = await settle(userApi.bindMobile(m, verify.trim()))
    if (!res.ok) return this.fail(failureText(res.error, '绑定失败'))
    const bound = res.data
    runInAction(() => {
      this.session.setUser(normalizeUser(bound) || { ...this.session.user, mobile: m })
    })
    void showToast('绑定成功')
    return { ok: true }
  }
}

export const loginStore = new LoginStore().register()
