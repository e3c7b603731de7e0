/**
 * H5 short paths (spec R2.41): shareable paths under /m2/ for the pages people link to, by the page's canonical path.
 * The H5 router takes them as custom routes (config/routes.ts); the link router and the post-login redirect read them
 * too (pageKeyOfPath), so `/m2/live?roomid=301` is the live room wherever it is met: in the address bar, in a link on
 * the main live host, or as the page a login returns to. The build's configuration loads this file as it stands, without
 * TypeScript's compiler (as it does src/theme.ts): plain JavaScript only, no type annotations.
 */
export const PAGE_ALIASES = {
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
