import Taro from '@tarojs/taro'

/**
 * What kind of network the device is on, for the player: a one-time notice on mobile data and a lower start on slow
 * networks. Mini-program: WeChat's getNetworkType (wifi, 2g, 3g, 4g, 5g, unknown, none); network.h5.ts reads the
 * Network Information API where the browser has it.
 */
export interface NetworkKind {
  /** on mobile data (not Wi-Fi or a cable) */
  cellular: boolean
  /** 2G or 3G (or slower): start on the lowest rendition */
  slow: boolean
}

export function kindOf(type: string): NetworkKind {
  const t = String(type || '').toLowerCase()
  const cellular = /^(2g|3g|4g|5g|cellular)$/.test(t)
  return { cellular, slow: t === '2g' || t === '3g' }
}

export async function networkKind(): Promise<NetworkKind> {
  try {
    return kindOf((await Taro.getNetworkType()).networkType)
  } catch {
    return { cellular: false, slow: false }
  }
}
