/** Waiting in tests that talk to a live server or socket: a pause, and polling until something holds. */

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/** Resolves once `check()` holds, polling every 20 ms; rejects after `timeout` ms, naming `what` it waited for. */
export async function until(check: () => boolean, timeout = 8000, what = 'the condition'): Promise<void> {
  const end = Date.now() + timeout
  while (!check()) {
    if (Date.now() > end)
      throw new Error(what === 'the condition' ? 'timed out waiting' : `timed out waiting for ${what}`)
    await sleep(20)
  }
}
