import { TabBar } from '@/components/tab-bar'

// H5: Taro draws no tab bar when tabBar.custom is true, so each tab page renders the shared one itself.
export function TabBarSlot() {
  return <TabBar />
}
