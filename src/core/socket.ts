import Taro from '@tarojs/taro'
import type { ClientMessage, PushData, PushKind, PushMessage } from '../../contract/push'
import { onWake } from '@/platform/app-wake'
import { currentHosts } from './request'
import { roomKey } from './room-access'

/**
 * The push channel of a live room: the only caller of Taro.connectSocket (same API on H5 and in the mini-program).
 * One RoomSocket per room connection: `ws(s)://<api host>/ws?roomid=N`, JSON messages `{type, data}`, a heartbeat
 * `{type:'ping'}`, and reconnection with exponential backoff (1 s doubling to 30 s, with jitter) until close(). A
 * changed network, or the app back after more than 5 s hidden, drops every room's connection at once to reconnect
 * (dropRoomSockets, src/platform/app-wake.ts) rather than wait for the heartbeat to find it dead.
 * The messages are contract/push.ts's (type-only here: no schema ships in the app). Features subscribe by kind with
 * on(type, handler) or onEach({kind: handler}); the chat store fills the gap after a reconnect from the `welcome`
 * message's last_msg_id (spec R7.72).
 */

/** The first message of every connection (contract/push.ts): the room's newest chat msg_id when it joined. */
export type WelcomeData = PushData<'welcome'>

/** A live chat message as pushed (R3.14). */
export type DanmakuPushData = PushData<'danmaku'>

/** Each kind of push the server sends, with its data (contract/push.ts): no other kind arrives. */
export type PushDataMap = { [K in PushKind]: PushData<K> }

export type { PushKind }

/** A subscription: one kind of push, or '*' for every message. */
export type PushSubscription = PushKind | '*'

export type PushHandler<K extends PushSubscription = PushKind> = (
  data: K extends PushKind ? PushDataMap[K] : PushMessage['data'],
  type: K extends PushKind ? K : PushKind
) => void

/** Who in the app takes a kind of push (see PUSH_TAKERS). */
export type PushTaker = 'socket' | 'chat' | 'interact' | 'stage' | 'ignored'

/**
 * Every kind of push of the contract and the part of the app that takes it. A kind the contract adds and this table
 * lacks does not compile, and a jest test (push-kinds.test.tsx) checks the contract's kinds against it and against the
 * features' subscriptions at run time.
 *
 * - socket: RoomSocket itself: `welcome` resets the backoff (the chat's gap fill and the stage's refresh after a
 *   reconnect listen to it too); `pong` and any other message count as heard; after an `error` the server closes and
 *   the backoff reconnects.
 * - chat: the room's chat (danmaku/chat-store.ts; the text lottery reads `danmaku` too).
 * - interact: the like total and the gift strip (interact/index.tsx).
 * - stage: the in-room activities (activities/stage.ts PUSH_KIND).
 * - ignored: the room's state comes from roominfo (R7.13) when the room is opened; a closed chat is learned when a
 *   message is refused (聊天暂时关闭, R5.8).
 */
export const PUSH_TAKERS = {
  welcome: 'socket',
  pong: 'socket',
  error: 'socket',
  online: 'chat',
  danmaku: 'chat',
  like: 'interact',
  gift: 'interact',
  live_status: 'ignored',
  chat_status: 'ignored',
  lottery_start: 'stage',
  lottery_result: 'stage',
  rain_start: 'stage',
  rain_stop: 'stage',
  redpack: 'stage',
  vote: 'stage',
  quiz: 'stage',
  goods_on: 'stage',
  goods_off: 'stage'
} as const satisfies { readonly [K in PushKind]: PushTaker }

/** The kinds of push one part of the app takes. */
export type PushKindsOf<T extends PushTaker> = {
  [K in PushKind]: (typeof PUSH_TAKERS)[K] extends T ? K : never
}[PushKind]

/** A handler for each kind of a set (RoomSocket.onEach). */
export type PushHandlers<K extends PushKind> = { readonly [P in K]: PushHandler<P> }

export type SocketStatus = 'idle' | 'connecting' | 'open' | 'waiting' | 'closed'

