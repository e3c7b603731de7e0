import Taro from '@tarojs/taro'

/** WeChat's route event (wx.onAppRoute, documented from base library 3.5.5 and present, undocumented, before it). */
interface AppRouteApi {
  onAppRoute?: (listener: () => void) => void
  offAppRoute?: (listener: () => void) => void
}

/**
 * Mini-program: runs `listener` after every page route — navigateTo, redirectTo, navigateBack, switchTab, reLaunch,
 * and the system's own back button, back gesture and tab bar, which bypass the project's navigation helpers.
 * WeChat calls it once the target page has loaded and shown. Returns the unsubscribe.
 */
export function onRouteChange(listener: () => void): () => void {
  const wx = (Taro as unknown as { miniGlobal?: AppRouteApi }).miniGlobal
  const api = wx && typeof wx.onAppRoute === 'function' ? wx : (Taro as unknown as AppRouteApi)
  if (typeof api.onAppRoute !== 'function') return () => undefined
  api.onAppRoute(listener)
  return () => api.offAppRoute?.(listener)
}
