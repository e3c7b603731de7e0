import { action, computed, makeObservable, observable, runInAction } from 'mobx'
import { blockUser, fetchChatHistory, historyGone, reportMessage, sendDanmaku, type HistoryItem } from '@/api/chat'
import { settle } from '@/core/call'
import { ApiError } from '@/core/errors'
import { acquireRoomSocket, backoffDelay, releaseRoomSocket, type DanmakuPushData, type RoomSocket, type WelcomeData } from '@/core/socket'
import { getItem, setItem } from '@/platform/storage'
import { loginPrompt } from './login-prompt'

/**
 * A live room's chat (spec R3.14, R3.15, R5.6–R5.9, R7.72–R7.75, R7.79, R8.10–R8.12, R9.4, R9.7):
 * today's last 10 messages, then the room's pushes through the shared room socket. Messages are kept once each
 * (by msg_id) in msg_id order; a reconnect's gap (the welcome's last_msg_id above the last id seen) is filled from
 * history. Incoming messages wait in a queue that flushes into the observable list every 200 ms, so a busy room
 * changes the list (and renders) at most five times a second; the list keeps the last 200 messages.
 *
 * No message is lost silently. Every msg_id up to `cursor` has been shown; a welcome above it opens a gap,
 * which is filled from history page by page, retrying with backoff (1 s doubling to 30 s) for as long as the room is
 * open. Pushes above an open gap are held (at most holdMax, 5 s) so the list grows in msg_id order; if history does
 * not answer in time they show, and the gap's messages are put in their places when it does. Only what the server
 * no longer has (its oldest kept msg_id, HistoryGone) — or a gap longer than GAP_FILL_MAX — becomes a visible marker
 * row, 部分消息未能加载.
 */

export const FLUSH_INTERVAL = 200
export const MAX_MESSAGES = 200
/** Page size of a gap fill after a reconnect. */
export const GAP_PAGE = 100
/** Gap-fill retries: 1 s doubling to 30 s (±20 %), for as long as the room is open. */
export const GAP_RETRY_INITIAL = 1000
export const GAP_RETRY_MAX = 30000
/** The longest pushes above an open gap are held back before they show anyway (ms). */
export const GAP_HOLD_MAX = 5000
/** A gap longer than this many messages is not fetched in full: its newest MAX_MESSAGES are, after a marker row. */
export const GAP_FILL_MAX = 1000
/** The marker row where messages could not be loaded. */
export const GAP_MARKER_TEXT = '部分消息未能加载'
/** R5.7: a failure message with a word for sensitive, illegal or rule-violating. */
export const SENSITIVE_WORDS = /敏感|违法|违规/
/** R5.8: a failure message with the word for closed. */
export const CLOSED_WORD = '关闭'
/** R5.8, R8.11 */
export const CHAT_CLOSED_MESSAGE = '聊天暂时关闭'
export const BLOCKED_KEY = 'chat_blocked_users'

export interface ChatMessage {
  msgId: number
  userId: number
  nickname: string
  avatar: string
  text: string
  /** ms since epoch */
  time: number
  /** A gap marker row: msg_ids from…to could not be loaded. Its msgId is from − 0.5, so it sorts in place. */
  gap?: { from: number; to: number }
}

/** R5.7 / R8.10 (server code and message) and R5.8 / R8.11 (聊天暂时关闭): the sends that reject. */
export class ChatRejected extends Error {
  readonly code: number
  readonly msg: string
  constructor(code: number, msg: string) {
    super(msg)
    this.name = 'ChatRejected'
    this.code = code
    this.msg = msg
  }
}

function toMs(t: unknown): number {
  const n = Number(t)
  if (!Number.isFinite(n) || n <= 0) return 0
  return n > 1e9 && n < 1e12 ? n * 1000 : n // R9.22: seconds between 1e9 and 1e12
}

