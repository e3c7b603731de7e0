/*
 * The activities' pure rules, each as the module's store applies it; the same rules run through
 * the stage and the reference server in stage.test.tsx.
 */
import { lotteryOutcome, markSent } from '@/packageA/components/activities/lottery/store'
import { nextQuiz } from '@/packageA/components/activities/quiz/store'
import { putOnScreen, renumber, takeDown } from '@/packageA/components/activities/goods/store'
import { parseInterval, rainStarted, rainStopped, winnersAllowed } from '@/packageA/components/activities/rain/store'
import { applyVoteCount } from '@/packageA/components/activities/vote/store'
import type { GoodsItem, QuizData, RainData } from '@/api/activity'

test('R4.38 a successful vote sets the option to the returned number, or adds one', () => {
  const opts = [
    { id: 1, title: 'a', vote: 4 },
    { id: 2, title: 'b', vote: 7 }
  ]
  expect(applyVoteCount(opts, 2, 12).map((o) => o.vote)).toEqual([4, 12])
  expect(applyVoteCount(opts, 2, undefined).map((o) => o.vote)).toEqual([4, 8])
  expect(applyVoteCount(opts, 1, '9').map((o) => o.vote)).toEqual([9, 7])
})

test('R4.39 a quiz push replaces the current quiz only if it has an id', () => {
  const quiz = (id: number, title: string) => ({ id, title, options: [] }) as unknown as QuizData
  const cur = quiz(3, 'q')
  expect(nextQuiz(cur, quiz(0, 'x'))).toBe(cur)
  expect(nextQuiz(cur, null)).toBe(cur)
  expect(nextQuiz(cur, quiz(4, 'y'))?.id).toBe(4)
})

const g = (id: number, on = 0) =>
  ({ id, title: `g${id}`, price: 1, cover: '', url: '', on_screen: on, index: 0 }) as GoodsItem

test('R4.40 R4.41 R4.42 R3.41 goods renumber from 1, on screen marks only that item, take-down clears it', () => {
  expect(renumber([g(9), g(4), g(7)]).map((x) => x.index)).toEqual([1, 2, 3])
  const on = putOnScreen([g(9, 1), g(4), g(7)], g(4))
  expect(on.map((x) => x.on_screen)).toEqual([0, 1, 0])
  expect(putOnScreen([g(9)], g(5)).map((x) => [x.id, x.on_screen, x.index])).toEqual([
    [9, 0, 1],
    [5, 1, 2]
  ])
  expect(takeDown(on).every((x) => x.on_screen === 0)).toBe(true)
})

const rain = { actId: 7, throttle: 300, count: 3, interval: '3,5,8', hs_time: 100, he_time: 200, istop: 0 } as RainData

test('R4.31 R4.32 R4.33 R9.24 rain start: now..now+3600 istop 1; stop: he_time now istop 0; only for a matching id', () => {
  expect(rainStarted(rain, 7, 1000)).toMatchObject({ hs_time: 1000, he_time: 4600, istop: 1 })
  expect(rainStarted(rain, 8, 1000)).toBe(rain)
  const running = rainStarted(rain, 7, 1000)
  expect(rainStopped(running, 7, 1500)).toMatchObject({ hs_time: 1000, he_time: 1500, istop: 0 })
  expect(rainStopped(running, 8, 1500)).toBe(running)
  expect(rainStarted(null, 7, 1000)).toBeNull()
})

test('R4.34 winners only while now is inside the start and end time', () => {
  expect(winnersAllowed(rain, 99)).toBe(false)
  expect(winnersAllowed(rain, 100)).toBe(true)
  expect(winnersAllowed(rain, 200)).toBe(true)
  expect(winnersAllowed(rain, 201)).toBe(false)
  expect(winnersAllowed(null, 150)).toBe(false)
})

test('R3.37 the rain interval is a comma list of integers', () => {
  expect(parseInterval('3,5,8')).toEqual([3, 5, 8])
  expect(parseInterval(' 2, x ,4')).toEqual([2, 4])
  expect(parseInterval('')).toEqual([3])
})

test('R4.35 R4.36 a text lottery is marked sent only from unsent, only for its title and only with an id', () => {
  expect(markSent('unsent', { id: 5, title: '太湖美' }, '太湖美')).toBe('sent')
  expect(markSent('unsent', { id: 5, title: '太湖美' }, ' 太湖美 ')).toBe('sent')
  expect(markSent('unsent', { id: 0, title: '太湖美' }, '太湖美')).toBe('unsent')
  expect(markSent('unsent', { id: 5, title: '太湖美' }, '太湖')).toBe('unsent')
  expect(markSent('sent', { id: 5, title: '太湖美' }, '太湖美')).toBe('sent')
  expect(markSent('finish', { id: 5, title: '太湖美' }, '太湖美')).toBe('finish')
})

test('R4.37 a lottery result is a win with the prize data or a loss', () => {
  expect(lotteryOutcome({ win: 1, prize: '门票', userlist: [] })).toEqual({ win: true, prize: '门票', winners: [] })
  expect(lotteryOutcome({ win: 0, prize: '门票', userlist: [] })).toEqual({ win: false, winners: [] })
})
