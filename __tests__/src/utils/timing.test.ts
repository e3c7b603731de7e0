import { nextTask, throttle } from '@/utils/timing'

// The search page's suggestions use this throttle (its page test proves the 300 ms default through the reference
// server); here the edges that a page test cannot time exactly.
describe('throttle', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  test('R9.16 throttle defaults to 300 ms: the first call runs, the last of a burst runs once at the end', () => {
    const fn = jest.fn()
    const t = throttle(fn)
    t(1)
    t(2)
    t(3)
    expect(fn).toHaveBeenCalledTimes(1)
    expect(fn).toHaveBeenLastCalledWith(1)
    jest.advanceTimersByTime(299)
    expect(fn).toHaveBeenCalledTimes(1)
    jest.advanceTimersByTime(1)
    expect(fn).toHaveBeenCalledTimes(2)
    expect(fn).toHaveBeenLastCalledWith(3)
  })

  test('cancel drops a pending trailing call (the search page cancels on leaving)', () => {
    const fn = jest.fn()
    const t = throttle(fn, 50)
    t(1)
    t(2)
    t.cancel()
    jest.advanceTimersByTime(100)
    expect(fn).toHaveBeenCalledTimes(1)
  })

  test('R9.16 a call a whole wait after the last runs at once', () => {
    const fn = jest.fn()
    const t = throttle(fn, 300)
    t(1)
    jest.advanceTimersByTime(300)
    t(2)
    expect(fn).toHaveBeenCalledTimes(2)
    expect(fn).toHaveBeenLastCalledWith(2)
  })

  test('R9.16 a call that runs at once (the clock moved on) drops the trailing call still waiting', () => {
    const fn = jest.fn()
    const t = throttle(fn, 300)
    t(1)
    t(2)
    jest.setSystemTime(Date.now() + 1000) // time passed without the timer running (a suspended page)
    t(3)
    expect(fn.mock.calls).toEqual([[1], [3]])
    jest.advanceTimersByTime(1000)
    expect(fn.mock.calls).toEqual([[1], [3]])
  })
})

describe('nextTask', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  test('resolves in a task of its own, after a 0 ms timer', async () => {
    let done = false
    void nextTask().then(() => (done = true))
    await Promise.resolve()
    expect(done).toBe(false)
    jest.advanceTimersByTime(0)
    await Promise.resolve()
    expect(done).toBe(true)
  })
})
