import { useEffect, useState } from 'react'

/** Seconds before another SMS code may be requested (the 获取验证码 button, R7.61). */
export const SMS_COUNTDOWN = 60

/** A countdown in whole seconds for a view: `left` is 0 when idle; `start` (re)starts it. */
export function useCountdown(): { left: number; start: (seconds: number) => void } {
  const [left, setLeft] = useState(0)
  const running = left > 0
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000)
    return () => clearInterval(timer)
  }, [running])
  return { left, start: setLeft }
}
