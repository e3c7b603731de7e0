import { makeAutoObservable, runInAction } from 'mobx'
import * as userApi from '@/api/user'
import type { LoginResult, RawUser } from '@/api/user'
import { clearCookies, savedCookies } from '@/core/cookies'
import { clearToken, getToken, onTokenChange, setToken } from '@/core/token'
import { currentPlatform } from '@/platform/current'
import { currentPageUrl } from '@/platform/page-url'
import type { PlatformKind } from '@/platform/kinds'
import { firstPageLoaded } from '@/platform/first-page'
import { deviceIsIOS, launchScene } from '@/platform/launch'
import { reloadApp } from '@/platform/reload'
import { getItem, removeItem, setItem } from '@/platform/storage'
import { settle } from '@/core/call'
import type { ApiErrorKind } from '@/utils/errors'

/** The current user (spec R3.2–R3.5). */
export interface User {
  id: number
  nickName: string
  avatar: string
  mobile: string
}

export const USER_KEY = 'user'
export const ANONYMOUS_PREFIX = '游客'

/** Where the guest's generated nickname is kept, so a viewer stays the same 游客 from one load to the next. */
export const GUEST_NAME_KEY = 'guest_name'
const GUEST_NAME = new RegExp(`^${ANONYMOUS_PREFIX}\\d{6}$`)

/** The failures in which the server gave no answer about the login: no connection, a timeout, a 5xx. */
const UNANSWERED = new Set<ApiErrorKind>(['network', 'timeout', 'server'])

/**
 * R3.6: id 0, a generated nickname (游客 and six digits), an empty avatar. The nickname is generated once and kept
 * (local storage): a reload, a logout or the next visit shows the same one.
 */
export function anonymousUser(random: () => number = Math.random): User {
  const kept = getItem<string>(GUEST_NAME_KEY)
  if (typeof kept === 'string' && GUEST_NAME.test(kept)) return { id: 0, nickName: kept, avatar: '', mobile: '' }
  const digits = String(Math.floor(random() * 1e6)).padStart(6, '0')
  const nickName = `${ANONYMOUS_PREFIX}${digits}`
  try {
    setItem(GUEST_NAME_KEY, nickName)
  } catch {
    // storage refused: a name for this load
  }
  return { id: 0, nickName, avatar: '', mobile: '' }
}

/** R3.2–R3.5; the nickname comes from name, nick_name or nickname (R3.3). */
export function normalizeUser(raw: RawUser | User | null | undefined): User | null {
  if (!raw || typeof raw !== 'object') return null
  const r = raw as RawUser
  const id = Number(r.id)
  if (!Number.isFinite(id) || id <= 0) return null
  const nickName = [r.name, r.nick_name, r.nickname, r.nickName].find(
    (v): v is string => typeof v === 'string' && v !== ''
  )
  return {
    id,
    nickName: nickName || `用户${id}`,
    avatar: typeof r.avatar === 'string' ? r.avatar : '',
    mobile: typeof r.mobile === 'string' ? r.mobile : ''
  }
}

/**
 * Where the session and the modules around it (login flows, service config, login prompt, user-info prompt) reach
 * outside themselves; tests replace these. One object per session, shared by those modules.
 */
export interface SessionDeps {
  platform: () => PlatformKind
  isIOS: () => boolean
  scene: () => number
  now: () => number
  reload: () => void
  /** The current page as a URL (route and query), for the post-login redirect (R4.6). */
  currentUrl: () => string | null
  wait: (ms: number) => Promise<void>
  /** Resolves once the launch page has loaded: a modal asked for at startup is drawn in it (R2.26). */
  firstPage: () => Promise<void>
}

const defaultDeps: SessionDeps = {
  platform: currentPlatform,
  isIOS: deviceIsIOS,
  scene: launchScene,
  now: () => Date.now(),
  reload: reloadApp,
  currentUrl: currentPageUrl,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  firstPage: firstPageLoaded
}

/** How long the balance the start's current-user check answered stands in for asking again. */
export const CHECKED_GOLD_FRESH_MS = 5000

/**
 * The session (spec section 4 "Login", R3.2–R3.6): the access token and the current user. Login state is the stored
 * token (R4.1). How a user logs in is src/stores/login.ts; the service config and the iOS rule
 * src/stores/service-config.ts; the login prompt src/stores/login-prompt.ts.
 */