/** R3.15, R8.12: a history item whose content is not a JSON object with text gives false (and is skipped). */
export function parseHistoryItem(item: HistoryItem | null | undefined): ChatMessage | false {
  if (!item || typeof item !== 'object') return false
  const msgId = Number(item.msg_id ?? item.id)
  if (!Number.isInteger(msgId) || msgId <= 0) return false
  let content: unknown
  try {
    content = typeof item.content === 'string' ? JSON.parse(item.content) : item.content
  } catch {
    return false
  }
  if (!content || typeof content !== 'object') return false
  const c = content as { text?: unknown; nickname?: unknown; avatar?: unknown; user_id?: unknown }
  if (typeof c.text !== 'string') return false
  return {
    msgId,
    userId: Number(c.user_id ?? item.user_id) || 0,
    nickname: typeof c.nickname === 'string' ? c.nickname : '',
    avatar: typeof c.avatar === 'string' ? c.avatar : '',
    text: c.text,
    time: toMs(item.msgTimestamp)
  }
}

/** A pushed (or just sent) chat message (R3.14). */
export function messageFromPush(d: DanmakuPushData | null | undefined): ChatMessage | null {
  if (!d || typeof d !== 'object') return null
  const msgId = Number(d.msg_id)
  if (!Number.isInteger(msgId) || msgId <= 0 || typeof d.content !== 'string') return null
  return {
    msgId,
    userId: Number(d.user_id) || 0,
    nickname: typeof d.nickname === 'string' ? d.nickname : '',
    avatar: typeof d.avatar === 'string' ? d.avatar : '',
    text: d.content,
    time: toMs(d.time) || Date.now()
  }
}

/**
 * R5.6–R5.9, R8.10, R8.11: what a failed send means. Sensitive / illegal / rule-violating → reject with the server
 * code and message; closed → reject with 聊天暂时关闭; anything else → false.
 */
export function sendFailure(refusal: { code: number; msg?: unknown }): false {
  const msg = typeof refusal.msg === 'string' ? refusal.msg : ''
  if (SENSITIVE_WORDS.test(msg)) throw new ChatRejected(refusal.code, msg)
  if (msg.includes(CLOSED_WORD)) throw new ChatRejected(refusal.code, CHAT_CLOSED_MESSAGE)
  return false
}

export interface ChatDeps {
  requireLogin: () => Promise<boolean>
  acquire: (roomId: number) => RoomSocket
  release: (roomId: number) => void
  flushInterval: number
  maxMessages: number
  /** ms before gap-fill retry `attempt` (0-based) */
  gapRetry: (attempt: number) => number
  /** ms pushes above an open gap are held at most */
  holdMax: number
}

const defaultDeps: ChatDeps = {
  requireLogin: () => loginPrompt.requireLogin(),
  acquire: (roomId) => acquireRoomSocket(roomId),
  release: (roomId) => releaseRoomSocket(roomId),
  flushInterval: FLUSH_INTERVAL,
  maxMessages: MAX_MESSAGES,
  gapRetry: (attempt) => backoffDelay(attempt, Math.random, GAP_RETRY_INITIAL, GAP_RETRY_MAX),
  holdMax: GAP_HOLD_MAX
}

/** A gap marker row for msg_ids from…to. */
export function gapMarker(from: number, to: number, time = Date.now()): ChatMessage {
  return { msgId: from - 0.5, userId: 0, nickname: '', avatar: '', text: GAP_MARKER_TEXT, time, gap: { from, to } }
}

type Source = 'push' | 'history' | 'fill'

export type BatchListener = (batch: ChatMessage[]) => void

const byMsgId = (a: ChatMessage, b: ChatMessage) => a.msgId - b.msgId

/** One room's chat. Get it from chatStore.enter(roomId); leave with chatStore.leave(roomId). */
export class ChatRoom {
  readonly roomId: number
  /** Shown messages in msg_id order (at most maxMessages), replaced as a whole once per flush. */
  messages: ChatMessage[] = []
  online = 0
  historyLoaded = false
  /** the socket is open */
  connected = false
  /** flushes into `messages` so far (each one is one change of the list) */
  flushes = 0

