/*
 * The rules both players keep (src/packageA/components/player/rules.ts), as index.tsx and index.h5.tsx use them: a
 * failed stream tried again after the backoff's wait and given up after two minutes (点击重试), one try waiting at a
 * time; the save cadence; the source a 清晰度 plays by where the player switches by source.
 */
import { GIVE_UP_MS } from '@/utils/backoff'
import { Retry, SAVE_EVERY_MS, SaveCadence, sourceFor } from '@/packageA/components/player/rules'

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

test('a failure waits the backoff, one try at a time; two minutes of failures give up; stop cancels', () => {
  let clock = 0
  const told: string[] = []
  const retry = new Retry({ waiting: () => told.push('waiting'), gaveUp: () => told.push('gave up') }, () => clock)
  let tries = 0
  retry.fail(() => tries++)
  retry.fail(() => tries++) // a try already waits
  expect(told).toEqual(['waiting'])
  expect(retry.failing).toBe(true)
  jest.advanceTimersByTime(2000)
  expect(tries).toBe(1)
  clock += GIVE_UP_MS
  retry.fail(() => tries++)
  expect(told).toEqual(['waiting', 'gave up'])
  retry.succeed()
  expect(retry.failing).toBe(false)
  retry.fail(() => tries++)
  retry.stop()
  jest.advanceTimersByTime(60000)
  expect(tries).toBe(1)
})

test('a position is due every SAVE_EVERY_MS of the clock', () => {
  const saves = new SaveCadence()
  const t0 = 1_000_000
  expect([t0, t0 + SAVE_EVERY_MS - 1, t0 + SAVE_EVERY_MS].map((t) => saves.due(t))).toEqual([true, false, true])
})

test('清晰度 by source: 自动 plays the master; a height its rendition, or the nearest below', () => {
  const master = 'https://example.invalid/a/index.m3u8'
  const renditions = [
    { height: 360, bandwidth: 1, url: 'https://example.invalid/a/360.m3u8' },
    { height: 720, bandwidth: 2, url: 'https://example.invalid/a/720.m3u8' }
  ]
  expect(sourceFor(master, renditions, 0)).toBe(master)
  expect(sourceFor(master, renditions, 720)).toBe(renditions[1].url)
  expect(sourceFor(master, renditions, 480)).toBe(renditions[0].url)
  expect(sourceFor(master, [], 720)).toBe(master)
})