/** The part of Taro's SocketTask the channel uses (H5's and the mini-program's agree on it). */
export interface SocketTaskLike {
  send(options: { data: string }): unknown
  close(options?: { code?: number; reason?: string }): unknown
  onOpen(cb: (res?: unknown) => void): void
  onMessage(cb: (res: { data: unknown }) => void): void
  onClose(cb: (res?: unknown) => void): void
  onError(cb: (res?: unknown) => void): void
}

export interface RoomSocketOptions {
  /** ms before the first retry; doubles per failed attempt (default 1000). */
  initialDelay?: number
  /** the longest wait between attempts (default 30000). */
  maxDelay?: number
  /** ± share of random spread on every delay (default 0.2), so a server restart is not met by every client at once. */
  jitter?: number
  /** ms between pings (default 25000). */
  heartbeat?: number
  /** ms without any message (pong included) after which the connection counts as dead and is replaced (default 2.5 × heartbeat). */
  staleAfter?: number
  /** ms a connection may take to open (default 10000). */
  openTimeout?: number
  /** replaces Taro.connectSocket (tests). */
  connect?: (url: string) => Promise<SocketTaskLike>
  random?: () => number
  /** the socket's clock for its reconnect waits (default setTimeout): tests read the delays it asks for */
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
}

export const BACKOFF_INITIAL = 1000
export const BACKOFF_MAX = 30000
export const BACKOFF_JITTER = 0.2
export const HEARTBEAT_INTERVAL = 25000

/** The wait before reconnect attempt `attempt` (0-based): initial × 2^attempt capped at max, spread by ± jitter. */
export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  initial = BACKOFF_INITIAL,
  max = BACKOFF_MAX,
  jitter = BACKOFF_JITTER
): number {
  const base = Math.min(max, initial * Math.pow(2, Math.max(0, attempt)))
  const spread = 1 - jitter + 2 * jitter * random()
  return Math.round(Math.min(max, base * spread))
}

/** `ws(s)://<api host>/ws?roomid=N`: the API host with http → ws and https → wss; a password room adds its room_key. */
export function socketUrl(roomId: number | string, apiHost: string = currentHosts().api): string {
  const host = apiHost
    .replace(/\/+$/, '')
    .replace(/^http(s?):\/\//i, (_m, s: string) => `ws${s}://`)
    .replace(/^\/\//, 'wss://')
  const key = roomKey(roomId)
  return `${host}/ws?roomid=${encodeURIComponent(String(roomId))}${key ? `&room_key=${encodeURIComponent(key)}` : ''}`
}

function defaultConnect(url: string): Promise<SocketTaskLike> {
  return Taro.connectSocket({ url })
}

function parseMessage(raw: unknown): { type: string; data: unknown } | null {
  let value = raw
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw)
    } catch {
      return null
    }
  }
  if (!value || typeof value !== 'object') return null
  const { type, data } = value as { type?: unknown; data?: unknown }
  return typeof type === 'string' ? { type, data } : null
}

export class RoomSocket {
  readonly roomId: number | string
  readonly url: string
  status: SocketStatus = 'idle'
  /** failed attempts since the last welcome (the backoff exponent). */
  attempts = 0
  /** connections opened so far (1 = the first; more = reconnects). */
  connections = 0
  /** the latest welcome, if any. */
  welcome: WelcomeData | null = null

  private opts: Required<RoomSocketOptions>
  private handlers = new Map<PushSubscription, Set<(data: unknown, type: string) => void>>()
  private statusHandlers = new Set<(s: SocketStatus) => void>()
  private task: SocketTaskLike | null = null
  private stopped = true
  private retryTimer: unknown = null
  private pingTimer: ReturnType<typeof setInterval> | null = null
  private openTimer: ReturnType<typeof setTimeout> | null = null
  private lastHeard = 0

