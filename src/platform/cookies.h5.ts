import { headerValue, parseCookieString, parseSetCookie } from '@/utils/cookies'

/**
 * H5: the browser keeps the real cookies (requests go out with credentials) and hides Set-Cookie from scripts, so
 * the values are read back from document.cookie after each response; a Set-Cookie header is used too when the
 * runtime exposes one (web views, tests). The request core saves them and replays them as a Cookie header (R4.10).
 */
export function responseCookies(res: { header?: Record<string, unknown> }): Record<string, string> {
  const found = parseCookieString(typeof document !== 'undefined' ? document.cookie : '')
  Object.assign(found, parseSetCookie(headerValue(res.header, 'set-cookie')))
  return found
}

/** Cross-origin API hosts still get and return the browser's cookies. */
export const requestCredentials: 'include' | undefined = 'include'
