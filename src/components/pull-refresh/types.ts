import type { ReactNode } from 'react'

export interface PullRefreshProps {
  /** The refresh: the indicator shows 正在刷新… until it settles. */
  onRefresh: () => Promise<unknown>
  /** Mini-program: the content scrolls inside the pull-down's scroll-view, whose bottom is the page's reach-bottom. */
  onReachBottom?: () => void
  children: ReactNode
}
