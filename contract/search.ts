/** Search (spec section 7, "Search"): the hot keywords, and the four result tabs (R2.48). */
import { Type } from 'typebox'
import { defineCall } from './call'
import { PlaybackItem, RoomItem, StreamerItem, TeaserItem } from './content'
import { F, Paged, Payload } from './schema'

const U = '/api/v1/userapp'

export const searchHot = defineCall({
  spec: ['R7.37'],
  summary: '热门搜索词',
  method: 'POST',
  path: `${U}/search/hot`,
  payload: Payload({ count: F.count(15, 50) }),
  data: Type.Array(Type.String())
})

/**
 * The payload of every search: the keywords, or a room id (the room itself, its streamer, its previews, its
 * playbacks). No keywords and no room find nothing; a numeric keyword also finds the streamer of that room (R4.44).
 */
const SearchPayload = Payload({
  keywords: F.str('关键词', { maxLength: 50 }),
  roomid: F.int('直播间ID'),
  page: F.page(),
  count: F.count(15, 50)
})

export const searchLiving = defineCall({
  spec: ['R7.38', 'R2.48'],
  summary: '搜索直播间',
  method: 'POST',
  path: `${U}/search/living`,
  payload: SearchPayload,
  data: Paged(RoomItem)
})

export const searchHost = defineCall({
  spec: ['R7.38', 'R2.48', 'R4.44'],
  summary: '搜索主播',
  method: 'POST',
  path: `${U}/search/host`,
  payload: SearchPayload,
  data: Paged(StreamerItem)
})

export const searchTeaser = defineCall({
  spec: ['R7.38', 'R2.48'],
  summary: '搜索预告',
  method: 'POST',
  path: `${U}/search/teaser`,
  payload: SearchPayload,
  data: Paged(TeaserItem)
})

export const searchPlayback = defineCall({
  spec: ['R7.38', 'R2.48'],
  summary: '搜索回放',
  method: 'POST',
  path: `${U}/search/playback`,
  payload: SearchPayload,
  data: Paged(PlaybackItem)
})
