import { Text } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { formatDuration } from '@/utils/format'
import { usePageInterval } from '@/hooks/use-page-interval'

/**
 * How long an activity stays open (a lottery until its draw, a red packet until it expires), as its card tells it: a
 * viewer who is behind the live edge (回看, a stream that stalled) sees a push late, and needs to know how long is
 * left. mm:ss under an hour, hours and minutes beyond; nothing once it is over or without an end.
 */
export function timeLeftText(endSec: number | undefined, nowMs: number): string {
  const end = Number(endSec)
  if (!Number.isFinite(end) || end <= 0) return ''
  const left = Math.floor(end - nowMs / 1000)
  if (left <= 0) return ''
  if (left < 3600) return `还剩 ${formatDuration(left)}`
  const h = Math.floor(left / 3600)
  const m = Math.floor((left % 3600) / 60)
  return `还剩 ${h} 小时${m ? ` ${m} 分钟` : ''}`
}

/** The card's line of time left, ticking every second while the room's page is shown. */
export function TimeLeft({ endSec, suffix, className }: { endSec?: number; suffix: string; className: string }) {
  const [now, setNow] = useState(Date.now())
  usePageInterval(() => setNow(Date.now()), 1000, !!endSec)
  const text = timeLeftText(endSec, now)
  return text ? (
    <Text className={className} data-end={endSec}>
      {text}
      {suffix}
    </Text>
  ) : null
}

/**
 * Whether `endSec` (Unix seconds) has come, by this device's clock: true from then on, re-rendering at that moment.
 * Nothing without an end.
 */
export function usePast(endSec: number | undefined): boolean {
  const end = Number(endSec) > 0 ? Number(endSec) * 1000 : 0
  const [past, setPast] = useState(() => !!end && Date.now() >= end)
  useEffect(() => {
    const wait = end - Date.now()
    setPast(!!end && wait <= 0)
    // a timer waits at most 2^31 - 1 ms (about 24 days): an end further off is not waited for
    if (!end || wait <= 0 || wait > 2 ** 31 - 1) return undefined
    const timer = setTimeout(() => setPast(true), wait)
    return () => clearTimeout(timer)
  }, [end])
  return past
}
