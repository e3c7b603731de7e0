/**
 * Self-healing streams: after a fatal network error the player tries again by itself, 1 s after the first failure,
 * then doubling to 30 s, each wait varied by ±20 % (so many viewers cut off together do not return together), and it
 * shows 网络不给力，正在重连… meanwhile. Only after GIVE_UP_MS of failures does it stop and offer 点击重试. A success
 * (a fragment played) starts the count again. Pure and driven by the times it is given, shared by both players.
 */
export const FIRST_RETRY_MS = 1000
export const MAX_RETRY_MS = 30000
export const JITTER = 0.2
export const GIVE_UP_MS = 120000

export class Backoff {
  private attempts = 0
  private since: number | null = null

  constructor(private readonly random: () => number = Math.random) {}

  /** A failure at `now`: the ms to wait before the next try, or null when it has failed for GIVE_UP_MS. */
  fail(now: number): number | null {
    if (this.since === null) this.since = now
    if (now - this.since >= GIVE_UP_MS) return null
    const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** this.attempts)
    this.attempts++
    return Math.round(base * (1 - JITTER + 2 * JITTER * this.random()))
  }

  /** The stream plays again. */
  succeed(): void {
    this.attempts = 0
    this.since = null
  }

  /** Whether a failure is being retried (the viewer sees 网络不给力，正在重连…). */
  get failing(): boolean {
    return this.since !== null
  }
}
