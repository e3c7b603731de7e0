import { PAGE_KEY_ALIASES, featuredKey, isPageKey, type PageKey } from './pages'

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

/**
 * What a launch with these query parameters should do (spec R2.23–R2.27): `page` must be a known page key;
 * `roomid` without `page` on a home-type path means the live room; `id` is passed on; `tokentype` + `token` log in.
 */
export function planStartup(query: StartupQuery, path: string, externalPreviewUrl: string): StartupPlan {
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
