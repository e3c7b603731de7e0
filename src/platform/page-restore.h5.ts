/**
 * H5 variant of page-restore.ts: `pageshow` with `persisted`, the browser's back-forward cache handing the page back
 * (no load, no script run again; Playwright's Chromium turns the cache off, phones' browsers keep it on).
 */
export function onPageRestored(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined
  const shown = (e: PageTransitionEvent) => {
    if (e.persisted) listener()
  }
  window.addEventListener('pageshow', shown)
  return () => window.removeEventListener('pageshow', shown)
}
