import { newRequestId } from '@/utils/request-id'

/**
 * Likes are counted locally and sent as one `combo` call per window (spec R3.17, R7.76; ARCHITECTURE "like
 * processor"): a burst of taps costs one request, and no tap is lost or counted twice: every batch
 * carries an idempotency key made once for it; a failed batch is kept and sent again as it was (same count, same
 * key) before any newer taps, so a batch whose reply was lost is answered by the server without counting it again.
 * Pure: no Taro, no MobX; the timers are injectable so tests drive them.
 */

/** Sends one batch with its key; resolves true when the server took it. A rejection counts as a failure. */
export type SendLikes = (combo: number, requestId: string) => Promise<boolean>

export interface LikeBatcherOptions {
  /** The window, ms: at most one call per window (default 1500). */
  interval?: number
  /** The longest wait before retrying a failed batch, ms (the wait doubles per failure from `interval`). */
  maxRetryDelay?: number
  /** Called whenever pending or inFlight changes (the store mirrors them for the view). */
  onChange?: () => void
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
  /** Makes a batch's idempotency key (default newRequestId). */
  newKey?: () => string
}

export const LIKE_INTERVAL = 1500
export const LIKE_MAX_RETRY_DELAY = 30000
/** The server's limit of one call's combo. */
export const LIKE_MAX_COMBO = 1000

export class LikeBatcher {
  /** Taps not yet sent in any batch. */
  pending = 0
  /** Taps of the call on the wire. */
  inFlight = 0
  /** The batch that failed, waiting to be sent again unchanged. */
  private failed: { combo: number; key: string } | null = null
  private failures = 0
  private timer: unknown = null
  private disposed = false
  private readonly interval: number
  private readonly maxRetryDelay: number
  private readonly setTimer: (fn: () => void, ms: number) => unknown
  private readonly clearTimer: (handle: unknown) => void
  private readonly newKey: () => string

  constructor(
    private readonly send: SendLikes,
    private readonly options: LikeBatcherOptions = {}
  ) {
    this.interval = options.interval ?? LIKE_INTERVAL
    this.maxRetryDelay = options.maxRetryDelay ?? LIKE_MAX_RETRY_DELAY
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms))
    this.clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>))
    this.newKey = options.newKey ?? (() => newRequestId())
  }

  /** Taps of a failed batch waiting for its retry. */
  get retrying(): number {
    return this.failed ? this.failed.combo : 0
  }

  /** Taps shown to the viewer before the server confirms them. */
  get unconfirmed(): number {
    return this.pending + this.inFlight + this.retrying
  }

  /** One tap (or n): counted now, sent with the window's batch. */
  tap(n = 1): void {
    if (this.disposed || !(n > 0)) return
    this.pending += Math.floor(n)
    this.changed()
    this.schedule(this.interval)
  }

  /**
   * Sends one batch now: the failed one again if there is one (same count and key), else the pending taps (at most
   * LIKE_MAX_COMBO; the rest waits for the next window) under a new key. Resolves true when the server took it.
   */
  async flush(): Promise<boolean> {
    this.cancelTimer()
    if (this.inFlight > 0) return false
    let batch = this.failed
    if (!batch) {
      if (this.pending <= 0) return false
      const combo = Math.min(this.pending, LIKE_MAX_COMBO)
      this.pending -= combo
      batch = { combo, key: this.newKey() }
    }
    this.failed = null
    this.inFlight = batch.combo
    this.changed()
    let ok = false
    try {
      ok = await this.send(batch.combo, batch.key)
    } catch {
      ok = false
    }
    this.inFlight = 0
    if (ok) {
      this.failures = 0
    } else {
      this.failed = batch // kept as it was: no tap is lost, and its retry cannot count twice
      this.failures += 1
    }
    this.changed()
    if ((this.pending > 0 || this.failed) && !this.disposed) {
      this.schedule(ok ? this.interval : Math.min(this.interval * 2 ** (this.failures - 1), this.maxRetryDelay))
    }
    return ok
  }

  /** Stops the timer; with `flushPending`, the failed batch and the taps still counted go out now (until a call fails). */
  dispose(flushPending = true): Promise<void> {
    const last = flushPending
      ? (async () => {
          while ((this.failed || this.pending > 0) && (await this.flush())) {
            // next batch
          }
        })()
      : Promise.resolve()
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
