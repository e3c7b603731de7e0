import { Text, View } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'
import { useAutoplay } from '@/hooks/use-autoplay'
import { useAutoplayHolds } from '@/hooks/use-autoplay-holds'
import { hiddenProps, linkProps } from '@/platform/a11y'
import { useFocusedItem } from './focus'
import './index.scss'

export interface TickerItem {
  id: number | string
  title: string
}

export interface TickerProps<T extends TickerItem> {
  items: readonly T[]
  /** a tap on an item */
  onOpen: (item: T) => void
  /** ms an item stays */
  interval?: number
  /** the box: its height is one line's */
  className?: string
  /** each item's text */
  textClassName?: string
}

/** The time an item takes to move up (Swiper's default duration). */
export const TICKER_MOVE_MS = 500

/**
 * One line that shows its items in turn, each moving up in place of the last (home's notices): in place of a
 * vertical Swiper, a column moved by a CSS transform, with a copy of the first item after the last to go round
 * without end (once it is in view, the column jumps back to the first without animation). The turning waits while a
 * finger is on it or the page is hidden (H5: the mouse, keyboard focus too; a focused item comes into view), and with
 * `prefers-reduced-motion` the items change in place without moving. A tap opens the item.
 */
export function Ticker<T extends TickerItem>({
  items,
  onOpen,
  interval = 4000,
  className,
  textClassName
}: TickerProps<T>) {
  const count = items.length
  const root = useRef(null)
  const [shown, setShown] = useState({ index: 0, animated: false })
  const backTimer = useRef<ReturnType<typeof setTimeout>>()
  const { autoplay, reducedMotion } = useAutoplay(
    () => {
      const next = shown.index + 1
      setShown({ index: next, animated: !reducedMotion })
      if (next >= count)
        backTimer.current = setTimeout(
          () => setShown({ index: 0, animated: false }),
          reducedMotion ? 0 : TICKER_MOVE_MS
        )
    },
    // an item stays at least until the move onto it (and the jump off the copy) is over
    { interval: Math.max(interval, TICKER_MOVE_MS * 2), rotate: count > 1, stopForReducedMotion: false }
  )
  useEffect(() => () => clearTimeout(backTimer.current), [])
  const holds = useAutoplayHolds(root, autoplay, count > 0)
  useFocusedItem(root, (index) => {
    clearTimeout(backTimer.current)
    setShown({ index, animated: false })
  })
  if (!count) return null
  const slots = count > 1 ? [...items, items[0]] : items
  return (
    <View ref={root} className={className ? `ticker ${className}` : 'ticker'} {...holds}>
      <View
        className='ticker__list'
        style={{
          transform: `translateY(${-shown.index * 100}%)`,
          transition: shown.animated ? `transform ${TICKER_MOVE_MS}ms ease` : 'none'
        }}
      >
        {slots.map((item, i) => (
          <View
            key={i < count ? item.id : `copy-${item.id}`}
            className='ticker__item'
            data-index={i}
            {...(i < count ? linkProps() : { ...hiddenProps, ...linkProps(), tabindex: '-1' })}
            onClick={() => onOpen(item)}
          >
            <Text className={textClassName}>{item.title}</Text>
          </View>
        ))}
      </View>
    </View>
  )
}
