import { useEffect, type RefObject } from 'react'
import type { Autoplay } from './use-autoplay'
import type { AutoplayHoldProps } from './use-autoplay-holds'

const NONE: AutoplayHoldProps = {}

/**
 * H5: a finger on the view, a mouse over it (a mouse only: a phone's tap sends a pointerenter without its leave) or
 * keyboard focus inside it holds the rotation, through listeners on the view's element.
 */
export function useAutoplayHolds(ref: RefObject<unknown>, autoplay: Autoplay, shown = true): AutoplayHoldProps {
  useEffect(() => {
    const el = ref.current as HTMLElement | null
    if (!shown || !el || typeof el.addEventListener !== 'function') return undefined
    const hold = (reason: 'touch' | 'pointer' | 'focus', on: boolean) => () => autoplay.set(reason, on)
    const pointer = (on: boolean) => (e: PointerEvent) => {
      if (e.pointerType === 'mouse') autoplay.set('pointer', on)
    }
    const focusOut = (e: FocusEvent) => {
      if (!(e.relatedTarget instanceof Node && el.contains(e.relatedTarget))) autoplay.set('focus', false)
    }
    const listeners: Array<[string, EventListener]> = [
      ['touchstart', hold('touch', true)],
      ['touchend', hold('touch', false)],
      ['touchcancel', hold('touch', false)],
      ['pointerenter', pointer(true) as EventListener],
      ['pointerleave', pointer(false) as EventListener],
      ['focusin', hold('focus', true)],
      ['focusout', focusOut as EventListener]
    ]
    for (const [type, fn] of listeners) el.addEventListener(type, fn, { passive: true })
    return () => {
      for (const [type, fn] of listeners) el.removeEventListener(type, fn)
    }
  }, [ref, autoplay, shown])
  return NONE
}
