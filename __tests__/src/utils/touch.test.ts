import { CLICK_AFTER_TOUCH_MS, MOVE_THRESHOLD, isClickOfTouch, isMove } from '@/utils/touch'

// The touch rules of R9.25 at their exact edges (their use is in foundation-rules.test.tsx).

test('R9.25 a shift of exactly 8 px either way is no move; 9 px is', () => {
  expect(MOVE_THRESHOLD).toBe(8)
  expect(isMove(8, 0)).toBe(false)
  expect(isMove(0, 8)).toBe(false)
  expect(isMove(0, -8)).toBe(false)
  expect(isMove(0, 9)).toBe(true)
  expect(isMove(-9, 0)).toBe(true)
})

test('R9.25 a click at the touch’s very end, or 1 s after, is part of it; before it or later is not', () => {
  expect(CLICK_AFTER_TOUCH_MS).toBe(1000)
  expect(isClickOfTouch(100, 100)).toBe(true)
  expect(isClickOfTouch(100, 1100)).toBe(true)
  expect(isClickOfTouch(100, 1101)).toBe(false)
  expect(isClickOfTouch(100, 99)).toBe(false)
})
