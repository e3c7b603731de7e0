// The H5 build's files under /m2/ (docs/performance.md): compressed for browsers that accept it and cached
// by what their names promise.
//
// - Text files (JS, CSS, HTML, SVG, JSON) go out as brotli or gzip, whichever the browser accepts (brotli first):
//   the `<file>.br` / `<file>.gz` the H5 build wrote beside the file (config/precompress.ts) when present and current,
//   else compressed once on first request and kept in memory (bounded), so no request waits on the compressor twice.
// - Files whose names carry a content hash (`js/app.1a2b3c4d.js`, `css/…`) never change under that name: a year and
//   `immutable`, so a returning viewer's browser does not even ask. index.html is `no-cache` (asked each time, answered
//   304 while unchanged, ETag), other files an hour.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** Content types by extension (the H5 build's files and the uploads). */
export const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.mp4': 'video/mp4',
  '.mp3': 'audio/mpeg',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t'
}

export const IMMUTABLE = 'public, max-age=31536000, immutable'
export const SHORT = 'public, max-age=3600'
export const REVALIDATE = 'no-cache'

/** `name.<8+ hex>.ext`: the build's hashed file names (config/index.ts output.filename). */
export const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|ttf|png|jpe?g|gif|webp|svg)$/i
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.map', '.xml'])
/** smaller files are sent as they are: compression would save less than it costs */
const MIN_COMPRESS_BYTES = 1024

export type Encoding = 'br' | 'gzip'

/** The encoding to answer with for an Accept-Encoding header: brotli, then gzip; `q=0` refuses one. */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding || ''
  const accepted = new Map<string, number>()
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    if (!name) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1)
  }
  const ok = (e: string) => (accepted.get(e) ?? accepted.get('*') ?? 0) > 0
  if (ok('br')) return 'br'
  if (ok('gzip')) return 'gzip'
  return null
}

export function cacheControlFor(file: string): string {
  if (file.endsWith('.html')) return REVALIDATE
  return HASHED.test(path.basename(file)) ? IMMUTABLE : SHORT
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length }
      })
    : zlib.gzipSync(body, { level: 9 })
}

/** Files compressed on request, by path, size and mtime; bounded by total bytes (oldest out first). */
class CompressedCache {
  private entries = new Map<string, Buffer>()
  private bytes = 0
  constructor(private maxBytes: number) {}

  get(key: string, make: () => Buffer): Buffer {
    const hit = this.entries.get(key)
    if (hit) return hit
    const value = make()
    this.entries.set(key, value)
    this.bytes += value.length
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.entries.delete(k)
      this.bytes -= v.length
    }
    return value
  }
}

/**
 * The app's HTML pages may be framed by this site only (clickjacking) and load no plugin or foreign <base>. Not a
 * script-src: the page carries inline scripts (Taro's template, the first screen's removal in server/first-screen.ts)
 * and loads the messenger's JS-SDK, analytics and media from hosts a deployment chooses, so a script or source list
 * here would break the app; a deployment that knows its hosts can add one at its proxy.
 */
const HTML_CSP = "frame-ancestors 'self'; object-src 'none'; base-uri 'self'"
const htmlHeaders = (reply: FastifyReply) =>
  reply.header('content-security-policy', HTML_CSP).header('x-frame-options', 'SAMEORIGIN')

export interface StaticServer {
  /** Answers `full` (a file inside the build folder). */
  send(req: FastifyRequest, reply: FastifyReply, full: string, type: string): FastifyReply
  /** Answers a page made for this request (not cached; compressed when the browser accepts it). */
  sendHtml(req: FastifyRequest, reply: FastifyReply, html: string): FastifyReply
}

export function staticServer({ maxCacheBytes = 64 * 1024 * 1024 } = {}): StaticServer {
  const cache = new CompressedCache(maxCacheBytes)
  return {
    send(req, reply, full, type) {
      const stat = fs.statSync(full)
      const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`
      const cacheControl = cacheControlFor(full)
      reply.type(type).header('cache-control', cacheControl).header('etag', etag)
      if (type.startsWith('text/html')) htmlHeaders(reply)
      const compressible = COMPRESSIBLE.has(path.extname(full).toLowerCase()) && stat.size >= MIN_COMPRESS_BYTES
      if (compressible) reply.header('vary', 'Accept-Encoding')
      if (req.headers['if-none-match'] === etag) return reply.code(304).send()
      const encoding = compressible ? pickEncoding(req.headers['accept-encoding']) : null
      if (!encoding) return reply.header('content-length', stat.size).send(fs.createReadStream(full))
      const sibling = `${full}.${encoding === 'br' ? 'br' : 'gz'}`
      let body: Buffer
      try {
        const s = fs.statSync(sibling)
        body =
          s.mtimeMs >= stat.mtimeMs
            ? fs.readFileSync(sibling)
            : cache.get(`${full}:${stat.size}:${stat.mtimeMs}:${encoding}`, () =>
                compress(fs.readFileSync(full), encoding)
              )
      } catch {
        body = cache.get(`${full}:${stat.size}:${stat.mtimeMs}:${encoding}`, () =>
          compress(fs.readFileSync(full), encoding)
        )
      }
      return reply.header('content-encoding', encoding).header('content-length', body.length).send(body)
    },
    sendHtml(req, reply, html) {
      // a page made for this request carries absolute URLs of the host asked (server/first-screen.ts, baseOf): shared
      // caches keep one copy per host, unless PUBLIC_ORIGIN fixes them
      const vary = process.env.PUBLIC_ORIGIN
        ? 'Accept-Encoding'
        : 'Accept-Encoding, Host, X-Forwarded-Host, X-Forwarded-Proto'
      htmlHeaders(reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).header('vary', vary))
      const encoding = pickEncoding(req.headers['accept-encoding'])
      if (!encoding) return reply.send(html)
      // made per request: a quick brotli level, not the build's 11
      const raw = Buffer.from(html)
      const body =
        encoding === 'br'
          ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
          : zlib.gzipSync(raw, { level: 6 })
      return reply.header('content-encoding', encoding).header('content-length', body.length).send(body)
    }
  }
}
