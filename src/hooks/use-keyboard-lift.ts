import { useState, type CSSProperties } from 'react'

/** What an <Input> of a bar gets, and the style that lifts its bar. */
export interface KeyboardLift {
  inputProps: {
    adjustPosition?: boolean
    onKeyboardHeightChange?: (e: { detail: { height?: number } }) => void
    onBlur?: () => void
  }
  barStyle: CSSProperties | undefined
}

/**
 * Mini-program: an input's bar over the keyboard without moving the page. WeChat's default (adjust-position) pushes
 * the whole page up by the keyboard's height, and the live room's video with it, off the top of the screen; with it
 * off, the bar alone moves up by the height the input reports (keyboardheightchange, base library 2.7.0; 0 as the
 * keyboard goes). H5 (use-keyboard-lift.h5.ts): the browser places the focused input itself.
 */
export function useKeyboardLift(): KeyboardLift {
  const [height, setHeight] = useState(0)
  return {
    inputProps: {
      adjustPosition: false,
      onKeyboardHeightChange: (e) => setHeight(Math.max(0, Number(e.detail.height) || 0)),
      onBlur: () => setHeight(0)
    },
    barStyle: height > 0 ? { transform: `translateY(-${height}px)` } : undefined
  }
}
