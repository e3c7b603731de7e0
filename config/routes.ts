/**
 * H5 alias table for custom routes (spec R2.41): short, shareable paths under /m2/ for the pages people link to.
 * Both the canonical Taro path and the alias open the page.
 */
export const h5Aliases: Record<string, string | string[]> = {
  '/packageA/pages/live/live': ['/live', '/rm'],
  '/packageA/pages/playback/playback': ['/playback', '/v'],
  '/packageA/pages/preview/preview': ['/preview'],
  '/packageA/featured/hubin/hubin': ['/hubin', '/binhu717'],
  '/packageA/featured/wuxilcb/wuxilcb': ['/wuxilcb'],
  '/packageA/featured/dingshu/dingshu': ['/dingshu'],
  '/packageB/pages/search/search': ['/search'],
  '/pages/list/list': ['/list']
}
