import { useDidHide, useDidShow } from '@tarojs/taro'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { prefersReducedMotion, watchReducedMotion } from '@/platform/motion'

/**
 * Why a rotation waits: a finger on it (`touch`), a mouse over it (`pointer`), keyboard focus inside it (`focus`),
 * its page hidden (`hidden`), the viewer's reduced-motion setting (`motion`), nothing to rotate (`idle`), not mounted
 * (`unmounted`).
 */
export type AutoplayHold = 'touch' | 'pointer' | 'focus' | 'hidden' | 'motion' | 'idle' | 'unmounted'

/**
 * A rotation's clock: `step` runs `interval` ms after the last (re)start while nothing holds it. A slide change (the
 * viewer's swipe, or the step's own) restarts the count with `restart()`, so every slide stays `interval` ms.
 */
export class Autoplay {
  private readonly holds = new Set<AutoplayHold>(['unmounted'])
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(
    private readonly interval: number,
    private readonly step: () => void
  ) {}

  /** Nothing holds the rotation. */
  get running(): boolean {
    return this.holds.size === 0
  }

  /** Holds the rotation for `reason` (`on`), or lets that reason go (the count starts again once nothing holds it). */
  set(reason: AutoplayHold, on: boolean): void {
    if (on) {
      this.holds.add(reason)
      this.clear()
    } else if (this.holds.delete(reason)) this.restart()
  }

  /** Counts the interval again from now, if nothing holds the rotation. */
  restart(): void {
    this.clear()
    if (!this.running) return
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.step()
      this.restart()
    }, this.interval)
  }

  private clear(): void {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
  }
}

export interface AutoplayOptions {
  /** ms a slide stays */
  interval: number
  /** there is something to rotate (more than one slide) */
  rotate: boolean
  /** the viewer's reduced-motion setting stops the rotation (default true); otherwise the view moves without animation */
  stopForReducedMotion?: boolean
}

/**
 * A rotation that waits while its page is hidden (Taro's page hide: another page or tab on top, the app or browser
 * tab in the background) and, unless told otherwise, while the viewer asks for reduced motion (H5's
 * `prefers-reduced-motion`). The view holds it for touches, hover and focus (`useAutoplayHolds`) and restarts it on
 * every slide change. Also gives the reduced-motion setting, for the view's own animations.
 */
export function useAutoplay(
  step: () => void,
  { interval, rotate, stopForReducedMotion = true }: AutoplayOptions
): { autoplay: Autoplay; reducedMotion: boolean } {
  const stepRef = useRef(step)
  useLayoutEffect(() => {
    stepRef.current = step
  })
  const [autoplay] = useState(() => new Autoplay(interval, () => stepRef.current()))
  const [reducedMotion, setReducedMotion] = useState(prefersReducedMotion)
  useEffect(() => watchReducedMotion(setReducedMotion), [])
  useEffect(
    () => autoplay.set('motion', stopForReducedMotion && reducedMotion),
    [autoplay, reducedMotion, stopForReducedMotion]
  )
  useEffect(() => autoplay.set('idle', !rotate), [autoplay, rotate])
  useDidHide(() => autoplay.set('hidden', true))
  useDidShow(() => autoplay.set('hidden', false))
  useEffect(() => {
    autoplay.set('unmounted', false)
    return () => autoplay.set('unmounted', true)
  }, [autoplay])
  return { autoplay, reducedMotion }
}