export class SessionStore {
  user: User
  token: string
  /** Shared with the modules built on this session; `configure` changes them for all. */
  readonly deps: SessionDeps

  private readonly unsubscribe: () => void
  /** The current-user check under way or last made (fetchCurrentUser). */
  private checking: Promise<User | null> | null = null
  /** The 慧币 balance that check answered with (the same call, R7.65), until the balance store takes it. */
  private checkedGold: { userId: number; gold: number; at: number } | null = null

  constructor(deps: Partial<SessionDeps> = {}) {
    this.deps = { ...defaultDeps, ...deps }
    this.token = getToken()
    const stored = this.token ? normalizeUser(getItem<User>(USER_KEY)) : null
    this.user = stored || anonymousUser()
    makeAutoObservable<SessionStore, 'unsubscribe' | 'checking' | 'checkedGold'>(this, {
      deps: false,
      unsubscribe: false,
      checking: false,
      checkedGold: false
    })
    // A 401/403 clears the token in the request core (R4.5): the session follows.
    this.unsubscribe = onTokenChange((token) => this.tokenChanged(token))
  }

  /** Replace some of the outside reach (tests, embedding), for the session and every module built on it. */
  configure(deps: Partial<SessionDeps>): this {
    Object.assign(this.deps, deps)
    return this
  }

  dispose() {
    this.unsubscribe()
  }

  get isLoggedIn(): boolean {
    return !!this.token && this.user.id > 0
  }

  /** R4.47: a logged-in user without a mobile is asked to bind one. */
  get needsMobile(): boolean {
    return this.isLoggedIn && !this.user.mobile
  }

  private tokenChanged(token: string) {
    this.token = token
    if (!token) {
      this.user = anonymousUser()
      removeItem(USER_KEY)
    }
  }

  setUser(user: User) {
    this.user = user
    setItem(USER_KEY, user)
  }

  /** R7.65, R4.4: the current user, by token or by the id + sign cookies; a failure clears the token. */
  fetchCurrentUser(): Promise<User | null> {
    const check = this.checkCurrentUser()
    this.checking = check
    return check
  }

  /**
   * Resolves once the current-user check under way (the app start's, R4.4) has ended: whether someone is logged in,
   * and who, is then what the server says, not a stored token that may have expired.
   */
  async currentUserChecked(): Promise<void> {
    await this.checking
  }

  private async checkCurrentUser(): Promise<User | null> {
    const { id, sign } = savedCookies()
    const res = await settle(userApi.fetchUserInfo({ id: id ? Number(id) : undefined, sign }))
    // Decision (R4.4): a fetch "fails" when the server answers that there is no such user. No answer (a phone in a lift,
    // a timeout) or a 5xx (a proxy during a deploy) tells nothing about the login, which stays: the next call that
    // reaches the server with an expired token meets its 401 and clears it then (R4.5).
    if (!res.ok && UNANSWERED.has(res.error.kind)) return this.isLoggedIn ? this.user : null
    const user = normalizeUser(res.data)
    if (!user) {
      clearToken()
      return null
    }
    this.setUser(user)
    const gold = Number(res.data?.gold)
    this.checkedGold = Number.isFinite(gold) ? { userId: user.id, gold, at: this.deps.now() } : null
    return user
  }

  /**
   * The balance the current-user check answered, once and while fresh (CHECKED_GOLD_FRESH_MS): 我的 opened at start
   * shows it without asking the same call again; later the balance store asks for itself.
   */
  takeCheckedGold(): number | null {
    const checked = this.checkedGold
    this.checkedGold = null
    if (!checked || checked.userId !== this.user.id || !this.isLoggedIn) return null
    return this.deps.now() - checked.at <= CHECKED_GOLD_FRESH_MS ? checked.gold : null
  }

  /** R4.2: save the user and the token. */
  applyLogin(result: LoginResult) {
    const user = normalizeUser(result.user)
    if (!user || !result.access_token) throw new Error('登录失败，请稍后再试')
    setToken(result.access_token)
    this.setUser(user)
  }

  /** R4.3: tell the server, clear token, user and cookies, then reload. */
  async logout(): Promise<void> {
    await settle(userApi.logout())
    clearToken()
    clearCookies()
    removeItem(USER_KEY)
    runInAction(() => {
      this.user = anonymousUser()
    })
    this.deps.reload()
  }
}

export const sessionStore = new SessionStore()
