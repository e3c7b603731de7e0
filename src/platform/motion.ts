/**
 * The viewer's "reduce motion" setting. Mini-program: WeChat exposes no such setting to pages, so motion stays on
 * (motion.h5.ts reads the browser's `prefers-reduced-motion`).
 */
export function prefersReducedMotion(): boolean {
  return false
}

/** Calls `listener` when the setting changes; returns the unsubscribe. */
export function watchReducedMotion(_listener: (reduce: boolean) => void): () => void {
  return () => undefined
}
