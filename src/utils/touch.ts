/** A touch counts as a move when it shifts more than 8 px; a click within 1 s after a touch is part of it (R9.25). */
export const MOVE_THRESHOLD = 8
export const CLICK_AFTER_TOUCH_MS = 1000

export function isMove(dx: number, dy: number): boolean {
  return Math.abs(dx) > MOVE_THRESHOLD || Math.abs(dy) > MOVE_THRESHOLD
}

export function isClickOfTouch(touchEndAt: number, clickAt: number): boolean {
  return clickAt - touchEndAt >= 0 && clickAt - touchEndAt <= CLICK_AFTER_TOUCH_MS
}
