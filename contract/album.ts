/** Albums and their photos (spec section 7, "Albums and upload"). */
import { Type } from 'typebox'
import { defineCall } from './call'
import { F, Obj, Paged, Payload, Seconds, Url, type Static } from './schema'

const U = '/api/v1/userapp'

/** An album (R3.33). */
export const Album = Obj({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  cover: Url(),
  room_id: Type.Integer({ description: '所属直播间' }),
  total: Type.Integer({ minimum: 0, description: '照片数' }),
  likes: Type.Integer({ minimum: 0, description: '照片的点赞总数' }),
  visits: Type.Integer({ minimum: 0 }),
  start_time: Seconds()
})

/** A photo (R3.34). */
export const Photo = Obj({
  id: Type.Integer(),
  album_id: Type.Integer(),
  url: Url(),
  thumb: Url(),
  width: Type.Integer({ minimum: 0 }),
  height: Type.Integer({ minimum: 0 }),
  likes: Type.Integer({ minimum: 0 }),
  description: Type.String(),
  time: Seconds()
})

export type Album = Static<typeof Album>
export type Photo = Static<typeof Photo>

const albumId = () => F.int('相册ID', { minimum: 1 })

export const albumDetail = defineCall({
  spec: ['R7.103', 'R3.33'],
  summary: '相册详情（每位观众每天计一次访问）',
  method: 'POST',
  path: `${U}/album/detail`,
  payload: Payload({ id: albumId(), album_id: albumId() }),
  data: Album
})

export const photoList = defineCall({
  spec: ['R7.104', 'R3.34'],
  summary: '相册的照片列表',
  method: 'POST',
  path: `${U}/album/photo/list`,
  payload: Payload(
    {
      album_id: albumId(),
      order: F.str('排序', {
        enum: ['desc', 'asc', 'hot', 'new', 'old', 'sort', ''],
        default: 'desc',
        description: 'desc / new / sort / 空：新的在前；asc / old：旧的在前；hot：点赞多的在前'
      }),
      page: F.page(),
      count: F.count(30, 100)
    },
    ['album_id']
  ),
  data: Paged(Photo)
})

export const photoUp = defineCall({
  spec: ['R7.105', 'R7.106', 'R4.29'],
  summary: '照片点赞或取消',
  method: 'POST',
  path: `${U}/album/photo/up`,
  payload: Payload(
    {
      id: F.int('照片ID', { minimum: 1 }),
      type: F.str('类型', { description: '1（缺省）点赞；0、-1、down、cancel 取消自己的赞' })
    },
    ['id']
  ),
  data: Obj({
    id: Type.Integer(),
    likes: Type.Integer({ minimum: 0, description: '照片的点赞数' }),
    liked: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '1 点赞，0 取消' })
  })
})
