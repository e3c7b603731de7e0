import type { KeyboardLift } from './use-keyboard-lift'

const NONE: KeyboardLift = { inputProps: {}, barStyle: undefined }

/** H5: the browser keeps the focused input in view itself; nothing to lift (use-keyboard-lift.ts is WeChat's). */
export function useKeyboardLift(): KeyboardLift {
  return NONE
}
