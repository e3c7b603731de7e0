import { fetchChatHistory, historyGone, type HistoryItem } from '@/api/chat'
import { settle } from '@/core/call'
import type { Clock } from '@/utils/clock'
import type { MessageList } from './chat-list'
import { gapMarker, parseHistoryItem, type ChatMessage } from './chat-message'

/** Page size of a gap fill after a reconnect. */
export const GAP_PAGE = 100
/** A gap longer than this many messages is not fetched in full: its newest MAX_MESSAGES are, after a marker row. */
export const GAP_FILL_MAX = 1000

/** Where a message came from: the room's socket, today's history, or a gap fill. */
export type Source = 'push' | 'history' | 'fill'

/** What the sequence reads of its room (the settings at each use: tests change them per store). */
export interface SequenceHost {
  readonly roomId: number
  isActive: () => boolean
  deps: {
    maxMessages: number
    /** ms before gap-fill retry `attempt` (0-based) */
    gapRetry: (attempt: number) => number
    /** ms pushes above an open gap are held at most */
    holdMax: number
    /** the hold's and the retry's timers */
    clock: Clock
  }
}

/**
 * No message of a room is lost silently (spec R3.14, R7.72, R7.79): every msg_id up to `cursor` has been shown; a
 * welcome above it opens a gap, which is filled from history page by page, retrying with backoff (1 s doubling to
 * 30 s) for as long as the room is open; only the messages not already here are fetched (pushes that arrived over a
 * slow fill are no gap, however many reconnects it spans). Pushes above an open gap are held (at most holdMax, 5 s) so the list grows
 * in msg_id order; if history does not answer in time they show, and the gap's messages are put in their places when
 * it does. Only what the server no longer has (its oldest kept msg_id, HistoryGone) — or a gap longer than
 * GAP_FILL_MAX missing messages — becomes a visible marker row, 部分消息未能加载.
 */
export class ChatSequence {
  /** the highest msg_id received (list, queue, held, trimmed) */
  maxSeen = 0
  /** every msg_id up to here has been shown (or marked as gone): where a gap fill starts */
  private cursor = 0
  /** the cursor is known (today's history answered with messages, or a welcome came after an empty history) */
  private baseline = false
  /** a gap is open while target > cursor: the newest welcome's last_msg_id */
  private target = 0
  /** pushes above an open gap, waiting for it to be filled */
  private held = new Map<number, { msg: ChatMessage; live: boolean }>()
  /** false once held pushes were shown before their gap was filled (until it is) */
  private holding = true
  private holdTimer: unknown = null
  private filling = false
  private fillPause: { timer: unknown; resolve: () => void } | null = null
  /** failed gap-fill pages in a row (the backoff exponent) */
  private fillFailures = 0

  constructor(
    private readonly host: SequenceHost,
    private readonly list: MessageList
  ) {}

  /** Today's history arrived (R7.72): its messages go in, and its newest id is where the sequence starts. */
  historyArrived(items: HistoryItem[]) {
    let historyMax = 0
    for (const item of items) {
      const m = parseHistoryItem(item)
      if (m) this.accept(m, false, 'history')
      historyMax = Math.max(historyMax, Number(item?.msg_id ?? item?.id) || 0)
    }
    this.maxSeen = Math.max(this.maxSeen, historyMax)
    if (!this.baseline && historyMax > 0) {
      this.cursor = historyMax
      this.baseline = true
    }
  }

  /** The room's socket closed: held pushes show now; the gap (if any) is filled in between after the next welcome. */
  stopped() {
    if (this.held.size) this.holding = false
    this.releaseHeld(false)
    this.wakeFill()
  }

  /** The server's last id is `last`: anything between the cursor and it is a gap (a reconnect's, or the first join's). */
  sync(last: number) {
    if (!this.baseline) {
      // nothing seen at all (no history today): start from here
      this.cursor = Math.max(this.cursor, last)
      this.baseline = true
    }
    this.target = Math.max(this.target, last)
    if (this.target > this.cursor) {
      // a new connection was just welcomed: the network is back, so a fill waiting out its backoff tries at once
      this.fillFailures = 0
      this.wakeFill()
      void this.fill()
    } else this.closeGap()
  }

  /** Ends a gap fill's backoff wait now (a new welcome; stop()). */
  wakeFill() {
    if (!this.fillPause) return
    this.clock.clearTimeout(this.fillPause.timer)
    this.fillPause.resolve()
  }

  private get clock(): Clock {
    return this.host.deps.clock
  }

  /** Is a gap open (or the starting point still unknown)? */
  private get gapOpen(): boolean {
    return !this.baseline || this.target > this.cursor
  }

