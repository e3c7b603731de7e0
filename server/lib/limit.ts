/**
 * In-memory rate limits: fixed windows per key. One process serves the reference deployment, so the
 * counters live in memory and start empty after a restart; a deployment with several nodes keeps them in a shared
 * store (see server/README.md, Security).
 */
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

interface Window {
  start: number
  count: number
  until: number
}

export class RateLimiter {
  private windows = new Map<string, Window>()

  constructor(private now: () => number = Date.now) {}

  private window(key: string, windowMs: number): Window {
    const t = this.now()
    let w = this.windows.get(key)
    if (!w || t - w.start >= windowMs) {
      w = { start: t, count: 0, until: t + windowMs }
      this.windows.set(key, w)
    }
    return w
  }

  /** Counts `cost` against `key` when it fits under `max` in the current window; false (nothing counted) when not. */
  hit(key: string, max: number, windowMs: number, cost = 1): boolean {
    const w = this.window(key, windowMs)
    if (w.count + cost > max) return false
    w.count += cost
    return true
  }

  /** Counts without a cap (failures that a later check reads with `over`). */
  add(key: string, windowMs: number, cost = 1): number {
    const w = this.window(key, windowMs)
    w.count += cost
    return w.count
  }

  /** True when `key` has reached `max` in its current window. */
  over(key: string, max: number, windowMs: number): boolean {
    return this.window(key, windowMs).count >= max
  }

  /** Seconds until `key`'s window ends (at least 1). */
  retryAfter(key: string): number {
    const w = this.windows.get(key)
    return w ? Math.max(1, Math.ceil((w.until - this.now()) / 1000)) : 1
  }

  reset(key: string): void {
    this.windows.delete(key)
  }

  /** Drops the windows that have ended (called by a timer). */
  sweep(): void {
    const t = this.now()
    for (const [k, w] of this.windows) if (w.until <= t) this.windows.delete(k)
  }

  get size(): number {
    return this.windows.size
  }
}
