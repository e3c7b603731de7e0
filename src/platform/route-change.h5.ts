import Taro from '@tarojs/taro'

/** The event Taro's H5 router sends once a route's page has loaded or shown (push, replace, back, tab switch). */
const AFTER_ROUTE = '__afterTaroRouterChange'

/**
 * H5: runs `listener` after every page route, whether it came from the navigation APIs, the tab bar or the
 * browser's own back and forward buttons (the router handles popstate the same way). Returns the unsubscribe.
 */
export function onRouteChange(listener: () => void): () => void {
  Taro.eventCenter.on(AFTER_ROUTE, listener)
  return () => Taro.eventCenter.off(AFTER_ROUTE, listener)
}
