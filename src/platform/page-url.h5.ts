import { pathUnderBasename } from './basename'

/**
 * H5: the current page as a URL (route and query) for the post-login redirect (R4.6): the address under the router's
 * /m2 basename (R2.1). Taro's H5 page stack has no query (getCurrentPages gives the route, and its copy of a page
 * drops `options`), so a redirect built from it lost `?type=deposit` or `?roomid=…`; the address has both, and no
 * token (the start-up login takes it out, R2.26).
 */
export function currentPageUrl(): string | null {
  if (typeof location === 'undefined') return null
  const path = pathUnderBasename(location.pathname).replace(/^\/?$/, '/pages/home/home')
  return `${path}${location.search}`
}
