import { WhatwgURL } from '@/platform/url'
import { featuredKey, pageKeyOfPath, type PageKey } from './pages'
import { isHomePath } from './startup'

export interface LinkContext {
  /** Running inside the mini-program (copy instead of navigating for foreign hosts). */
  inMiniProgram: boolean
  /** Host name of the main live host: its share links map to internal pages. */
  mainHost: string
  /** Host names that may open in the web-view page. */
  whitelist: readonly string[]
}

export type LinkQuery = Record<string, string>

export type LinkResult =
  | { type: 'page'; page: PageKey; query: LinkQuery }
  | { type: 'webview'; url: string }
  | { type: 'copy'; url: string }
  | { type: 'browser'; url: string }
  | { type: 'miniprogram'; appId?: string; path?: string; shortLink?: string }
  | { type: 'none' }

/** The modal text when a foreign link is copied inside the mini-program (spec R2.36). */
export const COPY_URL_MESSAGE = '网址已复制，请在手机浏览器里粘贴该网址~'

/** The id is the last number found in the URL (spec R2.34). */
export function lastNumber(url: string): string | undefined {
  const all = url.match(/\d+/g)
  return all ? all[all.length - 1] : undefined
}

/** Leading C0 controls and spaces are dropped, tabs and newlines anywhere ignored, as the URL parser does. */
function parserView(raw: string): string {
  // eslint-disable-next-line no-control-regex -- the URL standard strips leading C0 controls and spaces
  return raw.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '')
}

/**
 * An http(s) link parsed as a browser parses it (WHATWG URL: userinfo, ports, case, IDN/punycode, backslashes,
 * percent-encoded hosts, whitespace), or null for another scheme or a string that is no URL. A link without a
 * scheme that starts with two slashes or backslashes is protocol-relative and takes https (R7.6). Paths without a
 * host (`/m2/…`, `pages/…`) are null.
 */
