import { callPost } from '@/core/call'
import type { PagedData } from './types'

/** An album (spec R3.33): id, total, likes. */
export interface AlbumDetail {
  id: number
  title: string
  description?: string
  cover?: string
  room_id?: number
  total: number
  likes: number
  visits?: number
}

/** A photo (spec R3.34): id, likes. */
export interface PhotoItem {
  id: number
  url: string
  thumb?: string
  width?: number
  height?: number
  likes: number
  description?: string
  time?: number
}

/** POST /userapp/album/detail (R7.103). */
export function fetchAlbum(id: number): Promise<AlbumDetail> {
  return callPost<AlbumDetail>('/userapp/album/detail', { id })
}

/** POST /userapp/album/photo/list {album_id, order, count 30} (R7.104). */
export function fetchPhotos(q: {
  albumId: number
  order?: string
  page: number
  count: number
}): Promise<PagedData<PhotoItem>> {
  return callPost<PagedData<PhotoItem>>('/userapp/album/photo/list', {
    album_id: q.albumId,
    order: q.order || 'desc',
    page: q.page,
    count: q.count
  })
}

/** POST /userapp/album/photo/up {id, type} (R7.105, R7.106): type 1 likes, type 0 takes the like back. */
export function upPhoto(id: number, type: 1 | 0): Promise<{ likes?: number }> {
  return callPost<{ likes?: number }>('/userapp/album/photo/up', { id, type: String(type) })
}
