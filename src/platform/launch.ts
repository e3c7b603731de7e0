import Taro from '@tarojs/taro'
import { SINGLE_PAGE_SCENE } from './single-page'

/** Mini-program: the scene the app was launched from (1154 = single-page mode from Moments, spec R4.7). */
export function launchScene(): number {
  try {
    return Number(Taro.getLaunchOptionsSync()?.scene) || 0
  } catch {
    return 0
  }
}

/**
 * Mini-program: launched in Moments' single-page mode (scene 1154, R4.7), where WeChat allows no login and no route
 * to another page.
 */
export function singlePageMode(): boolean {
  return launchScene() === SINGLE_PAGE_SCENE
}

/** Whether the device runs iOS (spec R6.5). */
export function deviceIsIOS(): boolean {
  try {
    const info = Taro.getDeviceInfo()
    return /ios/i.test(`${info.platform} ${info.system}`)
  } catch {
    return false
  }
}