export function parseHttpUrl(raw: string): URL | null {
  let url: URL
  try {
    url = new WhatwgURL(raw)
  } catch {
    if (!/^[\\/]{2}/.test(parserView(raw))) return null
    try {
      url = new WhatwgURL(raw, 'https://protocol-relative.invalid/')
    } catch {
      return null
    }
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : null
}

/** Whether the string names a scheme (`javascript:`, `data:`, `mailto:`, …) rather than a path. */
function hasScheme(raw: string): boolean {
  try {
    new WhatwgURL(raw)
    return true
  } catch {
    return false
  }
}

const IP_HOST = /^(\d+\.\d+\.\d+\.\d+|\[[0-9a-f:.]+\])$/

/**
 * A whitelist entry as the parser writes hosts: `News.Example.com`, `https://news.example.com/`, `.example.com`
 * (that host and its subdomains). Null for an entry that is no host.
 */
export function whitelistEntry(entry: string): WhitelistEntry | null {
  let parsed = entryCache.get(entry)
  if (parsed === undefined) {
    parsed = parseEntry(entry)
    if (entryCache.size > 100) entryCache.clear()
    entryCache.set(entry, parsed)
  }
  return parsed
}

interface WhitelistEntry {
  host: string
  subdomains: boolean
}

const entryCache = new Map<string, WhitelistEntry | null>()

function parseEntry(entry: string): WhitelistEntry | null {
  const e = entry.trim()
  if (!e) return null
  const subdomains = e.startsWith('.')
  const bare = subdomains ? e.slice(1) : e
  const url = parseHttpUrl(/^[a-z][a-z0-9+.-]*:/i.test(bare) ? bare : `http://${bare}`)
  if (!url || url.username || url.password || !url.hostname) return null
  return { host: url.hostname, subdomains: subdomains && !IP_HOST.test(url.hostname) }
}

/**
 * A host (as the URL parser gives it: lower case, punycode) is on the whitelist when it equals an entry, or is under
 * an entry written with a leading dot. IP addresses match exactly only. The labels a subdomain adds must not be
 * internationalized (`xn--`): parsers differ on some of those (core-js in the mini-program maps `⒈` into a label where
 * a browser reads "1."), and the broadcaster's own hosts are ASCII.
 */
export function isWhitelisted(host: string, whitelist: readonly string[]): boolean {
  const h = host.toLowerCase()
  if (!h) return false
  return whitelist.some((raw) => {
    const entry = whitelistEntry(raw)
    if (!entry) return false
    if (h === entry.host) return true
    if (!entry.subdomains || IP_HOST.test(h) || !h.endsWith(`.${entry.host}`)) return false
    return !h
      .slice(0, -entry.host.length - 1)
      .split('.')
      .some((label) => label.startsWith('xn--'))
  })
}

/**
 * The URL the web-view page may open (spec R2.19, R2.35): an http(s) URL without user info whose host is the main
 * live host or on the whitelist, as the parser writes it (so what was checked is what loads), else null. Both the
 * link router and the web-view page itself check with this.
 */
export function webViewUrl(
  raw: string | null | undefined,
  ctx: Pick<LinkContext, 'mainHost' | 'whitelist'>
): string | null {
  const url = parseHttpUrl((raw ?? '').trim())
  if (!url || url.username || url.password) return null
  return isWhitelisted(url.hostname, [ctx.mainHost, ...ctx.whitelist]) ? url.href : null
}

function withId(page: PageKey, key: string, url: string): LinkResult {
  const id = lastNumber(url)
  return { type: 'page', page, query: id ? { [key]: id } : {} }
}

/** Share links of the main live host that map to internal pages (spec R2.29–R2.34), or null. */
function mainHostPage(url: string): LinkResult | null {
  const featured = url.match(/[?&#]page=(featured[\w-]*)/i)
  if (featured) {
    const key = featuredKey(featured[1])
    if (key) return { type: 'page', page: key, query: {} }
  }
  if (/liveid=|\/rm\/|pages\/live\/live|page=live(?![\w])/.test(url)) return withId('live', 'roomid', url)
  if (/videoid=|\/v\/|page=playback(?![\w])/.test(url)) return withId('playback', 'id', url)
  if (/pages\/preview\/preview|page=preview(?![\w])|\/live\/preview/.test(url)) return withId('preview', 'id', url)
  if (/\/events(?![\w])/.test(url)) return { type: 'page', page: 'list', query: { type: 'event' } }
  return null
}

/**
 * A link of the main live host to one of the app's own pages: its path (under /m2/ or not) is a page's path or one
 * of its H5 short paths (`/m2/live`), home apart (its `page=` links are share links, mainHostPage). The page opens
 * with the link's query; the app is never opened inside its own web view.
 */
function appPage(url: URL): LinkResult | null {
  const page = pageKeyOfPath(url.pathname.replace(/^\/m2(?=\/)/, ''))
  if (!page || page === 'home') return null
  return { type: 'page', page, query: parseQuery(url.search.replace(/^\?/, '')) }
}

function parseQuery(search: string): LinkQuery {
  const out: LinkQuery = {}
  for (const part of search.split('&')) {
    if (!part) continue
    const [k, v = ''] = part.split('=')
    try {
      out[decodeURIComponent(k)] = decodeURIComponent(v)
    } catch {
      out[k] = v
    }
  }
  return out
}

/** `#小程序://…` short links and `#<appId>[/path]` open another mini-program (spec R2.39). */
function miniProgramLink(url: string): LinkResult | null {
  if (url.startsWith('#小程序://')) return { type: 'miniprogram', shortLink: url }
  const m = url.match(/^#(wx[0-9a-zA-Z]{16})(?:[:/](.*))?$/)
  if (m) return { type: 'miniprogram', appId: m[1], path: m[2] ? m[2].replace(/^\/?/, '') : undefined }
  return null
}

/**
 * Where a link goes: an internal page, the web-view page, a copied URL, the browser, another mini-program, or
 * nowhere (spec R2.29–R2.39, R8.20).
 */
export function resolveLink(link: string | null | undefined, ctx: LinkContext): LinkResult {
  const raw = (link ?? '').trim()
  if (!raw || raw === '#') return { type: 'none' } // R2.38
  const mp = miniProgramLink(raw)
  if (mp) return mp
  if (raw.startsWith('#')) return { type: 'none' }

  const url = parseHttpUrl(raw)
  if (!url) {
    // Another scheme (javascript:, data:, mailto:, …) is never followed.
    if (hasScheme(raw)) return { type: 'none' }
    // An internal page path (/packageA/pages/live/live?roomid=3, or under /m2/), else a path of the main live host.
    const [path, search = ''] = raw.split('?')
    const page = pageKeyOfPath(path.replace(/^\/?m2(?=\/)/, ''))
    if (page) return { type: 'page', page, query: parseQuery(search) }
    return (raw.startsWith('/') && mainHostPage(raw)) || { type: 'none' }
  }
  const absolute = url.href
  const main = whitelistEntry(ctx.mainHost)
  if (main && url.hostname === main.host) {
    const page = appPage(url) ?? mainHostPage(absolute)
    if (page) return page
    if (isHomePath(url.pathname)) return { type: 'page', page: 'home', query: {} }
  }
  const webview = webViewUrl(absolute, ctx)
  if (webview) return { type: 'webview', url: webview } // R2.35
  return ctx.inMiniProgram ? { type: 'copy', url: absolute } : { type: 'browser', url: absolute } // R2.36, R2.37
}
