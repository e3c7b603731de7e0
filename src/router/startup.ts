import { PAGE_KEY_ALIASES, featuredKey, isPageKey, pageKeyOfPath, type PageKey } from './pages'

/** The preview that is an external activity instead (spec R2.27). */
export const EXTERNAL_PREVIEW_ID = '1473'

export type StartupQuery = Record<string, string | undefined>

export interface StartupPlan {
  /** The page to open after launch, or null to stay on the entry page. */
  page: PageKey | null
  query: Record<string, string>
  /** Credentials handed to the session for login (spec R2.26; another user's than the viewer's asks first). */
  login: { tokentype: string; token: string } | null
  /** An external page to open instead (preview 1473). */
  external: string | null
}

/** Home-type paths: the entry without a page of its own. */
export function isHomePath(path: string): boolean {
  const p = path.replace(/^\/+|\/+$/g, '').replace(/^m2\/?/, '')
  return p === '' || p === 'pages/home/home' || p === 'index' || p === 'index.html'
}

function pageOf(value: string | undefined): PageKey | null {
  if (!value) return null
  if (isPageKey(value)) return value
  if (Object.prototype.hasOwnProperty.call(PAGE_KEY_ALIASES, value)) return PAGE_KEY_ALIASES[value]
  return featuredKey(value)
}

/** A query string's parameters (`a=1&b=2`), each value decoded once; a value that is no valid encoding stays as is. */
function queryParams(search: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of search.split('&')) {
    if (!part) continue
    const eq = part.indexOf('=')
    const [k, v] = eq < 0 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)]
    out[decodeOnce(k)] = decodeOnce(v.replace(/\+/g, ' '))
  }
  return out
}

function decodeOnce(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** The parameters a code may hand on: never a login (a printed code must not log anyone in, R2.26 is for links). */
const CODE_PARAMS = ['page', 'roomid', 'id'] as const

function codeParams(params: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const k of CODE_PARAMS) if (params[k]) out[k] = params[k]
  return out
}

/**
 * The parameters of a mini-program code (wxacode.getUnlimited): WeChat hands its `scene` (at most 32 characters,
 * `roomid=496`) to the page it opens as the query value `scene`, percent-encoded (`roomid%3D496`), in onLoad and in
 * the launch options alike. Decoded once, then read as a query string.
 */
export function sceneParams(scene: string | undefined): Record<string, string> {
  if (!scene) return {}
  return codeParams(queryParams(decodeOnce(scene)))
}

/**
 * The parameters of a plain-link QR code scanned into the mini-program (扫普通链接二维码打开小程序): WeChat opens the
 * page its rule names with `q`, the whole link percent-encoded (`https://host/m2/packageA/pages/live/live?roomid=496`).
 * The link's query (and a query after its `#`) gives the parameters, and a page path of its own (under /m2/ on H5)
 * becomes `page`. The link itself is never opened.
 */
export function plainLinkParams(q: string | undefined): Record<string, string> {
  if (!q) return {}
  const link = decodeOnce(q)
  const [beforeHash, hash = ''] = link.split('#')
  const [pathPart, search = ''] = beforeHash.split('?')
  const params = { ...queryParams(hash.split('?')[1] ?? ''), ...queryParams(search) }
  const path = pathPart.replace(/^[a-z][a-z\d+.-]*:\/\/[^/]*/i, '').replace(/^\/?m2(?=\/|$)/, '')
  const page = isHomePath(path) ? null : pageKeyOfPath(path)
  return codeParams(page && !params.page ? { ...params, page } : params)
}

/**
 * The room a live page was opened for: `roomid`, or the one inside the `scene` of a mini-program code that opened
 * the page itself (page packageA/pages/live/live, scene roomid=496), or inside the `q` of a plain-link QR code.
 */
export function roomIdOf(params: Record<string, string | undefined>): number {
  return (
    Number(params.roomid) || Number(sceneParams(params.scene).roomid) || Number(plainLinkParams(params.q).roomid) || 0
  )
}

/**
 * What a launch with these query parameters should do (spec R2.23–R2.27): `page` must be a known page key;
 * `roomid` without `page` on a home-type path means the live room; `id` is passed on; `tokentype` + `token` log in.
 */
export function planStartup(launchQuery: StartupQuery, path: string, externalPreviewUrl: string): StartupPlan {
  // a code that opened the entry page (a mini-program code without a page, a plain-link rule's page) names the page
  // inside it; on any other page the page reads its code itself (roomIdOf)
  const query = isHomePath(path)
    ? { ...plainLinkParams(launchQuery.q), ...sceneParams(launchQuery.scene), ...launchQuery }
    : launchQuery
  const plan: StartupPlan = { page: null, query: {}, login: null, external: null }
  const page = pageOf(query.page)
  if (page) plan.page = page
  else if (!query.page && query.roomid && isHomePath(path)) plan.page = 'live'
  if (query.roomid) plan.query.roomid = query.roomid
  if (query.id) plan.query.id = query.id
  if (query.tokentype && query.token) plan.login = { tokentype: query.tokentype, token: query.token }
  if (plan.page === 'preview' && plan.query.id === EXTERNAL_PREVIEW_ID) {
    plan.page = null
    plan.external = externalPreviewUrl
  }
  return plan
}
