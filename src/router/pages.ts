/**
 * Page keys and their paths: the route map of spec section 2, in one place.
 * Main package: the four tabs and the list page; package A (preloaded from home) and package B.
 */
import { HOME_PATH } from '../theme'
import { PAGE_ALIASES } from './aliases'

export const PACKAGE_A = 'packageA'
export const PACKAGE_B = 'packageB'

export const TAB_PAGES = {
  home: HOME_PATH, // R1.21
  streamer: 'pages/streamer/streamer',
  media: 'pages/media/media',
  user: 'pages/user/user'
} as const

export const MAIN_PAGES = {
  ...TAB_PAGES,
  list: 'pages/list/list'
} as const

/** Package A pages, relative to the package root. */
export const PACKAGE_A_PAGES = {
  live: 'pages/live/live',
  playback: 'pages/playback/playback',
  preview: 'pages/preview/preview',
  timeline: 'pages/timeline/timeline',
  post: 'pages/post/post',
  streamerDetail: 'pages/streamer/streamer',
  follow: 'pages/streamer/follow/follow',
  wuxilcb: 'featured/wuxilcb/wuxilcb',
  dingshu: 'featured/dingshu/dingshu',
  hubin: 'featured/hubin/hubin',
  // beyond spec section 2: the 视听 tab's player page (channels, programmes and videos play in the one player)
  watch: 'pages/watch/watch'
} as const

/** Package B pages, relative to the package root. */
export const PACKAGE_B_PAGES = {
  deposit: 'pages/deposit/deposit',
  album: 'pages/album/album',
  search: 'pages/search/search',
  web: 'pages/web/web',
  channelBridge: 'pages/channel/bridge',
  mallPayment: 'pages/mall/payment',
  // beyond spec section 2: 消费记录, the viewer's unlocks and gifts with time and amount (from 我的 and the gift log)
  consume: 'pages/consume/consume',
  // beyond spec section 2: 我的 › 观看历史, and the 用户协议 / 隐私政策 the login asks the viewer to accept
  history: 'pages/history/history',
  legal: 'pages/legal/legal'
} as const

export type TabKey = keyof typeof TAB_PAGES
export type PageKey = keyof typeof MAIN_PAGES | keyof typeof PACKAGE_A_PAGES | keyof typeof PACKAGE_B_PAGES

/** Every page key with its absolute path (leading slash), as used by Taro navigation. */
export const PAGE_PATHS: Record<PageKey, string> = (() => {
  const out = {} as Record<PageKey, string>
  for (const [k, p] of Object.entries(MAIN_PAGES)) out[k as PageKey] = `/${p}`
  for (const [k, p] of Object.entries(PACKAGE_A_PAGES)) out[k as PageKey] = `/${PACKAGE_A}/${p}`
  for (const [k, p] of Object.entries(PACKAGE_B_PAGES)) out[k as PageKey] = `/${PACKAGE_B}/${p}`
  return out
})()

export const FEATURED_PAGES = ['wuxilcb', 'dingshu', 'hubin'] as const
export type FeaturedKey = (typeof FEATURED_PAGES)[number]

/** Alias names of featured pages (spec R2.15: binhu717 maps to hubin). */
export const FEATURED_ALIASES: Record<string, FeaturedKey> = { binhu717: 'hubin' }

/** Page keys accepted as the `page` startup parameter or in `page=` links; `featured...` values handled apart. */
export const PAGE_KEY_ALIASES: Record<string, PageKey> = {
  deposit: 'deposit',
  follow: 'follow',
  streamer_detail: 'streamerDetail'
}

export function isPageKey(key: unknown): key is PageKey {
  return typeof key === 'string' && Object.prototype.hasOwnProperty.call(PAGE_PATHS, key)
}

export function isTabKey(key: unknown): key is TabKey {
  return typeof key === 'string' && Object.prototype.hasOwnProperty.call(TAB_PAGES, key)
}

/** Resolve a featured page name (`hubin`, `binhu717`, `featured-hubin`, `featuredhubin`) to its key. */
export function featuredKey(name: string): FeaturedKey | null {
  const bare = name.replace(/^featured[-_/]?/i, '').toLowerCase()
  if ((FEATURED_PAGES as readonly string[]).includes(bare)) return bare as FeaturedKey
  return FEATURED_ALIASES[bare] ?? null
}

/**
 * Which page key a path (with or without leading slash / query) belongs to: a page's own path, or one of its H5 short
 * paths (src/router/aliases.ts, `/live` for the live room).
 */
export function pageKeyOfPath(path: string): PageKey | null {
  const clean = '/' + path.replace(/^\/+/, '').split('?')[0]
  const aliases: Record<string, readonly string[]> = PAGE_ALIASES
  const canonical = Object.keys(aliases).find((p) => aliases[p].includes(clean)) ?? clean
  for (const [k, p] of Object.entries(PAGE_PATHS)) if (p === canonical) return k as PageKey
  return null
}

export function buildUrl(path: string, query: Record<string, string | number | undefined> = {}): string {
  const parts = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
  return parts.length ? `${path}?${parts.join('&')}` : path
}
