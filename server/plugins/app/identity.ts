// Who is calling, in one place: the caller's address and whether it is this machine, the key a per-caller limit counts
// by, the access token (Authorization header, else the payload's) and the `id` + `sign` cookie pair (R4.10, R7.65),
// the device cookie, and the cross-site check that refuses a browser call another site made. calls.ts resolves the
// caller with `identify` before a call's payload is validated: `request.user` and `request.token` (decorated here).
import type { FastifyRequest } from 'fastify'
import ipaddr from 'ipaddr.js'
import type { CallDef } from '../../../contract/call'
import * as userCalls from '../../../contract/user'
import { hmac, nowSec, safeEqual } from '../../lib/util'
import { userOfLiveToken } from '../../repositories/accounts'
import { userById } from '../../repositories/users'
import type { UserRow } from '../../types'
import type { AppContext } from '../../types/context'
import { exposed } from '../expose'

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in caller (a valid access token, else the id + sign cookies), resolved before validation */
    user: UserRow | null
    /** the access token the call carried, if any */
    token: string | null
  }
}

// ---- where the caller is

/** The caller's address: the socket's, or the proxy's X-Forwarded-For entry when TRUST_PROXY trusts the proxy. */
export function clientIp(req: Pick<FastifyRequest, 'ip'>): string {
  return req.ip || 'unknown'
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/

/** True for a request made on this machine: the socket and the client address (after trusted proxies) are loopback. */
export function isLoopback(req: Pick<FastifyRequest, 'ip' | 'socket'>): boolean {
  return LOOPBACK.test(req.socket?.remoteAddress ?? '') && LOOPBACK.test(req.ip ?? '')
}

const LOOPBACK_ADDRESS = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/

/**
 * A caller on this machine: the socket is loopback, and so is every address a proxy put in X-Forwarded-For (with
 * TRUST_PROXY=true Fastify's req.ip is the left-most, caller-written entry, so a public client behind a local proxy
 * could otherwise send `X-Forwarded-For: 127.0.0.1` and pass), and req.ip too.
 */
export function fromThisMachine(req: FastifyRequest): boolean {
  if (!isLoopback(req)) return false
  const xff = req.headers['x-forwarded-for']
  const chain = (Array.isArray(xff) ? xff.join(',') : (xff ?? ''))
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
  return chain.every((a) => LOOPBACK_ADDRESS.test(a))
}

// ---- the key a per-caller limit counts

/**
 * The address a per-address limit counts: an IPv4 address as it is (an IPv4-mapped IPv6 one too), an IPv6 address by
 * its /64, the block one subscriber line or phone gets, whose other 2^64 addresses would each start a fresh count.
 */
export function limitAddress(req: Pick<FastifyRequest, 'ip'>): string {
  const ip = clientIp(req)
  if (!ipaddr.isValid(ip)) return ip
  const addr = ipaddr.parse(ip)
  if (addr.kind() === 'ipv4') return addr.toString()
  const v6 = addr as ipaddr.IPv6
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString()
  return `${v6.parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(':')}::/64`
}

/** The Fingerprint header every call of the app sends (R7.1, R4.9), its first value: the caller's own to choose. */
export function fingerprintOf(req: Pick<FastifyRequest, 'headers'>): string | undefined {
  const fp = req.headers.fingerprint
  return Array.isArray(fp) ? fp[0] : fp
}

/**
 * Who began an anonymous trial on a device (ctx.trials): the address's caller key and the device, when the request
 * names one the app makes (FingerprintJS's 32 hex digits or the 32-character fallback, R9.10). It only ever names the
 * caller's own trial, so a forged one gains nothing.
 */
export function deviceHolder(req: Pick<FastifyRequest, 'ip' | 'headers'>): string | undefined {
  const f = fingerprintOf(req)
  return f && /^[A-Za-z0-9]{16,64}$/.test(f) ? `${callerKey(null, req)}#${f}` : undefined
}

/** Who a per-caller limit counts: the user, else the address (a fingerprint header is the caller's to forge). */
export function callerKey(user: Pick<UserRow, 'id'> | null, req: Pick<FastifyRequest, 'ip'>): string {
  return user ? `u${user.id}` : `ip${limitAddress(req)}`
}

// ---- another site's call, and the access token

/** HTTP 403: a browser call from another site that would act as the cookie user, log in or out, or set cookies. */
export const CROSS_SITE = { code: 403, msg: '跨站请求已拒绝：请在本站页面内操作', data: null }

/**
 * The calls that set or clear the login cookies (id, sign, device, openid): the logins of every kind, the logout and the
 * main host's login check (which answers a signed-in caller with a fresh login). Decided on the contract call the
 * router matched, never on the raw URL. Another site may never run them in a browser, whatever their method or
 * payload: it would log the browser into the attacker's account (login CSRF) or out of the victim's.
 */
const SETS_LOGIN_COOKIES: ReadonlySet<CallDef> = new Set<CallDef>([
  userCalls.login,
  userCalls.productLogin,
  userCalls.logout,
  userCalls.apiLogin
])

/**
 * A browser says the call comes from another site: an Origin whose host is neither the one asked (Host, or the trusted
 * proxy's X-Forwarded-Host) nor PUBLIC_ORIGIN's nor one of TRUSTED_ORIGINS (comma-separated origins of pages on other
 * hosts that call this API, e.g. an H5 build served elsewhere), or, without an Origin, `Sec-Fetch-Site: cross-site`;
 * and with `sibling` (for what changes the login), `Sec-Fetch-Site: same-site` without an Origin too: a page on a
 * sibling host (another origin of the same registrable domain) is not this site, yet SameSite=Lax lets its links,
 * images and forms carry this site's cookies.
 * The Referer is not used: the mini-program sends a servicewechat.com Referer and no Origin (nor Sec-Fetch-Site), and
 * every browser that another site could drive sends Origin on cross-origin POSTs (and Sec-Fetch-Site on everything).
 */
export function fromOtherSite(req: FastifyRequest, sibling = false): boolean {
  const origin = req.headers.origin
  if (origin === undefined) {
    const site = req.headers['sec-fetch-site']
    return site === 'cross-site' || (sibling && site === 'same-site')
  }
  let from: URL
  try {
    from = new URL(origin) // 'null' (sandboxed frames, file:) throws: another site
  } catch {
    return true
  }
  const hostOf = (authority: string) => {
    try {
      return new URL(`${from.protocol}//${authority}`).host // default ports dropped as in the Origin
    } catch {
      return null
    }
  }
  if (req.host && from.host === hostOf(req.host)) return false
  const trusted = [process.env.PUBLIC_ORIGIN, ...(process.env.TRUSTED_ORIGINS ?? '').split(',')]
    .map((o) => o?.trim())
    .filter(Boolean) as string[]
  return !trusted.some((o) => {
    try {
      return new URL(o).origin === from.origin
    } catch {
      return false
    }
  })
}

/** The bearer token of the Authorization header: the one credential another site cannot make a browser send. */
export function bearerOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization
  if (typeof h !== 'string' || !h.trim()) return null
  const t = h
    .trim()
    .replace(/^Bearer\s+/i, '')
    .trim()
  return t && t !== 'null' && t !== 'undefined' ? t : null
}

