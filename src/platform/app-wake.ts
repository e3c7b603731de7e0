import Taro from '@tarojs/taro'

/**
 * When a live connection may have gone stale without a word (src/core/socket.ts): the phone changed network, or the
 * app comes back after more than HIDDEN_STALE_MS in the background (WeChat suspends a hidden mini-program after a few
 * seconds; its sockets then sit half-open until the heartbeat gives up, about a minute). Mini-program: WeChat's
 * onNetworkStatusChange and onAppHide / onAppShow. app-wake.h5.ts is the web's.
 */
export const HIDDEN_STALE_MS = 5000

export type WakeReason = 'network' | 'show'

/** Calls `fn` on each of those moments; returns the unsubscribe. */
export function onWake(fn: (reason: WakeReason) => void): () => void {
  let hiddenAt = 0
  const hide = () => {
    hiddenAt = Date.now()
  }
  const show = () => {
    const away = hiddenAt ? Date.now() - hiddenAt : 0
    hiddenAt = 0
    if (away > HIDDEN_STALE_MS) fn('show')
  }
  const network = () => fn('network')
  Taro.onAppHide(hide)
  Taro.onAppShow(show)
  Taro.onNetworkStatusChange(network)
  return () => {
    Taro.offAppHide(hide)
    Taro.offAppShow(show)
    Taro.offNetworkStatusChange?.(network)
  }
}
