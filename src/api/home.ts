import type { Static } from 'typebox'
import type { DataOf, InputOf, PostAt } from '../../contract'
import type * as C from '../../contract/content'
import { callAction, callPost } from '@/core/call'

/** A live list item (spec R3.13): onair 1 means live, start_time is the scheduled start. */
export type RoomItem = Static<typeof C.RoomItem>

/** A playback (spec R3.18): streamer or user. */
export type PlaybackItem = Static<typeof C.PlaybackItem>

/** A preview (teaser) or event (spec R3.21). */
export type TeaserItem = Static<typeof C.TeaserItem>

/** A streamer of the lists and searches (spec R3.22). */
export type StreamerItem = Static<typeof C.StreamerItem>

export type ChannelItem = Static<typeof C.ChannelItem>

/** A home menu entry, notice and slide: where a tap goes is url, else link. */
export type { MenuItem, Notice, Slide } from '../../contract/content'

/**
 * The index response (spec R3.26): menu, notices, liveRooms, streamers, topPlaybacks, playbacks, channels.tv and
 * channels.radio. topRooms is a home-state field the store derives from liveRooms, not part of the response.
 */
export type HomeIndex = DataOf<PostAt<'/userapp/index'>>

export interface PageQuery {
  page: number
  count: number
}

/** POST /userapp/index (R7.10). */
export function fetchIndex(): Promise<HomeIndex> {
  return callPost('/userapp/index', {})
}

/** GET /live/api_mapp.php?a=slides (R7.11). */
export function fetchSlides() {
  return callAction('/live/api_mapp.php?a=slides', {})
}

/** POST /userapp/living/list: page, count, optional comma-joined roomid, order, only rooms on air (R7.12, R7.22). */
export function fetchLiveRooms(q: PageQuery & { roomid?: number[]; order?: string; tag?: number; onair?: 1 }) {
  const data: InputOf<PostAt<'/userapp/living/list'>> = { page: q.page, count: q.count }
  if (q.tag) data.tag = q.tag
  if (q.onair) data.onair = q.onair
  if (q.roomid?.length) data.roomid = q.roomid.join(',')
  if (q.order) data.order = q.order
  return callPost('/userapp/living/list', data)
}

/** POST /userapp/playback/list: count, page, recommend flag (R7.14, R7.23). */
export function fetchPlaybacks(q: PageQuery & { recommend?: boolean }) {
  const data: InputOf<PostAt<'/userapp/playback/list'>> = { page: q.page, count: q.count }
  if (q.recommend) data.recommend = 1
  return callPost('/userapp/playback/list', data)
}

/** POST /userapp/teaser/list: count, page, recommend flag (R7.16, R7.23). Events are the previews. */
export function fetchTeasers(q: PageQuery & { recommend?: boolean }) {
  const data: InputOf<PostAt<'/userapp/teaser/list'>> = { page: q.page, count: q.count }
  if (q.recommend) data.recommend = 1
  return callPost('/userapp/teaser/list', data)
}
