import crypto from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import ipaddr from 'ipaddr.js'
import type { AppContext } from './context'
import { TOO_FAST_MSG, type LimitName, type Limits, type RuleName } from './lib/limit'
import { CODE, biz, hmac, nowSec } from './lib/util'
import type { Playback, Room, UserRow } from './types'
import { roomInfo } from './views'

/**
 * What the reference server enforces against a hostile client (server/README.md, Security): the limits,
 * signed stream URLs, room passwords, cookie signatures and redirect targets.
 */

export type { Limits } from './lib/limit'

export const DEFAULT_LIMITS: Limits = {
  smsTtl: 300,
  smsCooldown: 60,
  smsMaxAttempts: 5,
  smsPerClientHour: 10,
  smsPerMobileDay: 10,
  loginFailures: 10,
  loginSlowSeconds: 5,
  roomPasswordGuesses: 10,
  roomPasswordGuessesPerRoom: 30,
  likesPer10s: 300,
  likeCallsPer10s: 20,
  anonLikesPerRoom10s: 3000,
  chatPer10s: 20,
  bindMobilePerHour: 10,
  qrPerMinute: 30,
  uploadsPerDay: 20,
  uploadBytesPerDay: 50 * 1024 * 1024,
  socketsPerClient: 100,
  connectionsPerClient: 160,
  socketMessagesPer10s: 30,
  trialReset: 86400,
  trialGrace: 15,
  anonTrialsPerHour: 200,
  streamTtl: 6 * 3600
}

/** Limits from the environment (`WS_MAX_PER_IP` raises the socket cap for load tests, `CONN_MAX_PER_IP` the connection cap). */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<Limits> {
  const out: Partial<Limits> = {}
  const n = Number(env.WS_MAX_PER_IP)
  if (env.WS_MAX_PER_IP && Number.isInteger(n) && n > 0) out.socketsPerClient = n
  const c = Number(env.CONN_MAX_PER_IP)
  if (env.CONN_MAX_PER_IP && Number.isInteger(c) && c > 0) out.connectionsPerClient = c
  // more sockets allowed means more connections: a raised socket cap brings the connection cap along
  else if (out.socketsPerClient && out.socketsPerClient + 32 > DEFAULT_LIMITS.connectionsPerClient)
    out.connectionsPerClient = out.socketsPerClient + 32
  return out
}

