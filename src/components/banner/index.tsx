import { ScrollView, View, type BaseEventOrig, type ScrollViewProps } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'
import { AltImage } from '@/components/alt-image'
import { useAutoplay } from '@/hooks/use-autoplay'
import { carouselProps, hiddenProps, linkProps, slidesProps } from '@/platform/a11y'
import { systemInfo } from '@/platform/system'
import { DESIGN_WIDTH } from '@/theme'
import { BannerDots } from './dots'
import { jumpFrom, slideAt, trackSlots } from './track'
import './index.scss'
import './scroll-view.scss'

export interface BannerSlide {
  id: number | string
  image?: string
  title?: string
}

export interface BannerProps<T extends BannerSlide> {
  slides: readonly T[]
  /** what the slides are, for screen readers (H5: the carousel's name) */
  label: string
  /** a tap on a slide */
  onOpen: (slide: T) => void
  /** ms a slide stays (5 s, as Swiper's default) */
  interval?: number
  className?: string
}

/** The banner's side margins in design px: index.scss's $inset. */
export const BANNER_INSET = 24
/** A scroll this long after the last scroll event has ended (the mini-program's scroll-view tells no end). */
const SETTLE_MS = 200

/** The width of one slide before the scroll-view has told it (px): the window less the banner's margins. */
function estimatedWidth(): number {
  return (systemInfo().windowWidth * (DESIGN_WIDTH - 2 * BANNER_INSET)) / DESIGN_WIDTH
}

/**
 * A row of slides that turns by itself, in place of Swiper (which both targets no longer ship): mini-program, a
 * `<scroll-view>` with `paging-enabled` (a swipe stops on a slide) whose `scroll-left` the rotation moves, with
 * animation; after the copy of the first slide at the end it jumps back to the first. H5: index.h5.tsx (CSS scroll
 * snap). The rotation waits while a finger is on it or the page is hidden (use-autoplay.ts); a tap opens a slide.
 */
export function Banner<T extends BannerSlide>({ slides, label, onOpen, interval = 5000, className }: BannerProps<T>) {
  const count = slides.length
  const slots = trackSlots(slides, false)
  const width = useRef(estimatedWidth())
  // where the track is, in slides from its start (a fraction while it moves), and what the scroll-view was last told
  const position = useRef(0)
  const [view, setView] = useState({ left: 0, animated: true })
  const told = useRef(view)
  const [current, setCurrent] = useState(0)
  const touching = useRef(false)
  const settleTimer = useRef<ReturnType<typeof setTimeout>>()
  const animateTimer = useRef<ReturnType<typeof setTimeout>>()
  const tell = (next: { left: number; animated: boolean }) => {
    told.current = next
    setView(next)
  }
  const { autoplay } = useAutoplay(
    () => {
      position.current = Math.round(position.current) + 1
      tell({ left: Math.round(position.current * width.current), animated: true })
    },
    { interval, rotate: count > 1 }
  )
  // a move has ended: off the copy at the end back to the first slide, without animation; and the scroll-view is
  // told where a swipe left it, so that the next move changes scroll-left (the same value again would move nothing)
  const settle = () => {
    if (touching.current) return
    const p = Math.round(position.current)
    const at = jumpFrom(p, count, false) ?? p
    const left = Math.round(at * width.current)
    position.current = at
    setCurrent(slideAt(at, count, false))
    if (left !== told.current.left) {
      tell({ left, animated: false })
      clearTimeout(animateTimer.current)
      animateTimer.current = setTimeout(() => tell({ left, animated: true }), 50)
    }
    autoplay.restart()
  }
  const settleLater = () => {
    clearTimeout(settleTimer.current)
    settleTimer.current = setTimeout(settle, SETTLE_MS)
  }
  const onScroll = (e: BaseEventOrig<ScrollViewProps.onScrollDetail>) => {
    const { scrollLeft, scrollWidth } = e.detail
    if (scrollWidth > 0 && slots.length > 0) width.current = scrollWidth / slots.length
    position.current = scrollLeft / width.current
    setCurrent(slideAt(position.current, count, false))
    settleLater()
  }
  const touch = (on: boolean) => () => {
    touching.current = on
    autoplay.set('touch', on)
    if (!on) settleLater()
  }
  useEffect(
    () => () => {
      clearTimeout(settleTimer.current)
      clearTimeout(animateTimer.current)
    },
    []
  )
  if (!count) return null
  return (
    <View
      className={className ? `banner ${className}` : 'banner'}
      {...carouselProps(label)}
      onTouchStart={touch(true)}
      onTouchEnd={touch(false)}
      onTouchCancel={touch(false)}
    >
      {/* scroll-with-animation before scroll-left: a jump's setData turns the animation off first */}
      <ScrollView
        className='banner__track'
        scrollX
        enhanced
        pagingEnabled
        showScrollbar={false}
        scrollWithAnimation={view.animated}
        scrollLeft={view.left}
        onScroll={onScroll}
        {...slidesProps(count > 1)}
      >
        {slots.map(({ slide, index, copy }) => (
          <View
            key={copy ? `copy-${slide.id}` : slide.id}
            className={copy ? 'banner__slide banner__link banner__slide--copy' : 'banner__slide banner__link'}
            {...(copy ? hiddenProps : linkProps())}
            onClick={() => onOpen(slides[index])}
          >
            <AltImage className='banner__img' src={slide.image || ''} mode='aspectFill' alt={slide.title || ''} />
          </View>
        ))}
      </ScrollView>
      <BannerDots count={count} current={current} />
    </View>
  )
}
