/**
 * Time and timers as one injectable dependency: the app's code passes `systemClock` (the real ones), and tests pass a
 * clock they move by hand, so a store's waits take no real time in a test and no test reads the wall clock.
 */
export interface Clock {
  /** ms since the epoch, as Date.now() */
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  setInterval(fn: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
}

type Handle = ReturnType<typeof setTimeout>

/** The real clock: Date.now and the global timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as Handle),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (handle) => clearInterval(handle as Handle)
}
