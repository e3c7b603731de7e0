import { ScrollView, View } from '@tarojs/components'
import { useRef, useState } from 'react'
import type { VirtualListProps } from './types'

let lists = 0

/**
 * The mini-program's virtual list: rows of one height in a vertical scroll-view, only those in view (and
 * `overscanCount` more each side) rendered, each placed at its offset inside a column as tall as all of them. It is
 * what the list pages use of @tarojs/components-advanced's VirtualList (H5 keeps that one, index.h5.tsx), which
 * also lays out rows of different sizes, horizontal lists and waterfalls and weighs 21 KB of the main package; this
 * is 1 KB.
 *
 * Rows are rendered a block at a time (WeChat's experience score: a setData per row boundary passed 20 calls a second
 * in a fast fling, and the rows arrived after the fling had passed them, blank): a block is as many rows as fill the
 * viewport (at least `overscanCount`), and the list holds the block in view with one block before it and two after
 * it, so at least a block's rows stand ready either side of the viewport. A scroll renders again only when the first
 * row in view enters another block: one setData per viewport scrolled, not one per row.
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
  const blockRows = Math.max(1, overscanCount, Math.ceil(height / itemSize))
  const [block, setBlock] = useState(0)
  const start = Math.max(0, (block - 1) * blockRows)
  const end = Math.min(itemCount, (block + 3) * blockRows)
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
        const next = Math.floor(first / blockRows)
        if (next !== block) setBlock(next)
      }}
    >
      <View id={`${id}-inner`} style={{ position: 'relative', width: '100%', height: `${itemCount * itemSize}px` }}>
        {rows}
      </View>
      {renderBottom}
    </ScrollView>
  )
}
