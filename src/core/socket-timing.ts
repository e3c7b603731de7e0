import type { Clock } from '@/utils/clock'

/**
 * The room socket's timing (src/core/socket.ts): the reconnect backoff (1 s doubling to 30 s, ± 20 % jitter, so a
 * server restart is not met by every client at once) and the heartbeat that pings an open connection and replaces
 * one that stayed silent too long. Both run on the socket's injected clock.
 */

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

/**
 * One connection's heartbeat: every `interval` ms it pings, unless nothing (pong included) was heard for more than
 * `staleAfter` ms: then the connection is dead (a half-open TCP connection) and `stale` is called instead.
 */
export class Heartbeat {
  private timer: unknown = null
  private lastHeard: number

  constructor(
    private readonly clock: Clock,
    interval: number,
    staleAfter: number,
    ping: () => void,
    stale: () => void
  ) {
    this.lastHeard = clock.now()
    this.timer = clock.setInterval(() => {
      if (clock.now() - this.lastHeard > staleAfter) {
        this.stop()
        stale()
        return
      }
      ping()
    }, interval)
  }

  /** Something came from the server: the connection is alive. */
  heard(): void {
    this.lastHeard = this.clock.now()
  }

  stop(): void {
    if (this.timer !== null) this.clock.clearInterval(this.timer)
    this.timer = null
  }
}
