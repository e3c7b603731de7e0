import { makeAutoObservable, runInAction } from 'mobx'
import {
  fetchComments,
  fetchPlaybackDanmaku,
  fetchPlaybackDetail,
  likePlayback,
  postComment,
  type CommentItem,
  type PlaybackDanmakuRaw,
  type PlaybackDetail
} from '@/api/playback'
import { likesStore } from './likes'
import { PAGE_SIZE, PagedList } from './paged-list'

export interface TimedDanmaku {
  time: number
  text: string
}

/** A playback danmaku item maps relativeTimestamp and the text field of its JSON content to time and text (R3.20). */
export function toTimedDanmaku(items: PlaybackDanmakuRaw[] | null | undefined): TimedDanmaku[] {
  const out: TimedDanmaku[] = []
  for (const item of items || []) {
    try {
      const text = String((JSON.parse(item.content) as { text?: unknown }).text ?? '').trim()
      if (text) out.push({ time: Number(item.relativeTimestamp) || 0, text })
    } catch {
      // unparseable content is skipped
    }
  }
  return out.sort((a, b) => a.time - b.time)
}

/** A new comment is prepended with an id one above the first, and the total rises (R4.30). */
export function prependComment(list: PagedList<CommentItem>, comment: Omit<CommentItem, 'id'>) {
  const first = list.list[0]?.id ?? 0
  list.list = [{ ...comment, id: first + 1 }, ...list.list]
  list.total += 1
}

/** Danmaku is sent only with text and a playing media context (R5.11). */
export function canSendDanmaku(text: string, context: { playing: boolean } | null | undefined): boolean {
  return !!text.trim() && !!context && context.playing
}

/** One playback: detail, timed danmaku, comments (5 a page) and its like. */
export class PlaybackStore {
  detail: PlaybackDetail | null = null
  danmaku: TimedDanmaku[] = []
  error: string | null = null
  readonly comments: PagedList<CommentItem>

  constructor(readonly id: number) {
    this.comments = new PagedList<CommentItem>((q) => fetchComments({ id, ...q }), PAGE_SIZE.comments)
    makeAutoObservable(this, { comments: false, id: false })
  }

  async load() {
    this.error = null
    const [detail, danmaku] = await Promise.all([fetchPlaybackDetail(this.id).catch(() => null), fetchPlaybackDanmaku(this.id).catch(() => null)])
    runInAction(() => {
      if (detail && detail.code === 1) this.detail = detail.data
      else this.error = detail?.msg || '回看不存在或已下线'
      if (danmaku && danmaku.code === 1) this.danmaku = toTimedDanmaku(danmaku.data)
    })
    this.comments.load({ reset: true }).catch(() => undefined)
  }

  get liked(): boolean {
    return likesStore.has('medias', this.id)
  }

  /** Like once; an already-liked playback is skipped (R5.12). */
  async like(): Promise<boolean> {
    const result = await likesStore.toggle('medias', this.id, async () => {
      const res = await likePlayback(this.id)
      if (res.code !== 1) throw new Error(res.msg || '点赞失败')
      runInAction(() => {
        if (this.detail) this.detail.likes = res.data?.likes ?? (this.detail.likes || 0) + 1
      })
    })
    return result === 'liked'
  }

  /** Post a comment; on success it shows first (R4.30). Returns the server message on failure. */
  async comment(content: string): Promise<true | string> {
    const text = content.trim()
    if (!text) return '请输入评论内容'
    const res = await postComment(this.id, text).catch((e: { msg?: string }) => ({ code: -1, msg: e.msg || '评论失败', data: null }))
    if (res.code !== 1) return res.msg || '评论失败'
    runInAction(() => prependComment(this.comments, { content: text, time: Math.floor(Date.now() / 1000), user: res.data?.user }))
    return true
  }
}