  /**
   * Fills the gap (cursor, target] from history, page by page, until it is closed; a failed page is asked again
   * after a backoff (1 s doubling to 30 s) for as long as the room is open. The target may grow meanwhile (another
   * reconnect). Messages the server no longer keeps, and the older part of a very long gap, become a marker row.
   */
  private async fill() {
    if (this.filling) return
    this.filling = true
    this.fillFailures = 0
    try {
      while (this.host.isActive() && this.target > this.cursor) {
        // what is already here (held pushes, messages shown ahead of the gap) is not fetched: the cursor moves past it
        if (this.skipKnown()) continue
        const after = this.cursor
        if (this.missingAfter(after) > GAP_FILL_MAX) {
          // longer than the list would keep: load the newest part only, after a marker for the rest
          const skipTo = this.target - this.host.deps.maxMessages
          this.mark(after + 1, skipTo)
          this.cursor = skipTo
          continue
        }
        // the hole up to the next message already here (at most a page)
        let count = 1
        while (count < GAP_PAGE && after + count < this.target && !this.known(after + count + 1)) count++
        const res = await settle(fetchChatHistory(this.host.roomId, { after_msg_id: after, count }))
        if (this.cursor !== after) continue // moved meanwhile (cannot happen today; never apply a stale page)
        // only an answer can say which messages are gone (a rejection says nothing about them)
        const gone = res.ok || !res.error.answered ? null : historyGone(res.error)
        if (gone && gone.oldest_msg_id > after + 1) {
          // the server no longer has (after, oldest): say so in the list, then fetch the rest
          const to = Math.min(gone.oldest_msg_id - 1, this.target)
          this.mark(after + 1, to)
          this.cursor = to
          this.fillFailures = 0
          continue
        }
        const page = res.ok && Array.isArray(res.data) ? res.data : null
        if (!page) {
          // not now: ask again later (held pushes show once holdMax has passed)
          await this.pause(this.host.deps.gapRetry(this.fillFailures++))
          continue
        }
        this.fillFailures = 0
        let last = after
        for (const item of page) {
          const m = parseHistoryItem(item)
          if (m) this.accept(m, false, 'fill')
          last = Math.max(last, Number(item?.msg_id ?? item?.id) || 0)
        }
        // a short page (or one that did not move) means the server has nothing more up to the target
        this.cursor = page.length < count || last <= after ? Math.max(last, this.target) : last
        this.maxSeen = Math.max(this.maxSeen, this.cursor)
        this.releaseHeld(true, this.cursor)
        this.list.flushNow()
      }
      this.closeGap()
    } finally {
      this.filling = false
    }
  }

  /** Is msg_id `id` already here: held, shown or queued, or trimmed away? */
  private known(id: number): boolean {
    return this.held.has(id) || this.list.has(id)
  }

  /**
   * Moves the cursor over the messages right after it that are already here, the held ones shown now in order (they
   * follow everything up to the cursor). True when it moved.
   */
  private skipKnown(): boolean {
    let next = this.cursor
    while (next < this.target && this.known(next + 1)) next++
    if (next === this.cursor) return false
    this.releaseHeld(true, next)
    this.cursor = next
    this.maxSeen = Math.max(this.maxSeen, next)
    return true
  }

  /** How many msg_ids of the gap after `after` are not here (counting stops past GAP_FILL_MAX). */
  private missingAfter(after: number): number {
    let missing = 0
    for (let id = after + 1; id <= this.target && missing <= GAP_FILL_MAX; id++) if (!this.known(id)) missing++
    return missing
  }

  /** Waits before a retry; stop() ends the wait at once. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = this.clock.setTimeout(() => {
        this.fillPause = null
        resolve()
      }, ms)
      this.fillPause = {
        timer,
        resolve: () => {
          this.fillPause = null
          resolve()
        }
      }
    })
  }

  /** A marker row for msg_ids from…to, which will never be loaded. */
  private mark(from: number, to: number) {
    if (to < from) return
    this.maxSeen = Math.max(this.maxSeen, to)
    const m = gapMarker(from, to)
    if (this.list.has(m.msgId)) return
    this.list.deliver(m, false)
  }

  /** The gap is closed: the held pushes follow in order and the cursor moves past them. */
  private closeGap() {
    if (this.gapOpen) return
    this.releaseHeld(true)
    this.holding = true
  }

  /**
   * Shows held pushes (those up to `upTo`, or all) in msg_id order. With `advance` the cursor moves past them (they
   * follow the filled gap); without, they show ahead of a gap that is still open. A long hold goes out in batches of
   * at most half the kept list, so no batch pushes another out of the list before it was shown.
   */
  private releaseHeld(advance: boolean, upTo = Infinity) {
    if (!this.held.size) return
    const ready = Array.from(this.held.keys())
      .filter((id) => id <= upTo)
      .sort((a, b) => a - b)
    const batch = Math.max(1, Math.floor(this.host.deps.maxMessages / 2))
    for (const id of ready) {
      const h = this.held.get(id)!
      this.held.delete(id)
      if (this.list.queued >= batch) this.list.flushNow()
      this.list.deliver(h.msg, h.live)
      if (advance) this.cursor = Math.max(this.cursor, id)
    }
    if (!this.held.size && this.holdTimer !== null) {
      this.clock.clearTimeout(this.holdTimer)
      this.holdTimer = null
    }
  }

  accept(m: ChatMessage | null, live: boolean, source: Source) {
    if (!m) return
    this.maxSeen = Math.max(this.maxSeen, m.msgId)
    if (this.list.has(m.msgId)) return
    const held = this.held.get(m.msgId)
    if (held) {
      // history brought a message that was pushed too: show it once, as the push (it flies)
      if (source === 'push') return
      this.held.delete(m.msgId)
      this.list.deliver(held.msg, held.live)
      return
    }
    if (source === 'push' && this.gapOpen && this.holding && m.msgId > this.cursor) {
      this.held.set(m.msgId, { msg: m, live })
      if (this.holdTimer === null) {
        this.holdTimer = this.clock.setTimeout(() => {
          // history is slow: show what is held; the gap's messages go in between when it answers
          this.holdTimer = null
          if (!this.gapOpen) return
          this.holding = false
          this.releaseHeld(false)
        }, this.host.deps.holdMax)
      }
      return
    }
    if (source === 'push' && !this.gapOpen) this.cursor = Math.max(this.cursor, m.msgId)
    this.list.deliver(m, live)
  }
}
