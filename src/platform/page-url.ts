import Taro from '@tarojs/taro'

/**
 * The mini-program: the current page as a URL (route and query) from WeChat's page stack, for the post-login
 * redirect (R4.6).
 */
export function currentPageUrl(): string | null {
  const pages = Taro.getCurrentPages()
  const page = pages[pages.length - 1] as { route?: string; options?: Record<string, string> } | undefined
  if (!page?.route) return null
  const query = Object.entries(page.options || {})
    .filter(([k, v]) => v !== undefined && k !== '$taroTimestamp')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&')
  const path = `/${page.route.replace(/^\//, '')}`
  return query ? `${path}?${query}` : path
}
