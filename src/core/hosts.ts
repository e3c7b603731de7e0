import type { AppEnv } from '@/env'
import { WhatwgURL } from '@/platform/url'

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

/** The host name of a configured origin (`https://Live.Example.com:8443` → `live.example.com`), as the URL parser writes it. */
export function hostName(origin: string): string {
  try {
    return new WhatwgURL(origin.startsWith('//') ? `https:${origin}` : origin).hostname
  } catch {
    return ''
  }
}

/** Under which prefix each host serves its calls (spec R7.2, R7.5). */
export const API_PREFIX = '/api/v1'
export const MOBILE_PREFIX = '/mobile/api'

/**
 * The absolute URL of a call (spec R7.2–R7.6): paths with `.php` or `/m2/` go to the main live host (R7.3),
 * `rank-page` to the statistics service (R7.4), `/{product}4.0/` to the mobile API host under /mobile/api (R7.5),
 * everything else to the live API host under /api/v1 (R7.2). Absolute URLs are kept; protocol-relative ones take
 * the page's protocol on H5 and https in the mini-program (R7.6).
 */
export function callUrl(path: string, hosts: Hosts, mobileMarker: string, pageOrigin: string | null = null): string {
  if (/^https?:\/\//i.test(path)) return path
  if (path.startsWith('//')) return absoluteHost(path, pageOrigin, '')
  const p = path.startsWith('/') ? path : `/${path}`
  const route = p.split('?')[0]
  if (route.includes('.php') || route.startsWith('/m2/') || route.includes('/m2/')) return `${hosts.live}${p}`
  if (route.includes('rank-page')) return `${hosts.stats}${p}`
  if (route.includes(mobileMarker)) return `${hosts.mobile}${MOBILE_PREFIX}${p}`
  return `${hosts.api}${API_PREFIX}${p}`
}
