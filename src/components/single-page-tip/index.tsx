import { Text } from '@tarojs/components'
import { singlePageMode } from '@/platform/launch'
import { SINGLE_PAGE_TIP } from '@/platform/single-page'
import './index.scss'

/**
 * R4.7: whether this launch is Moments' single-page mode (scene 1154; always false on H5). The scene is the launch's
 * and never changes while the app runs, so pages read it as they render.
 */
export function useSinglePageMode(): boolean {
  return singlePageMode()
}

/**
 * R4.7: the tip of a page that can open in Moments' single-page mode (a page with onShareTimeline): use the bottom
 * bar's 前往小程序 for what the preview cannot do. Nothing outside that mode.
 */
export function SinglePageTip() {
  if (!useSinglePageMode()) return null
  return <Text className='single-page-tip'>{SINGLE_PAGE_TIP}</Text>
}
