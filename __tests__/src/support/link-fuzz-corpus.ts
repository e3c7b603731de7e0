/**
 * A seeded, deterministic generator of hostile and ordinary links for the link-router fuzz suites: schemes
 * (http/https in any case, javascript:, data:, vbscript:, file:, protocol-relative with slashes or backslashes),
 * userinfo (`good:443@evil`), ports, case, fullwidth letters, IDN homoglyphs and punycode, backslashes, percent-encoded
 * dots/slashes/at-signs, ideographic full stops, whitespace and control characters, trailing dots, IP forms.
 *
 * The oracle does not use the app's parser: it reads the URL the web view would load with Node's own URL class
 * (node:url, a WHATWG implementation independent of jsdom's whatwg-url and of core-js) and checks the host against
 * the whitelist written out by hand.
 */
import { URL as NodeURL } from 'node:url'

/** Whitelist the suites configure (TARO_APP_WHITELIST and TARO_APP_SHORT_LINK_HOST). */
export const FUZZ_WHITELIST = 'news.good.test,.sub.good.test'
export const FUZZ_SHORT_LINK_HOST = 't.good.test'

/** mulberry32: a small seeded PRNG, so every run generates the same URLs. */
export function rng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]
  return { next, pick }
}

const fullwidth = (s: string) => s.replace(/[a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x61 + 0xff41))
const percentAll = (s: string) => s.replace(/[a-z.]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)

/** Hosts on the list (given the main live host) and hosts off it that try to look like they are. */
export function hostPools(mainHost: string) {
  const good = [
    mainHost,
    'news.good.test',
    'a.sub.good.test',
    'sub.good.test',
    'deep.x.sub.good.test',
    't.good.test',
    'mp.weixin.qq.com'
  ]
  const evil = [
    'evil.test',
    'news.good.test.evil.test',
    'evilnews.good.test',
    'sub.good.test.evil.test',
    'xsub.good.test',
    'good.test',
    'mp.weixin.qq.com.evil.test',
    'weixin.qq.com',
    'xn--nws-jxa.good.test',
    'n\u0435ws.good.test', // Cyrillic е
    '127.0.0.2',
    '[::1]',
    '0x7f.0.0.2',
    '2130706434'
  ]
  return { good, evil }
}

/** One generated link: a mix of the tricks above around a good and an evil host. */
export function generateLink(r: ReturnType<typeof rng>, mainHost: string): string {
  const { good, evil } = hostPools(mainHost)
  const g = r.pick(good)
  const e = r.pick(evil)
  const scheme = r.pick([
    'https://',
    'https://',
    'https://',
    'http://',
    'http://',
    'HTTPS://',
    'HtTp://',
    'https:/',
    'https:',
    'https:\\\\',
    'https:/\\',
    '//',
    '\\\\',
    '/\\',
    '\\/',
    'javascript://',
    'javascript:',
    'JaVaScRiPt:',
    'java\tscript:',
    ' javascript:',
    'data:text/html,',
    'vbscript:',
    'file://',
    'ftp://',
    'ws://',
    'blob:https://',
    'https\u0000://',
    'ht\ntps://',
    ''
  ])
  const host = r.pick<() => string>([
    () => g,
    () => e,
    () => g.toUpperCase(),
    () => `${g}.`,
    () => `${e}\\.${g}`,
    () => `${e}\\${g}`,
    () => `${e}%2e${g}`,
    () => `${e}%2E${g}`,
    () => `${e}\u3002${g}`,
    () => `${e}\uff0e${g}`,
    () => `${e}%2f${g}`,
    () => `${e}%00${g}`,
    () => `${e}%20${g}`,
    () => `${g}.${e}`,
    () => `${g}%2e${e}`,
    () => fullwidth(g),
    () => fullwidth(e),
    () => percentAll(g),
    () => percentAll(e),
    () => `${g}\t`,
    () => `${g.slice(0, 3)}\n${g.slice(3)}`,
    () => `${e} ${g}`,
    () => `${e}#${g}`,
    () => `${e}?${g}`,
    () => `${e};${g}`,
    () => `${e},${g}`,
    () => `${e}\u2488${g}` // ⒈ maps to "1." in IDNA
  ])()
  const userinfo = r.pick([
    '',
    '',
    '',
    'user@',
    'user:pass@',
    `${g}@`,
    `${g}:443@`,
    `${g}%40`,
    `${g}:@`,
    '@',
    `${g}\\@`,
    `${e}@`,
    `${g}%3a443@`
  ])
  const port = r.pick(['', '', '', ':443', ':8080', ':', ':99999', ':0x50', `:443@${e}`, `@${e}`])
  const rest = r.pick([
    '',
    '/',
    '/a/b?x=1#y',
    '/@evil.test',
    '\\@evil.test',
    '?@evil.test',
    '#@evil.test',
    `/${e}`,
    '/%2e%2e/',
    '/rm/88',
    '?page=live&roomid=3',
    '/activity/preview-1473',
    '/events'
  ])
  const pad = r.pick(['', '', ' ', '\t', '\n', '\u00a0', '\u3000', '\u0000', '\u001f', '\u200b'])
  return `${pad}${scheme}${userinfo}${host}${port}${rest}${r.pick(['', '', pad])}`
}

/** Node's own reading of the URL a web view would load, or null when it is no URL. */
export function nodeParse(url: string, base?: string): URL | null {
  try {
    return new NodeURL(url, base)
  } catch {
    return null
  }
}

/** The oracle: may a web view open this URL? Only http(s), no user info, a host on the hand-written list. */
export function allowedInWebView(url: string, mainHost: string): boolean {
  const u = nodeParse(url)
  if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:') || u.username || u.password) return false
  const h = u.hostname
  return (
    [mainHost, 'mp.weixin.qq.com', 'news.good.test', 't.good.test', 'sub.good.test'].includes(h) ||
    h.endsWith('.sub.good.test')
  )
}
