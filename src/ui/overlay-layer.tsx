import { useEffect } from 'react'
import { ModalLayer } from './modal-layer'
import { watchRouteChanges } from './overlay'

/**
 * Rendered once by the app (src/app.tsx): hides every overlay on a page route change (spec R4.49) and draws the
 * project's own modal where the target needs it (the mini-program).
 */
export function OverlayLayer() {
  useEffect(() => watchRouteChanges(), [])
  return <ModalLayer />
}
