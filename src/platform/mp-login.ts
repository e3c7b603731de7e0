import Taro from '@tarojs/taro'
import { platformError } from '@/utils/errors'

/** What the mini-program login sends (spec R7.55). */
export interface MiniProgramCredentials {
  code: string
  encryptedData: string
  iv: string
}

/** A code of wx.login may be exchanged for five minutes, once: it is renewed a minute before that. */
const CODE_RENEW_MS = 4 * 60 * 1000
/** After a failed wx.login (no network), the next try while the button shows. */
const RETRY_MS = 30 * 1000

interface HeldCode {
  code: string
  at: number
}

let held: HeldCode | null = null
let fetching: Promise<HeldCode> | null = null
/** The login button is on screen (prepareMiniProgramLogin until pauseMiniProgramLogin). */
let wanted = false
/** A login is using the held code: no wx.login until the server has exchanged it. */
let busy = false
let renewTimer: ReturnType<typeof setTimeout> | null = null

const fresh = (c: HeldCode | null): c is HeldCode => !!c && Date.now() - c.at < CODE_RENEW_MS

function clearRenew() {
  if (renewTimer) clearTimeout(renewTimer)
  renewTimer = null
}

/** wx.login once (a call already running is shared). */
function fetchCode(): Promise<HeldCode> {
  if (!fetching) {
    fetching = Taro.login()
      .then(({ code }) => {
        if (!code) throw platformError('login:fail no code')
        held = { code, at: Date.now() }
        fetching = null
        schedule()
        return held
      })
      .catch((err: unknown) => {
        fetching = null
        schedule(RETRY_MS)
        throw err
      })
  }
  return fetching
}

/** While the button shows, a new code comes before the held one is CODE_RENEW_MS old (after a failure, RETRY_MS). */
function schedule(retry = 0) {
  clearRenew()
  if (!wanted || busy) return
  const wait = Math.max(retry, held ? held.at + CODE_RENEW_MS - Date.now() : 0, 0)
  renewTimer = setTimeout(() => {
    renewTimer = null
    if (wanted && !busy) void fetchCode().catch(() => undefined)
  }, wait)
}

/**
 * The login button shows (its page shows): wx.login now unless a code younger than CODE_RENEW_MS is held, and again
 * before each code is that old, so the tap finds a code and never calls wx.login after the user information (a
 * wx.login then may give the server a new session key that the encryptedData was not made with).
 */
export function prepareMiniProgramLogin(): void {
  wanted = true
  if (busy || fetching) return
  if (fresh(held)) schedule()
  else void fetchCode().catch(() => undefined)
}

/** The login button is gone or its page hidden: no more renewals (a timer would not run in the background anyway). */
export function pauseMiniProgramLogin(): void {
  wanted = false
  clearRenew()
}

/**
 * The viewer refused WeChat's privacy prompt (《小程序隐私保护指引》) that guards the user information (spec R5.15):
 * WeChat then fails the call with errno 104, "privacy permission is not authorized".
 */
function privacyRefused(err: unknown): boolean {
  const e = err as { errno?: number; errMsg?: string } | null
  return e?.errno === 104 || /privacy permission is not authorized/i.test(String(e?.errMsg ?? ''))
}

/**
 * The tap of 微信一键登录 (R1.9, R7.55): the code fetched when the button showed (a new wx.login first only when it
 * is missing or too old: timers stop while the app is in the background), then wx.getUserInfo with credentials for
 * encryptedData and iv (made with the session key of that code; since base library 2.27.1 the profile in it is the
 * anonymous 微信用户, so the viewer's own nickname and avatar come from 编辑资料). `send` makes the login call with
 * them; no wx.login runs until it has settled, and the code, used once, is renewed only when the login did not
 * succeed and the button still shows. A refused privacy prompt rejects ApiError of kind refused.
 */
export async function withMiniProgramCredentials<T extends { ok: boolean }>(
  send: (credentials: MiniProgramCredentials) => Promise<T>
): Promise<T> {
  if (busy) throw platformError('login:fail a login is running')
  busy = true
  clearRenew()
  let used = false
  let result: T | null = null
  try {
    const code = fresh(held) ? held : await (fetching ?? fetchCode())
    let info: { encryptedData?: string; iv?: string }
    try {
      info = await Taro.getUserInfo({ withCredentials: true, lang: 'zh_CN' })
    } catch (err) {
      const text = (err as { errMsg?: string } | null)?.errMsg
      if (privacyRefused(err)) throw platformError(text || 'getUserInfo:fail privacy refused', 'refused')
      throw platformError(text || 'getUserInfo:fail')
    }
    if (!info.encryptedData || !info.iv) throw platformError('getUserInfo:fail no encrypted data')
    used = true
    held = null
    result = await send({ code: code.code, encryptedData: info.encryptedData, iv: info.iv })
    return result
  } finally {
    busy = false
    if (used && result?.ok) pauseMiniProgramLogin()
    else if (wanted) prepareMiniProgramLogin()
  }
}
