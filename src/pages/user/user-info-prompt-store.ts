import { makeAutoObservable } from 'mobx'
import { getItem, setItem } from '@/platform/storage'
import { sessionStore, type SessionStore, type User } from '@/stores/session'

/** R4.46: the nickname the messenger gives users who have not shared theirs. */
export const DEFAULT_MESSENGER_NICKNAME = '微信用户'
export const USER_INFO_SKIP_KEY = 'userinfo_prompt_skipped_at'
/** R9.23 */
export const USER_INFO_SKIP_DAYS = 7
const DAY = 86400000

/**
 * R4.46, R9.23: ask for the user's profile when the nickname is still the messenger's placeholder and the user has
 * not skipped the prompt in the last 7 days.
 */
export function shouldPromptUserInfo(
  user: Pick<User, 'id' | 'nickName'>,
  skippedAt: number | null | undefined,
  now: number
): boolean {
  if (!user.id || user.nickName !== DEFAULT_MESSENGER_NICKNAME) return false
  if (!skippedAt) return true
  return now - skippedAt > USER_INFO_SKIP_DAYS * DAY
}

/** The user-info prompt (R4.46): whether it is due, and its skip marker, remembered on the device. */
export class UserInfoPromptStore {
  /** Time of the last skip of the prompt. */
  skippedAt: number | null

  constructor(private readonly session: Pick<SessionStore, 'deps' | 'user'> = sessionStore) {
    const skipped = getItem<number>(USER_INFO_SKIP_KEY)
    this.skippedAt = typeof skipped === 'number' ? skipped : null
    makeAutoObservable<UserInfoPromptStore, 'session'>(this, { session: false })
  }

  /** R4.46 */
  get needed(): boolean {
    return shouldPromptUserInfo(this.session.user, this.skippedAt, this.session.deps.now())
  }

  /** R4.46: remember the skip; the prompt stays away for 7 days. */
  skip() {
    const now = this.session.deps.now()
    this.skippedAt = now
    setItem(USER_INFO_SKIP_KEY, now)
  }
}

export const userInfoPrompt = new UserInfoPromptStore()
