/** The streamers (spec section 7, "Streamers"): tags, the list, the ranking and a streamer's popularity. */
import { Type } from 'typebox'
import { defineCall } from './call'
import { RankedStreamer, StreamerItem } from './content'
import { F, Obj, Paged, Payload } from './schema'

const U = '/api/v1/userapp'

/** A streamer tag (R3.23); the client puts its own hot tag (id 0) first. */
export const Tag = Obj({ id: Type.Integer({ minimum: 1 }), title: Type.String() })

export const hostTags = defineCall({
  spec: ['R7.40', 'R3.23'],
  summary: '主播标签',
  method: 'POST',
  path: `${U}/host/tags`,
  payload: Payload({}),
  data: Type.Array(Tag)
})

export const hostList = defineCall({
  spec: ['R7.41', 'R3.22'],
  summary: '主播列表',
  method: 'POST',
  path: `${U}/host/list`,
  payload: Payload({
    tag: F.int('标签', { minimum: 0, default: 0, description: '0 为全部（热门）' }),
    page: F.page(),
    count: F.count(15, 100)
  }),
  data: Paged(StreamerItem)
})

export const hostRanking = defineCall({
  spec: ['R7.42', 'R7.50', 'R2.47'],
  summary: '主播排行榜',
  method: 'POST',
  path: `${U}/host/ranking`,
  payload: Payload({
    type: F.str('榜单类型', { enum: ['day', 'week', 'month', 'all'], default: 'week' }),
    tag: F.int('标签', { default: 0, description: '0 为全部' }),
    page: F.page(),
    count: F.count(15, 100)
  }),
  data: Paged(RankedStreamer)
})

export const hostStatistics = defineCall({
  spec: ['R7.44', 'R7.4', 'R2.47'],
  summary: '主播人气（成功码为 0）',
  method: 'GET',
  path: '/rank-page/host-statistics',
  payload: Payload({ host_uid: F.int('主播ID', { minimum: 1, description: '主播 ID，或其直播间 ID' }) }, ['host_uid']),
  data: Obj({
    host_uid: Type.Integer({ description: '主播 ID' }),
    popularity: Type.Integer({ minimum: 0, description: '人气' }),
    fans: Type.Integer({ minimum: 0 }),
    likes: Type.Integer({ minimum: 0 }),
    visits: Type.Integer({ minimum: 0, description: '主播各直播间的访问数之和' }),
    rank: Type.Integer({ minimum: 1, description: '人气名次' })
  })
})
