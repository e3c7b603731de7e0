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

/**
 * Splits Set-Cookie header values into `name=value` cookies. A single header may join several cookies with commas
 * (the mini-program and fetch both do), so split on commas that start a new `name=`; commas inside Expires stay.
 * A cookie with an empty value or Max-Age=0 / past Expires is a deletion and is reported as ''.
 */
export function parseSetCookie(header: string | string[] | undefined | null, now = Date.now()): Record<string, string> {
  const out: Record<string, string> = {}
  if (!header) return out
  const all = Array.isArray(header) ? header : [header]
  for (const h of all) {
    for (const cookie of String(h).split(/,(?=\s*[^;,=\s]+=)/)) {
      const [pair, ...attrs] = cookie.split(';')
      const eq = pair.indexOf('=')
      if (eq <= 0) continue
      const name = pair.slice(0, eq).trim()
      let value = pair.slice(eq + 1).trim()
      for (const attr of attrs) {
        const [k, v = ''] = attr.split('=')
        const key = k.trim().toLowerCase()
        if (key === 'max-age' && Number(v) <= 0) value = ''
        if (key === 'expires') {
          const t = Date.parse(v.trim())
          if (!Number.isNaN(t) && t <= now) value = ''
        }
      }
      out[name] = value
    }
  }
  return out
}

/** `a=1; b=2` (document.cookie) into a record. */
export function parseCookieString(text: string | undefined | null): Record<string, string> {
  const out: Record<string, string> = {}
  if (!text) return out
  for (const part of text.split(';')) {
    const eq = part.indexOf('=')
    if (eq <= 0) continue
    out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim()
  }
  return out
}

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
  return KEPT_COOKIES.filter((k) => values[k]).map((k) => `${k}=${values[k]}`).join('; ')
}

/** The header value of a response header, whatever its case. */
export function headerValue(header: Record<string, unknown> | undefined | null, name: string): string | string[] | undefined {
  if (!header) return undefined
  const lower = name.toLowerCase()
  for (const [k, v] of Object.entries(header)) {
    if (k.toLowerCase() === lower) return v as string | string[]
  }
  return undefined
}
