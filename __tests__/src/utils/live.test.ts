import { LIVE_STATUS_TEXT, liveStatus } from '@/utils/live'

describe('live item status', () => {
  const now = 1_800_000_000_000
  test('R4.11 R3.13 onair 1 means live (1)', () => {
    expect(liveStatus({ onair: 1, start_time: now / 1000 + 3600 }, now)).toBe(1)
    expect(liveStatus({ onair: '1' }, now)).toBe(1)
  })
  test('R4.11 a scheduled time still in the future means upcoming (2)', () => {
    expect(liveStatus({ onair: 0, start_time: now / 1000 + 60 }, now)).toBe(2)
    expect(liveStatus({ onair: 0, start_time: now + 60_000 }, now)).toBe(2)
  })
  test('R4.11 otherwise 0', () => {
    expect(liveStatus({ onair: 0, start_time: now / 1000 - 60 }, now)).toBe(0)
    expect(liveStatus({ onair: 0 }, now)).toBe(0)
    expect(liveStatus({}, now)).toBe(0)
    // starting this very moment is no longer ahead
    expect(liveStatus({ onair: 0, start_time: now }, now)).toBe(0)
  })
  test('status badges read in Chinese', () => {
    expect(LIVE_STATUS_TEXT[1]).toBe('直播中')
    expect(LIVE_STATUS_TEXT[2]).toBe('预告')
    expect(LIVE_STATUS_TEXT[0]).toBe('已结束')
  })
})
