import { makeAutoObservable, runInAction } from 'mobx'
import {
  fetchComments,
  fetchPlaybackDanmaku,
  fetchPlaybackDetail,
  fetchPlaybackRelated,
  likePlayback,
  postComment,
  type CommentItem,
  type PlaybackDanmakuRaw,
  type PlaybackDetail,
  type RelatedPlayback
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

/**
 * Danmaku is sent with text and a media context (R5.11): the video is there, playing or paused (a viewer pauses to
 * write, as on every video site); no video, no danmaku.
 */
export function canSendDanmaku(text: string, context: { playing: boolean } | null | undefined): boolean {
  return !!text.trim() && !!context
}

/** The end screen's countdown before the next recording plays by itself, in seconds. */
export const AUTOPLAY_SECONDS = 5

/** A clock for the countdown: one tick a second until stopped (tests give their own). */
export interface Ticker {
  every(ms: number, tick: () => void): () => void
}

const realTicker: Ticker = {
  every(ms, tick) {
    const timer = setInterval(tick, ms)
    return () => clearInterval(timer)
  }
}

/** One playback: detail, timed danmaku, comments (5 a page) and its like. */
export class PlaybackStore {
  detail: PlaybackDetail | null = null
  danmaku: TimedDanmaku[] = []
  error: string | null = null
  /** What plays next (the end screen), and the related recordings (相关推荐). */
  next: RelatedPlayback | null = null
  related: RelatedPlayback[] = []
  /** The video played to its end: the end screen shows. */
  ended = false
  /** Seconds left before the next recording plays by itself; null when not counting (cancelled, or nothing next). */
  countdown: number | null = null
  readonly comments: PagedList<CommentItem>
  /** A comment is on its way to the server: 发送 tapped again meanwhile posts nothing. */
  commenting = false
  private stopTicker: (() => void) | null = null

  constructor(
    readonly id: number,
    private readonly ticker: Ticker = realTicker
  ) {
    this.comments = new PagedList<CommentItem>((q) => fetchComments({ id, ...q }), PAGE_SIZE.comments)
    makeAutoObservable<PlaybackStore, 'stopTicker' | 'ticker'>(this, {
      comments: false,
      id: false,
      stopTicker: false,
      ticker: false
    })
  }

  /** The next recording and the related ones; failures leave them empty (the page shows no such section). */
  async loadRelated() {
    const { data } = await settle(fetchPlaybackRelated(this.id))
    if (data) runInAction(() => ((this.next = data.next), (this.related = data.list)))
  }

  /**
   * The video reached its end: the end screen, and the countdown to the next recording, which `onNext` opens when it
   * reaches 0 (unless cancelled).
   */
  end(onNext: (next: RelatedPlayback) => void) {
    this.ended = true
    this.stopCountdown()
    const next = this.next
    if (!next) return
    this.countdown = AUTOPLAY_SECONDS
    this.stopTicker = this.ticker.every(1000, () =>
      runInAction(() => {
        if (this.countdown === null) return
        this.countdown -= 1
        if (this.countdown > 0) return
        this.stopCountdown()
        onNext(next)
      })
    )
  }

  /** The viewer stays: no autoplay of the next recording (the end screen stays with its buttons). */
  cancelAutoplay() {
    this.stopCountdown()
  }

  /** 重播, or the video playing again: the end screen goes. */
  resume() {
    this.ended = false
    this.stopCountdown()
  }

  stopCountdown() {
    this.stopTicker?.()
    this.stopTicker = null
    this.countdown = null
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
    void this.loadRelated()
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

  /**
   * Post a comment; on success it shows first (R4.30). Returns the server message on failure, and null for a tap while
   * a comment is on its way (a double tap, or 发送 then the keyboard's confirm), which posts nothing: the server takes
   * every call as a comment of its own.
   */
  async comment(content: string): Promise<true | string | null> {
    const text = content.trim()
    if (!text) return '请输入评论内容'
    if (this.commenting) return null
    this.commenting = true
    const res = await settle(postComment(this.id, text)).finally(() => runInAction(() => (this.commenting = false)))
    if (!res.ok) return failureText(res.error, '评论失败')
    const posted = res.data
    runInAction(() =>
      prependComment(this.comments, { content: text, time: Math.floor(Date.now() / 1000), user: posted?.user })
    )
    return true
  }
}
