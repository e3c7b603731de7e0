// Signed stream URLs: which streams are gated (paid or password rooms, paid playbacks), the token a viewer's URL
// carries, how long it lasts (bought, or the trial of a paid room), and the check the /hls/ routes make.
import type { FastifyRequest } from 'fastify'
import { hmac, nowSec, safeEqual } from '../lib/util'
import { callerKey, deviceHolder } from '../plugins/app/identity'
import { recordEndedStreamSession, streamSessionEnded } from '../repositories/accounts'
import { hasPurchase } from '../repositories/payments'
import type { Playback, Room, UserRow } from '../types'
import type { AppContext, Call } from '../types/context'
import { loginSessionOf } from './sessions'

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
  return !!uid && hasPurchase(ctx, uid, kind, id)
}

const tokenMac = (ctx: AppContext, kind: StreamKind, id: number, grant: StreamGrant, uid: number, session: string) =>
  hmac(ctx.secret, `hls:${kind}:${id}:${grant.exp}:${uid}:${grant.trialFrom}:${session}`)

/**
 * The tag of a login session in its viewer's stream URLs: 16 hex of our HMAC of the session (a session's name can be
 * a token of it, never put in a URL); `0` for an anonymous viewer. A logout records its session's tag as ended, and
 * no URL that carries it plays from then on, whoever holds it.
 */
const sessionTag = (ctx: AppContext, session: string | null): string =>
  session ? hmac(ctx.secret, `stream-session:${session}`).slice(0, 16) : '0'

/** A logout: the stream URLs handed out in `session` stop playing (kept as long as the longest of them could last). */
export function endSessionStreams(ctx: AppContext, session: string): void {
  const longest = ctx.limits.streamTtl * 2 + ctx.limits.trialGrace
  recordEndedStreamSession(ctx, sessionTag(ctx, session), nowSec() + longest)
}

/** What a stream token grants: until when, and for a trial, from when (unix seconds; 0: not a trial). */
interface StreamGrant {
  exp: number
  trialFrom: number
}

/** `<expires>.<user id or 0>.<trial start or 0>.<login session's tag or 0>.<HMAC>` */
function streamToken(ctx: AppContext, kind: StreamKind, id: number, grant: StreamGrant, uid: number, session: string) {
  return `${grant.exp}.${uid}.${grant.trialFrom}.${session}.${tokenMac(ctx, kind, id, grant, uid, session)}`
}

/** What a valid stream token lets its holder load now; a trial's part of the stream is the media routes' to bound. */
interface StreamAccess {
  /** the trial's start (unix seconds) when the holder is in a trial and has not bought since; 0 otherwise */
  trialFrom: number
  /** the trial's length in seconds (0 when not in a trial) */
  trialSeconds: number
}

/**
 * What `token` lets its holder load now (null: nothing): our signature, not expired; a viewer's trial token stays
 * good (up to the stream TTL past its end) once that viewer has bought, so the player plays on after an unlock, and
 * the bought viewer's token is no longer bounded to the trial's part of the stream.
 */
export function checkStreamToken(ctx: AppContext, kind: StreamKind, id: number, token: unknown): StreamAccess | null {
  if (typeof token !== 'string') return null
  const m = /^(\d{1,12})\.(\d{1,12})\.(\d{1,12})\.(0|[0-9a-f]{16})\.([0-9a-f]{32})$/.exec(token)
  if (!m) return null
  const grant = { exp: Number(m[1]), trialFrom: Number(m[3]) }
  const uid = Number(m[2])
  const session = m[4]
  if (!safeEqual(m[5], tokenMac(ctx, kind, id, grant, uid, session))) return null
  // handed out in a login session that has logged out since
  if (session !== '0' && streamSessionEnded(ctx, session)) return null
  const now = nowSec()
  let known: boolean | undefined
  const bought = () => (known ??= uid > 0 && hasPurchased(ctx, uid, kind, id))
  if (now > grant.exp && !(now <= grant.exp + ctx.limits.streamTtl && bought())) return null
  if (!grant.trialFrom || bought()) return { trialFrom: 0, trialSeconds: 0 }
  return { trialFrom: grant.trialFrom, trialSeconds: streamTarget(ctx, kind, id)?.trial ?? 0 }
}

