import { useMemo, type RefObject } from 'react'
import type { Autoplay } from './use-autoplay'

/** Handlers a rotating view spreads on its root. */
export interface AutoplayHoldProps {
  onTouchStart?: () => void
  onTouchEnd?: () => void
  onTouchCancel?: () => void
}

/**
 * The viewer's hand holds a rotation (use-autoplay.ts). Mini-program: a finger on the view (its touch events; the
 * element ref is not used). H5 (use-autoplay-holds.h5.ts): a finger, a mouse over it or keyboard focus inside it, by
 * listeners on the element once it is `shown`.
 */
export function useAutoplayHolds(_ref: RefObject<unknown>, autoplay: Autoplay, _shown = true): AutoplayHoldProps {
  return useMemo(
    () => ({
      onTouchStart: () => autoplay.set('touch', true),
      onTouchEnd: () => autoplay.set('touch', false),
      onTouchCancel: () => autoplay.set('touch', false)
    }),
    [autoplay]
  )
}
