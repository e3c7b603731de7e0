import type { DataOf, PostAt } from '../../contract'
import { callPost } from '@/core/call'

/** An album (spec R3.33): id, total, likes. */
export type { Album as AlbumDetail } from '../../contract/album'

/** A photo (spec R3.34): id, likes. */
export type { Photo as PhotoItem } from '../../contract/album'

/** POST /userapp/album/detail (R7.103). */
export function fetchAlbum(id: number) {
  return callPost('/userapp/album/detail', { id })
}

/** POST /userapp/album/photo/list {album_id, order, count 30} (R7.104). */
export function fetchPhotos(q: { albumId: number; order?: string; page: number; count: number }) {
  return callPost('/userapp/album/photo/list', {
    album_id: q.albumId,
    order: q.order || 'desc',
    page: q.page,
    count: q.count
  })
}

/** POST /userapp/album/photo/up {id, type} (R7.105, R7.106): type 1 likes, type 0 takes the like back. */
export function upPhoto(id: number, type: 1 | 0): Promise<DataOf<PostAt<'/userapp/album/photo/up'>>> {
  return callPost('/userapp/album/photo/up', { id, type: String(type) })
}
