import { featuredKey, pageKeyOfPath, type PageKey } from './pages'

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

function hostOf(url: string): string | null {
  const m = url.match(/^(?:https?:)?\/\/([^/?#:]+)/i)
  return m ? m[1].toLowerCase() : null
}

/** A host is on the whitelist when it equals an entry, or is under an entry written with a leading dot. */
export function isWhitelisted(host: string, whitelist: readonly string[]): boolean {
  const h = host.toLowerCase()
  return whitelist.some((entry) => {
    const e = entry.trim().toLowerCase()
    if (!e) return false
    return e.startsWith('.') ? h.endsWith(e) || h === e.slice(1) : h === e
  })
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
export function resolveLink(url: string | null | undefined, ctx: LinkContext): LinkResult {
  const raw = (url ?? '').trim()
  if (!raw || raw === '#') return { type: 'none' } // R2.38
  const mp = miniProgramLink(raw)
  if (mp) return mp
  if (raw.startsWith('#')) return { type: 'none' }

  const host = hostOf(raw)
  if (!host) {
    // An internal page path (/packageA/pages/live/live?roomid=3, or under /m2/), else a path of the main live host.
    const [path, search = ''] = raw.split('?')
    const page = pageKeyOfPath(path.replace(/^\/?m2(?=\/)/, ''))
    if (page) return { type: 'page', page, query: parseQuery(search) }
    return (raw.startsWith('/') && mainHostPage(raw)) || { type: 'none' }
  }
  const absolute = raw.startsWith('//') ? `https:${raw}` : raw
  if (ctx.mainHost && host === ctx.mainHost.toLowerCase()) {
    const page = mainHostPage(absolute)
    if (page) return page
  }
  if (isWhitelisted(host, [ctx.mainHost, ...ctx.whitelist])) return { type: 'webview', url: absolute } // R2.35
  return ctx.inMiniProgram ? { type: 'copy', url: absolute } : { type: 'browser', url: absolute } // R2.36, R2.37
}
