import { computed, makeObservable, observable, runInAction } from 'mobx'
import { blockUser, fetchChatHistory, reportMessage, sendDanmaku, type HistoryItem } from '@/api/chat'
import { settle } from '@/core/call'
import {
  acquireRoomSocket,
  backoffDelay,
  releaseRoomSocket,
  type PushHandlers,
  type PushKindsOf,
  type RoomSocket,
  type WelcomeData
} from '@/core/socket'
import { getItem, setItem } from '@/platform/storage'
import { liveStore } from '@/stores/live'
import { loginPrompt } from '@/stores/login-prompt'
import { systemClock, type Clock } from '@/utils/clock'
import { MessageList, type BatchListener } from './chat-list'
import { closedRefusal, messageFromPush, sendFailure, type ChatMessage } from './chat-message'
import { ChatSequence } from './chat-sequence'

export type { ChatMessage } from './chat-message'

/**
 * A live room's chat (spec R3.14, R3.15, R5.6–R5.9, R7.72–R7.75, R7.79, R8.10–R8.12, R9.4, R9.7): today's last 10
 * messages, then the room's pushes through the shared room socket. This file wires a room to its socket, its history
 * and the send, report and block calls; the list and its 200 ms flushes are chat-list.ts, the msg_id order and the
 * gap fill after a reconnect chat-sequence.ts, a message's shape and the send rules chat-message.ts.
 */

export const FLUSH_INTERVAL = 200
export const MAX_MESSAGES = 200
/** Gap-fill retries: 1 s doubling to 30 s (±20 %), for as long as the room is open. */
export const GAP_RETRY_INITIAL = 1000
export const GAP_RETRY_MAX = 30000
/** The longest pushes above an open gap are held back before they show anyway (ms). */
export const GAP_HOLD_MAX = 5000
export const BLOCKED_KEY = 'chat_blocked_users'

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
  /** the list's flushes, the hold and the gap fill's retries (default systemClock; tests pass one they move) */
  clock: Clock
  /** a send found the room's chat closed: the room's state says so from then on (the chat box, R5.8) */
  chatClosed: (roomId: number) => void
}

const defaultDeps: ChatDeps = {
  requireLogin: () => loginPrompt.requireLogin(),
  acquire: (roomId) => acquireRoomSocket(roomId),
  release: (roomId) => releaseRoomSocket(roomId),
  flushInterval: FLUSH_INTERVAL,
  maxMessages: MAX_MESSAGES,
  gapRetry: (attempt) => backoffDelay(attempt, Math.random, GAP_RETRY_INITIAL, GAP_RETRY_MAX),
  holdMax: GAP_HOLD_MAX,
  clock: systemClock,
  chatClosed: (roomId) => liveStore.applyChatStatus(roomId, { chat_closed: 1 })
}

/** One room's chat. Get it from chatStore.enter(roomId); leave with chatStore.leave(roomId). */
export class ChatRoom {
  readonly roomId: number
  online = 0
  historyLoaded = false
  /** the socket is open */
  connected = false

  private readonly store: ChatStore
  private readonly list: MessageList
  private readonly sequence: ChatSequence
  private welcomeLast: number | null = null
  private unsubscribe: (() => void)[] = []
  private active = false
  private historyLoading: Promise<void> | null = null
  /** The views of this room whose page shows, and those whose page is hidden (view). */
  private views = { shown: 0, hidden: 0 }

  constructor(roomId: number, store: ChatStore) {
    this.roomId = roomId
    this.store = store
    this.list = new MessageList(store)
    this.sequence = new ChatSequence(
      {
        roomId,
        isActive: () => this.active,
        get deps() {
          return store.deps
        }
      },
      this.list
    )
    makeObservable(this, {
      online: observable,
      historyLoaded: observable,
      connected: observable,
      visible: computed
    })
  }

  /** Shown messages in msg_id order (at most maxMessages), replaced as a whole once per flush. */
  get messages(): ChatMessage[] {
    return this.list.messages
  }

  /** flushes into `messages` so far (each one is one change of the list) */
  get flushes(): number {
    return this.list.flushes
  }

  /** The messages to show: blocked users' messages are hidden locally (R7.75). */
  get visible(): ChatMessage[] {
    const blocked = this.store.blocked
    if (!blocked.size) return this.messages
    return this.messages.filter((m) => !blocked.has(m.userId))
  }

  /** The highest msg_id received so far. */
  get lastMsgId(): number {
    return this.sequence.maxSeen
  }

