import { View } from '@tarojs/components'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { AltImage } from '@/components/alt-image'
import { useAutoplay } from '@/hooks/use-autoplay'
import { useAutoplayHolds } from '@/hooks/use-autoplay-holds'
import { carouselProps, hiddenProps, linkProps, slideProps, slidesProps } from '@/platform/a11y'
import { BannerDots } from './dots'
import { jumpFrom, slideAt, trackSlots } from './track'
import type { BannerProps, BannerSlide } from './index'
import './index.scss'
import './scroll-snap.scss'

/** Without `scrollend` (Safari), a scroll this long after its last event has ended. */
const SETTLE_MS = 150

/**
 * H5: the track is an element that scrolls sideways with CSS scroll snap (a swipe stops on a slide, natively, no
 * script in the gesture); the rotation scrolls it one slide on with `scrollTo({ behavior: 'smooth' })`, and a copy of
 * the last slide before the first and of the first after the last let it turn either way without end. The
 * carousel pattern of WAI-ARIA's authoring practices: a named region, each slide a group named `1 / 4` holding the
 * link, the copies hidden from screen readers and the keyboard; the rotation waits while a finger, the mouse or
 * keyboard focus is on it, while the page is hidden, and stops for `prefers-reduced-motion`.
 */
export function Banner<T extends BannerSlide>({ slides, label, onOpen, interval = 5000, className }: BannerProps<T>) {
  const count = slides.length
  const slots = trackSlots(slides, true)
  const root = useRef<HTMLElement | null>(null)
  const track = useRef<HTMLElement | null>(null)
  // where the track rests, in slides from its start
  const position = useRef(count > 1 ? 1 : 0)
  const [current, setCurrent] = useState(0)
  const { autoplay, reducedMotion } = useAutoplay(
    () => {
      const el = track.current
      const w = el?.clientWidth ?? 0
      if (!el || !w) return
      const left = (Math.round(el.scrollLeft / w) + 1) * w
      if (typeof el.scrollTo === 'function') el.scrollTo({ left, behavior: reducedMotion ? 'auto' : 'smooth' })
      else el.scrollLeft = left
    },
    { interval, rotate: count > 1 }
  )
  useAutoplayHolds(root, autoplay, count > 0)

  // the first slide in view before the first paint, and the same slide after a resize (the width changes)
  useLayoutEffect(() => {
    const el = track.current
    if (!el) return undefined
    position.current = count > 1 ? 1 : 0
    setCurrent(0)
    const place = () => {
      if (el.clientWidth) el.scrollLeft = position.current * el.clientWidth
    }
    if (typeof ResizeObserver !== 'function') {
      place()
      window.addEventListener('resize', place)
      return () => window.removeEventListener('resize', place)
    }
    // the observer's first report comes after the frame's own layout and before its paint: reading the width here
    // instead made the browser lay the page out early, in the task that renders it (then again for the frame)
    const observer = new ResizeObserver(place)
    observer.observe(el)
    return () => observer.disconnect()
  }, [count])

  useEffect(() => {
    const el = track.current
    if (!el) return undefined
    let touching = false
    let timer: ReturnType<typeof setTimeout> | undefined
    // a move has ended: off a copy onto the slide it copies, without animation, and the rotation counts again
    const settle = () => {
      const w = el.clientWidth
      if (touching || !w) return
      const p = Math.round(el.scrollLeft / w)
      const jump = jumpFrom(p, count, true)
      if (jump !== null) el.scrollLeft = jump * w
      position.current = jump ?? p
      setCurrent(slideAt(position.current, count, true))
      autoplay.restart()
    }
    const ends = 'onscrollend' in el
    const onScroll = () => {
      const w = el.clientWidth
      if (w) setCurrent(slideAt(el.scrollLeft / w, count, true))
      if (ends) return
      clearTimeout(timer)
      timer = setTimeout(settle, SETTLE_MS)
    }
    const onTouch = (on: boolean) => () => {
      touching = on
      if (on || ends) return
      clearTimeout(timer)
      timer = setTimeout(settle, SETTLE_MS)
    }
    const listeners: Array<[string, () => void]> = [
      ['scroll', onScroll],
      ['scrollend', settle],
      ['touchstart', onTouch(true)],
      ['touchend', onTouch(false)],
      ['touchcancel', onTouch(false)]
    ]
    for (const [type, fn] of listeners) el.addEventListener(type, fn, { passive: true })
    return () => {
      clearTimeout(timer)
      for (const [type, fn] of listeners) el.removeEventListener(type, fn)
    }
  }, [autoplay, count])

  if (!count) return null
  return (
    <View ref={root} className={className ? `banner ${className}` : 'banner'} {...carouselProps(label)}>
      <View ref={track} className='banner__track' {...slidesProps(count > 1 && !reducedMotion)}>
        {slots.map(({ slide, index, copy }) => (
          <View
            key={copy ? `copy-${slide.id}` : slide.id}
            className={copy ? 'banner__slide banner__slide--copy' : 'banner__slide'}
            {...(copy ? hiddenProps : slideProps(index, count))}
          >
            <View
              className='banner__link'
              {...linkProps()}
              {...(copy ? { tabindex: '-1' } : {})}
              onClick={() => onOpen(slides[index])}
            >
              <AltImage className='banner__img' src={slide.image || ''} mode='aspectFill' alt={slide.title || ''} />
            </View>
          </View>
        ))}
      </View>
      <BannerDots count={count} current={current} />
    </View>
  )
}
