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
import { settle } from '@/core/call'
import { failureText } from '@/utils/errors'
import { likesStore } from '@/stores/likes'
import { PAGE_SIZE, PagedList } from '@/stores/paged-list'
import { playbackPremiumStore } from '@/packageA/components/interact/premium-store'

export interface TimedDanmaku {
  time: number
  text: string
}

/** A playback danmaku item maps relativeTimestamp and the text field of its JSON content to time and text (R3.20). */
export function toTimedDanmaku(items: PlaybackDanmakuRaw[] | null | undefined): TimedDanmaku[] {
  const out: TimedDanmaku[] = []
  for (const item of items || []) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the server's text is a string (a number at worst)
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
    const [detail, { data: danmaku }] = await Promise.all([
      settle(fetchPlaybackDetail(this.id)),
      settle(fetchPlaybackDanmaku(this.id))
    ])
    runInAction(() => {
      if (detail.ok) this.detail = detail.data
      // an answer's message is shown (该直播间需要输入密码, …); a rejection (404, timeout) gets the page's own text
      else this.error = (detail.error.answered && detail.error.msg) || '回看不存在或已下线'
      // a paid playback's banner and its player's block read the detail (price, trial)
      if (detail.data) playbackPremiumStore.know(this.id, detail.data)
      if (danmaku) this.danmaku = toTimedDanmaku(danmaku)
    })
    void settle(this.comments.load({ reset: true }))
  }

  get liked(): boolean {
    return likesStore.has('medias', this.id)
  }

  /** Like once; an already-liked playback is skipped (R5.12). */
  async like(): Promise<boolean> {
    const result = await likesStore.toggle('medias', this.id, async () => {
      const liked = await likePlayback(this.id)
      runInAction(() => {
        if (this.detail) this.detail.likes = liked?.likes ?? (this.detail.likes || 0) + 1
      })
    })
    return result === 'liked'
  }

  /** Post a comment; on success it shows first (R4.30). Returns the server message on failure. */
  async comment(content: string): Promise<true | string> {
    const text = content.trim()
    if (!text) return '请输入评论内容'
    const res = await settle(postComment(this.id, text))
    if (!res.ok) return failureText(res.error, '评论失败')
    const posted = res.data
    runInAction(() =>
      prependComment(this.comments, { content: text, time: Math.floor(Date.now() / 1000), user: posted?.user })
    )
    return true
  }
}
