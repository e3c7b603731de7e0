import { debounce, throttle } from '@/utils/timing'

describe('throttle and debounce', () => {
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

  test('R9.16 debounce defaults to 1000 ms after the last call', () => {
    const fn = jest.fn()
    const d = debounce(fn)
    d('a')
    jest.advanceTimersByTime(900)
    d('b')
    jest.advanceTimersByTime(999)
    expect(fn).not.toHaveBeenCalled()
    jest.advanceTimersByTime(1)
    expect(fn).toHaveBeenCalledTimes(1)
    expect(fn).toHaveBeenCalledWith('b')
  })

  test('cancel drops a pending call', () => {
    const fn = jest.fn()
    const d = debounce(fn, 50)
    d()
    d.cancel()
    jest.advanceTimersByTime(100)
    expect(fn).not.toHaveBeenCalled()
  })
})
