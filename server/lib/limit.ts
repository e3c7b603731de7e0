/**
 * In-memory rate limits (issue 13): fixed windows per key. One process serves the reference deployment, so the
 * counters live in memory and start empty after a restart; a deployment with several nodes keeps them in a shared
 * store (see server/README.md, Security).
 */
export const TOO_FAST_MSG = '操作太频繁，请稍后再试'

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
