import { useDidShow } from '@tarojs/taro'
import { useEffect } from 'react'
import type { TabKey } from '@/router/pages'
import { uiStore } from '@/stores/ui'

/** Marks `tab` current whenever its page shows, so the custom tab bar highlights it on both targets. */
export function useTab(tab: TabKey) {
  useEffect(() => uiStore.setTab(tab), [tab])
  useDidShow(() => uiStore.setTab(tab))
}
