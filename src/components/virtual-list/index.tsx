import { ScrollView, View } from '@tarojs/components'
import { useRef, useState } from 'react'
import type { VirtualListProps } from './types'

let lists = 0

/**
 * The mini-program's virtual list: rows of one height in a vertical scroll-view, only those in view (and
 * `overscanCount` more each side) rendered, each placed at its offset inside a column as tall as all of them. It is
 * what the list pages use of @tarojs/components-advanced's VirtualList (H5 keeps that one, index.h5.tsx), which
 * also lays out rows of different sizes, horizontal lists and waterfalls and weighs 21 KB of the main package; this
 * is 1 KB. A scroll renders again only when the first row in view changes, so scrolling inside a row sends no
 * setData.
 */
export function VirtualList<T>({
  className,
  height,
  width,
  itemData,
  itemCount,
  itemSize,
  item: Row,
  overscanCount = 2,
  lowerThreshold = 50,
  onScrollToLower,
  renderBottom
}: VirtualListProps<T>) {
  const id = useRef(`virtual-list-${++lists}`).current
  const [firstInView, setFirstInView] = useState(0)
  const start = Math.max(0, firstInView - overscanCount)
  const end = Math.min(itemCount, firstInView + Math.ceil(height / itemSize) + 1 + overscanCount)
  const rows = []
  for (let index = start; index < end; index++) {
    rows.push(
      <View
        key={index}
        id={`${id}-${index}-wrapper`}
        style={{ position: 'absolute', left: 0, top: `${index * itemSize}px`, width: '100%', height: `${itemSize}px` }}
      >
        <Row id={`${id}-${index}`} index={index} data={itemData} />
      </View>
    )
  }
  return (
    <ScrollView
      id={id}
      className={className}
      scrollY
      style={{ height: `${height}px`, width }}
      lowerThreshold={lowerThreshold}
      onScrollToLower={onScrollToLower}
      onScroll={(e) => {
        const first = Math.max(0, Math.floor(e.detail.scrollTop / itemSize))
        if (first !== firstInView) setFirstInView(first)
      }}
    >
      <View id={`${id}-inner`} style={{ position: 'relative', width: '100%', height: `${itemCount * itemSize}px` }}>
        {rows}
      </View>
      {renderBottom}
    </ScrollView>
  )
}
