import type {} from 'dayjs/plugin/relativeTime'
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

// format.ts no longer loads dayjs (its bytes were on every first load); it must still say what dayjs said
describe('time text as dayjs wrote it (zh-cn, relativeTime)', () => {
  const dayjs = require('dayjs') as typeof import('dayjs')
  beforeAll(() => {
    dayjs.extend(require('dayjs/plugin/relativeTime'))
    require('dayjs/locale/zh-cn')
    dayjs.locale('zh-cn')
  })
  // a fixed pseudo-random sequence, so a failure names the same case every run
  let seed = 20261122
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  const base = new Date(2026, 10, 22, 8, 5, 9).getTime()

  test('R9.21 formatTime gives dayjs.format for every pattern the app uses and the other tokens', () => {
    const patterns = [
      'YYYY/MM/DD HH:mm:ss',
      'YYYY-MM-DD',
      'MM-DD HH:mm',
      'MM月DD日 HH:mm',
      'YYYY年MM月DD日 HH:mm',
      'MM-DD',
      'YYYY-MM-DD HH:mm',
      'YY M D H m s SSS',
      'MMM MMMM d dd ddd dddd',
      'h hh a A',
      'Z ZZ',
      '[YYYY] YYYY [at] HH'
    ]
    for (let i = 0; i < 400; i++) {
      const t = base + Math.round((random() - 0.5) * 6 * 365 * 86400000)
      for (const p of patterns) expect(`${p} ${formatTime(t, p)}`).toBe(`${p} ${dayjs(t).format(p)}`)
    }
  })

  test('R9.21 fromNow gives dayjs.from (几秒前 as 刚刚) from seconds to years, past and future', () => {
    const spans = [
      0,
      1000,
      44000,
      45000,
      89000,
      90000,
      44 * 60000,
      45 * 60000,
      89 * 60000,
      90 * 60000,
      21 * 3600000,
      22 * 3600000,
      35 * 3600000,
      36 * 3600000,
      25 * 86400000,
      26 * 86400000,
      45 * 86400000,
      46 * 86400000,
      320 * 86400000,
      345 * 86400000,
      548 * 86400000,
      3 * 365 * 86400000
    ]
    const cases: number[] = []
    for (const s of spans) cases.push(s, -s, s + 500, -s - 500)
    for (let i = 0; i < 2000; i++) cases.push(Math.round((random() - 0.5) * 2 ** (random() * 37)))
    for (const delta of cases) {
      for (const now of [base, new Date(2026, 0, 31, 23, 0).getTime(), new Date(2024, 1, 29, 12, 0).getTime()]) {
        const expected = dayjs(now - delta).from(dayjs(now))
        expect(`${delta} ${fromNow(now - delta, now)}`).toBe(`${delta} ${expected === '几秒前' ? '刚刚' : expected}`)
      }
    }
  })
})

describe('time at its edges', () => {
  test('R9.22 a Date is its time; 1e9 itself is seconds; a negative number or a fraction as text is read as a number', () => {
    expect(toMillis(new Date(5))).toBe(5)
    expect(toMillis(1e9)).toBe(1e12)
    expect(toMillis(-5)).toBe(-5)
    expect(toMillis(1.5)).toBe(1.5)
    expect(toMillis('1700000000.25')).toBe(1700000000250)
    expect(toMillis('1700000000.5')).toBe(1700000000500)
    expect(toMillis('')).toBeNaN()
    expect(toMillis(undefined)).toBeNaN()
  })

  test('R9.22 a date written with dashes is read as the local date it names, not as a number', () => {
    expect(toMillis('2026-11-22 08:05:09')).toBe(new Date(2026, 10, 22, 8, 5, 9).getTime())
    expect(toMillis('2026-11-22')).toBe(new Date(2026, 10, 22).getTime())
    expect(toMillis('1700000000abc')).toBeNaN()
  })

  test('R9.21 the part of the day changes at 06:00, 09:00, 11:00, 13:00 and 18:00', () => {
    const at = (h: number, m: number) => formatTime(new Date(2026, 10, 22, h, m).getTime(), 'A')
    expect([at(5, 59), at(6, 0), at(8, 59), at(9, 0), at(10, 59), at(11, 0)]).toEqual([
      '凌晨',
      '早上',
      '早上',
      '上午',
      '上午',
      '中午'
    ])
    expect([at(12, 59), at(13, 0), at(17, 59), at(18, 0)]).toEqual(['中午', '下午', '下午', '晚上'])
  })

  test('R9.21 a year before 1000 shows its last two digits as YY', () => {
    const d = new Date(2026, 10, 22, 8, 0)
    d.setFullYear(999)
    expect(formatTime(d, 'YY YYYY')).toBe('99 0999')
  })

  test('R9.21 no relative time for a moment or a now that is no time', () => {
    const now = new Date(2026, 10, 22, 12, 0).getTime()
    expect(fromNow(null, now)).toBe('')
    expect(fromNow(now, 'not a date')).toBe('')
    expect(fromNow(now - 3 * 60000, now)).toBe('3 分钟前')
    expect(fromNow(now + 3 * 60000, now)).toBe('3 分钟内')
  })

  describe('in another time zone (the offset as the platform reports it)', () => {
    afterEach(() => jest.restoreAllMocks())
    const zoneOf = (minutesWest: number) => {
      jest.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(minutesWest)
      return formatTime(Date.UTC(2026, 10, 22), 'Z ZZ')
    }

    test('R9.21 Z and ZZ: east and west of UTC, hours and minutes, rounded to 15 minutes', () => {
      expect(zoneOf(-480)).toBe('+08:00 +0800')
      expect(zoneOf(300)).toBe('-05:00 -0500')
      expect(zoneOf(-345)).toBe('+05:45 +0545')
      expect(zoneOf(-343)).toBe('+05:45 +0545')
      expect(zoneOf(210)).toBe('-03:30 -0330')
      expect(zoneOf(0)).toBe('+00:00 +0000')
    })

    test('R9.21 days across a clock change count calendar days, the hour gained or lost aside', () => {
      const now = Date.UTC(2026, 2, 30, 12)
      const change = Date.UTC(2026, 2, 29, 1)
      // an hour east of UTC before the change, UTC after it
      jest.spyOn(Date.prototype, 'getTimezoneOffset').mockImplementation(function (this: Date) {
        return this.getTime() < change ? -60 : 0
      })
      const day = 86400000
      const hour = 3600000
      // 25.48 days and an hour: 25 calendar days once the hour is taken back, where 25.52 would round to a month
      expect(fromNow(now - Math.round(25.48 * day) - hour, now)).toBe('25 天前')
      // the same span without a clock change is 25.52 days
      jest.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(0)
      expect(fromNow(now - Math.round(25.48 * day) - hour, now)).toBe('1 个月前')
    })
  })
})
