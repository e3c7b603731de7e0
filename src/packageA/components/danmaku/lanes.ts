import type { ChatMessage } from '@/stores/chat'

/**
 * Where each new danmaku flies: a few horizontal lanes over the video and a fixed pool of slots (rendered nodes), so a
 * busy room never has more than `slots` items on screen. A lane takes its next item once the previous one's tail has
 * cleared the right edge; messages that find no lane within `maxDelay` are dropped (the chat list still has them).
 * Pure and time-driven, so it is tested without a screen.
 */
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
}

export interface LaneOptions {
  lanes: number
  slots: number
  duration: number
  maxDelay: number
  maxChars: number
}

export const DEFAULT_LANES: LaneOptions = { lanes: 4, slots: 16, duration: 7000, maxDelay: 1200, maxChars: 30 }

/** ms until a text's tail has entered the screen (a rough per-character width at the layer's speed). */
export function tailTime(text: string, duration: number): number {
  return Math.min(duration / 2, 500 + text.length * 110)
}

export class DanmakuLanes {
  readonly options: LaneOptions
  private laneFreeAt: number[]
  private slots: (Flying | null)[]

  constructor(options: Partial<LaneOptions> = {}) {
    this.options = { ...DEFAULT_LANES, ...options }
    this.laneFreeAt = Array.from({ length: this.options.lanes }, () => 0)
    this.slots = Array.from({ length: this.options.slots }, () => null)
  }

  /** Places a batch (newest last; the newest win when there is no room) and returns the items to render. */
  place(batch: Pick<ChatMessage, 'msgId' | 'text' | 'nickname'>[], now: number): Flying[] {
    const { duration, maxDelay, maxChars } = this.options
    const chosen: Flying[] = []
    for (let i = batch.length - 1; i >= 0; i--) {
      const slot = this.freeSlot(now)
      if (slot < 0) break
      const lane = this.earliestLane()
      const start = Math.max(now, this.laneFreeAt[lane])
      if (start - now > maxDelay) break
      const m = batch[i]
      const text = m.text.length > maxChars ? `${m.text.slice(0, maxChars)}…` : m.text
      const item: Flying = { key: m.msgId, lane, text, nickname: m.nickname, duration, delay: start - now, endsAt: start + duration }
      this.laneFreeAt[lane] = start + tailTime(text, duration)
      this.slots[slot] = item
      chosen.push(item)
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