  constructor(roomId: number | string, options: RoomSocketOptions & { url?: string } = {}) {
    this.roomId = roomId
    this.url = options.url || socketUrl(roomId)
    const heartbeat = options.heartbeat ?? HEARTBEAT_INTERVAL
    this.opts = {
      initialDelay: options.initialDelay ?? BACKOFF_INITIAL,
      maxDelay: options.maxDelay ?? BACKOFF_MAX,
      jitter: options.jitter ?? BACKOFF_JITTER,
      heartbeat,
      staleAfter: options.staleAfter ?? Math.round(heartbeat * 2.5),
      openTimeout: options.openTimeout ?? 10000,
      connect: options.connect ?? defaultConnect,
      random: options.random ?? Math.random,
      setTimer: options.setTimer ?? ((fn, ms) => setTimeout(fn, ms)),
      clearTimer: options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>))
    }
  }

  /** Subscribe to one kind of push ('*' for every message); returns the unsubscribe. */
  on<K extends PushSubscription>(type: K, handler: PushHandler<K>): () => void {
    let set = this.handlers.get(type)
    if (!set) this.handlers.set(type, (set = new Set()))
    set.add(handler as (data: unknown, type: string) => void)
    return () => this.off(type, handler)
  }

  /** Subscribe a handler for each kind of a table; returns the unsubscribe of them all. */
  onEach<K extends PushKind>(handlers: PushHandlers<K>): () => void {
    const offs = (Object.keys(handlers) as K[]).map((type) => this.on(type, handlers[type] as PushHandler<K>))
    return () => offs.forEach((off) => off())
  }

  off<K extends PushSubscription>(type: K, handler: PushHandler<K>): void {
    this.handlers.get(type)?.delete(handler as (data: unknown, type: string) => void)
  }

  onStatus(handler: (s: SocketStatus) => void): () => void {
    this.statusHandlers.add(handler)
    return () => this.statusHandlers.delete(handler)
  }

  get isOpen(): boolean {
    return this.status === 'open'
  }

  /** Start (or keep) the connection; reconnects on its own until close(). */
  connect(): void {
    if (!this.stopped) return
    this.stopped = false
    this.attempts = 0
    void this.open()
  }

  /** Stop for good: no reconnect, no timers. */
  close(): void {
    this.stopped = true
    this.clearTimers()
    const task = this.task
    this.task = null
    if (task) this.safeClose(task)
    this.setStatus('closed')
  }

  /**
   * Drop the current connection as a network loss would; the usual backoff then reconnects (after a welcome, in about
   * a second). Waiting for a retry, it tries now. For a changed network and an app back from the background
   * (src/platform/app-wake.ts, dropRoomSockets), whose connection may be half-open, and for tests.
   */
  drop(): void {
    if (this.stopped) return
    const task = this.task
    if (!task) {
      if (this.status === 'waiting' && this.retryTimer) {
        this.opts.clearTimer(this.retryTimer)
        this.retryTimer = null
        void this.open()
      }
      return
    }
    this.lost(task)
    this.safeClose(task)
  }

  /** A message to the server: the contract has one, the heartbeat `{type: 'ping'}`. */
  send(message: ClientMessage): boolean {
    if (!this.task || this.status !== 'open') return false
    try {
      this.task.send({ data: JSON.stringify(message) })
      return true
    } catch {
      return false
    }
  }

  private setStatus(s: SocketStatus) {
    if (this.status === s) return
    this.status = s
    for (const h of this.statusHandlers) h(s)
  }

  private async open() {
    if (this.stopped) return
    this.setStatus('connecting')
    let task: SocketTaskLike
    try {
      task = await this.opts.connect(this.url)
    } catch {
      this.scheduleRetry()
      return
    }
    if (this.stopped) {
      this.safeClose(task)
      return
    }
    this.task = task
    this.openTimer = setTimeout(() => {
      if (this.task === task && this.status !== 'open') {
        this.lost(task)
        this.safeClose(task)
      }
    }, this.opts.openTimeout)
    task.onOpen(() => {
      if (this.task !== task) return
      if (this.openTimer) clearTimeout(this.openTimer)
      this.openTimer = null
      this.connections++
      this.lastHeard = Date.now()
      this.setStatus('open')
      this.startHeartbeat(task)
    })
    task.onMessage((res) => {
      if (this.task !== task) return
      this.lastHeard = Date.now()
      const msg = parseMessage(res?.data)
      if (!msg) return
      if (msg.type === 'welcome') {
        this.welcome = msg.data as WelcomeData
        // a welcome means the server accepted us: the next loss starts the backoff over
        this.attempts = 0
      }
      this.dispatch(msg.type, msg.data)
    })
    task.onClose(() => {
      if (this.task === task) this.lost(task)
    })
    task.onError(() => {
      if (this.task === task) {
        this.lost(task)
        this.safeClose(task)
      }
    })
  }

  private dispatch(type: string, data: unknown) {
    for (const key of [type, '*']) {
      const set = this.handlers.get(key as PushSubscription)
      if (!set) continue
      for (const h of Array.from(set)) {
        try {
          h(data, type)
        } catch (err) {
          // one feature's bug must not stop the others' messages
          console.error(err)
        }
      }
    }
  }

  /** The current connection is gone: forget it and retry later (unless closed). */
  private lost(task: SocketTaskLike) {
    if (this.task !== task) return
    this.task = null
    this.clearTimers()
    if (!this.stopped) this.scheduleRetry()
  }

  private scheduleRetry() {
    if (this.stopped) return
    const delay = backoffDelay(
      this.attempts,
      this.opts.random,
      this.opts.initialDelay,
      this.opts.maxDelay,
      this.opts.jitter
    )
    this.attempts++
    this.setStatus('waiting')
    if (this.retryTimer) this.opts.clearTimer(this.retryTimer)
    this.retryTimer = this.opts.setTimer(() => {
      this.retryTimer = null
      void this.open()
    }, delay)
  }

  private startHeartbeat(task: SocketTaskLike) {
    if (this.pingTimer) clearInterval(this.pingTimer)
    this.pingTimer = setInterval(() => {
      if (this.task !== task) return
      if (Date.now() - this.lastHeard > this.opts.staleAfter) {
        // silent for too long (a half-open TCP connection): replace it
        this.lost(task)
        this.safeClose(task)
        return
      }
      this.send({ type: 'ping' })
    }, this.opts.heartbeat)
  }

  private clearTimers() {
    if (this.retryTimer) this.opts.clearTimer(this.retryTimer)
    if (this.pingTimer) clearInterval(this.pingTimer)
    if (this.openTimer) clearTimeout(this.openTimer)
    this.retryTimer = this.pingTimer = this.openTimer = null
  }

  private safeClose(task: SocketTaskLike) {
    try {
      const r = task.close({ code: 1000, reason: 'client close' }) as Promise<unknown> | undefined
      if (r && typeof r.catch === 'function') r.catch(() => undefined)
    } catch {
      // already closed
    }
  }
}

