import { showToast } from '@/ui/overlay'
import { noticeCellular } from '@/ui/network-notice'
import { Backoff } from '@/utils/backoff'
import { markFirstFrame, resetFirstFrame } from './first-frame'
import { AUTO, levelFor, qualityPreference, qualityShort } from './quality'
import type { Rendition } from './renditions'

/**
 * The rules both players keep (index.h5.tsx on the web, index.tsx in the mini-program): the retry of a failed
 * stream, the cadence a position is saved at, what a stream's start and first play set off (the first frame, the
 * mobile-data notice), and how a chosen 清晰度 is applied.
 */

/** Where an on-demand video's position is saved while it plays (and on pause, end and leaving). */
export const SAVE_EVERY_MS = 5000
/** The rate a long press plays at while held. */
export const HOLD_RATE = 2

/** Whether a position is due to be saved at `now`: every SAVE_EVERY_MS of the clock while the video plays. */
export class SaveCadence {
  private last = 0

  due(now: number): boolean {
    if (now - this.last < SAVE_EVERY_MS) return false
    this.last = now
    return true
  }
}

/**
 * A failed stream is tried again after the backoff's wait (src/utils/backoff.ts: 网络不给力，正在重连… meanwhile), or,
 * after two minutes of failures, given up (点击重试). One try waits at a time; `stop` cancels it for good.
 */
export class Retry {
  private backoff = new Backoff()
  private timer: ReturnType<typeof setTimeout> | null = null
  private stopped = false

  constructor(
    private readonly on: { waiting: () => void; gaveUp: () => void },
    private readonly now: () => number = Date.now
  ) {}

  /** A failure: `again` runs after the wait (unless stopped first); nothing when a try is already waiting. */
  fail(again: () => void): void {
    if (this.stopped || this.timer) return
    const wait = this.backoff.fail(this.now())
    if (wait === null) return this.on.gaveUp()
    this.on.waiting()
    this.timer = setTimeout(() => {
      this.timer = null
      if (!this.stopped) again()
    }, wait)
  }

  /** The stream plays again: the count starts over. */
  succeed(): void {
    this.backoff.succeed()
  }

  /** A new source: its failures are counted from none. */
  renew(): void {
    this.backoff = new Backoff()
  }

  /** Whether a failure is being retried. */
  get failing(): boolean {
    return this.backoff.failing
  }

  stop(): void {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }
}

/** A new stream starts loading: what waits for the video's first frame waits for this one's (first-frame.ts). */
export function streamStarting(): void {
  resetFirstFrame()
}

/**
 * The stream plays: its failures are forgotten, a viewer on mobile data is told once (network-notice.ts), and the
 * room's parts that wait for the first frame go.
 */
export function streamPlaying(retry: Retry): void {
  retry.succeed()
  void noticeCellular()
  markFirstFrame()
}

/**
 * The stream waits for the viewer's tap (the browser refused its autoplay): no picture is coming to make way for, so
 * the room's parts that wait for the first frame (its tabs, chat and bar; the activities; the group's rooms) go now
 * rather than after FIRST_FRAME_CAP, as at a first frame.
 */
export function streamAwaitsTap(): void {
  markFirstFrame()
}

/** The source for a 清晰度 where the player switches by source: the master for 自动, else the rendition's playlist. */
export function sourceFor(src: string, renditions: readonly Rendition[], height: number): string {
  const level = levelFor(
    renditions.map((r) => r.height),
    height
  )
  return level < 0 ? src : renditions[level].url
}

/** A 清晰度 the viewer chose: remembered for their next videos, applied by the player, and told. */
export function applyQuality(height: number, apply: (height: number) => void): void {
  qualityPreference.choose(height)
  apply(height)
  void showToast(`已切换到${height === AUTO ? '自动' : qualityShort(height)}`)
}
