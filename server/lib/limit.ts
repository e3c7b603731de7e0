/**
 * Rate limits: fixed windows per key, counted in the in-memory store of @fastify/rate-limit (its `LocalStore`, the one
 * the plugin uses without Redis). One process serves the reference deployment, so the counters live in memory and
 * start empty after a restart; a deployment with several nodes keeps them in a shared store (see server/README.md,
 * Security).
 */

/** @fastify/rate-limit's in-memory store (store/LocalStore.js, untyped): what this file uses of it. */
interface LocalStore {
  lru: { get(key: string): { current: number; iterationStartMs: number } | undefined }
  incr(key: string, cb: (err: Error | null, window: { current: number }) => void, timeWindow: number, max: number): void
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the plugin's store file ships without types
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache: number
) => LocalStore

export const TOO_FAST_MSG = '操作太频繁，请稍后再试'

/** Every number the limits use; `createServer({limits})` overrides some (tests), the defaults are the deployment's. */
export interface Limits {
  /** seconds an SMS code lives */
  smsTtl: number
  /** seconds between two codes to one number */
  smsCooldown: number
  /** wrong tries before a code is void */
  smsMaxAttempts: number
  /** codes one client (address) may ask for, across numbers, per hour */
  smsPerClientHour: number
  /** codes one number may receive per day */
  smsPerMobileDay: number
  /** wrong passwords per mobile (and 3× that per address) per 15 minutes before password login pauses */
  loginFailures: number
  /** wrong room-password guesses per address and room per 10 minutes */
  roomPasswordGuesses: number
  /** likes (the sum of combo) per caller and room per 10 seconds */
  likesPer10s: number
  /** like calls per caller and room per 10 seconds */
  likeCallsPer10s: number
  /** chat messages and comments per user per 10 seconds */
  chatPer10s: number
  /** open sockets per address */
  socketsPerClient: number
  /** open TCP connections per client address (HTTP and WebSocket together) */
  connectionsPerClient: number
  /** messages one socket may send per 10 seconds */
  socketMessagesPer10s: number
  /** seconds after which a viewer's trial of a paid room or playback may start again */
  trialReset: number
  /** seconds a stream token outlives the trial (the client counts its trial from the first frame) */
  trialGrace: number
  /** seconds a stream token lives for a viewer who may watch (bought, or passed the room password) */
  streamTtl: number
}

/**
 * Keys the store keeps at most (least recently used out first): bounded memory whatever a flood of callers sends, and
 * far more than the keys one window of real traffic makes (a key is a caller, a caller and room, a mobile…).
 */
const MAX_KEYS = 100_000

/**
 * The counters the handlers call (security.ts `limit`; the login, SMS and room-password counters): synchronous,
 * because they run inside handlers, where a check that returned a promise would let the call through. The plugin's own
 * checkers (`fastify.createRateLimit()`, a route's `config.rateLimit`) are async and count one request at a time, so
 * these count in the plugin's store directly: `incr` is its counting interface (LocalStore answers its callback at
 * once); it has no read without counting, which `over` and a weighted `hit` need, so they read the window LocalStore
 * keeps (`lru`). Both are checked: a store that works otherwise fails loudly rather than let calls through.
 */
export class Limiter {
  private store = new LocalStore(false, false, MAX_KEYS)

  constructor() {
    if (typeof this.store.lru?.get !== 'function') throw new Error('@fastify/rate-limit: LocalStore keeps no lru')
  }

  /** What `key` has counted in its window now (0 when the window has ended or never began). */
  private count(key: string, windowMs: number): number {
    const w = this.store.lru.get(key)
    return w && w.iterationStartMs + windowMs > Date.now() ? w.current : 0
  }

  private incr(key: string, windowMs: number): number {
    let current = 0
    this.store.incr(key, (_err, w) => (current = w.current), windowMs, Number.MAX_SAFE_INTEGER)
    if (!current) throw new Error('@fastify/rate-limit: LocalStore did not count at once')
    return current
  }

  /** Counts `cost` against `key` when it fits under `max` in the current window; false (nothing counted) when not. */
  hit(key: string, max: number, windowMs: number, cost = 1): boolean {
    if (this.count(key, windowMs) + cost > max) return false
    for (let i = 0; i < cost; i++) this.incr(key, windowMs)
    return true
  }

  /** Counts without a cap (failures that a later check reads with `over`). */
  add(key: string, windowMs: number, cost = 1): number {
    let n = this.count(key, windowMs)
    for (let i = 0; i < cost; i++) n = this.incr(key, windowMs)
    return n
  }

  /** True when `key` has reached `max` in its current window. */
  over(key: string, max: number, windowMs: number): boolean {
    return this.count(key, windowMs) >= max
  }
}
