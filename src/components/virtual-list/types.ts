import type { ComponentType, ReactNode } from 'react'

/** What a row component gets: its element id, its index and the whole list. */
export interface VirtualRowProps<T> {
  id: string
  index: number
  data: T[]
}

/** The props the list pages pass: a vertical list of rows of one height (those of @tarojs/components-advanced's VirtualList). */
export interface VirtualListProps<T> {
  className?: string
  /** the viewport's height, px */
  height: number
  width: string
  itemData: T[]
  itemCount: number
  /** every row's height, px */
  itemSize: number
  item: ComponentType<VirtualRowProps<T>>
  /** rows rendered beyond each edge of the viewport, at least (the mini-program renders whole blocks: index.tsx) */
  overscanCount?: number
  /** px from the bottom at which onScrollToLower fires */
  lowerThreshold?: number
  onScrollToLower?: () => void
  /** below the rows (the list's foot) */
  renderBottom?: ReactNode
}