/** A trial's key in ctx.trials: its target and who holds it (callerKey, or deviceHolder for the device of one). */
export const trialKey = (kind: StreamKind, id: number, who: string): string => `${kind}:${id}:${who}`

/**
 * When this viewer's stream token ends: bought (or a password room that is not paid) → the stream TTL; in a paid
 * room's trial → the trial's end (one trial per viewer and target per `trialReset`, counted from the first room
 * info; anonymous viewers by address), and the token names the trial's start, so that it opens only the trial's part
 * of the stream; otherwise already over.
 */
function streamGrant(
  ctx: AppContext,
  viewer: { user: UserRow | null; req: Pick<FastifyRequest, 'ip' | 'headers'> },
  kind: StreamKind,
  id: number
): StreamGrant {
  const t = streamTarget(ctx, kind, id)
  const now = nowSec()
  const over = { exp: now - 1, trialFrom: 0 }
  if (!t) return over
  if (!t.premium || hasPurchased(ctx, viewer.user?.id, kind, id))
    return { exp: now + ctx.limits.streamTtl, trialFrom: 0 }
  if (t.trial <= 0) return over
  const key = trialKey(kind, id, callerKey(viewer.user, viewer.req))
  let start = ctx.trials.get(key)
  if (start === undefined || now - start >= ctx.limits.trialReset) {
    // anonymous trials are counted per address, and across addresses per target too: rotating addresses does not
    // make a paid stream free; past the cap an anonymous viewer logs in for a trial
    if (!viewer.user && !ctx.limiter.take('trial.anonymous', `${kind}:${id}`)) return over
    start = now
    ctx.trials.set(key, start)
    // the device that began an anonymous trial, so that it keeps the trial when it logs in (inPaidRoom)
    const device = viewer.user ? undefined : deviceHolder(viewer.req)
    if (device) ctx.trials.set(trialKey(kind, id, device), start)
  }
  return { exp: start + t.trial + ctx.limits.trialGrace, trialFrom: start }
}

/**
 * Seconds left of this viewer's trial of a paid stream, by the server's clock (0: over, or none); undefined when the
 * stream is theirs to watch (free, or bought). The client counts its banner from it: a trial spent on another device
 * (or in a cleared browser) is not shown as a new one while the stream refuses.
 */
function trialLeft(
  ctx: AppContext,
  viewer: { user: UserRow | null; req: Pick<FastifyRequest, 'ip' | 'headers'> },
  kind: StreamKind,
  id: number
): number | undefined {
  const t = streamTarget(ctx, kind, id)
  if (!t || !t.premium || hasPurchased(ctx, viewer.user?.id, kind, id)) return undefined
  const grant = streamGrant(ctx, viewer, kind, id)
  return grant.trialFrom ? Math.max(0, grant.trialFrom + t.trial - nowSec()) : 0
}

/** `{ trial_left }` when there is a trial to tell (a paid room or playback not bought), else nothing. */
export function trialOf(...args: Parameters<typeof trialLeft>): { trial_left?: number } {
  const left = trialLeft(...args)
  return left === undefined ? {} : { trial_left: left }
}

/**
 * The stream URL as answered to this viewer: gated streams carry `?token=` (kept on every playlist line), tied to the
 * viewer's login session, so that its logout ends it.
 */
export function signedSource(
  ctx: AppContext,
  viewer: Pick<Call, 'token' | 'user' | 'req'>,
  kind: StreamKind,
  id: number,
  url: string
): string {
  if (!url || !streamGated(ctx, kind, id)) return url
  const grant = streamGrant(ctx, viewer, kind, id)
  const uid = viewer.user?.id ?? 0
  const session = uid ? sessionTag(ctx, loginSessionOf(ctx, viewer)) : '0'
  return `${url}${url.includes('?') ? '&' : '?'}token=${streamToken(ctx, kind, id, grant, uid, session)}`
}

/** Forgets the trials that may start again (called by a timer). */
export function sweepTrials(ctx: AppContext): void {
  const now = nowSec()
  for (const [k, start] of ctx.trials) if (now - start >= ctx.limits.trialReset) ctx.trials.delete(k)
}
