import type { WakeReason } from './app-wake'

export type { WakeReason } from './app-wake'

/** As app-wake.ts's (a value import of './app-wake' would be this file in the H5 build). */
export const HIDDEN_STALE_MS = 5000

type Connection = EventTarget & { type?: string }

/**
 * H5 variant of app-wake.ts: the page hidden for more than HIDDEN_STALE_MS (a phone's browser freezes a background
 * tab's timers and sockets), the browser coming back online, or the Network Information API's change of network.
 */
export function onWake(fn: (reason: WakeReason) => void): () => void {
  if (typeof document === 'undefined') return () => undefined
  let hiddenAt = 0
  const visibility = () => {
    if (document.visibilityState === 'hidden') {
      hiddenAt = Date.now()
      return
    }
    const away = hiddenAt ? Date.now() - hiddenAt : 0
    hiddenAt = 0
    if (away > HIDDEN_STALE_MS) fn('show')
  }
  const network = () => fn('network')
  const connection = (navigator as Navigator & { connection?: Connection }).connection
  document.addEventListener('visibilitychange', visibility)
  window.addEventListener('online', network)
  connection?.addEventListener?.('change', network)
  return () => {
    document.removeEventListener('visibilitychange', visibility)
    window.removeEventListener('online', network)
    connection?.removeEventListener?.('change', network)
  }
}
