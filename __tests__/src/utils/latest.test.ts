import { LatestAnswer } from '@/utils/latest'

// The rule behind the activity stage's details and the red packet's result (stage.test.tsx drives both through the
// reference server): of askings that overlap, an older answer arriving after a newer one was applied is left.

test('answers arriving in the order they were asked are all taken', () => {
  const answers = new LatestAnswer()
  const first = answers.ask()
  const second = answers.ask()
  expect(answers.take(first)).toBe(true)
  expect(answers.take(second)).toBe(true)
})

test('an older answer arriving after a newer one was taken is left; the next asking is taken again', () => {
  const answers = new LatestAnswer()
  const first = answers.ask()
  const second = answers.ask()
  expect(answers.take(second)).toBe(true)
  expect(answers.take(first)).toBe(false)
  const third = answers.ask()
  expect(third).toBeGreaterThan(second)
  expect(answers.take(third)).toBe(true)
})
