import { toMillis, type TimeInput } from './format'

export interface LiveItemLike {
  onair?: number | string
  start_time?: TimeInput
  starttime?: TimeInput
  time?: TimeInput
}

/** Scheduled start of a live list item, whichever field name the server used. */
export function scheduledTime(item: LiveItemLike): number {
  return toMillis(item.start_time ?? item.starttime ?? item.time)
}

/** 1 when on air; 2 when its scheduled time is still ahead; otherwise 0 (spec R4.11, R3.13). */
export function liveStatus(item: LiveItemLike, now: number = Date.now()): 0 | 1 | 2 {
  if (Number(item.onair) === 1) return 1
  const t = scheduledTime(item)
  if (Number.isFinite(t) && t > now) return 2
  return 0
}

export const LIVE_STATUS_TEXT: Record<0 | 1 | 2, string> = { 1: '直播中', 2: '预告', 0: '已结束' }
