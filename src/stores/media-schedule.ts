import type { ScheduleEntryRaw } from '@/api/media'

/**
 * Channel schedules are in China time (UTC+8) whatever the device's zone: the dates of the 7-day strip, the times
 * of the entries and the "now" that marks the current programme are all read in that zone.
 */
const CN_OFFSET = 8 * 3600 * 1000
const DAY = 86400000

/** A schedule entry with absolute times (spec R3.25). */
export interface ScheduleEntry extends ScheduleEntryRaw {
  startAt: number
  endAt: number
  /** The entry ends after midnight: its end was moved to the next day (R4.23). */
  nextDay: boolean
}

/** YYYY-MM-DD of an instant, China time. */
export function cnDate(ms: number): string {
  return new Date(ms + CN_OFFSET).toISOString().slice(0, 10)
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10)
}

/** The instant of a clock time (HH:mm or HH:mm:ss) on a date, China time; NaN when unreadable. */
export function cnTime(date: string, clock: string): number {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(String(clock).trim())
  if (!m || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return NaN
  const [h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)]
  return Date.parse(`${date}T00:00:00Z`) - CN_OFFSET + ((h * 60 + mi) * 60 + s) * 1000
}

/**
 * The entries of one day with absolute times. An entry whose end is earlier than its start ends on the next day:
 * its end moves to the next day (spec R4.23). Entries are kept in start order.
 */
export function normalizeSchedule(raw: ScheduleEntryRaw[] | null | undefined, day: string): ScheduleEntry[] {
  if (!Array.isArray(raw)) return []
  return raw
    .map((e) => {
      const date = typeof e.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(e.date) ? e.date : day
      const startAt = cnTime(date, e.start)
      let endAt = cnTime(date, e.end)
      const nextDay = endAt < startAt
      if (nextDay) endAt = cnTime(addDays(date, 1), e.end)
      return { ...e, date, startAt, endAt, nextDay }
    })
    .filter((e) => Number.isFinite(e.startAt))
    .sort((a, b) => a.startAt - b.startAt)
}

/** Index of the programme on air at `now` (start ≤ now < end), or -1. */
export function currentIndex(entries: ScheduleEntry[], now: number = Date.now()): number {
  return entries.findIndex((e) => e.startAt <= now && (Number.isFinite(e.endAt) ? now < e.endAt : false))
}

export interface ScheduleDay {
  date: string
  /** 今天 / 昨天 / 明天, else 周X */
  label: string
  /** MM-DD */
  short: string
}

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六']
const NAMED: Record<number, string> = { [-1]: '昨天', 0: '今天', 1: '明天' }

/** The 7-day strip: from 3 days ago to 3 days ahead (the days the schedule service serves), China time. */
export function scheduleDays(now: number = Date.now()): ScheduleDay[] {
  const today = cnDate(now)
  return [-3, -2, -1, 0, 1, 2, 3].map((d) => {
    const date = addDays(today, d)
    const dow = new Date(`${date}T00:00:00Z`).getUTCDay()
    return { date, label: NAMED[d] ?? WEEKDAYS[dow], short: date.slice(5) }
  })
}
