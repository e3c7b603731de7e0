// Nodes added to the page, counted in the page by either browser driver (Playwright's `page.evaluate` in Chromium,
// WebdriverIO's `browser.execute` in WebKit): a node that lives a moment (a like's heart floats 1.2 s) is seen even
// when a busy test process looks after it has gone.

type Counts = { __added?: Record<string, number> }

/** Runs in the page: from now on, counts the elements matching `selector` added to the document (self-contained). */
export const countAdded = (selector: string): void => {
  const w = window as unknown as Counts
  const counts = (w.__added ??= {})
  counts[selector] = 0
  new MutationObserver((records) => {
    for (const r of records)
      for (const n of r.addedNodes)
        if (n instanceof Element)
          counts[selector] += (n.matches(selector) ? 1 : 0) + n.querySelectorAll(selector).length
  }).observe(document.documentElement, { childList: true, subtree: true })
}

/** Runs in the page: how many elements matching `selector` were added since `countAdded(selector)`. */
export const addedCount = (selector: string): number => (window as unknown as Counts).__added?.[selector] ?? 0
