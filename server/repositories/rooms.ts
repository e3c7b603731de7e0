/** Rooms and recordings: the lookups every area uses (a missing or test room is -4 直播间不存在). */
import type { AppContext } from '../types/context'
import { roomStatus } from '../lib/room-status'
import { CODE, biz, nowSec } from '../lib/util'
import type { Playback, Room } from '../types'

export function visibleRooms(ctx: AppContext, includeTest = false): Room[] {
  return ctx.store.docs<Room>('room').filter((r) => includeTest || !r.test)
}

/** Live first (busiest first), then scheduled (soonest first), then ended (latest first). */
export function defaultRoomOrder(ctx: AppContext, rooms: Room[]): Room[] {
  const now = nowSec()
  const rank = (r: Room) => [1, 2, 0].indexOf(roomStatus(r, now))
  return [...rooms].sort((a, b) => {
    const d = rank(a) - rank(b)
    if (d) return d
    const s = roomStatus(a, now)
    if (s === 1) return b.online + b.likes / 1000 - (a.online + a.likes / 1000)
    if (s === 2) return a.start_time - b.start_time
    return b.start_time - a.start_time
  })
}

export function roomOr404(ctx: AppContext, id: number, allowTest = false): Room {
  const room = ctx.store.doc<Room>('room', id)
  if (!room || (room.test && !allowTest)) throw biz(CODE.NOT_FOUND, '直播间不存在')
  return room
}

/**
 * The playback `id`, or -4 回放不存在. What a caller is answered about it goes through services/room-access.ts's
 * enteredPlayback, which lets in only who may enter a password room's recording.
 */
export function playbackOr404(ctx: AppContext, id: number): Playback {
  const p = ctx.store.doc<Playback>('playback', id)
  if (!p) throw biz(CODE.NOT_FOUND, '回放不存在')
  return p
}

/**
 * What plays after the playback `id` (-4 when there is none): `next`, the room's recording that follows it in time,
 * else the first of the others; `list`, the room's other recordings (newest first), then the other rooms' (most
 * watched first), without the playback itself and without `next`, `count` at most.
 */
export function relatedPlaybacks(
  ctx: AppContext,
  id: number,
  count: number
): { next: Playback | null; list: Playback[] } {
  const self = playbackOr404(ctx, id)
  const others = ctx.store.docs<Playback>('playback').filter((p) => p.id !== self.id)
  const sameRoom = others.filter((p) => p.room_id === self.room_id)
  const later = sameRoom.filter((p) => p.time > self.time || (p.time === self.time && p.id > self.id))
  const following = later.sort((a, b) => a.time - b.time || a.id - b.id)[0]
  const ordered = [
    ...sameRoom.sort((a, b) => b.time - a.time || b.id - a.id),
    ...others.filter((p) => p.room_id !== self.room_id).sort((a, b) => b.views - a.views || b.id - a.id)
  ]
  const next = following ?? ordered[0] ?? null
  return { next, list: ordered.filter((p) => p !== next).slice(0, count) }
}
