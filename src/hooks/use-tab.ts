import { useDidShow } from '@tarojs/taro'
import type { TabKey } from '@/router/pages'
import { uiStore } from '@/stores/ui'

/** Marks `tab` current whenever its page shows, so the custom tab bar highlights it on both targets. */
export function useTab(tab: TabKey) {
  uiStore.setTab(tab)
  useDidShow(() => uiStore.setTab(tab))
}
