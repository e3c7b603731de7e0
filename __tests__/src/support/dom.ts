/** DOM helpers shared by the page and component tests. */

/**
 * Resolves with the first truthy value of `fn`, polling every 20 ms; rejects after `ms`. The default is generous, and
 * tests keep it rather than name a shorter one: a page's first load waits on the reference server, which a loaded CI
 * machine (two cores, every lane at once) can make take several seconds, and a machine of the same kind ran the whole
 * suite 2.2 times slower (10 s waits for home ran out there); a condition that holds returns as soon as it does.
 */
export async function waitFor<T>(fn: () => T | null | undefined | false, ms = 30000): Promise<T> {
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