/** The call's access token: the Authorization header's, else the payload's `access_token`. */
export function tokenOf(req: FastifyRequest, payload: Record<string, unknown>): string | null {
  const bearer = bearerOf(req)
  if (bearer) return bearer
  if (typeof payload.access_token === 'string' && payload.access_token) return payload.access_token
  return null
}

/** The user of an unexpired access token. */
export function userByToken(ctx: AppContext, token: string | null): UserRow | null {
  if (!token) return null
  return userOfLiveToken(ctx, token) ?? null
}

// ---- the device, id and sign cookies (R4.10, R7.65)

/**
 * The `device` cookie a login leaves on the device it happened on: the user id signed by @fastify/cookie's signer
 * (`<user id>.<HMAC-SHA256, base64>`, the cookie secret). Wrong passwords from other callers lock a mobile; the owner's
 * own device (a valid device cookie of that user) still logs in. It is the only cookie signed this way: a signed
 * value is a user id for nothing else.
 */
export function deviceCookie(ctx: AppContext, userId: number): string {
  return ctx.signer.sign(String(userId))
}

/** Whether `value` is the device cookie of `userId`. */
export function isOwnDevice(ctx: AppContext, userId: number, value: unknown): boolean {
  if (typeof value !== 'string') return false
  const { valid, value: id } = ctx.signer.unsign(value)
  return valid && id === String(userId)
}

