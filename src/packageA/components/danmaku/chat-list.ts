import { action, makeObservable, observable } from 'mobx'
import type { Clock } from '@/utils/clock'
import type { ChatMessage } from './chat-message'

export type BatchListener = (batch: ChatMessage[]) => void

/** What the list reads of its room's store at each use (tests change the settings per store). */
export interface MessageListHost {
  deps: { flushInterval: number; maxMessages: number; clock: Clock }
  blocked: Set<number>
}

const byMsgId = (a: ChatMessage, b: ChatMessage) => a.msgId - b.msgId

/**
 * A room's shown messages (spec R3.14, R9.4), each once by msg_id and in msg_id order. Incoming messages wait in a
 * queue that flushes into the observable list every flushInterval (200 ms, on the room's clock), so a busy room changes the list (and
 * renders) at most five times a second; the list keeps the last maxMessages (200). Each flush hands its live
 * messages (not history), blocked users left out, to the batch listeners: the flying layer.
 * While no page shows the room (`hold`), the queue waits: a hidden page's setData is work the phone does for nobody,
 * and it takes the shown page's turn (WeChat: 后台态页面 setData). What arrived meanwhile, the newest maxMessages of it,
 * is in the list as the page shows again, in one flush, and does not fly: it is not news by then.
 */
export class MessageList {
  /** Shown messages in msg_id order (at most maxMessages), replaced as a whole once per flush. */
  messages: ChatMessage[] = []
  /** flushes into `messages` so far (each one is one change of the list) */
  flushes = 0

  private queue: { msg: ChatMessage; live: boolean }[] = []
  /** msg_ids in `messages` or the queue */
  private ids = new Set<number>()
  /** ids at or below this were trimmed away: too old to show again */
  private floor = 0
  private timer: unknown = null
  private held = false
  private listeners = new Set<BatchListener>()

  constructor(private readonly host: MessageListHost) {
    makeObservable<MessageList, 'flush'>(this, {
      messages: observable.ref,
      flushes: observable,
      flush: action
    })
  }

  /** Shown, waiting in the queue, or trimmed away: never delivered again. */
  has(msgId: number): boolean {
    return msgId <= this.floor || this.ids.has(msgId)
  }

  /** Messages waiting for the next flush. */
  get queued(): number {
    return this.queue.length
  }

  onBatch(listener: BatchListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Into the queue for the next flush (every flushInterval ms; while held, for the flush as the hold ends). */
  deliver(m: ChatMessage, live: boolean) {
    this.ids.add(m.msgId)
    this.queue.push({ msg: m, live: live && !this.held })
    if (this.held) this.trimHeld()
    else if (this.timer === null)
      this.timer = this.host.deps.clock.setTimeout(() => this.flushNow(), this.host.deps.flushInterval)
  }

  /** The queue flushed at once (while held, at the hold's end). */
  flushNow(): void {
    if (this.timer !== null) this.host.deps.clock.clearTimeout(this.timer)
    this.timer = null
    if (!this.held) this.flush()
  }

  /** No flush while held (no page shows the room); the end of the hold flushes what waited. */
  hold(held: boolean): void {
    if (held === this.held) return
    this.held = held
    if (!held) this.flushNow()
  }

  /** A long hold in a busy room keeps only what the list could show: the newest maxMessages waiting. */
  private trimHeld() {
    const max = this.host.deps.maxMessages
    if (this.queue.length <= 2 * max) return
    this.queue.sort((a, b) => byMsgId(a.msg, b.msg))
    const cut = this.queue.splice(0, this.queue.length - max)
    for (const c of cut) this.ids.delete(c.msg.msgId)
    this.floor = Math.max(this.floor, cut[cut.length - 1].msg.msgId)
  }

  private flush() {
    const batch = this.queue
    if (!batch.length) return
    this.queue = []
    const prev = this.messages
    const incoming = batch.map((b) => b.msg)
    let list = prev.concat(incoming)
    const lastPrev = prev.length ? prev[prev.length - 1].msgId : 0
    let ordered = true
    for (let i = 0; i < incoming.length; i++) {
      if (incoming[i].msgId < (i ? incoming[i - 1].msgId : lastPrev)) {
        ordered = false
        break
      }
    }
    if (!ordered) list.sort(byMsgId)
    const max = this.host.deps.maxMessages
    if (list.length > max) {
      const cut = list.length - max
      for (let i = 0; i < cut; i++) this.ids.delete(list[i].msgId)
      this.floor = Math.max(this.floor, list[cut - 1].msgId)
      list = list.slice(cut)
    }
    this.messages = list
    this.flushes++
    if (this.listeners.size) {
      const blocked = this.host.blocked
      const live = batch
        .filter((b) => b.live && b.msg.msgId > this.floor && !blocked.has(b.msg.userId))
        .map((b) => b.msg)
      if (live.length) for (const l of Array.from(this.listeners)) l(live)
    }
  }
}
