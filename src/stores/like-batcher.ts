/**
 * Likes are counted locally and sent as one `combo` call per window (spec R3.17, R7.76; ARCHITECTURE "like
 * processor"): a burst of taps costs one request, and a failed call puts its count back so no tap is lost. Pure: no
 * Taro, no MobX; the timers are injectable so tests drive them.
 */

/** Sends one batch; resolves true when the server took it. A rejection counts as a failure. */
export type SendLikes = (combo: number) => Promise<boolean>

export interface LikeBatcherOptions {
  /** The window, ms: at most one call per window (default 1500). */
  interval?: number
  /** The longest wait before retrying a failed batch, ms (the wait doubles per failure from `interval`). */
  maxRetryDelay?: number
  /** Called whenever pending or inFlight changes (the store mirrors them for the view). */
  onChange?: () => void
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
}

export const LIKE_INTERVAL = 1500
export const LIKE_MAX_RETRY_DELAY = 30000
/** The server's limit of one call's combo. */
export const LIKE_MAX_COMBO = 1000

export class LikeBatcher {
  /** Taps not yet sent (including those put back after a failure). */
  pending = 0
  /** Taps of the call on the wire. */
  inFlight = 0
  private failures = 0
  private timer: unknown = null
  private disposed = false
  private readonly interval: number
  private readonly maxRetryDelay: number
  private readonly setTimer: (fn: () => void, ms: number) => unknown
  private readonly clearTimer: (handle: unknown) => void

  constructor(
    private readonly send: SendLikes,
    private readonly options: LikeBatcherOptions = {}
  ) {
    this.interval = options.interval ?? LIKE_INTERVAL
    this.maxRetryDelay = options.maxRetryDelay ?? LIKE_MAX_RETRY_DELAY
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms))
    this.clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>))
  }

  /** Taps shown to the viewer before the server confirms them. */
  get unconfirmed(): number {
    return this.pending + this.inFlight
  }

  /** One tap (or n): counted now, sent with the window's batch. */
  tap(n = 1): void {
    if (this.disposed || !(n > 0)) return
    this.pending += Math.floor(n)
    this.changed()
    this.schedule(this.interval)
  }

  /** Sends the pending taps now as one call (at most LIKE_MAX_COMBO; the rest waits for the next window). */
  async flush(): Promise<void> {
    this.cancelTimer()
    if (this.inFlight > 0 || this.pending <= 0) return
    const combo = Math.min(this.pending, LIKE_MAX_COMBO)
    this.pending -= combo
    this.inFlight = combo
    this.changed()
    let ok = false
    try {
      ok = await this.send(combo)
    } catch {
      ok = false
    }
    this.inFlight = 0
    if (ok) {
      this.failures = 0
    } else {
      this.pending += combo // put the count back: no tap is lost
      this.failures += 1
    }
    this.changed()
    if (this.pending > 0 && !this.disposed) {
      this.schedule(ok ? this.interval : Math.min(this.interval * 2 ** (this.failures - 1), this.maxRetryDelay))
    }
  }

  /** Stops the timer; with `flushPending`, the taps still counted go out in one last call. */
  dispose(flushPending = true): Promise<void> {
    const last = flushPending ? this.flush() : Promise.resolve()
    this.disposed = true
    this.cancelTimer()
    return last
  }

  private schedule(ms: number) {
    if (this.timer !== null || this.disposed) return
    this.timer = this.setTimer(() => {
      this.timer = null
      void this.flush()
    }, ms)
  }

  private cancelTimer() {
    if (this.timer !== null) this.clearTimer(this.timer)
    this.timer = null
  }

  private changed() {
    this.options.onChange?.()
  }
}
