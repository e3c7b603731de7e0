import Taro from '@tarojs/taro'

/** Mini-program: the scene the app was launched from (1154 = single-page mode from Moments, spec R4.7). */
export function launchScene(): number {
  try {
    return Number(Taro.getLaunchOptionsSync()?.scene) || 0
  } catch {
    return 0
  }
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
