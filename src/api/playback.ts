import { callPost } from '@/core/call'
import { ApiError } from '@/core/errors'
import { type CallOptions } from '@/core/request'
import { roomKey } from '@/core/room-access'
import type { PagedData } from './types'
import type { PlaybackItem, RoomItem, TeaserItem } from './home'

export interface PlaybackDetail extends PlaybackItem {
  description?: string
  source?: string
  trial_seconds?: number
  comments?: number
  share?: { title?: string; desc?: string; image?: string; link?: string }
}

/** A playback danmaku item (R3.20): relativeTimestamp and content, JSON text holding a text field. */
export interface PlaybackDanmakuRaw {
  relativeTimestamp: number
  content: string
}

/** A comment (R3.19): id, content, time, user. */
export interface CommentItem {
  id: number
  content: string
  time: number
  user?: { id?: number; nickName?: string; nick_name?: string; name?: string; avatar?: string }
}

export interface TeaserDetail extends TeaserItem {
  room?: RoomItem | null
}

/** The business code of a password room's recording without its key (R3.9). */
const PASSWORD_ROOM_CODE = -3

/** The room of each playback that answered -3: a password room's recording needs the room's key (R3.9). */
const roomOfPlayback = new Map<number, number>()

function withRoomKey(id: number, body: Record<string, unknown>): Record<string, unknown> {
  const room = roomOfPlayback.get(id)
  const key = room ? roomKey(room) : undefined
  return key ? { ...body, room_key: key } : body
}

/**
 * A playback call. A password room's recording answers -3 with its room's id (R3.9): the call is made again with the
 * room_key the viewer got by entering that room's password (src/core/room-access.ts), and every later call of that
 * playback carries it. Without the key the -3 answer stands (该直播间需要输入密码).
 */
async function playbackCall<T>(
  path: string,
  id: number,
  body: Record<string, unknown>,
  options?: CallOptions
): Promise<T> {
  try {
    return await callPost<T>(path, withRoomKey(id, body), options)
  } catch (err) {
    const room =
      err instanceof ApiError && err.code === PASSWORD_ROOM_CODE ? Number((err.data as { id?: unknown } | null)?.id) : 0
    if (!room || roomOfPlayback.get(id) === room) throw err
    roomOfPlayback.set(id, room)
    if (!roomKey(room)) throw err
    return callPost<T>(path, withRoomKey(id, body), options)
  }
}

/** POST /userapp/playback/detail (R7.15). */
export function fetchPlaybackDetail(id: number): Promise<PlaybackDetail> {
  return playbackCall<PlaybackDetail>('/userapp/playback/detail', id, { id })
}

/** POST /userapp/playback/danmaku {id} (R7.80). */
export function fetchPlaybackDanmaku(id: number): Promise<PlaybackDanmakuRaw[]> {
  return playbackCall<PlaybackDanmakuRaw[]>('/userapp/playback/danmaku', id, { id })
}

/** POST /userapp/playback/comment/list {id, page, count default 5} (R7.81). */
export function fetchComments(q: { id: number; page: number; count: number }): Promise<PagedData<CommentItem>> {
  return playbackCall<PagedData<CommentItem>>('/userapp/playback/comment/list', q.id, q)
}

/** POST /userapp/playback/comment {id, content} (R7.82), login required. */
export function postComment(id: number, content: string): Promise<CommentItem> {
  return playbackCall<CommentItem>('/userapp/playback/comment', id, { id, content }, { loginPrompt: true })
}

/** POST /userapp/playback/like {id} (R7.83). */
export function likePlayback(id: number): Promise<{ likes?: number }> {
  return playbackCall<{ likes?: number }>('/userapp/playback/like', id, { id })
}

/** POST /userapp/teaser/detail (R7.17). */
export function fetchTeaserDetail(id: number): Promise<TeaserDetail> {
  return callPost<TeaserDetail>('/userapp/teaser/detail', { id })
}

/** POST /userapp/issubscribe {teaser_id} (R7.48). */
export function fetchTeaserSubscribed(teaserId: number): Promise<{ issubscribe?: number } | number> {
  return callPost<{ issubscribe?: number } | number>(
    '/userapp/issubscribe',
    { teaser_id: teaserId },
    { loginPrompt: true }
  )
}

/** POST /userapp/subscribe {teaser_id} (R7.49). */
export function subscribeTeaser(teaserId: number): Promise<{ issubscribe?: number }> {
  return callPost<{ issubscribe?: number }>('/userapp/subscribe', { teaser_id: teaserId }, { loginPrompt: true })
}