/**
 * One shared connection per room for every feature of the room (chat, likes, gifts, activities): acquire on mount,
 * release on unmount; the socket closes when the last user releases it.
 */
const shared = new Map<string, { socket: RoomSocket; users: number }>()
/** The wake watch (onWake) while any room socket is held. */
let unwatch: (() => void) | null = null

/**
 * Every held room socket drops its connection and reconnects: the network changed, or the app is back after more
 * than 5 s hidden (src/platform/app-wake.ts). Without this a half-open connection stays silent until the heartbeat's
 * stale check replaces it, about a minute.
 */
export function dropRoomSockets(): void {
  for (const { socket } of shared.values()) socket.drop()
}

export function acquireRoomSocket(roomId: number | string, options?: RoomSocketOptions): RoomSocket {
  const key = String(roomId)
  let entry = shared.get(key)
  if (!entry) shared.set(key, (entry = { socket: new RoomSocket(roomId, options), users: 0 }))
  entry.users++
  if (!unwatch) unwatch = onWake(dropRoomSockets)
  entry.socket.connect()
  return entry.socket
}

export function releaseRoomSocket(roomId: number | string): void {
  const key = String(roomId)
  const entry = shared.get(key)
  if (!entry) return
  entry.users--
  if (entry.users <= 0) {
    shared.delete(key)
    entry.socket.close()
    if (!shared.size && unwatch) {
      unwatch()
      unwatch = null
    }
  }
}

/** @internal A test seam: the room's shared socket if some feature holds it. */
export function roomSocket(roomId: number | string): RoomSocket | undefined {
  return shared.get(String(roomId))?.socket
}
