import { getItem, setItem } from '@/platform/storage'

/**
 * The cookies the product keeps (spec R4.10): saved from Set-Cookie (or the page's cookies on H5) and replayed as a
 * Cookie header on every later request, on both targets — the mini-program has no cookie jar of its own.
 */
export const KEPT_COOKIES = ['id', 'sign', 'openid', 'headimgurl', 'wxdata_zhuge_cuid'] as const
export type KeptCookie = (typeof KEPT_COOKIES)[number]
export type CookieValues = Partial<Record<KeptCookie, string>>

export const COOKIES_KEY = 'cookies'

const KEPT = new Set<string>(KEPT_COOKIES)

export function savedCookies(): CookieValues {
  const v = getItem<CookieValues>(COOKIES_KEY)
  return v && typeof v === 'object' ? v : {}
}

/** Keeps the values of the kept names among `found`; an empty value deletes. Returns true when anything changed. */
export function saveCookies(found: Record<string, string>): boolean {
  const current = savedCookies()
  let changed = false
  for (const [name, value] of Object.entries(found)) {
    if (!KEPT.has(name)) continue
    const key = name as KeptCookie
    if (value) {
      if (current[key] !== value) {
        current[key] = value
        changed = true
      }
    } else if (key in current) {
      delete current[key]
      changed = true
    }
  }
  if (changed) setItem(COOKIES_KEY, current)
  return changed
}

export function clearCookies(): void {
  setItem<CookieValues>(COOKIES_KEY, {})
}

/** The Cookie header replaying the saved values, e.g. `id=7; sign=abc`. */
export function cookieHeader(values: CookieValues = savedCookies()): string {
  return KEPT_COOKIES.filter((k) => values[k])
    .map((k) => `${k}=${values[k]}`)
    .join('; ')
}
