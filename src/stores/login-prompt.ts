import { openPage } from '@/router/navigate'
import { saveRedirect } from '@/router/redirect'
import { SINGLE_PAGE_SCENE, SINGLE_PAGE_TIP } from '@/platform/single-page'
import { THEME_TEXT_COLOR } from '@/theme'
import { showModal, showToast } from '@/ui/overlay'
import { sessionStore, type SessionStore } from './session'

/** R4.8 */
export const LOGIN_CHECK_DELAY = 200
export const LOGIN_PROMPT_TEXT = '该功能需要登录，是否前往登录？'

/** The login prompt of login-gated actions (spec R4.6, R4.8, R6.2, R8.4). */
export class LoginPrompt {
  constructor(private readonly session: Pick<SessionStore, 'deps' | 'isLoggedIn'> = sessionStore) {}

  /** R4.8: the login check waits 200 ms (startup logins may still be landing), then answers. */
  async checkLogin(): Promise<boolean> {
    await this.session.deps.wait(LOGIN_CHECK_DELAY)
    return this.session.isLoggedIn
  }

  /** Login-gated actions: true when logged in; otherwise the login prompt opens (R6.2, R4.6). */
  async requireLogin(): Promise<boolean> {
    if (await this.checkLogin()) return true
    await this.promptLogin()
    return false
  }

  /**
   * R4.6: on the user page the login screens are right there; anywhere else a modal asks, and on confirmation the
   * current page is remembered (restored after login, or at the next start R2.28) and the user page opens. In
   * Moments' single-page mode (R4.7) there is no login and no user page to open: the tip says to use 前往小程序.
   */
  async promptLogin(): Promise<void> {
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
    await this.goToLogin()
  }

  /** The user page's login screens, back to the current page after the login (R4.6). */
  async goToLogin(): Promise<void> {
    const here = this.session.deps.currentUrl()
    if (here) saveRedirect(here)
    await openPage('user')
  }
}

export const loginPrompt = new LoginPrompt()
