import { systemClock } from '@/utils/clock'

// The real clock the app passes where tests pass a ManualClock: it is Date.now and the global timers, checked here
// under jest's fake timers (no real time passes).

describe('systemClock', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_700_000_000_000 }))
  afterEach(() => jest.useRealTimers())

  test('now is Date.now', () => {
    expect(systemClock.now()).toBe(1_700_000_000_000)
    jest.advanceTimersByTime(250)
    expect(systemClock.now()).toBe(1_700_000_000_250)
  })

  test('a timeout runs once when due, and not at all once cleared', () => {
    const ran: string[] = []
    systemClock.setTimeout(() => ran.push('a'), 100)
    const b = systemClock.setTimeout(() => ran.push('b'), 100)
    systemClock.clearTimeout(b)
    jest.advanceTimersByTime(99)
    expect(ran).toEqual([])
    jest.advanceTimersByTime(1)
    expect(ran).toEqual(['a'])
    jest.advanceTimersByTime(1000)
    expect(ran).toEqual(['a'])
  })

  test('an interval runs every period until cleared', () => {
    let n = 0
    const h = systemClock.setInterval(() => n++, 100)
    jest.advanceTimersByTime(350)
    expect(n).toBe(3)
    systemClock.clearInterval(h)
    jest.advanceTimersByTime(1000)
    expect(n).toBe(3)
  })
})
