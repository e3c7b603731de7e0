// Dates as dayjs with its zh-cn locale (R1.23) and relativeTime plugin formatted them, written out here: the two
// functions below were all the app used of dayjs, which cost 9 KB of the mini-program's main package and 4 KB gzip of
// every H5 first load (docs/performance.md). __tests__/src/utils/format.test.ts compares both with dayjs itself.

export type TimeInput = number | string | Date | null | undefined

/** Counts above 10000 show in units of 万 with one decimal (spec R9.20). */
export function formatCount(n: number | string | null | undefined): string {
  const v = Number(n)
  if (!Number.isFinite(v)) return '0'
  if (v > 10000) return `${(v / 10000).toFixed(1)}万`
  return String(Math.round(v))
}

/** Timestamps between 1e9 and 1e12 are seconds (spec R9.22); everything else is taken as milliseconds. */
export function toMillis(t: TimeInput): number {
  if (t instanceof Date) return t.getTime()
  if (t === null || t === undefined || t === '') return NaN
  const n = typeof t === 'number' ? t : /^\d+(\.\d+)?$/.test(t) ? Number(t) : Date.parse(t.replace(/-/g, '/'))
  if (n >= 1e9 && n < 1e12) return n * 1000
  return n
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六']
const MONTHS = ['一月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '十一月', '十二月']

function meridiem(h: number, m: number): string {
  const t = h * 100 + m
  return t < 600 ? '凌晨' : t < 900 ? '早上' : t < 1100 ? '上午' : t < 1300 ? '中午' : t < 1800 ? '下午' : '晚上'
}

/** Minutes east of UTC, rounded to 15 as dayjs does. */
const utcOffset = (d: Date) => -Math.round(d.getTimezoneOffset() / 15) * 15

function zone(d: Date, colon: boolean): string {
  const off = utcOffset(d)
  const abs = Math.abs(off)
  return `${off >= 0 ? '+' : '-'}${pad(Math.floor(abs / 60))}${colon ? ':' : ''}${pad(abs % 60)}`
}

const TOKENS: Record<string, (d: Date) => string> = {
  YY: (d) => String(d.getFullYear()).slice(-2),
  YYYY: (d) => pad(d.getFullYear(), 4),
  M: (d) => String(d.getMonth() + 1),
  MM: (d) => pad(d.getMonth() + 1),
  MMM: (d) => `${d.getMonth() + 1}月`,
  MMMM: (d) => MONTHS[d.getMonth()],
  D: (d) => String(d.getDate()),
  DD: (d) => pad(d.getDate()),
  d: (d) => String(d.getDay()),
  dd: (d) => WEEKDAYS[d.getDay()].slice(-1),
  ddd: (d) => `周${WEEKDAYS[d.getDay()].slice(-1)}`,
  dddd: (d) => WEEKDAYS[d.getDay()],
  H: (d) => String(d.getHours()),
  HH: (d) => pad(d.getHours()),
  h: (d) => String(d.getHours() % 12 || 12),
  hh: (d) => pad(d.getHours() % 12 || 12),
  a: (d) => meridiem(d.getHours(), d.getMinutes()),
  A: (d) => meridiem(d.getHours(), d.getMinutes()),
  m: (d) => String(d.getMinutes()),
  mm: (d) => pad(d.getMinutes()),
  s: (d) => String(d.getSeconds()),
  ss: (d) => pad(d.getSeconds()),
  SSS: (d) => pad(d.getMilliseconds(), 3),
  Z: (d) => zone(d, true),
  ZZ: (d) => zone(d, false)
}
const FORMAT = /\[([^\]]+)]|YYYY|YY|M{1,4}|D{1,2}|d{1,4}|H{1,2}|h{1,2}|a|A|m{1,2}|s{1,2}|Z{1,2}|SSS/g

/** Default pattern YYYY/MM/DD HH:mm:ss (spec R9.21); dayjs's tokens, `[text]` kept as it is. */
export function formatTime(t: TimeInput, pattern = 'YYYY/MM/DD HH:mm:ss'): string {
  const ms = toMillis(t)
  if (!Number.isFinite(ms)) return ''
  const d = new Date(ms)
  return pattern.replace(FORMAT, (token, literal?: string) => literal ?? TOKENS[token](d))
}

/** `d` plus `n` calendar months, the day of month kept where that month has it (else its last day). */
function addMonths(d: Date, n: number): Date {
  const out = new Date(d.getTime())
  out.setDate(1)
  out.setMonth(out.getMonth() + n)
  const days = new Date(out.getFullYear(), out.getMonth() + 1, 0).getDate()
  out.setDate(Math.min(d.getDate(), days))
  return out
}

/** Calendar months from `b` to `a` with a fraction (moment's and dayjs's monthDiff). */
function monthDiff(a: Date, b: Date): number {
  if (a.getDate() < b.getDate()) return -monthDiff(b, a)
  const whole = (b.getFullYear() - a.getFullYear()) * 12 + (b.getMonth() - a.getMonth())
  const anchor = addMonths(a, whole).getTime()
  const before = b.getTime() - anchor < 0
  const anchor2 = addMonths(a, whole + (before ? -1 : 1)).getTime()
  return +(-(whole + (b.getTime() - anchor) / (before ? anchor - anchor2 : anchor2 - anchor)) || 0)
}

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
type Unit = 's' | 'min' | 'h' | 'd' | 'M' | 'y'
// dayjs relativeTime's thresholds: up to `r` of the last measured unit, this label
const THRESHOLDS: Array<{ label: string; r?: number; unit?: Unit }> = [
  { label: '几秒', r: 44, unit: 's' },
  { label: '1 分钟', r: 89 },
  { label: '%d 分钟', r: 44, unit: 'min' },
  { label: '1 小时', r: 89 },
  { label: '%d 小时', r: 21, unit: 'h' },
  { label: '1 天', r: 35 },
  { label: '%d 天', r: 25, unit: 'd' },
  { label: '1 个月', r: 45 },
  { label: '%d 个月', r: 10, unit: 'M' },
  { label: '1 年', r: 17 },
  { label: '%d 年', unit: 'y' }
]

function diff(a: Date, b: Date, unit: Unit): number {
  const ms = a.getTime() - b.getTime()
  switch (unit) {
    case 's':
      return ms / SECOND
    case 'min':
      return ms / MINUTE
    case 'h':
      return ms / HOUR
    case 'd':
      return (ms - (utcOffset(b) - utcOffset(a)) * MINUTE) / DAY
    case 'M':
      return monthDiff(a, b)
    case 'y':
      return monthDiff(a, b) / 12
  }
}

/** Relative time in Chinese (N 分钟前, N 天内…); 几秒前 is shown as 刚刚 (spec R9.21). */
export function fromNow(t: TimeInput, now: TimeInput = Date.now()): string {
  const ms = toMillis(t)
  const nowMs = toMillis(now)
  if (!Number.isFinite(ms) || !Number.isFinite(nowMs)) return ''
  const a = new Date(ms)
  const b = new Date(nowMs)
  let result = 0
  let text = ''
  let future = false
  for (let i = 0; i < THRESHOLDS.length; i++) {
    let step = THRESHOLDS[i]
    if (step.unit) result = diff(a, b, step.unit)
    const abs = Math.round(Math.abs(result))
    future = result > 0
    if (step.r === undefined || abs <= step.r) {
      if (abs <= 1 && i > 0) step = THRESHOLDS[i - 1]!
      text = step.label.replace('%d', String(abs))
      break
    }
  }
  if (text === '几秒' && !future) return '刚刚'
  return future ? `${text}内` : `${text}前`
}

/** mm:ss (minutes keep counting past 59; spec R9.21). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(Number(seconds) || 0))
  const mm = Math.floor(s / 60)
  const ss = s % 60
  return `${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}`
}
