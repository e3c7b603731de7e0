/**
 * A playback's danmaku by video time (R3.20: each has its relativeTimestamp): as the video plays, each item flies when
 * the position passes its time. A jump (a seek, a resume, a loop) moves the cursor without flying everything skipped.
 * Pure and driven by the positions it is given, so it is tested without a video.
 */
import { displayText } from '@/utils/validate'

export interface TimedItem {
  time: number
  text: string
}

export interface DueItem {
  /** a key of its own, stable for the item (its index plus one) */
  msgId: number
  text: string
  nickname: string
  time: number
}

/** The largest step between two positions that still counts as playing on (timeupdate comes every 250 ms or so). */
export const MAX_STEP_SECONDS = 1.5

export class TimedFeed {
  private cursor = 0
  private last: number | null = null

  constructor(private readonly items: readonly TimedItem[]) {}

  /** The items whose time lies in (previous position, position]; none after a jump, which only moves the cursor. */
  advance(position: number): DueItem[] {
    const t = Number(position)
    if (!Number.isFinite(t)) return []
    // the first position near the start plays from the start: items at 0 s fly too
    const fromStart = this.last === null && t <= MAX_STEP_SECONDS
    const prev = fromStart ? -Infinity : this.last
    this.last = t
    if (!fromStart && (prev === null || t < prev || t - prev > MAX_STEP_SECONDS)) {
      this.cursor = this.firstAfter(t)
      return []
    }
    const due: DueItem[] = []
    while (this.cursor < this.items.length && this.items[this.cursor].time <= t) {
      const item = this.items[this.cursor]
      if (item.time > (prev as number))
        due.push({ msgId: this.cursor + 1, text: displayText(item.text), nickname: '', time: item.time })
      this.cursor++
    }
    return due
  }

  /** Index of the first item later than `t` (items are sorted by time). */
  private firstAfter(t: number): number {
    let lo = 0
    let hi = this.items.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (this.items[mid].time <= t) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}
