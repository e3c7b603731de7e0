// H5: Taro's VirtualList (@tarojs/components-advanced), as the list pages always used it, with the foot of the list
// also found from its scroll position, and drawn again when rows are added.
import { VirtualList as TaroVirtualList } from '@tarojs/components-advanced'
import { useEffect, useRef } from 'react'
import type { VirtualListProps } from './types'

/**
 * Taro's list finds its foot with an IntersectionObserver on a marker below the rows, through a throttle, and asks
 * for it only when the last scroll went down. That observer can miss a scroll that lands on the foot in one step (a
 * fast fling, a wheel turn): in Chromium's headless shell it missed it on every page but the browser's first, and the
 * next page never came. So each forward scroll also checks its own position: within `lowerThreshold` of the rows'
 * end, it asks for the next page. The observer stays for a first page too short to scroll. `onScrollToLower` may
 * therefore run on several scroll events for one arrival: the paged list it calls loads a page once (its `pending`
 * guard) and answers at once when there is no next page.
 *
 * Taro's list takes a new `itemCount` into its sizes only after the render that brought it (componentDidUpdate), so
 * that render keeps the old height: a page that arrived after the viewer's last scroll stayed undrawn, the foot where
 * it was, and a viewer at the bottom could not scroll on to draw it (nothing moves there). It is drawn once more after
 * each change of the count.
 */
export function VirtualList<T>(props: VirtualListProps<T>) {
  const { onScrollToLower, lowerThreshold = 50, itemCount, itemSize, height } = props
  const list = useRef<TaroVirtualList>(null)
  useEffect(() => {
    list.current?.forceUpdate()
  }, [itemCount])
  return (
    <TaroVirtualList
      {...props}
      ref={list}
      onScroll={({ scrollDirection, scrollOffset }) => {
        if (scrollDirection === 'forward' && scrollOffset + height >= itemCount * itemSize - lowerThreshold)
          onScrollToLower?.()
      }}
    />
  )
}
