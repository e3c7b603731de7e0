/**
 * H5 alias table for custom routes (spec R2.41): short, shareable paths under /m2/ for the pages people link to.
 * Taro's router replaces a page's own path by its aliases, so each entry lists the canonical path first: both the
 * canonical path and the aliases open the page, and navigation keeps writing the canonical one.
 */
const ALIASES: Record<string, string[]> = {
  '/packageA/pages/live/live': ['/live', '/rm'],
  '/packageA/pages/playback/playback': ['/playback', '/v'],
  '/packageA/pages/preview/preview': ['/preview'],
  '/packageA/featured/hubin/hubin': ['/hubin', '/binhu717'],
  '/packageA/featured/wuxilcb/wuxilcb': ['/wuxilcb'],
  '/packageA/featured/dingshu/dingshu': ['/dingshu'],
  '/packageB/pages/search/search': ['/search'],
  // R2.21 names the page pages/mall/payment; goods links use that path
  '/packageB/pages/mall/payment': ['/pages/mall/payment', '/mall/payment'],
  '/pages/list/list': ['/list']
}

export const h5Aliases: Record<string, string[]> = Object.fromEntries(
  Object.entries(ALIASES).map(([path, aliases]) => [path, [path, ...aliases]])
)
