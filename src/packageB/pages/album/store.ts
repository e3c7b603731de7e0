import { makeAutoObservable, runInAction } from 'mobx'
import { fetchAlbum, fetchPhotos, upPhoto, type AlbumDetail, type PhotoItem } from '@/api/album'
import { settle } from '@/core/call'
import { likesStore } from '@/stores/likes'
import { PAGE_SIZE, PagedList } from '@/stores/paged-list'

/** A photo-album live: the album and its photos, 30 a page (spec R7.103, R7.104, R9.4). */
export class AlbumStore {
  album: AlbumDetail | null = null
  error: string | null = null
  order: 'desc' | 'hot' = 'desc'
  readonly photos: PagedList<PhotoItem>

  constructor(readonly id: number) {
    this.photos = new PagedList<PhotoItem>(
      (q) => fetchPhotos({ albumId: id, order: this.order, ...q }),
      PAGE_SIZE.photos
    )
    makeAutoObservable(this, { photos: false, id: false })
  }

  async load() {
    const res = await settle(fetchAlbum(this.id))
    runInAction(() => {
      if (res.ok) this.album = res.data
      // an answer's message is shown; a rejection (404, timeout) gets the page's own text
      else this.error = (res.error.answered && res.error.msg) || '相册不存在'
    })
    await settle(this.photos.load({ reset: true }))
  }

  setOrder(order: 'desc' | 'hot') {
    this.order = order
    void settle(this.photos.load({ reset: true }))
  }

  liked(photo: PhotoItem): boolean {
    return likesStore.has('photos', photo.id)
  }

  /** A photo like toggles off when already liked (R4.29); the album's likes follow. */
  async toggleLike(photo: PhotoItem): Promise<'liked' | 'unliked' | 'skipped'> {
    return likesStore.toggle('photos', photo.id, async (undo) => {
      const up = await upPhoto(photo.id, undo ? 0 : 1)
      runInAction(() => {
        photo.likes = up?.likes ?? photo.likes + (undo ? -1 : 1)
        if (this.album) this.album.likes = Math.max(0, this.album.likes + (undo ? -1 : 1))
      })
    })
  }
}
