/**
 * What a component's or a store's own timers ask for, for tests of code that calls the global setTimeout (a page's
 * toast, an overlay's wait): the delays are read from the calls, never measured with the wall clock, which a loaded
 * machine stretches. The timers still run, for real.
 */
export function watchTimeouts(log?: (event: 'set' | 'fired', ms: number) => void) {
  const real = globalThis.setTimeout
  const asked: number[] = []
  const spy = jest.spyOn(globalThis, 'setTimeout').mockImplementation(((
    fn: (...args: unknown[]) => void,
    ms?: number,
    ...args: unknown[]
  ) => {
    const delay = Number(ms) || 0
    asked.push(delay)
    log?.('set', delay)
    const run = (...a: unknown[]) => {
      log?.('fired', delay)
      fn(...a)
    }
    return real(run, ms, ...args)
  }) as unknown as typeof setTimeout)
  return {
    /** every delay asked for since the watch began, in order */
    asked,
    restore: () => spy.mockRestore()
  }
}
