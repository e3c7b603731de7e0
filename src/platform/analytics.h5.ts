import type { AnalyticsSdk } from './analytics'

export type { AnalyticsSdk } from './analytics'

let loading: Promise<AnalyticsSdk | null> | null = null

/**
 * H5: the analytics script, added once per page load. Null when it fails to load or brings no SDK (an ad blocker, a
 * network that blocks the host): the app goes on without analytics.
 */
export function loadAnalytics(url: string): Promise<AnalyticsSdk | null> {
  const w = window as unknown as { zhuge?: AnalyticsSdk }
  if (!loading) {
    loading = new Promise((resolve) => {
      const sdk = () => (w.zhuge && typeof w.zhuge.track === 'function' ? w.zhuge : null)
      const script = document.createElement('script')
      script.src = url
      script.async = true
      script.onload = () => resolve(sdk())
      script.onerror = () => resolve(null)
      document.head.appendChild(script)
    })
  }
  return loading
}
