const QUERY = '(prefers-reduced-motion: reduce)'

function query(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null
}

/** H5: the browser's `prefers-reduced-motion: reduce`. */
export function prefersReducedMotion(): boolean {
  return query()?.matches ?? false
}

export function watchReducedMotion(listener: (reduce: boolean) => void): () => void {
  const q = query()
  if (!q || typeof q.addEventListener !== 'function') return () => undefined
  const on = (e: MediaQueryListEvent) => listener(e.matches)
  q.addEventListener('change', on)
  return () => q.removeEventListener('change', on)
}