  /** Called with every flushed batch of live messages (not history), blocked users left out: the flying layer. */
  onBatch(listener: BatchListener): () => void {
    return this.list.onBatch(listener)
  }

  /**
   * A view of the room, on a page that shows or not, until the returned release: while the room's views are all on
   * hidden pages (the viewer opened another page over the room, or left the app), the list holds its flushes (chat-list).
   * The socket stays, so nothing is missed.
   */
  view(shown: boolean): () => void {
    const side = shown ? 'shown' : 'hidden'
    this.views[side]++
    this.holdWhileHidden()
    return () => {
      this.views[side]--
      this.holdWhileHidden()
    }
  }

  private holdWhileHidden() {
    this.list.hold(this.views.hidden > 0 && this.views.shown === 0)
  }

  /** Connect and load today's history (first time); safe to call again after stop(). */
  start(): void {
    if (this.active) return
    this.active = true
    const socket = this.store.deps.acquire(this.roomId)
    this.unsubscribe = [
      socket.onEach({
        // the pushes the chat takes (core/push-kinds.ts PUSH_TAKERS names them 'chat'), and the welcome's gap fill
        danmaku: (d) => this.sequence.accept(messageFromPush(d), true, 'push'),
        welcome: (w) => this.welcomed(w),
        online: (d) => runInAction(() => (this.online = Number(d?.online) || 0))
      } satisfies PushHandlers<PushKindsOf<'chat'> | 'welcome'>),
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
    this.sequence.stopped()
    this.list.flushNow()
    runInAction(() => (this.connected = false))
  }

  /** R7.72, R7.79, R9.4, R9.7: today's last 10 messages; unparseable ones skipped (R8.12). */
  loadHistory(): Promise<void> {
    if (!this.historyLoading) {
      this.historyLoading = (async () => {
        // R8.17: history is optional; the room still gets its live messages
        const { data: history } = await settle(fetchChatHistory(this.roomId))
        const items: HistoryItem[] = Array.isArray(history) ? history : []
        this.sequence.historyArrived(items)
        runInAction(() => (this.historyLoaded = true))
        // the socket joined first: what came between the history's newest and the welcome comes from history too
        // (pushes that arrived meanwhile are above the welcome's id and wait for that gap)
        if (this.welcomeLast !== null) this.sequence.sync(this.welcomeLast)
        this.flushNow()
      })().finally(() => {
        this.historyLoading = null
      })
    }
    return this.historyLoading
  }

  /**
   * R5.6–R5.9, R8.10, R8.11, R7.73. Needs login; true when sent (the message then shows once, from the reply or the
   * push, whichever comes first); rejects a business ApiError for sensitive words (server code and message) and for a
   * closed chat (聊天暂时关闭); false for any other failure.
   */
  async send(text: string): Promise<boolean> {
    const content = String(text ?? '').trim()
    if (!content) return false
    if (!(await this.store.deps.requireLogin())) return false
    const res = await settle(sendDanmaku(this.roomId, content))
    // a refusal (or a failed answer) says why (R5.7–R5.9); 401 / 403 / 404 / timeout are just false
    if (!res.ok) {
      if (!res.error.answered) return false
      // a chat closed while its push was missed (the socket was down): the box says so from now on, not after each try
      if (closedRefusal(res.error)) this.store.deps.chatClosed(this.roomId)
      return sendFailure(res.error)
    }
    this.sequence.accept(messageFromPush(res.data), true, 'push')
    return true
  }

  /** R7.74: report a message (login required); true when the server took it. */
  async report(message: Pick<ChatMessage, 'msgId' | 'userId'>, reason: string): Promise<boolean> {
    if (!(await this.store.deps.requireLogin())) return false
    return (await settle(reportMessage({ msg_id: message.msgId, user_id: message.userId, reason }))).ok
  }

  /** R7.75: block the message's author (login required); their messages are hidden from then on. */
  block(userId: number): Promise<boolean> {
    return this.store.block(userId)
  }

  /** Test and debug aid: the queue flushed at once. */
  flushNow(): void {
    this.list.flushNow()
  }

  private welcomed(w: WelcomeData | null | undefined) {
    const last = Number(w?.last_msg_id)
    runInAction(() => (this.online = Number(w?.online) || this.online))
    if (!Number.isFinite(last)) return
    this.welcomeLast = last
    if (this.historyLoaded) this.sequence.sync(last)
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
    if (!(await settle(blockUser(userId))).ok) return false
    runInAction(() => this.blocked.add(userId))
    setItem(BLOCKED_KEY, Array.from(this.blocked))
    return true
  }
}

export const chatStore = new ChatStore()
