/** Waiting in tests that talk to a live server or socket: a pause, and polling until something holds. */

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/**
 * The bound of a wait for something that takes moments: met only on a real failure, even by a test process the
 * other CI lanes starve of the processor for seconds (jest's own test timeout is longer).
 */
const WAIT_MS = 120_000

/** Resolves once `check()` holds, polling every 20 ms; rejects after `timeout` ms, naming `what` it waited for. */
export async function until(check: () => boolean, what = 'the condition', timeout = WAIT_MS): Promise<void> {
  const end = Date.now() + timeout
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await sleep(20)
  }
}
