import Taro from '@tarojs/taro'
import { computeSystemInfo, type RawSystemInfo, type SystemInfo } from './system-info'

let cached: SystemInfo | null = null

/**
 * A synchronous WeChat call that some hosts refuse (before the first page, in a plugin; a host without the API
 * answers with a rejected promise): nothing, and the defaults apply.
 */
function read<T>(call: () => T): T | undefined {
  try {
    const answer = call()
    if (answer && typeof (answer as { then?: unknown }).then === 'function') {
      ;(answer as unknown as Promise<unknown>).catch(() => undefined)
      return undefined
    }
    return answer
  } catch {
    return undefined
  }
}

/**
 * The device's system info (spec R3.56), computed once: the window (size, status bar, safe area) from
 * wx.getWindowInfo, the platform from wx.getDeviceInfo (both base library 2.20.1, within the app's minimum:
 * src/platform/base-library.ts; getSystemInfoSync is no longer maintained since then), and the capsule where WeChat
 * lays it out, from wx.getMenuButtonBoundingClientRect (its size and place differ by device and WeChat version).
 */
export function systemInfo(): SystemInfo {
  if (!cached) {
    const win = read(() => Taro.getWindowInfo())
    const device = read(() => Taro.getDeviceInfo())
    const menu = read(() => Taro.getMenuButtonBoundingClientRect())
    const raw: RawSystemInfo = {
      windowWidth: win?.windowWidth,
      windowHeight: win?.windowHeight,
      statusBarHeight: win?.statusBarHeight,
      safeArea: win?.safeArea,
      platform: device?.platform,
      system: device?.system,
      menuButton: menu
    }
    cached = computeSystemInfo(raw)
  }
  return cached
}