  private store: ChatStore
  private queue: { msg: ChatMessage; live: boolean }[] = []
  /** msg_ids in `messages` or the queue */
  private ids = new Set<number>()
  /** ids at or below this were trimmed away: too old to show again */
  private floor = 0
  /** the highest msg_id received (list, queue, held, trimmed) */
  private maxSeen = 0
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
  private holdTimer: ReturnType<typeof setTimeout> | null = null
  private filling = false
  private fillPause: { timer: ReturnType<typeof setTimeout>; resolve: () => void } | null = null
  /** failed gap-fill pages in a row (the backoff exponent) */
  private fillFailures = 0
  private welcomeLast: number | null = null
  private timer: ReturnType<typeof setTimeout> | null = null
  private unsubscribe: (() => void)[] = []
  private listeners = new Set<BatchListener>()
  private active = false
  private historyLoading: Promise<void> | null = null

  constructor(roomId: number, store: ChatStore) {
    this.roomId = roomId
    this.store = store
    makeObservable<ChatRoom, 'flush'>(this, {
      messages: observable.ref,
      online: observable,
      historyLoaded: observable,
      connected: observable,
      flushes: observable,
      visible: computed,
      flush: action
    })
  }

  /** The messages to show: blocked users' messages are hidden locally (R7.75). */
  get visible(): ChatMessage[] {
    const blocked = this.store.blocked
    if (!blocked.size) return this.messages
    return this.messages.filter((m) => !blocked.has(m.userId))
  }

  /** The highest msg_id received so far. */
  get lastMsgId(): number {
    return this.maxSeen
  }

