import { makeAutoObservable, runInAction } from 'mobx'
import { fetchAlbum, fetchPhotos, upPhoto, type AlbumDetail, type PhotoItem } from '@/api/album'
import { likesStore } from './likes'
import { PAGE_SIZE, PagedList } from './paged-list'

/** A photo-album live: the album and its photos, 30 a page (spec R7.103, R7.104, R9.4). */
export class AlbumStore {
  album: AlbumDetail | null = null
  error: string | null = null
  order: 'desc' | 'hot' = 'desc'
  readonly photos: PagedList<PhotoItem>

  constructor(readonly id: number) {
    this.photos = new PagedList<PhotoItem>((q) => fetchPhotos({ albumId: id, order: this.order, ...q }), PAGE_SIZE.photos)
    makeAutoObservable(this, { photos: false, id: false })
  }

  async load() {
    const res = await fetchAlbum(this.id).catch(() => null)
    runInAction(() => {
      if (res && res.code === 1) this.album = res.data
      else this.error = res?.msg || '相册不存在'
    })
    await this.photos.load({ reset: true }).catch(() => undefined)
  }

  setOrder(order: 'desc' | 'hot') {
    this.order = order
    this.photos.load({ reset: true }).catch(() => undefined)
  }

  liked(photo: PhotoItem): boolean {
    return likesStore.has('photos', photo.id)
  }

  /** A photo like toggles off when already liked (R4.29); the album's likes follow. */
  async toggleLike(photo: PhotoItem): Promise<'liked' | 'unliked' | 'skipped'> {
    return likesStore.toggle('photos', photo.id, async (undo) => {
      const res = await upPhoto(photo.id, undo ? 0 : 1)
      if (res.code !== 1) throw new Error(res.msg)
      runInAction(() => {
        photo.likes = res.data?.likes ?? photo.likes + (undo ? -1 : 1)
        if (this.album) this.album.likes = Math.max(0, this.album.likes + (undo ? -1 : 1))
      })
    })
  }
}
