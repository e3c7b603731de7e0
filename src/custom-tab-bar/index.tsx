import { TabBar } from '@/components/tab-bar'

// The mini-program's custom tab bar (tabBar.custom): the same component the H5 tab pages render themselves.
export default function CustomTabBar() {
  return <TabBar />
}
