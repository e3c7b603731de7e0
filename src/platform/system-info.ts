/** System info of spec R3.56 / R9.13, derived from what the platform reports. */
export const WINDOW_WIDTH_CAP = 854
export const DEFAULT_STATUS_BAR = 10
export const NAV_BAR_EXTRA = 40
export const CAPSULE = { width: 87, height: 32, margin: 7 }
export const IOS_NAV_EXTEND = 4

export interface RawSystemInfo {
  windowWidth?: number
  windowHeight?: number
  statusBarHeight?: number
  platform?: string
  system?: string
  safeArea?: { top: number; bottom: number; left: number; right: number; width: number; height: number }
  /**
   * The capsule (menu button) as WeChat lays it out (wx.getMenuButtonBoundingClientRect); without it (H5, or a host
   * that answers nothing usable) its place is the spec's 87x32 with margin 7, centred in the 40 px bar.
   */
  menuButton?: { top: number; bottom: number; left: number; right: number; width: number; height: number }
}

export interface SystemInfo {
  windowWidth: number
  windowHeight: number
  statusBarHeight: number
  navBarHeight: number
  capsulePosition: { top: number; bottom: number; left: number; right: number; width: number; height: number }
  safeArea: { top: number; bottom: number; left: number; right: number; width: number; height: number }
  isIOS: boolean
  isAndroid: boolean
  navBarExtendHeight: number
}

export function computeSystemInfo(raw: RawSystemInfo): SystemInfo {
  const windowWidth = Math.min(raw.windowWidth || 375, WINDOW_WIDTH_CAP)
  const windowHeight = raw.windowHeight || 667
  const statusBarHeight = raw.statusBarHeight || DEFAULT_STATUS_BAR
  const sys = `${raw.platform || ''} ${raw.system || ''}`
  const isIOS = /ios|iphone|ipad|devtools/i.test(sys) && !/android/i.test(sys)
  const isAndroid = /android/i.test(sys)
  const top = statusBarHeight + (NAV_BAR_EXTRA - CAPSULE.height) / 2
  const right = windowWidth - CAPSULE.margin
  const menu = raw.menuButton && raw.menuButton.width > 0 && raw.menuButton.height > 0 ? raw.menuButton : null
  return {
    windowWidth,
    windowHeight,
    statusBarHeight,
    navBarHeight: statusBarHeight + NAV_BAR_EXTRA,
    capsulePosition: menu
      ? {
          top: menu.top,
          bottom: menu.bottom,
          left: menu.left,
          right: menu.right,
          width: menu.width,
          height: menu.height
        }
      : {
          top,
          bottom: top + CAPSULE.height,
          left: right - CAPSULE.width,
          right,
          width: CAPSULE.width,
          height: CAPSULE.height
        },
    safeArea: raw.safeArea || {
      top: statusBarHeight,
      bottom: windowHeight,
      left: 0,
      right: windowWidth,
      width: windowWidth,
      height: windowHeight - statusBarHeight
    },
    isIOS,
    isAndroid,
    navBarExtendHeight: isIOS ? IOS_NAV_EXTEND : 0
  }
}
