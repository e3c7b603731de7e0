import { throttle } from '@/utils/timing'

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
})