/**
 * `sign` = `<expires>.<session version>.<HMAC of id, expires and version>`: expiring, and void once logout bumps the
 * version. Not @fastify/cookie's signer: the pair is a credential of its own (the current-user fetch takes `id` and
 * `sign` in the payload too, R7.65), its signature covers another cookie's value, an expiry and a session version that
 * a signed cookie has no place for, and the client stores the two values as they are.
 */
export function signFor(ctx: AppContext, user: Pick<UserRow, 'id' | 'session_version'>, expires: number): string {
  const ver = Number(user.session_version) || 0
  return `${expires}.${ver}.${hmac(ctx.secret, `sign:${user.id}.${expires}.${ver}`)}`
}

/** The user an id + sign pair names, when the signature is ours, not expired and of the current session version. */
export function userBySign(ctx: AppContext, id: unknown, sign: unknown): UserRow | null {
  if (id === undefined || id === null || typeof sign !== 'string') return null
  const uid = Number(id)
  const m = /^(\d{1,12})\.(\d{1,9})\.([0-9a-f]{32})$/.exec(sign)
  if (!m || !Number.isSafeInteger(uid) || uid < 1) return null
  const expires = Number(m[1])
  const ver = Number(m[2])
  if (expires <= nowSec()) return null
  if (!safeEqual(m[3], hmac(ctx.secret, `sign:${uid}.${expires}.${ver}`))) return null
  const user = userById(ctx, uid)
  return user && (Number(user.session_version) || 0) === ver ? user : null
}

// ---- the call's caller

/**
 * The caller of a call whose merged payload is `payload`: the user of a valid access token, else of the id + sign
 * cookies; or 'cross-site' when the call must be refused (HTTP 403, CROSS_SITE) as another site's.
 */
export function identify(
  ctx: AppContext,
  req: FastifyRequest,
  payload: Record<string, unknown>
): { user: UserRow | null; token: string | null } | 'cross-site' {
  const token = tokenOf(req, payload)
  const tokenUser = userByToken(ctx, token)
  const cookies = req.cookies // @fastify/cookie (server/plugins/external/cookie.ts)
  const cookieUser = userBySign(ctx, cookies.id, cookies.sign)
  // cross-site request forgery: the browser adds the login cookies (SameSite=Lax still lets a sibling host or a
  // top-level GET send them) but never an Authorization header, which another site cannot make it send. So only a
  // valid bearer token in that header exempts a call; a token in the payload (`access_token`, or a login's `token`)
  // is the attacker's to write into a link or form and exempts nothing. Without a header token, a call from another
  // site is refused when it would act as the cookie user, when it changes anything (any method but GET), and always
  // when it sets or clears the login cookies (login CSRF: another site logging the browser into the attacker's
  // account and reading what the victim then does there, or out of the victim's), GET or not, a sibling host too.
  const byHeader = !!tokenUser && token === bearerOf(req)
  const def = req.routeOptions.config.call
  const setsLogin = !!def && SETS_LOGIN_COOKIES.has(def)
  if (!byHeader && (cookieUser || req.method !== 'GET' || setsLogin) && fromOtherSite(req, setsLogin))
    return 'cross-site'
  return { user: tokenUser ?? cookieUser, token }
}

/** `request.user` and `request.token`, set by calls.ts's preValidation from `identify`. */
export default exposed('identity', async (app) => {
  app.decorateRequest('user', null)
  app.decorateRequest('token', null)
})
