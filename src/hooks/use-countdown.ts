import { useCallback, useState } from 'react'
import { usePageInterval } from './use-page-interval'

/** Seconds before another SMS code may be requested (the 获取验证码 button, R7.61). */
export const SMS_COUNTDOWN = 60

/**
 * A countdown in whole seconds for a view: `left` is 0 when idle; `start` (re)starts it. It counts to a deadline by the
 * clock, not by its ticks: the viewer who leaves for the SMS app and comes back finds the seconds that really passed
 * gone (a mini-program's timers stop in the background, a hidden page's are off).
 */
export function useCountdown(): { left: number; start: (seconds: number) => void } {
  const [{ left }, setState] = useState({ left: 0, until: 0 })
  usePageInterval(
    () =>
      setState((s) => {
        const next = Math.max(0, Math.ceil((s.until - Date.now()) / 1000))
        return next === s.left ? s : { ...s, left: next }
      }),
    1000,
    left > 0
  )
  const start = useCallback((seconds: number) => setState({ left: seconds, until: Date.now() + seconds * 1000 }), [])
  return { left, start }
}
