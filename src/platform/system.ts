import Taro from '@tarojs/taro'
import { computeSystemInfo, type SystemInfo } from './system-info'

let cached: SystemInfo | null = null

/** The device's system info (spec R3.56), computed once. */
export function systemInfo(): SystemInfo {
  if (!cached) {
    let raw: Parameters<typeof computeSystemInfo>[0] = {}
    try {
      raw = Taro.getSystemInfoSync()
    } catch {
      // some hosts refuse it before the first page: defaults apply
    }
    cached = computeSystemInfo(raw)
  }
  return cached
}
