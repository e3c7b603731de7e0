import { View, Text, type CommonEvent } from '@tarojs/components'
import { usePageScroll } from '@tarojs/taro'
import { useRef, useState } from 'react'
import { MOVE_THRESHOLD } from '@/utils/touch'
import type { PullRefreshProps } from './types'
import './index.scss'

const TRIGGER = 60

function touchY(e: CommonEvent): number {
  const touches = (e as unknown as { touches?: { clientY: number }[] }).touches
  return touches && touches[0] ? touches[0].clientY : 0
}

/**
 * H5: pull-down refresh for pages whose native pull-to-refresh is off (home, spec R2.2): a drag down from the top of
 * the page past 60 px refreshes. A touch counts as a drag only past 8 px (R9.25). The page scrolls itself, so its
 * reach-bottom is the page's (`onReachBottom` is the mini-program's, index.tsx).
 */
export function PullRefresh({ onRefresh, children }: PullRefreshProps) {
  const top = useRef(0)
  const start = useRef<number | null>(null)
  const [pull, setPull] = useState(0)
  const [refreshing, setRefreshing] = useState(false)
  usePageScroll(({ scrollTop }) => {
    top.current = scrollTop
  })
  const text = refreshing ? '正在刷新…' : pull >= TRIGGER ? '释放立即刷新' : '下拉刷新'
  return (
    <View
      onTouchStart={(e: CommonEvent) => {
        start.current = top.current <= 0 && !refreshing ? touchY(e) : null
      }}
      onTouchMove={(e: CommonEvent) => {
        if (start.current === null) return
        const dy = touchY(e) - start.current
        setPull(dy > MOVE_THRESHOLD ? Math.min(dy - MOVE_THRESHOLD, 120) : 0)
      }}
      onTouchEnd={() => {
        const fire = pull >= TRIGGER
        start.current = null
        setPull(0)
        if (!fire) return
        setRefreshing(true)
        void onRefresh().finally(() => setRefreshing(false))
      }}
    >
      <View className='pull-refresh' style={{ height: `${refreshing ? 44 : pull}px` }}>
        {(pull > 0 || refreshing) && <Text className='pull-refresh__text'>{text}</Text>}
      </View>
      {children}
    </View>
  )
}
