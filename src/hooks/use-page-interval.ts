import { useDidHide, useDidShow } from '@tarojs/taro'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'

/**
 * Whether the component's page shows: false while another page lies over it in the stack, or the viewer left its tab
 * or the app; true again when it shows. A component that mounts while its page is hidden (a push to a room under
 * another page) reads true until the next hide.
 */
export function usePageShown(): boolean {
  const [shown, setShown] = useState(true)
  useDidHide(() => setShown(false))
  useDidShow(() => setShown(true))
  return shown
}

/**
 * `tick` every `ms` while `active` and while the page is shown; at once when the page shows again (the viewer comes
 * back to it) and when it turns active. A page under another in the stack, or a tab the viewer left, keeps its timers
 * off: WeChat's experience audit flags a hidden page's running timers (体验评分, 及时回收定时器), and what they drew
 * there nobody saw. What a tick shows must come from the clock (an end, a deadline), never from counting ticks:
 * the timers of a hidden page, or of an app in the background, do not run.
 */
export function usePageInterval(tick: () => void, ms: number, active = true): void {
  const latest = useRef(tick)
  useLayoutEffect(() => {
    latest.current = tick
  })
  const shown = usePageShown()
  useEffect(() => {
    if (!active || !shown) return undefined
    latest.current()
    const timer = setInterval(() => latest.current(), ms)
    return () => clearInterval(timer)
  }, [active, shown, ms])
}
