import Taro from '@tarojs/taro'
import type { ClientMessage } from '../../contract/push'
import { onWake } from '@/platform/app-wake'
import { systemClock, type Clock } from '@/utils/clock'
import { currentHosts } from './request'
import { roomKey } from './room-access'
import {
  BACKOFF_INITIAL,
  BACKOFF_JITTER,
  BACKOFF_MAX,
  HEARTBEAT_INTERVAL,
  Heartbeat,
  backoffDelay
} from './socket-timing'
import {
  parseMessage,
  type PushHandler,
  type PushHandlers,
  type PushKind,
  type PushSubscription,
  type WelcomeData
} from './push-kinds'

export { BACKOFF_INITIAL, BACKOFF_JITTER, BACKOFF_MAX, HEARTBEAT_INTERVAL, backoffDelay }
export { PUSH_TAKERS } from './push-kinds'
export type {
  DanmakuPushData,
  PushDataMap,
  PushHandler,
  PushHandlers,
  PushKind,
  PushKindsOf,
  PushSubscription,
  PushTaker,
  WelcomeData
} from './push-kinds'

/**
 * The push channel of a live room: the only caller of Taro.connectSocket (same API on H5 and in the mini-program).
 * One RoomSocket per room connection: `ws(s)://<api host>/ws?roomid=N`, JSON messages `{type, data}`, a heartbeat
 * `{type:'ping'}`, and reconnection with exponential backoff (1 s doubling to 30 s, with jitter) until close(). A
 * changed network, or the app back after more than 5 s hidden, drops every room's connection at once to reconnect
 * (dropRoomSockets, src/platform/app-wake.ts) rather than wait for the heartbeat to find it dead. The backoff and the
 * heartbeat are socket-timing.ts; every wait runs on the socket's clock (systemClock unless a test passes its own).
 * The messages are contract/push.ts's, decoded and typed in push-kinds.ts (no schema ships in the app), which also
 * names who takes each kind (PUSH_TAKERS). Features subscribe by kind with
 * on(type, handler) or onEach({kind: handler}); the chat store fills the gap after a reconnect from the `welcome`
 * message's last_msg_id (spec R7.72).
 */

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
  /** the reconnect waits, the open timeout and the heartbeat (default systemClock): tests pass one they move */
  clock?: Clock
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
  private heartbeat: Heartbeat | null = null
  private openTimer: unknown = null
  /** counts close()s: a connection asked for before the latest close() is closed when WeChat hands it over. */
  private closes = 0

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
      clock: options.clock ?? systemClock
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
    this.closes++
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
        this.opts.clock.clearTimeout(this.retryTimer)
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
    const closes = this.closes
    let task: SocketTaskLike
    try {
      task = await this.opts.connect(this.url)
    } catch {
      if (closes === this.closes) this.scheduleRetry()
      return
    }
    // closed meanwhile, and maybe connected again (a page pushed and popped): this connection is no longer wanted
    if (this.stopped || closes !== this.closes) {
      this.safeClose(task)
      return
    }
    this.task = task
    this.openTimer = this.opts.clock.setTimeout(() => {
      if (this.task === task && this.status !== 'open') {
        this.lost(task)
        this.safeClose(task)
      }
    }, this.opts.openTimeout)
    task.onOpen(() => {
      if (this.task !== task) return
      if (this.openTimer !== null) this.opts.clock.clearTimeout(this.openTimer)
      this.openTimer = null
      this.connections++
      this.setStatus('open')
      this.startHeartbeat(task)
    })
    task.onMessage((res) => {
      if (this.task !== task) return
      this.heartbeat?.heard()
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
    if (this.retryTimer !== null) this.opts.clock.clearTimeout(this.retryTimer)
    this.retryTimer = this.opts.clock.setTimeout(() => {
      this.retryTimer = null
      void this.open()
    }, delay)
  }

  private startHeartbeat(task: SocketTaskLike) {
    this.heartbeat?.stop()
    this.heartbeat = new Heartbeat(
      this.opts.clock,
      this.opts.heartbeat,
      this.opts.staleAfter,
      () => this.task === task && this.send({ type: 'ping' }),
      () => {
        // silent for too long (a half-open TCP connection): replace it
        if (this.task !== task) return
        this.lost(task)
        this.safeClose(task)
      }
    )
  }

  private clearTimers() {
    const clock = this.opts.clock
    if (this.retryTimer !== null) clock.clearTimeout(this.retryTimer)
    if (this.openTimer !== null) clock.clearTimeout(this.openTimer)
    this.heartbeat?.stop()
    this.retryTimer = this.openTimer = this.heartbeat = null
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
 *
 * At most MAX_ROOM_SOCKETS rooms are connected at once: WeChat allows five WebSocket connections at the same time
 * (wx.connectSocket, "最多可以同时存在 5 个 WebSocket 连接") and fails a sixth, and every live page in the stack holds
 * its room (live → 主播 → live … reaches six rooms from a shared link, R2.40). The rooms acquired last (the pages on
 * top) keep their connections; an older one, under them in the stack, gives its connection up (close(), its features
 * still subscribed) and connects again when a room above it is released, where its reconnect fills the gap as after
 * any loss (R7.72).
 */
const MAX_ROOM_SOCKETS = 5
/** The held rooms in the order they were last acquired, the one acquired longest ago first (a Map keeps insertion order). */
const shared = new Map<string, { socket: RoomSocket; users: number }>()

/** The newest MAX_ROOM_SOCKETS rooms connected, the others not: the older ones are closed before any is opened. */
function balanceRoomSockets() {
  const entries = [...shared.values()]
  const older = entries.length - MAX_ROOM_SOCKETS
  entries.forEach((entry, at) => at < older && entry.socket.close())
  entries.forEach((entry, at) => at >= older && entry.socket.connect())
}
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
  const entry = shared.get(key) ?? { socket: new RoomSocket(roomId, options), users: 0 }
  entry.users++
  // Deleted and set again, so the room moves to the end of the Map's order: the newest room.
  shared.delete(key)
  shared.set(key, entry)
  if (!unwatch) unwatch = onWake(dropRoomSockets)
  balanceRoomSockets()
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
    balanceRoomSockets()
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
