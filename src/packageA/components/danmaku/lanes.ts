/**
 * Where each new danmaku flies: a few horizontal lanes over the video and a fixed pool of slots (rendered nodes), so a
 * busy room never has more than `slots` items on screen. A lane takes its next item once the previous one's tail has
 * cleared the right edge; messages that find no lane within `maxDelay` are dropped (the chat list still has them).
 * With `merge` (弹幕设置 合并重复弹幕), a text already shown within `mergeWindow` is not placed again: the item that
 * showed it counts one more (×N).
 * Pure and time-driven, so it is tested without a screen.
 */
export interface LaneMessage {
  msgId: number
  text: string
  nickname: string
}

export interface Flying {
  /** the message's msg_id: a new key per item, so the node (and its CSS animation) starts fresh */
  key: number
  lane: number
  text: string
  nickname: string
  /** ms the crossing takes */
  duration: number
  /** ms before it enters (its lane is still busy) */
  delay: number
  /** when it has left the screen (ms since epoch) */
  endsAt: number
  /** how many times its text arrived within the merge window (1 unless merged) */
  count: number
}

export interface LaneOptions {
  lanes: number
  slots: number
  duration: number
  maxDelay: number
  maxChars: number
  merge: boolean
  mergeWindow: number
}

export const DEFAULT_LANES: LaneOptions = {
  lanes: 4,
  slots: 16,
  duration: 7000,
  maxDelay: 1200,
  maxChars: 30,
  merge: false,
  mergeWindow: 10_000
}

/** ms until a text's tail has entered the screen (a rough per-character width at the layer's speed). */
export function tailTime(text: string, duration: number): number {
  return Math.min(duration / 2, 500 + text.length * 110)
}

export class DanmakuLanes {
  readonly options: LaneOptions
  private laneFreeAt: number[]
  private slots: (Flying | null)[]
  /** text → the item that showed it first within the merge window, and when */
  private recent = new Map<string, { at: number; item: Flying }>()

  constructor(options: Partial<LaneOptions> = {}) {
    this.options = { ...DEFAULT_LANES, ...options }
    this.laneFreeAt = Array.from({ length: this.options.lanes }, () => 0)
    this.slots = Array.from({ length: this.options.slots }, () => null)
  }

  /** Places a batch (newest last; the newest win when there is no room) and returns the items to render. */
  place(batch: LaneMessage[], now: number): Flying[] {
    const { duration, maxDelay, maxChars, merge, mergeWindow } = this.options
    if (merge) for (const [text, r] of this.recent) if (now - r.at > mergeWindow) this.recent.delete(text)
    for (let i = batch.length - 1; i >= 0; i--) {
      const m = batch[i]
      const seen = merge ? this.recent.get(m.text) : undefined
      if (seen) {
        // the item may have left the screen already: the repeat is still not shown again within the window
        const index = this.slots.indexOf(seen.item)
        seen.item = { ...seen.item, count: seen.item.count + 1 }
        if (index >= 0) this.slots[index] = seen.item
        continue
      }
      const slot = this.freeSlot(now)
      if (slot < 0) break
      const lane = this.earliestLane()
      const start = Math.max(now, this.laneFreeAt[lane])
      if (start - now > maxDelay) break
      const text = m.text.length > maxChars ? `${m.text.slice(0, maxChars)}…` : m.text
      const item: Flying = {
        key: m.msgId,
        lane,
        text,
        nickname: m.nickname,
        duration,
        delay: start - now,
        endsAt: start + duration,
        count: 1
      }
      this.laneFreeAt[lane] = start + tailTime(text, duration)
      this.slots[slot] = item
      if (merge) this.recent.set(m.text, { at: now, item })
    }
    return this.items()
  }

  /** Every occupied slot (in slot order, so surviving nodes keep their place in the tree). */
  items(): Flying[] {
    return this.slots.filter((s): s is Flying => !!s)
  }

  private earliestLane(): number {
    let best = 0
    for (let l = 1; l < this.laneFreeAt.length; l++) if (this.laneFreeAt[l] < this.laneFreeAt[best]) best = l
    return best
  }

  private freeSlot(now: number): number {
    let best = -1
    for (let s = 0; s < this.slots.length; s++) {
      const item = this.slots[s]
      if (!item) return s
      if (item.endsAt <= now && (best < 0 || item.endsAt < (this.slots[best] as Flying).endsAt)) best = s
    }
    return best
  }
}
