/** DOM helpers shared by the page and component tests. */

/** How long `waitFor` waits by default (jest's own limit, testTimeout in jest.config.js, is well above it). */
const WAIT_MS = 120_000

/**
 * Resolves with the first truthy value of `fn`, polling every 20 ms; rejects after `ms`. The limit is a wait for the
 * environment, not a measure, and tests keep the default rather than name a shorter one: in a CI run the jest lane
 * runs at a lower priority (nice 10) beside the H5 build, WebKit and the Chromium files that time a stream, and a
 * first page load that takes 0.2 s alone waited on the processor for over 30 s there (home's first requests, on a
 * fresh machine). A condition that holds returns as soon as it does; only a failing test waits the whole limit.
 */
export async function waitFor<T>(fn: () => T | null | undefined | false, ms = WAIT_MS): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = fn()
    if (v) return v
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 20))
  }
}

export const $ = (sel: string) => document.querySelector<HTMLElement>(sel)
export const $$ = (sel: string) => Array.from(document.querySelectorAll<HTMLElement>(sel))
