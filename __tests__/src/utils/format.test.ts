import { formatCount, formatDuration, formatTime, fromNow, toMillis } from '@/utils/format'

describe('formatCount', () => {
  test('R9.20 counts above 10000 display in 万 with one decimal', () => {
    expect(formatCount(12345)).toBe('1.2万')
    expect(formatCount(10001)).toBe('1.0万')
    expect(formatCount(2560000)).toBe('256.0万')
  })
  test('R9.20 counts up to 10000 display as they are', () => {
    expect(formatCount(10000)).toBe('10000')
    expect(formatCount(0)).toBe('0')
    expect(formatCount('856')).toBe('856')
    expect(formatCount(undefined)).toBe('0')
  })
})

describe('time', () => {
  test('R9.22 timestamps between 1e9 and 1e12 are seconds', () => {
    expect(toMillis(1700000000)).toBe(1700000000000)
    expect(toMillis('1700000000')).toBe(1700000000000)
    expect(toMillis(1700000000000)).toBe(1700000000000)
    expect(toMillis(999999999)).toBe(999999999)
    expect(toMillis(1e12)).toBe(1e12)
  })
  test('R9.21 default format is YYYY/MM/DD HH:mm:ss', () => {
    const t = new Date(2026, 10, 22, 8, 5, 9).getTime()
    expect(formatTime(t)).toBe('2026/11/22 08:05:09')
    expect(formatTime(t / 1000)).toBe('2026/11/22 08:05:09')
    expect(formatTime(t, 'MM-DD HH:mm')).toBe('11-22 08:05')
    expect(formatTime(null)).toBe('')
  })
  test('R9.21 fromNow shows 刚刚 instead of 几秒前, and Chinese relative times', () => {
    const now = new Date(2026, 10, 22, 12, 0, 0).getTime()
    expect(fromNow(now - 5000, now)).toBe('刚刚')
    expect(fromNow(now - 5 * 60000, now)).toBe('5 分钟前')
    expect(fromNow(now - 3 * 3600000, now)).toBe('3 小时前')
  })
  test('R9.21 durations format as mm:ss', () => {
    expect(formatDuration(0)).toBe('00:00')
    expect(formatDuration(65)).toBe('01:05')
    expect(formatDuration(3725)).toBe('62:05')
    expect(formatDuration(-3)).toBe('00:00')
  })
})
