/*
 * The like processor (spec R3.17, R7.76): taps counted locally, one combo call per 1.5 s
 * window, each batch under its own idempotency key; a failed batch is sent again unchanged (same count, same key).
 */
import { LIKE_INTERVAL, LIKE_MAX_COMBO, LikeBatcher } from '@/packageA/components/interact/like-batcher'

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

/** Lets the awaited send settle. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

test('R3.17 R7.76 taps within one 1.5 s window go out as one call carrying their count', async () => {
  const send = jest.fn().mockResolvedValue(true)
  const b = new LikeBatcher(send)
  for (let i = 0; i < 7; i++) b.tap()
  expect(send).not.toHaveBeenCalled()
  expect(b.pending).toBe(7)
  jest.advanceTimersByTime(LIKE_INTERVAL - 1)
  expect(send).not.toHaveBeenCalled()
  jest.advanceTimersByTime(1)
  expect(send).toHaveBeenCalledTimes(1)
  expect(send).toHaveBeenCalledWith(7, expect.stringMatching(/^[\w-]{8,64}$/))
  expect(b.inFlight).toBe(7)
  await settle()
  expect(b.unconfirmed).toBe(0)
  jest.advanceTimersByTime(10 * LIKE_INTERVAL)
  expect(send).toHaveBeenCalledTimes(1) // nothing pending, no call
})

test('R3.17 continuous tapping makes at most one call per window', async () => {
  const send = jest.fn().mockResolvedValue(true)
  const b = new LikeBatcher(send)
  // 10 taps per second for 6 s
  for (let t = 0; t < 60; t++) {
    b.tap()
    jest.advanceTimersByTime(100)
    await settle()
  }
  jest.advanceTimersByTime(LIKE_INTERVAL)
  await settle()
  const combos = send.mock.calls.map((c) => c[0] as number)
  expect(combos.reduce((a, n) => a + n, 0)).toBe(60)
  expect(send.mock.calls.length).toBeLessThanOrEqual(Math.ceil(7500 / LIKE_INTERVAL))
  expect(send.mock.calls.length).toBeGreaterThanOrEqual(4)
})

test('R3.17 R7.76 a failed batch is kept and sent again unchanged (same count, same key); newer taps follow in their own batch', async () => {
  const send = jest
    .fn()
    .mockResolvedValueOnce(false)
    .mockRejectedValueOnce(new Error('offline'))
    .mockResolvedValue(true)
  const b = new LikeBatcher(send)
  b.tap(3)
  jest.advanceTimersByTime(LIKE_INTERVAL)
  await settle()
  expect(send).toHaveBeenLastCalledWith(3, expect.any(String))
  const key = send.mock.calls[0][1] as string
  expect(b.retrying).toBe(3) // kept: nothing lost
  expect(b.unconfirmed).toBe(3)
  b.tap(2)
  expect(b.unconfirmed).toBe(5)
  jest.advanceTimersByTime(LIKE_INTERVAL) // first retry after one window: the same batch, not 3 + 2
  await settle()
  expect(send).toHaveBeenLastCalledWith(3, key)
  expect(b.retrying).toBe(3) // rejected too: still nothing lost
  expect(b.pending).toBe(2)
  jest.advanceTimersByTime(LIKE_INTERVAL) // the wait doubles after a second failure
  expect(send).toHaveBeenCalledTimes(2)
  jest.advanceTimersByTime(LIKE_INTERVAL)
  await settle()
  expect(send).toHaveBeenCalledTimes(3)
  expect(send).toHaveBeenLastCalledWith(3, key)
  expect(b.retrying).toBe(0)
  jest.advanceTimersByTime(LIKE_INTERVAL) // then the newer taps, under a new key
  await settle()
  expect(send).toHaveBeenCalledTimes(4)
  expect(send.mock.calls[3][0]).toBe(2)
  expect(send.mock.calls[3][1]).not.toBe(key)
  expect(b.unconfirmed).toBe(0)
})

test('R3.17 every batch has its own key; leaving sends the failed batch first, then the rest', async () => {
  const send = jest.fn().mockResolvedValueOnce(true).mockResolvedValueOnce(false).mockResolvedValue(true)
  let n = 0
  const b = new LikeBatcher(send, { newKey: () => `key-${String(++n).padStart(6, '0')}` })
  b.tap()
  jest.advanceTimersByTime(LIKE_INTERVAL)
  await settle()
  b.tap(2)
  jest.advanceTimersByTime(LIKE_INTERVAL)
  await settle()
  b.tap(4)
  await b.dispose()
  expect(send.mock.calls).toEqual([
    [1, 'key-000001'],
    [2, 'key-000002'],
    [2, 'key-000002'],
    [4, 'key-000003']
  ])
  expect(b.unconfirmed).toBe(0)
})

test('R3.17 taps during a slow call wait for it; no two calls overlap', async () => {
  let resolve!: (ok: boolean) => void
  const send = jest
    .fn()
    .mockImplementationOnce(() => new Promise<boolean>((r) => (resolve = r)))
    .mockResolvedValue(true)
  const b = new LikeBatcher(send)
  b.tap()
  jest.advanceTimersByTime(LIKE_INTERVAL)
  b.tap(4)
  jest.advanceTimersByTime(LIKE_INTERVAL * 3)
  expect(send).toHaveBeenCalledTimes(1)
  expect(b.unconfirmed).toBe(5)
  resolve(true)
  await settle()
  jest.advanceTimersByTime(LIKE_INTERVAL)
  await settle()
  expect(send).toHaveBeenCalledTimes(2)
  expect(send).toHaveBeenLastCalledWith(4, expect.any(String))
})

test('R3.17 one call carries at most the server limit; dispose sends what is left', async () => {
  const send = jest.fn().mockResolvedValue(true)
  const b = new LikeBatcher(send)
  b.tap(LIKE_MAX_COMBO + 5)
  jest.advanceTimersByTime(LIKE_INTERVAL)
  await settle()
  expect(send).toHaveBeenLastCalledWith(LIKE_MAX_COMBO, expect.any(String))
  expect(b.pending).toBe(5)
  await b.dispose()
  expect(send).toHaveBeenLastCalledWith(5, expect.any(String))
  b.tap()
  jest.advanceTimersByTime(LIKE_INTERVAL * 2)
  expect(send).toHaveBeenCalledTimes(2) // disposed: taps are ignored
})

test('R3.17 a tap of no likes (0, below 0, not a number) counts nothing and schedules nothing', () => {
  const send = jest.fn().mockResolvedValue(true)
  const onChange = jest.fn()
  const b = new LikeBatcher(send, { onChange })
  b.tap(0)
  b.tap(-2)
  b.tap(NaN)
  expect(b.pending).toBe(0)
  expect(onChange).not.toHaveBeenCalled()
  expect(jest.getTimerCount()).toBe(0)
  b.tap(2.7)
  expect(b.pending).toBe(2)
  expect(onChange).toHaveBeenCalledTimes(1)
})

test('R3.17 a tap after leaving is not counted', async () => {
  const b = new LikeBatcher(jest.fn().mockResolvedValue(true))
  await b.dispose()
  b.tap(3)
  expect(b.pending).toBe(0)
})

test('R3.17 flushing with nothing to send sends nothing; flushing during a call waits for it', async () => {
  let resolve!: (ok: boolean) => void
  const send = jest.fn().mockImplementationOnce(() => new Promise<boolean>((r) => (resolve = r)))
  const b = new LikeBatcher(send)
  await expect(b.flush()).resolves.toBe(false)
  expect(send).not.toHaveBeenCalled()
  b.tap(2)
  const first = b.flush()
  b.tap()
  await expect(b.flush()).resolves.toBe(false)
  expect(send).toHaveBeenCalledTimes(1)
  resolve(true)
  await expect(first).resolves.toBe(true)
})

test('R3.17 a batch sent early takes its window’s timer with it: the next batch waits a whole window', async () => {
  const send = jest.fn().mockResolvedValue(true)
  const b = new LikeBatcher(send)
  b.tap()
  jest.advanceTimersByTime(1000)
  await b.flush()
  expect(send).toHaveBeenCalledTimes(1)
  b.tap()
  jest.advanceTimersByTime(LIKE_INTERVAL - 1) // past the first window's end: no call of its timer
  await settle()
  expect(send).toHaveBeenCalledTimes(1)
  jest.advanceTimersByTime(1)
  await settle()
  expect(send).toHaveBeenCalledTimes(2)
})

test('R3.17 with nothing left after a batch is taken, no timer waits', async () => {
  const setTimer = jest.fn((fn: () => void, ms: number) => setTimeout(fn, ms))
  const b = new LikeBatcher(jest.fn().mockResolvedValue(true), { setTimer })
  b.tap()
  jest.advanceTimersByTime(LIKE_INTERVAL)
  await settle()
  expect(setTimer).toHaveBeenCalledTimes(1)
  expect(jest.getTimerCount()).toBe(0)
})

test('R3.17 a success resets the retry wait: the next failure is retried after one window again', async () => {
  const send = jest
    .fn()
    .mockResolvedValueOnce(false)
    .mockResolvedValueOnce(true)
    .mockResolvedValueOnce(false)
    .mockResolvedValue(true)
  const b = new LikeBatcher(send)
  b.tap()
  jest.advanceTimersByTime(LIKE_INTERVAL)
  await settle() // failed once
  jest.advanceTimersByTime(LIKE_INTERVAL)
  await settle() // retried and taken
  expect(send).toHaveBeenCalledTimes(2)
  b.tap()
  jest.advanceTimersByTime(LIKE_INTERVAL)
  await settle() // a new batch fails
  expect(send).toHaveBeenCalledTimes(3)
  jest.advanceTimersByTime(LIKE_INTERVAL) // one window, not two
  await settle()
  expect(send).toHaveBeenCalledTimes(4)
  expect(b.unconfirmed).toBe(0)
})

test('R3.17 leaving without flushing sends nothing more, the counted taps dropped with the timer', async () => {
  const send = jest.fn().mockResolvedValue(true)
  const b = new LikeBatcher(send)
  b.tap(3)
  await b.dispose(false)
  jest.advanceTimersByTime(LIKE_INTERVAL * 4)
  await settle()
  expect(send).not.toHaveBeenCalled()
  expect(jest.getTimerCount()).toBe(0)
})
