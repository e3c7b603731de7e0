import { openPage } from '@/router/navigate'
import { saveRedirect } from '@/router/redirect'
import { SINGLE_PAGE_SCENE, SINGLE_PAGE_TIP } from '@/platform/single-page'
import { THEME_TEXT_COLOR } from '@/theme'
import { showModal, showToast } from '@/ui/overlay'
import { getToken, onTokenChange } from '@/core/token'
import { sessionStore, type SessionStore } from './session'

/** R4.8 */
export const LOGIN_CHECK_DELAY = 200
export const LOGIN_PROMPT_TEXT = '该功能需要登录，是否前往登录？'

/**
 * What a login-gated tap asked for, done once the login the prompt led to brings the viewer back to that page (R4.6):
 * 关注 and 预约 (harmless to do for the viewer, and what they tapped). It answers the toast to show on the page, or null.
 * Decision: only these are kept. Words (a chat line, a comment) wait in their box for the viewer to send
 * (packageA/components/draft), and nothing that spends money (a gift, a purchase, a top-up) is done without a tap
 * after the login.
 */
export type AfterLogin = () => Promise<string | null>

/** The login prompt of login-gated actions (spec R4.6, R4.8, R6.2, R8.4). */
export class LoginPrompt {
  /** The tap kept for the login, with the page it was made on (the saved redirect it goes back to). */
  private kept: { url: string; run: AfterLogin } | null = null

  constructor(private readonly session: Pick<SessionStore, 'deps' | 'isLoggedIn'> = sessionStore) {
    // a logout (or a 401 that ends a login): a tap kept for a login belongs to the visitor who made it, not to the next
    // person on the phone; a visitor's own 401s (no token before) keep it
    let had = !!getToken()
    onTokenChange((token) => {
      if (had && !token) this.kept = null
      had = !!token
    })
  }

  /** R4.8: the login check waits 200 ms (startup logins may still be landing), then answers. */
  async checkLogin(): Promise<boolean> {
    await this.session.deps.wait(LOGIN_CHECK_DELAY)
    return this.session.isLoggedIn
  }

  /**
   * Login-gated actions: true when logged in; otherwise the login prompt opens (R6.2, R4.6), and `after`, when given,
   * is done once the login brings the viewer back to this page.
   */
  async requireLogin(after?: AfterLogin): Promise<boolean> {
    if (await this.checkLogin()) return true
    await this.promptLogin(after)
    return false
  }

  /**
   * R4.6: on the user page the login screens are right there; anywhere else a modal asks, and on confirmation the
   * current page is remembered (restored after login, or at the next start R2.28) and the user page opens. In
   * Moments' single-page mode (R4.7) there is no login and no user page to open: the tip says to use 前往小程序.
   */
  async promptLogin(after?: AfterLogin): Promise<void> {
    if (this.session.deps.scene() === SINGLE_PAGE_SCENE) return void showToast(SINGLE_PAGE_TIP)
    const here = this.session.deps.currentUrl()
    if (here && /pages\/user\/user/.test(here)) return
    // 去登录 in the theme's text colour (AA on the modal's white), not the default confirm green
    const res = await showModal({
      title: '提示',
      content: LOGIN_PROMPT_TEXT,
      confirmText: '去登录',
      confirmColor: THEME_TEXT_COLOR
    })
    if (!res || !res.confirm) return
    await this.goToLogin(after)
  }

  /** The user page's login screens, back to the current page after the login (R4.6), then `after` done. */
  async goToLogin(after?: AfterLogin): Promise<void> {
    const here = this.session.deps.currentUrl()
    if (here) saveRedirect(here)
    this.kept = here && after ? { url: here, run: after } : null
    await openPage('user')
  }

  /** The tap kept for the login that goes back to `url` (the redirect the login took), once; null for another page. */
  takeAfterLogin(url: string): AfterLogin | null {
    const kept = this.kept
    this.kept = null
    return kept && kept.url === url ? kept.run : null
  }
}

export const loginPrompt = new LoginPrompt()