  /** Called with every flushed batch of live messages (not history), blocked users left out: the flying layer. */
  onBatch(listener: BatchListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Connect and load today's history (first time); safe to call again after stop(). */
  start(): void {
    if (this.active) return
    this.active = true
    const socket = this.store.deps.acquire(this.roomId)
    this.unsubscribe = [
      socket.on('danmaku', (d) => this.accept(messageFromPush(d), true, 'push')),
      socket.on('welcome', (w) => this.welcomed(w)),
      socket.on('online', (d) => runInAction(() => (this.online = Number(d?.online) || 0))),
      socket.onStatus((s) => runInAction(() => (this.connected = s === 'open')))
    ]
    // a welcome that came before we subscribed (another feature opened the room's socket first)
    if (socket.welcome && socket.isOpen) this.welcomed(socket.welcome)
    if (!this.historyLoaded) void this.loadHistory()
  }

  /** Disconnect (the room page unmounts); messages stay for a quick return. */
  stop(): void {
    if (!this.active) return
    this.active = false
    for (const u of this.unsubscribe) u()
    this.unsubscribe = []
    this.store.deps.release(this.roomId)
    this.welcomeLast = null
    // held pushes show now; the gap (if any) is filled in between after the next welcome
    if (this.held.size) this.holding = false
    this.releaseHeld(false)
    this.wakeFill()
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.flush()
    runInAction(() => (this.connected = false))
  }

  /** R7.72, R7.79, R9.4, R9.7: today's last 10 messages; unparseable ones skipped (R8.12). */
  loadHistory(): Promise<void> {
    if (!this.historyLoading) {
      this.historyLoading = (async () => {
        let items: HistoryItem[] = []
        try {
          const history = await fetchChatHistory(this.roomId)
          if (Array.isArray(history)) items = history
        } catch {
          // R8.17: history is optional; the room still gets its live messages
        }
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
        runInAction(() => (this.historyLoaded = true))
        // the socket joined first: what came between the history's newest and the welcome comes from history too
        // (pushes that arrived meanwhile are above the welcome's id and wait for that gap)
        if (this.welcomeLast !== null) this.sync(this.welcomeLast)
        this.flushNow()
      })().finally(() => {
        this.historyLoading = null
      })
    }
    return this.historyLoading
  }

  /**
   * R5.6–R5.9, R8.10, R8.11, R7.73. Needs login; true when sent (the message then shows once, from the reply or the
   * push, whichever comes first); rejects ChatRejected for sensitive words (server code and message) and for a
   * closed chat (聊天暂时关闭); false for any other failure.
   */
  async send(text: string): Promise<boolean> {
    const content = String(text ?? '').trim()
    if (!content) return false
    if (!(await this.store.deps.requireLogin())) return false
    let sent: DanmakuPushData | null
    try {
      sent = await sendDanmaku(this.roomId, content)
    } catch (err) {
      // a refusal (or a failed answer) says why (R5.7–R5.9); 401 / 403 / 404 / timeout are just false
      if (err instanceof ApiError && err.answered) return sendFailure(err)
      return false
    }
    this.accept(messageFromPush(sent), true, 'push')
    return true
  }

  /** R7.74: report a message (login required); true when the server took it. */
  async report(message: Pick<ChatMessage, 'msgId' | 'userId'>, reason: string): Promise<boolean> {
    if (!(await this.store.deps.requireLogin())) return false
    try {
      await reportMessage({ msg_id: message.msgId, user_id: message.userId, reason })
      return true
    } catch {
      return false
    }
  }

  /** R7.75: block the message's author (login required); their messages are hidden from then on. */
  block(userId: number): Promise<boolean> {
    return this.store.block(userId)
  }

  /** Test and debug aid: the queue flushed at once. */
  flushNow(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.flush()
  }

  private welcomed(w: WelcomeData | null | undefined) {
    const last = Number(w?.last_msg_id)
    runInAction(() => (this.online = Number(w?.online) || this.online))
    if (!Number.isFinite(last)) return
    this.welcomeLast = last
    if (this.historyLoaded) this.sync(last)
  }

  /** The server's last id is `last`: anything between the cursor and it is a gap (a reconnect's, or the first join's). */
  private sync(last: number) {
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
  private wakeFill() {
    if (!this.fillPause) return
    clearTimeout(this.fillPause.timer)
    this.fillPause.resolve()
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
      while (this.active && this.target > this.cursor) {
        const after = this.cursor
        if (this.target - after > GAP_FILL_MAX) {
          // longer than the list would keep: load the newest part only, after a marker for the rest
          const skipTo = this.target - this.store.deps.maxMessages
          this.mark(after + 1, skipTo)
          this.cursor = skipTo
          continue
        }
        const count = Math.min(GAP_PAGE, this.target - after)
        const res = await settle(fetchChatHistory(this.roomId, { after_msg_id: after, count }))
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
          await this.pause(this.store.deps.gapRetry(this.fillFailures++))
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
        this.flushNow()
      }
      this.closeGap()
    } finally {
      this.filling = false
    }
  }

  /** Waits before a retry; stop() ends the wait at once. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
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
    if (m.msgId <= this.floor || this.ids.has(m.msgId)) return
    this.deliver(m, false)
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
    const batch = Math.max(1, Math.floor(this.store.deps.maxMessages / 2))
    for (const id of ready) {
      const h = this.held.get(id)!
      this.held.delete(id)
      if (this.queue.length >= batch) this.flushNow()
      this.deliver(h.msg, h.live)
      if (advance) this.cursor = Math.max(this.cursor, id)
    }
    if (!this.held.size && this.holdTimer) {
      clearTimeout(this.holdTimer)
      this.holdTimer = null
    }
  }

  private accept(m: ChatMessage | null, live: boolean, source: Source) {
    if (!m) return
    this.maxSeen = Math.max(this.maxSeen, m.msgId)
    if (m.msgId <= this.floor || this.ids.has(m.msgId)) return
    const held = this.held.get(m.msgId)
    if (held) {
      // history brought a message that was pushed too: show it once, as the push (it flies)
      if (source === 'push') return
      this.held.delete(m.msgId)
      this.deliver(held.msg, held.live)
      return
    }
    if (source === 'push' && this.gapOpen && this.holding && m.msgId > this.cursor) {
      this.held.set(m.msgId, { msg: m, live })
      if (!this.holdTimer) {
        this.holdTimer = setTimeout(() => {
          // history is slow: show what is held; the gap's messages go in between when it answers
          this.holdTimer = null
          if (!this.gapOpen) return
          this.holding = false
          this.releaseHeld(false)
        }, this.store.deps.holdMax)
      }
      return
    }
    if (source === 'push' && !this.gapOpen) this.cursor = Math.max(this.cursor, m.msgId)
    this.deliver(m, live)
  }

  /** Into the queue for the next flush (every flushInterval ms). */
  private deliver(m: ChatMessage, live: boolean) {
    this.ids.add(m.msgId)
    this.queue.push({ msg: m, live })
    if (!this.timer) this.timer = setTimeout(() => this.flushNow(), this.store.deps.flushInterval)
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
    const max = this.store.deps.maxMessages
    if (list.length > max) {
      const cut = list.length - max
      for (let i = 0; i < cut; i++) this.ids.delete(list[i].msgId)
      this.floor = Math.max(this.floor, list[cut - 1].msgId)
      list = list.slice(cut)
    }
    this.messages = list
    this.flushes++
    if (this.listeners.size) {
      const blocked = this.store.blocked
      const live = batch.filter((b) => b.live && b.msg.msgId > this.floor && !blocked.has(b.msg.userId)).map((b) => b.msg)
      if (live.length) for (const l of Array.from(this.listeners)) l(live)
    }
  }
}

/** Every room's chat and the blocked users (kept locally, R7.75). */
export class ChatStore {
  deps: ChatDeps
  blocked: Set<number>
  private rooms = new Map<number, ChatRoom>()
  private users = new Map<number, number>()

