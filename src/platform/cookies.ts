import { headerValue, parseSetCookie } from '@/utils/cookies'

/**
 * Mini-program: there is no cookie jar, so the cookies a response sets are read from its Set-Cookie header (and the
 * `cookies` array WeChat adds) and the request core replays them itself (spec R4.10).
 */
export function responseCookies(res: { header?: Record<string, unknown>; cookies?: unknown }): Record<string, string> {
  const found = parseSetCookie(headerValue(res.header, 'set-cookie'))
  if (Array.isArray(res.cookies))
    Object.assign(found, parseSetCookie(res.cookies.filter((c): c is string => typeof c === 'string')))
  return found
}

/** Taro.request's credentials option: meaningless in the mini-program. */
export const requestCredentials: 'include' | undefined = undefined
