import dayjs from 'dayjs'
import relativeTime from 'dayjs/plugin/relativeTime'
import 'dayjs/locale/zh-cn'
import { LOCALE } from '@/theme'

dayjs.extend(relativeTime)
dayjs.locale(LOCALE)

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

/** Default pattern YYYY/MM/DD HH:mm:ss (spec R9.21). */
export function formatTime(t: TimeInput, pattern = 'YYYY/MM/DD HH:mm:ss'): string {
  const ms = toMillis(t)
  if (!Number.isFinite(ms)) return ''
  return dayjs(ms).format(pattern)
}

/** Relative time in Chinese; dayjs's 几秒前 is shown as 刚刚 (spec R9.21). */
export function fromNow(t: TimeInput, now: TimeInput = Date.now()): string {
  const ms = toMillis(t)
  if (!Number.isFinite(ms)) return ''
  const text = dayjs(ms).from(dayjs(toMillis(now)))
  return text === '几秒前' ? '刚刚' : text
}

/** mm:ss (minutes keep counting past 59; spec R9.21). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(Number(seconds) || 0))
  const mm = Math.floor(s / 60)
  const ss = s % 60
  return `${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}`
}
