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
  return window.location.href.split('#')[0] as string
}

const LOGIN_PARAMS = ['tokentype', 'token']

export function hasLoginParams(): boolean {
  const q = new URLSearchParams(window.location.search)
  return LOGIN_PARAMS.some((k) => q.has(k))
}

/**
 * The startup login's tokentype + token (R2.26: how the OAuth round trip comes back) leave the address bar once used,
 * so that neither a reload, a shared link nor the SDK's signed URL carries the access token.
 */
export function dropLoginParams(): void {
  if (!hasLoginParams()) return
  const url = new URL(window.location.href)
  for (const k of LOGIN_PARAMS) url.searchParams.delete(k)
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
}
