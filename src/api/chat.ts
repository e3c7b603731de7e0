import type { Static } from 'typebox'
import type { DataOf, InputOf, PostAt } from '../../contract'
import type * as L from '../../contract/live'
import { callPost } from '@/core/call'
import { roomKey } from '@/core/room-access'

/** Default history size and time range of a room's chat (spec R7.72, R9.4, R9.7). */
export const HISTORY_COUNT = 10
export const HISTORY_TYPE = 'today'

/** A history message (R3.15): `content` is JSON text `{text, nickname, avatar, user_id}`. */
export type HistoryItem = Static<typeof L.HistoryMessage>

type HistoryPayload = InputOf<PostAt<'/userapp/living/danmaku'>>

/**
 * count (default 10, R9.4), type (default today, R9.7), after_msg_id (only messages after it, oldest first: the
 * reference server's gap fill after a reconnect; see HistoryGone) and time (start time, R7.79).
 */
export type HistoryQuery = Pick<HistoryPayload, 'count' | 'type' | 'after_msg_id' | 'time'>

/**
 * The reference server's answer to an `after_msg_id` query when some of the messages after it are no longer kept
 *: a refusal (code -4) whose data names the oldest msg_id it still has. Everything between after_msg_id
 * and oldest_msg_id is gone for good; asking again from oldest_msg_id - 1 gets the rest.
 */
export type HistoryGone = Static<typeof L.HistoryGone>

/** The HistoryGone of a refused history answer (the ApiError of fetchChatHistory), or null for any other failure. */
export function historyGone(refusal: { code: number; data: unknown } | null | undefined): HistoryGone | null {
  if (!refusal || Number(refusal.code) === 1) return null
  const d = refusal.data as Partial<HistoryGone> | null
  if (!d || typeof d !== 'object' || Array.isArray(d)) return null
  const oldest = Number(d.oldest_msg_id)
  if (!Number.isInteger(oldest) || oldest <= 0) return null
  return { after_msg_id: Number(d.after_msg_id) || 0, oldest_msg_id: oldest }
}

/** POST /userapp/living/danmaku {roomid, count default 10, type default today} (R7.72, R7.79). */
export function fetchChatHistory(roomid: number, query: HistoryQuery = {}): Promise<HistoryItem[]> {
  const data: HistoryPayload = {
    roomid,
    count: query.count ?? HISTORY_COUNT,
    type: query.type ?? HISTORY_TYPE
  }
  if (roomKey(roomid)) data.room_key = roomKey(roomid) // a password room
  if (query.after_msg_id !== undefined) data.after_msg_id = query.after_msg_id
  if (query.time !== undefined) data.time = query.time
  return callPost('/userapp/living/danmaku', data)
}

/** POST /userapp/danmaku {room_id, content} (R7.73, R3.14); login required. A refusal (ApiError) decides R5.6–R5.9. */
export function sendDanmaku(room_id: number, content: string): Promise<DataOf<PostAt<'/userapp/danmaku'>>> {
  const key = roomKey(room_id) // a password room
  return callPost('/userapp/danmaku', key ? { room_id, content, room_key: key } : { room_id, content }, {
    loginPrompt: true
  })
}

/** POST /userapp/report {msg_id, user_id, reason} (R7.74). */
export function reportMessage(q: { msg_id: number; user_id: number; reason: string }) {
  return callPost('/userapp/report', { msg_id: q.msg_id, user_id: q.user_id, reason: q.reason }, { loginPrompt: true })
}

/** POST /userapp/block {user_id} (R7.75). */
export function blockUser(user_id: number) {
  return callPost('/userapp/block', { user_id }, { loginPrompt: true })
}
