import { callGet, callPost } from '@/core/call'
import type { PagedData } from './types'

/** A streamer as lists show them (spec R3.22). */
export interface StreamerBrief {
  id: number
  nick_name?: string
  nickName?: string
  name?: string
  avatar?: string
  sex?: number
  room_id?: number
}

/** A live list item (spec R3.13): onair 1 means live, start_time is the scheduled start. */
export interface RoomItem {
  id: number
  roomid?: number
  title: string
  topic?: string
  cover?: string
  orientation?: string
  onair: number
  start_time?: number
  online?: number
  likes?: number
  visits?: number
  is_premium?: number
  need_password?: number
  streamer?: StreamerBrief
}

/** A playback (spec R3.18): streamer or user. */
export interface PlaybackItem {
  id: number
  roomId?: number
  title: string
  cover?: string
  duration?: number
  views?: number
  likes?: number
  time?: number
  streamer?: StreamerBrief
  user?: StreamerBrief
}

/** A preview (teaser) or event (spec R3.21). */
export interface TeaserItem {
  id: number
  title: string
  cover?: string
  description?: string
  start_time?: number
  roomId?: number
  subscribes?: number
  link?: string
  streamer?: StreamerBrief
}

export interface StreamerItem extends StreamerBrief {
  description?: string
  brief?: string
  roomId?: number
  fans?: number
  popularity?: number
  onair?: number
}

export interface ChannelItem {
  id: number
  type: 'tv' | 'radio'
  title: string
  logo?: string
  cover?: string
  frequency?: string
  current?: { title: string; start: string; end: string } | null
}

export interface LinkItem {
  id: number
  title: string
  image?: string
  icon?: string
  url?: string
  link?: string
}

/**
 * The index response (spec R3.26): menu, notices, liveRooms, streamers, topPlaybacks, playbacks, channels.tv and
 * channels.radio. topRooms is a home-state field the store derives from liveRooms, not part of the response.
 */
export interface HomeIndex {
  menu?: LinkItem[]
  notices?: LinkItem[]
  liveRooms?: RoomItem[]
  streamers?: StreamerItem[]
  topPlaybacks?: PlaybackItem[]
  playbacks?: PlaybackItem[]
  events?: TeaserItem[]
  channels?: { tv?: ChannelItem[]; radio?: ChannelItem[] }
}

export interface PageQuery {
  page: number
  count: number
}

/** POST /userapp/index (R7.10). */
export function fetchIndex(): Promise<HomeIndex> {
  return callPost<HomeIndex>('/userapp/index')
}

/** GET /live/api_mapp.php?a=slides (R7.11). */
export function fetchSlides(): Promise<LinkItem[]> {
  return callGet<LinkItem[]>('/live/api_mapp.php', { a: 'slides' })
}

/** POST /userapp/living/list: page, count, optional comma-joined roomid, order (R7.12, R7.22). */
export function fetchLiveRooms(
  q: PageQuery & { roomid?: number[]; order?: string; tag?: number }
): Promise<PagedData<RoomItem>> {
  const data: Record<string, unknown> = { page: q.page, count: q.count }
  if (q.tag) data.tag = q.tag
  if (q.roomid?.length) data.roomid = q.roomid.join(',')
  if (q.order) data.order = q.order
  return callPost<PagedData<RoomItem>>('/userapp/living/list', data)
}

/** POST /userapp/playback/list: count, page, recommend flag (R7.14, R7.23). */
export function fetchPlaybacks(q: PageQuery & { recommend?: boolean }): Promise<PagedData<PlaybackItem>> {
  const data: Record<string, unknown> = { page: q.page, count: q.count }
  if (q.recommend) data.recommend = 1
  return callPost<PagedData<PlaybackItem>>('/userapp/playback/list', data)
}

/** POST /userapp/teaser/list: count, page, recommend flag (R7.16, R7.23). Events are the previews. */
export function fetchTeasers(q: PageQuery & { recommend?: boolean }): Promise<PagedData<TeaserItem>> {
  const data: Record<string, unknown> = { page: q.page, count: q.count }
  if (q.recommend) data.recommend = 1
  return callPost<PagedData<TeaserItem>>('/userapp/teaser/list', data)
}