  constructor(deps: Partial<ChatDeps> = {}) {
    this.deps = { ...defaultDeps, ...deps }
    const saved = getItem<number[]>(BLOCKED_KEY)
    this.blocked = new Set(Array.isArray(saved) ? saved.filter((n) => typeof n === 'number') : [])
    makeObservable(this, { blocked: observable })
  }

  /** The room's chat, created on first use (not connected until enter). */
  room(roomId: number): ChatRoom {
    let r = this.rooms.get(roomId)
    if (!r) this.rooms.set(roomId, (r = new ChatRoom(roomId, this)))
    return r
  }

  /** A view of the room mounts: the first one connects the socket and loads history. */
  enter(roomId: number): ChatRoom {
    const r = this.room(roomId)
    this.users.set(roomId, (this.users.get(roomId) ?? 0) + 1)
    r.start()
    return r
  }

  /** A view unmounts: the last one disconnects the room's socket. */
  leave(roomId: number): void {
    const n = (this.users.get(roomId) ?? 0) - 1
    if (n > 0) {
      this.users.set(roomId, n)
      return
    }
    this.users.delete(roomId)
    this.rooms.get(roomId)?.stop()
  }

  isBlocked(userId: number): boolean {
    return this.blocked.has(userId)
  }

  /** R7.75: POST /userapp/block; on success the user's messages are hidden (and stay hidden on this device). */
  async block(userId: number): Promise<boolean> {
    if (!userId || !(await this.deps.requireLogin())) return false
    let ok = false
    try {
      await blockUser(userId)
      ok = true
    } catch {
      ok = false
    }
    if (!ok) return false
    runInAction(() => this.blocked.add(userId))
    setItem(BLOCKED_KEY, Array.from(this.blocked))
    return true
  }
}

export const chatStore = new ChatStore()