/** The caller's address: the socket's, or the proxy's X-Forwarded-For entry when TRUST_PROXY trusts the proxy. */
export function clientIp(req: Pick<FastifyRequest, 'ip'>): string {
  return req.ip || 'unknown'
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/

/** True for a request made on this machine: the socket and the client address (after trusted proxies) are loopback. */
export function isLoopback(req: Pick<FastifyRequest, 'ip' | 'socket'>): boolean {
  return LOOPBACK.test(req.socket?.remoteAddress ?? '') && LOOPBACK.test(req.ip ?? '')
}

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

/** Who a per-caller limit counts: the user, else the address (a fingerprint header is the caller's to forge). */
export function callerKey(user: Pick<UserRow, 'id'> | null, req: Pick<FastifyRequest, 'ip'>): string {
  return user ? `u${user.id}` : `ip${limitAddress(req)}`
}

/** Code -8 with 操作太频繁，请稍后再试 (or a more precise Chinese message). */
export function tooFast(msg = TOO_FAST_MSG, data: unknown = null) {
  return biz(CODE.TOO_FAST, msg, data)
}

/** The refusal (code -8) of a call past the limit `name` (lib/limit.ts), with its own message. */
export function overLimit(_name: LimitName, msg = TOO_FAST_MSG) {
  return tooFast(msg)
}

/** Counts `cost` under `rule` for `subject`, or throws code -8 (nothing counted) when that would pass its cap. */
export function limit(ctx: AppContext, rule: RuleName, subject: string | number, cost = 1): void {
  if (!ctx.limiter.take(rule, subject, cost)) throw tooFast()
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(String(a))
  const y = Buffer.from(String(b))
  return x.length === y.length && crypto.timingSafeEqual(x, y)
}

// ---- counters one viewer could inflate or erase

/** China's date (YYYY-MM-DD): visits and shares count once a viewer a day. */
export const chinaDay = (sec = nowSec()) => new Date((sec + 8 * 3600) * 1000).toISOString().slice(0, 10)

/**
 * True the first time `caller` (callerKey: the user, else the address) counts `kind` of `target`: a like, or with a
 * day in `kind` a visit or share of that day. Repeating the call counts nothing more.
 */
export function countOnce(ctx: AppContext, kind: string, target: number, caller: string): boolean {
  return (
    ctx.store.db
      .prepare('INSERT OR IGNORE INTO counted (kind, target, caller, created_at) VALUES (?, ?, ?, ?)')
      .run(kind, target, caller, nowSec()).changes === 1
  )
}

/** True when `caller` had counted `kind` of `target` and no longer does: only one's own like is taken back. */
export function uncount(ctx: AppContext, kind: string, target: number, caller: string): boolean {
  return (
    ctx.store.db.prepare('DELETE FROM counted WHERE kind = ? AND target = ? AND caller = ?').run(kind, target, caller)
      .changes === 1
  )
}

// ---- redirects

/**
 * A redirect target on this site only: a root-relative path (not `//host`, not `/\host`, no control characters or
 * backslashes), or an absolute URL whose origin is the request's own. Anything else becomes `fallback`.
 */
export function safeRedirect(target: unknown, base: string, fallback: string): string {
  if (typeof target !== 'string' || !target || target.length > 2000) return fallback
  // eslint-disable-next-line no-control-regex -- control characters are what this check refuses
  if (/[\\\u0000-\u001f\u007f\s]/.test(target)) return fallback
  if (target.startsWith('/')) return target.startsWith('//') ? fallback : target
  let url: URL
  try {
    url = new URL(target)
  } catch {
    return fallback
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== new URL(base).origin) return fallback
  return url.pathname + url.search + url.hash
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
  const user = ctx.store.db.prepare('SELECT * FROM users WHERE id = ?').get(uid) as UserRow | undefined
  return user && (Number(user.session_version) || 0) === ver ? user : null
}

// ---- signed stream URLs

export type StreamKind = 'room' | 'playback'

function streamTarget(
  ctx: AppContext,
  kind: StreamKind,
  id: number
): { premium: boolean; password: boolean; trial: number } | null {
  if (kind === 'room') {
    const r = ctx.store.doc<Room>('room', id)
    return r ? { premium: !!r.is_premium, password: !!r.password, trial: r.trial_seconds } : null
  }
  const p = ctx.store.doc<Playback>('playback', id)
  // a password room's recording is gated by the room's password like the room
  return p
    ? { premium: !!p.is_premium, password: !!ctx.store.doc<Room>('room', p.room_id)?.password, trial: p.trial_seconds }
    : null
}

/** A stream id as the store writes it: digits without leading zeros (`0309`, `309.0`, `+309` are not 309). */
export function canonicalStreamId(id: string): number | null {
  return /^[1-9]\d{0,11}$/.test(id) ? Number(id) : null
}

/** A paid or password-protected room, or a paid playback: its HLS needs a token. */
export function streamGated(ctx: AppContext, kind: StreamKind, id: number): boolean {
  const t = streamTarget(ctx, kind, id)
  return !!t && (t.premium || t.password)
}

export function hasPurchased(ctx: AppContext, uid: number | undefined, kind: StreamKind, id: number): boolean {
  return (
    !!uid &&
    !!ctx.store.db
      .prepare('SELECT 1 FROM purchases WHERE user_id = ? AND kind = ? AND target_id = ?')
      .get(uid, kind, id)
  )
}

const tokenMac = (ctx: AppContext, kind: StreamKind, id: number, exp: number, uid: number) =>
  hmac(ctx.secret, `hls:${kind}:${id}:${exp}:${uid}`)

/** `<expires>.<user id or 0>.<HMAC>` */
export function streamToken(ctx: AppContext, kind: StreamKind, id: number, exp: number, uid = 0): string {
  return `${exp}.${uid}.${tokenMac(ctx, kind, id, exp, uid)}`
}

/**
 * True when `token` lets its holder load the stream now: our signature, not expired; a viewer's trial token stays
 * good (up to the stream TTL past its end) once that viewer has bought, so the player plays on after an unlock.
 */
export function checkStreamToken(ctx: AppContext, kind: StreamKind, id: number, token: unknown): boolean {
  if (typeof token !== 'string') return false
  const m = /^(\d{1,12})\.(\d{1,12})\.([0-9a-f]{32})$/.exec(token)
  if (!m) return false
  const exp = Number(m[1])
  const uid = Number(m[2])
  if (!safeEqual(m[3], tokenMac(ctx, kind, id, exp, uid))) return false
  const now = nowSec()
  if (now <= exp) return true
  return uid > 0 && now <= exp + ctx.limits.streamTtl && hasPurchased(ctx, uid, kind, id)
}

/**
 * When this viewer's stream token ends: bought (or a password room that is not paid) → the stream TTL; in a paid
 * room's trial → the trial's end (one trial per viewer and target per `trialReset`, counted from the first room
 * info; anonymous viewers by address); otherwise already over.
 */
export function streamExpiry(
  ctx: AppContext,
  viewer: { user: UserRow | null; req: Pick<FastifyRequest, 'ip'> },
  kind: StreamKind,
  id: number
): number {
  const t = streamTarget(ctx, kind, id)
  const now = nowSec()
  if (!t) return now - 1
  if (!t.premium || hasPurchased(ctx, viewer.user?.id, kind, id)) return now + ctx.limits.streamTtl
  if (t.trial <= 0) return now - 1
  const key = `${kind}:${id}:${callerKey(viewer.user, viewer.req)}`
  let start = ctx.trials.get(key)
  if (start === undefined || now - start >= ctx.limits.trialReset) {
    // anonymous trials are counted per address, and across addresses per target too: rotating addresses does not
    // make a paid stream free; past the cap an anonymous viewer logs in for a trial
    if (!viewer.user && !ctx.limiter.take('trial.anonymous', `${kind}:${id}`)) return now - 1
    start = now
    ctx.trials.set(key, start)
  }
  return start + t.trial + ctx.limits.trialGrace
}

/** The stream URL as answered to this viewer: gated streams carry `?token=` (kept on every playlist line). */
export function signedSource(
  ctx: AppContext,
  viewer: { user: UserRow | null; req: Pick<FastifyRequest, 'ip'> },
  kind: StreamKind,
  id: number,
  url: string
): string {
  if (!url || !streamGated(ctx, kind, id)) return url
  const exp = streamExpiry(ctx, viewer, kind, id)
  return `${url}${url.includes('?') ? '&' : '?'}token=${streamToken(ctx, kind, id, exp, viewer.user?.id ?? 0)}`
}

/** Forgets the trials that may start again (called by a timer). */
export function sweepTrials(ctx: AppContext): void {
  const now = nowSec()
  for (const [k, start] of ctx.trials) if (now - start >= ctx.limits.trialReset) ctx.trials.delete(k)
}

// ---- password rooms (R3.9, R7.13)

/** The key a viewer who gave the right password gets (room info `room_key`); void when the password changes. */
export function roomKey(ctx: AppContext, room: Pick<Room, 'id' | 'password'>): string {
  return hmac(ctx.secret, `room-key:${room.id}:${room.password}`)
}

export const NEED_PASSWORD_MSG = '该直播间需要输入密码'
export const WRONG_PASSWORD_MSG = '直播间密码错误'
export const PASSWORD_GUESSES_MSG = '密码错误次数过多，请稍后再试'

/**
 * A password room answers only a caller with its password or its `room_key` (room info, history, chat, socket).
 * Wrong passwords are counted per address and room, and per room from every address: past either, code -8 until the
 * window ends (every password is refused unheard then, the right one too, so guessing from many addresses gains
 * nothing; a viewer who already entered keeps the room_key, which still answers).
 */
export function checkRoomAccess(
  ctx: AppContext,
  req: Pick<FastifyRequest, 'ip'>,
  room: Room,
  given: { password?: unknown; room_key?: unknown }
): void {
  if (!room.password) return
  const key = typeof given.room_key === 'string' ? given.room_key : ''
  if (key && safeEqual(key, roomKey(ctx, room))) return
  const pw = typeof given.password === 'string' || typeof given.password === 'number' ? String(given.password) : ''
  const data = { id: room.id, title: room.title, cover: room.cover, need_password: 1 }
  const perAddress = `${room.id}:${limitAddress(req)}`
  if (ctx.limiter.over('roompw.address', perAddress) || (pw && ctx.limiter.over('roompw.room', room.id)))
    throw biz(CODE.TOO_FAST, PASSWORD_GUESSES_MSG, data)
  if (pw && safeEqual(pw, room.password)) return
  if (pw) {
    ctx.limiter.add('roompw.address', perAddress)
    ctx.limiter.add('roompw.room', room.id)
  }
  throw biz(CODE.NEED_PASSWORD, pw ? WRONG_PASSWORD_MSG : NEED_PASSWORD_MSG, data)
}

/** A recording of a password room answers only a caller with the room's password or room_key (R3.9), as the room. */
export function checkPlaybackAccess(
  ctx: AppContext,
  req: Pick<FastifyRequest, 'ip'>,
  playback: Playback,
  given: { password?: unknown; room_key?: unknown }
): void {
  const room = ctx.store.doc<Room>('room', playback.room_id)
  if (room?.password) checkRoomAccess(ctx, req, room, given)
}

/** Room info as answered (R7.13) to a caller who may enter: signed stream URLs, and `room_key` for a password room. */
export function securedRoomInfo(
  ctx: AppContext,
  viewer: { user: UserRow | null; req: Pick<FastifyRequest, 'ip'> },
  room: Room
) {
  const info = roomInfo(ctx, room)
  return {
    ...info,
    source: signedSource(ctx, viewer, 'room', room.id, info.source),
    playback_source: room.review_id
      ? signedSource(ctx, viewer, 'playback', room.review_id, info.playback_source)
      : info.playback_source,
    ...(room.password ? { room_key: roomKey(ctx, room) } : {})
  }
}

// ---- uploads

/**
 * The stored path of an avatar (R7.63): one of this user's own uploads (`/files/<name>`, or that file's absolute URL
 * on this origin) or our generated placeholder (`/img/avatar/<id>.svg`); null for anything else (another site,
 * another viewer's file, a path that is no upload).
 */
export function ownAvatar(ctx: AppContext, userId: number, avatar: string, base: string): string | null {
  let p = avatar
  if (!avatar.startsWith('/') || avatar.startsWith('//')) {
    try {
      const u = new URL(avatar)
      if (u.origin !== new URL(base).origin) return null
      p = u.pathname
    } catch {
      return null
    }
  }
  if (/^\/img\/avatar\/\d{1,12}\.svg$/.test(p)) return p
  const m = /^\/files\/([\w.-]{1,80})$/.exec(p)
  const row = m
    ? (ctx.store.db.prepare('SELECT user_id FROM uploads WHERE name = ?').get(m[1]) as { user_id: number } | undefined)
    : undefined
  return row && row.user_id === userId ? p : null
}

// ---- a room's activities (vote, quiz, red packets, rain, lotteries, goods)

export const NEED_PURCHASE_MSG = '该直播间需购买后才能参与互动'

/**
 * Whether this viewer may be in a paid room now, by the rule its stream follows (streamExpiry): bought, or inside
 * the trial that room info started for the viewer (by user or, before a login, by address). It never starts a
 * trial: only room info does.
 */
function inPaidRoom(
  ctx: AppContext,
  viewer: { user: UserRow | null; req: Pick<FastifyRequest, 'ip'> },
  room: Pick<Room, 'id' | 'trial_seconds'>
): boolean {
  if (hasPurchased(ctx, viewer.user?.id, 'room', room.id)) return true
  if (room.trial_seconds <= 0) return false
  const now = nowSec()
  const keys = new Set([callerKey(viewer.user, viewer.req), `ip${clientIp(viewer.req)}`])
  for (const k of keys) {
    const start = ctx.trials.get(`room:${room.id}:${k}`)
    if (
      start !== undefined &&
      now - start < ctx.limits.trialReset &&
      now <= start + room.trial_seconds + ctx.limits.trialGrace
    )
      return true
  }
  return false
}

/**
 * A room's activities, reads and writes, answer as its chat and stream do: a password room only with its password
 * or room_key (checkRoomAccess: code -3, guesses limited), a paid room only to a viewer who bought it or is inside
 * its trial (code 0, 该直播间需购买后才能参与互动).
 */
export function checkActivityAccess(
  ctx: AppContext,
  viewer: { user: UserRow | null; req: Pick<FastifyRequest, 'ip'> },
  room: Room,
  given: { password?: unknown; room_key?: unknown }
): void {
  checkRoomAccess(ctx, viewer.req, room, given)
  if (room.is_premium && !inPaidRoom(ctx, viewer, room)) throw biz(CODE.FAIL, NEED_PURCHASE_MSG)
}

// ---- redirects fed by the caller

/**
 * safeRedirect as a Location header can carry it: characters outside printable ASCII percent-encoded (a raw `é` in a
 * header is Node's ERR_INVALID_CHAR, a 500). A target that cannot be encoded (a lone surrogate) becomes `fallback`.
 */
export function safeLocation(target: unknown, base: string, fallback: string): string {
  const url = safeRedirect(target, base, fallback)
  try {
    return url.replace(/[^\x21-\x7e]+/g, (s) => encodeURIComponent(s))
  } catch {
    return fallback
  }
}
