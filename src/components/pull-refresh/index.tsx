import { ScrollView, View } from '@tarojs/components'
import { useRef, useState } from 'react'
import { systemInfo } from '@/platform/system'
import type { PullRefreshProps } from './types'
import './index.scss'

/** Past this pull (px) a release refreshes, as on H5 (index.h5.tsx). */
const TRIGGER = 60

/**
 * Mini-program: pull-down refresh for pages whose native pull-to-refresh is off (home, spec R2.2), by scroll-view's
 * own refresher (base library 2.10.1): WeChat draws the pull and its indicator itself, so a pull costs no setData
 * while the finger moves (a setData per touchmove broke WeChat's experience score), only refresher-triggered as the
 * refresh starts and ends. The page's content scrolls in this scroll-view, as tall as the window below the nav bar;
 * its bottom is the page's reach-bottom (`onReachBottom`).
 */
export function PullRefresh({ onRefresh, onReachBottom, children }: PullRefreshProps) {
  const [refreshing, setRefreshing] = useState(false)
  const busy = useRef(false)
  return (
    <ScrollView
      className='pull-refresh__scroll'
      scrollY
      enableBackToTop
      style={{ height: `calc(100vh - ${systemInfo().navBarHeight}px)` }}
      refresherEnabled
      refresherThreshold={TRIGGER}
      refresherDefaultStyle='black'
      refresherBackground='#f5f5f5'
      refresherTriggered={refreshing}
      lowerThreshold={50}
      onScrollToLower={onReachBottom}
      onRefresherRefresh={() => {
        if (busy.current) return
        busy.current = true
        setRefreshing(true)
        void onRefresh().finally(() => {
          busy.current = false
          setRefreshing(false)
        })
      }}
    >
      <View className='pull-refresh__content'>{children}</View>
    </ScrollView>
  )
}
