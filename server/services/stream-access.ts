// Signed stream URLs: which streams are gated (paid or password rooms, paid playbacks), the token a viewer's URL
// carries, how long it lasts (bought, or the trial of a paid room), and the check the /hls/ routes make.
import type { FastifyRequest } from 'fastify'
import { hmac, nowSec, safeEqual } from '../lib/util'
import { callerKey } from '../plugins/app/identity'
import { hasPurchase } from '../repositories/payments'
import type { Playback, Room, UserRow } from '../types'
import type { AppContext } from '../types/context'

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
