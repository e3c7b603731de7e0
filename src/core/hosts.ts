import type { AppEnv } from '@/env'

/** The four hosts of spec R7.2–R7.5, resolved to absolute origins. */
export interface Hosts {
  /** Live API host; calls go under /api/v1 (R7.2). */
  api: string
  /** Main live host: .php and /m2/ paths (R7.3); its share links map to pages. */
  live: string
  /** Statistics service: rank-page paths (R7.4). */
  stats: string
  /** Mobile API host; calls go under /mobile/api (R7.5). */
  mobile: string
}

/**
 * A configured host may be empty (the page's own origin on H5, the dev origin in the mini-program), absolute, or
 * protocol-relative (`//host`): that takes the page's protocol on H5 and https in the mini-program (R7.6).
 */
export function absoluteHost(configured: string, pageOrigin: string | null, devOrigin: string): string {
  const host = configured.replace(/\/+$/, '')
  if (!host) return (pageOrigin || devOrigin).replace(/\/+$/, '')
  if (host.startsWith('//')) {
    const protocol = pageOrigin ? pageOrigin.split('//')[0] : 'https:'
    return `${protocol}${host}`
  }
  return host
}

export function resolveHosts(env: AppEnv, pageOrigin: string | null): Hosts {
  const dev = env.TARO_APP_DEV_ORIGIN
  return {
    api: absoluteHost(env.TARO_APP_API_HOST, pageOrigin, dev),
    live: absoluteHost(env.TARO_APP_LIVE_HOST, pageOrigin, dev),
    stats: absoluteHost(env.TARO_APP_STATS_HOST, pageOrigin, dev),
    mobile: absoluteHost(env.TARO_APP_MOBILE_HOST, pageOrigin, dev)
  }
}

export function hostName(origin: string): string {
  const m = origin.match(/^(?:[a-z]+:)?\/\/([^/:?#]+)/i)
  return m ? m[1].toLowerCase() : ''
}
