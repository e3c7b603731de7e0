import type { DataOf, InputOf, PostAt } from '../../contract'
import { callPost } from '@/core/call'

/** Result tabs: streamer, live, preview, playback, shown as 主播, 直播, 活动, 视频 (spec R2.48). */
export type SearchKind = 'streamer' | 'live' | 'preview' | 'playback'

/** Where each tab searches (R7.38). */
export const SEARCH_PATHS = {
  streamer: '/userapp/search/host',
  live: '/userapp/search/living',
  preview: '/userapp/search/teaser',
  playback: '/userapp/search/playback'
} as const

type SearchAt<K extends SearchKind> = PostAt<(typeof SEARCH_PATHS)[K]>

/** A page of a tab's results. */
type SearchPage<K extends SearchKind> = DataOf<SearchAt<K>>

type ItemOf<Page> = Page extends { list: Array<infer Item> } ? Item : never

/** What a tab's results are: a streamer, a room, a preview or a playback. */
export type SearchItemOf = { [K in SearchKind]: ItemOf<SearchPage<K>> }

/** The same payload for every tab: keywords, or a room id, and the page. */
type SearchPayload = InputOf<SearchAt<SearchKind>>

export interface SearchQuery {
  keywords: string
  roomid?: number
  page: number
  count: number
}

const SEARCHES: { [K in SearchKind]: (data: SearchPayload) => Promise<SearchPage<K>> } = {
  streamer: (data) => callPost(SEARCH_PATHS.streamer, data),
  live: (data) => callPost(SEARCH_PATHS.live, data),
  preview: (data) => callPost(SEARCH_PATHS.preview, data),
  playback: (data) => callPost(SEARCH_PATHS.playback, data)
}

/** POST /userapp/search/hot (R7.37): the hot keywords. */
export function fetchHotKeywords() {
  return callPost('/userapp/search/hot', {})
}

/** POST /userapp/search/{living,host,teaser,playback} {roomid, keywords, count, page} (R7.38). */
export function search<K extends SearchKind>(kind: K, q: SearchQuery): Promise<SearchPage<K>> {
  const data: SearchPayload = { keywords: q.keywords, count: q.count, page: q.page }
  if (q.roomid) data.roomid = q.roomid
  return SEARCHES[kind](data)
}
