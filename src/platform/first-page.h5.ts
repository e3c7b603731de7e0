import Taro from '@tarojs/taro'

/** The event Taro's H5 router sends once a route's page has loaded or shown. */
const AFTER_ROUTE = '__afterTaroRouterChange'
/** A launch page that never reports (a 404 entry, say) does not hold startup back longer than this. */
const WAIT_LIMIT_MS = 3000

let loaded = false
const markLoaded = () => {
  loaded = true
  Taro.eventCenter.off(AFTER_ROUTE, markLoaded)
}
Taro.eventCenter.on(AFTER_ROUTE, markLoaded)

/**
 * H5: the router loads the launch page asynchronously (its chunk is fetched first). A navigation made before it has
 * loaded races it: the launch page, arriving last, ends up on top of the page navigated to (whose URL the address
 * bar shows). Resolves once the launch page has loaded.
 */
export function firstPageLoaded(): Promise<void> {
  if (loaded) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      Taro.eventCenter.off(AFTER_ROUTE, done)
      resolve()
    }
    const timer = setTimeout(done, WAIT_LIMIT_MS)
    Taro.eventCenter.on(AFTER_ROUTE, done)
  })
}
