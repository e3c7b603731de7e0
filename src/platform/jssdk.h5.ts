import type { WxJssdk } from './jssdk'

export type { ShareData, WxJssdk } from './jssdk'

let loading: Promise<WxJssdk | null> | null = null

/**
 * H5: the messenger's JS-SDK script (configuration: TARO_APP_JSSDK_URL), added once. Null when it does not load (a
 * blocked or missing script): nothing else depends on it.
 */
export function loadJssdk(url: string): Promise<WxJssdk | null> {
  const w = window as unknown as { wx?: WxJssdk }
  if (!loading) {
    loading = new Promise((resolve) => {
      if (w.wx && typeof w.wx.config === 'function') return resolve(w.wx)
      const script = document.createElement('script')
      script.src = url
      script.async = true
      script.onload = () => resolve(w.wx && typeof w.wx.config === 'function' ? w.wx : null)
      script.onerror = () => resolve(null)
      document.head.appendChild(script)
    })
  }
  return loading
}

/** The page's URL without its hash: what the SDK's signature covers (R7.64). */
export function signatureUrl(): string {
  return window.location.href.split('#')[0]
}
