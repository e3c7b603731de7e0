import type { Static } from 'typebox'
import type { DataOf, InputOf, PostAt } from '../../contract'
import type * as C from '../../contract/content'
import type * as L from '../../contract/live'
import { callPost } from '@/core/call'
import { ApiError } from '@/utils/errors'
import { type CallOptions } from '@/core/request'
import { roomKey } from '@/core/room-access'

/** A playback's detail (R7.15): the list item, its description, stream, trial seconds, comments and share card. */
export type PlaybackDetail = Static<typeof C.PlaybackDetail>

/** A playback danmaku item (R3.20): relativeTimestamp and content, JSON text holding a text field. */
export type PlaybackDanmakuRaw = Static<typeof L.PlaybackDanmaku>

/** A comment (R3.19): id, content, time, user. */
export type CommentItem = Static<typeof L.Comment>

/** A preview's detail (R7.17): the preview and its room. */
export type TeaserDetail = DataOf<PostAt<'/userapp/teaser/detail'>>

/** The business code of a password room's recording without its key (R3.9). */
const PASSWORD_ROOM_CODE = -3

/** The room of each playback that answered -3: a password room's recording needs the room's key (R3.9). */
const roomOfPlayback = new Map<number, number>()

function withRoomKey<B extends { room_key?: string }>(id: number, body: B): B {
  const room = roomOfPlayback.get(id)
  const key = room ? roomKey(room) : undefined
  return key ? { ...body, room_key: key } : body
}

/** The calls of a playback that a password room's recording answers -3 without the room's key (R3.9). */
type PlaybackPath =
  | '/userapp/playback/detail'
  | '/userapp/playback/danmaku'
  | '/userapp/playback/comment/list'
  | '/userapp/playback/comment'
  | '/userapp/playback/like'

/**
 * A playback call. A password room's recording answers -3 with its room's id (R3.9): the call is made again with the
 * room_key the viewer got by entering that room's password (src/core/room-access.ts), and every later call of that
 * playback carries it. Without the key the -3 answer stands (该直播间需要输入密码).
 */
async function playbackCall<P extends PlaybackPath>(
  path: P,
  id: number,
  body: InputOf<PostAt<P>>,
  options?: CallOptions
): Promise<DataOf<PostAt<P>>> {
  try {
    return await callPost(path, withRoomKey(id, body), options)
  } catch (err) {
    const room =
      err instanceof ApiError && err.code === PASSWORD_ROOM_CODE ? Number((err.data as { id?: unknown } | null)?.id) : 0
    if (!room || roomOfPlayback.get(id) === room) throw err
    roomOfPlayback.set(id, room)
    if (!roomKey(room)) throw err
    return callPost(path, withRoomKey(id, body), options)
  }
}

/** POST /userapp/playback/detail (R7.15). */
export function fetchPlaybackDetail(id: number): Promise<PlaybackDetail> {
  return playbackCall('/userapp/playback/detail', id, { id })
}

/** POST /userapp/playback/danmaku {id} (R7.80). */
export function fetchPlaybackDanmaku(id: number): Promise<PlaybackDanmakuRaw[]> {
  return playbackCall('/userapp/playback/danmaku', id, { id })
}

/** POST /userapp/playback/comment/list {id, page, count default 5} (R7.81). */
export function fetchComments(q: { id: number; page: number; count: number }) {
  return playbackCall('/userapp/playback/comment/list', q.id, q)
}

/** POST /userapp/playback/comment {id, content} (R7.82), login required. */
export function postComment(id: number, content: string): Promise<CommentItem> {
  return playbackCall('/userapp/playback/comment', id, { id, content }, { loginPrompt: true })
}

/** POST /userapp/playback/like {id} (R7.83). */
export function likePlayback(id: number) {
  return playbackCall('/userapp/playback/like', id, { id })
}

/** POST /userapp/teaser/detail (R7.17). */
export function fetchTeaserDetail(id: number): Promise<TeaserDetail> {
  return callPost('/userapp/teaser/detail', { id })
}

/** POST /userapp/issubscribe {teaser_id} (R7.48). */
export function fetchTeaserSubscribed(teaserId: number) {
  return callPost('/userapp/issubscribe', { teaser_id: teaserId }, { loginPrompt: true })
}

/** POST /userapp/subscribe {teaser_id} (R7.49). */
export function subscribeTeaser(teaserId: number) {
  return callPost('/userapp/subscribe', { teaser_id: teaserId }, { loginPrompt: true })
}

/** What plays after a playback: its room's next recording (else the best of the others) and related ones. */
export type PlaybackRelated = DataOf<PostAt<'/userapp/playback/related'>>

/** A related playback (the list item). */
export type RelatedPlayback = PlaybackRelated['list'][number]

/** POST /userapp/playback/related {id, count}: the next recording and related ones (the end screen, 相关推荐). */
export function fetchPlaybackRelated(id: number, count = 6): Promise<PlaybackRelated> {
  return callPost('/userapp/playback/related', { id, count })
}
