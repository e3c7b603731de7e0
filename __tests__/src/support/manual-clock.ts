import type { Clock } from '@/utils/clock'

/**
 * A clock the test moves (src/utils/clock.ts): time stands still until `advance`, which runs every timer that falls
 * due in order, each at its own moment, and lets the promises it started settle before the next one. Nothing waits
 * for real time.
 */
export class ManualClock implements Clock {
  private t: number
  private seq = 0
  private timers = new Map<number, { at: number; fn: () => void; every: number | null }>()

  constructor(start = 1_700_000_000_000) {
    this.t = start
  }

  now(): number {
    return this.t
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq
    this.timers.set(id, { at: this.t + Math.max(0, ms), fn, every: null })
    return id
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number)
  }

  setInterval(fn: () => void, ms: number): unknown {
    const id = ++this.seq
    const every = Math.max(1, ms)
    this.timers.set(id, { at: this.t + every, fn, every })
    return id
  }

  clearInterval(handle: unknown): void {
    this.timers.delete(handle as number)
  }

  /** Timers waiting (intervals included). */
  get pending(): number {
    return this.timers.size
  }

  /** Moves time on by `ms`, running each timer due on the way at its moment (promises settle in between). */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms
    await settle()
    for (;;) {
      const due = this.earliest(end)
      if (!due) break
      const [id, timer] = due
      this.t = timer.at
      if (timer.every === null) this.timers.delete(id)
      else timer.at += timer.every
      timer.fn()
      await settle()
    }
    this.t = end
    await settle()
  }

  private earliest(end: number) {
    let found: [number, { at: number; fn: () => void; every: number | null }] | null = null
    for (const entry of this.timers) if (entry[1].at <= end && (!found || entry[1].at < found[1].at)) found = entry
    return found
  }
}

/** Lets pending promise callbacks run (a few rounds of microtasks). */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

/**
 * For a test whose store also waits on real I/O (a server's answer): moves the clock `step` ms at a time, letting the
 * I/O in between, until `check()` holds; rejects after `timeout` ms of real time, naming `what` it waited for.
 */
export async function advanceUntil(
  clock: ManualClock,
  check: () => boolean,
  step: number,
  what = 'the condition',
  timeout = 10000
): Promise<void> {
  const end = Date.now() + timeout
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await clock.advance(step)
    await new Promise((r) => setTimeout(r, 10))
  }
}
