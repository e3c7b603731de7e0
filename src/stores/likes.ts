import { makeAutoObservable } from 'mobx'
import { getItem, setItem } from '@/platform/storage'
import { OnItsWay } from '@/utils/on-its-way'

/** What can be liked, each remembered under its own local storage key (spec R9.32). */
export type LikeKind = 'medias' | 'posts' | 'photos'

export const LIKE_KEYS: Record<LikeKind, string> = {
  medias: 'liked_medias',
  posts: 'liked_posts',
  photos: 'liked_photos'
}

/**
 * One like per media, post or photo, remembered locally (R4.28). Media and post likes are never undone and an
 * already-liked one is skipped (R4.29, R5.12); a photo like toggles off when it was already liked.
 */
export class LikesStore {
  liked: Record<LikeKind, number[]> = {
    medias: getItem<number[]>(LIKE_KEYS.medias) || [],
    posts: getItem<number[]>(LIKE_KEYS.posts) || [],
    photos: getItem<number[]>(LIKE_KEYS.photos) || []
  }

  /** The likes on their way, by kind and id: a second tap meanwhile gets the first's outcome (toggle). */
  private readonly tapping = new OnItsWay<string, 'liked' | 'unliked' | 'skipped'>()

  constructor() {
    makeAutoObservable<LikesStore, 'tapping'>(this, { tapping: false })
  }

  has(kind: LikeKind, id: number): boolean {
    return this.liked[kind].includes(id)
  }

  private remember(kind: LikeKind, ids: number[]) {
    this.liked[kind] = ids
    setItem(LIKE_KEYS[kind], ids)
  }

  /**
   * Like (or, for a liked photo, unlike) through `call`. Resolves 'liked', 'unliked' or 'skipped'; a failed call
   * changes nothing and rejects. A tap while the same like is on its way (a double tap, a slow network) gets that
   * tap's outcome and sends nothing: each call counts on the server, and a second would count the viewer twice.
   */
  toggle(
    kind: LikeKind,
    id: number,
    call: (undo: boolean) => Promise<unknown>
  ): Promise<'liked' | 'unliked' | 'skipped'> {
    return this.tapping.run(`${kind}:${id}`, () => this.toggleNow(kind, id, call))
  }

  private async toggleNow(
    kind: LikeKind,
    id: number,
    call: (undo: boolean) => Promise<unknown>
  ): Promise<'liked' | 'unliked' | 'skipped'> {
    const already = this.has(kind, id)
    if (already && kind !== 'photos') return 'skipped'
    await call(already)
    if (already) {
      this.remember(
        kind,
        this.liked[kind].filter((x) => x !== id)
      )
      return 'unliked'
    }
    this.remember(kind, [...this.liked[kind], id])
    return 'liked'
  }
}

export const likesStore = new LikesStore()
