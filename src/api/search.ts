import { callPost } from '@/core/call'
import type { PagedData } from './types'
import type { PlaybackItem, RoomItem, StreamerItem, TeaserItem } from './home'

/** Result tabs: streamer, live, preview, playback, shown as 主播, 直播, 活动, 视频 (spec R2.48). */
export type SearchKind = 'streamer' | 'live' | 'preview' | 'playback'

export const SEARCH_PATHS: Record<SearchKind, string> = {
  streamer: '/userapp/search/host',
  live: '/userapp/search/living',
  preview: '/userapp/search/teaser',
  playback: '/userapp/search/playback'
}

export interface SearchItemOf {
  streamer: StreamerItem
  live: RoomItem
  preview: TeaserItem
  playback: PlaybackItem
}

export interface SearchQuery {
  keywords: string
  roomid?: number
  page: number
  count: number
}

/** POST /userapp/search/hot (R7.37): the hot keywords. */
export function fetchHotKeywords(): Promise<string[]> {
  return callPost<string[]>('/userapp/search/hot')
}

/** POST /userapp/search/{living,host,teaser,playback} {roomid, keywords, count, page} (R7.38). */
export function search<K extends SearchKind>(kind: K, q: SearchQuery): Promise<PagedData<SearchItemOf[K]>> {
  const data: Record<string, unknown> = { keywords: q.keywords, count: q.count, page: q.page }
  if (q.roomid) data.roomid = q.roomid
  return callPost<PagedData<SearchItemOf[K]>>(SEARCH_PATHS[kind], data)
}
