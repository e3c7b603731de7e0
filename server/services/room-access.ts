// Who may enter a room: password rooms (R3.9, R7.13; wrong passwords limited), a paid room's activities (bought, or
// inside the trial), and room info as answered to a viewer who may enter (signed stream URLs, the room key).
import type { FastifyRequest } from 'fastify'
import { CODE, biz, hmac, nowSec, safeEqual } from '../lib/util'
import { callerKey, deviceHolder, limitAddress } from '../plugins/app/identity'
import { playbackOr404 } from '../repositories/rooms'
import type { Playback, Room, UserRow } from '../types'
import type { AppContext, Call } from '../types/context'
import { roomInfo } from '../views'
import { hasPurchased, signedSource, trialKey, trialOf } from './stream-access'

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

/**
 * The playback `id` (-4 回放不存在) for a caller who may enter it: a recording of a password room answers only a caller
 * with the room's password or room_key (R3.9), as the room does (-3 with the room's id, need_password).
 */
export function enteredPlayback(
  ctx: AppContext,
  id: number,
  req: Pick<FastifyRequest, 'ip'>,
  given: { password?: unknown; room_key?: unknown }
): Playback {
  const playback = playbackOr404(ctx, id)
  const room = ctx.store.doc<Room>('room', playback.room_id)
  if (room?.password) checkRoomAccess(ctx, req, room, given)
  return playback
}

/** Room info as answered (R7.13) to a caller who may enter: signed stream URLs, and `room_key` for a password room. */
export function securedRoomInfo(ctx: AppContext, viewer: Pick<Call, 'token' | 'user' | 'req'>, room: Room) {
  const info = roomInfo(ctx, room)
  return {
    ...info,
    source: signedSource(ctx, viewer, 'room', room.id, info.source),
    playback_source: room.review_id
      ? signedSource(ctx, viewer, 'playback', room.review_id, info.playback_source)
      : info.playback_source,
    ...(room.password ? { room_key: roomKey(ctx, room) } : {}),
    ...trialOf(ctx, viewer, 'room', room.id)
  }
}

// ---- a room's activities (vote, quiz, red packets, rain, lotteries, goods)

export const NEED_PURCHASE_MSG = '该直播间需购买后才能参与互动'

/**
 * Whether this viewer may be in a paid room now, by the rule its stream follows (streamGrant): bought, or inside
 * the trial that room info started for the viewer: a logged-in viewer's own, an anonymous one's by address. It never
 * starts a trial (only room info does), but a viewer who logs in on the device that began an anonymous trial, while
 * it runs, and has had no trial of their own, keeps it: it becomes theirs, with no more time than it had left. Another
 * device's anonymous trial at the same address (behind one NAT, everyone's) lets no logged-in viewer in, and spends
 * nobody's own trial.
 */
function inPaidRoom(
  ctx: AppContext,
  viewer: { user: UserRow | null; req: Pick<FastifyRequest, 'ip' | 'headers'> },
  room: Pick<Room, 'id' | 'trial_seconds'>
): boolean {
  if (hasPurchased(ctx, viewer.user?.id, 'room', room.id)) return true
  if (room.trial_seconds <= 0) return false
  const now = nowSec()
  const trialOf = (key: string) => {
    const start = ctx.trials.get(trialKey('room', room.id, key))
    return start !== undefined && now - start < ctx.limits.trialReset ? start : undefined
  }
  const running = (start: number | undefined) =>
    start !== undefined && now <= start + room.trial_seconds + ctx.limits.trialGrace
  const own = callerKey(viewer.user, viewer.req)
  const start = trialOf(own)
  if (start !== undefined || !viewer.user) return running(start)
  const device = deviceHolder(viewer.req)
  const before = device ? trialOf(device) : undefined
  if (!running(before)) return false
  ctx.trials.set(trialKey('room', room.id, own), before as number)
  return true
}

/** Whether this viewer may take part in the room's activities now: any room but a paid one, which needs inPaidRoom. */
export function mayJoinActivities(
  ctx: AppContext,
  viewer: { user: UserRow | null; req: Pick<FastifyRequest, 'ip' | 'headers'> },
  room: Room
): boolean {
  return !room.is_premium || inPaidRoom(ctx, viewer, room)
}

/**
 * A room's activities, reads and writes, answer as its chat and stream do: a password room only with its password
 * or room_key (checkRoomAccess: code -3, guesses limited), a paid room only to a viewer who bought it or is inside
 * its trial (code 0, 该直播间需购买后才能参与互动).
 */
export function checkActivityAccess(
  ctx: AppContext,
  viewer: { user: UserRow | null; req: Pick<FastifyRequest, 'ip' | 'headers'> },
  room: Room,
  given: { password?: unknown; room_key?: unknown }
): void {
  checkRoomAccess(ctx, viewer.req, room, given)
  if (!mayJoinActivities(ctx, viewer, room)) throw biz(CODE.FAIL, NEED_PURCHASE_MSG)
}
