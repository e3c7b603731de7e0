// The H5 build's files (docs/performance.md), sent by @fastify/static: compressed for browsers that accept it and
// cached by what their names promise.
//
// - Text files (JS, CSS, HTML, SVG, JSON) of 1 KB or more go out as brotli or gzip, whichever the browser accepts
//   (brotli first): the `<file>.br` / `<file>.gz` the H5 build wrote beside the file (config/precompress.ts; the
//   plugin's `preCompressed`) when they are current, else compressed once here and kept in memory (bounded), so no
//   request waits on the compressor twice. A copy older than its file (a rebuilt file, a watch build) is never sent.
// - Files whose names carry a content hash (`js/app.1a2b3c4d.js`, `css/…`) never change under that name: a year and
//   `immutable`, so a returning viewer's browser does not even ask. index.html is `no-cache` (asked each time, answered
//   304 while unchanged, ETag), other files an hour.
import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import zlib from 'node:zlib'
import fastifyStatic from '@fastify/static'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { exposed } from '../expose'

declare module 'fastify' {
  interface FastifyReply {
    /** Answers `full`, a file inside the build folder. */
    sendH5File(full: string): FastifyReply
    /** Answers a page made for this request (not cached; compressed when the browser accepts it). */
    sendPage(html: string): FastifyReply
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable'
const SHORT = 'public, max-age=3600'
const REVALIDATE = 'no-cache'

/** `name.<8+ hex>.ext`: the build's hashed file names (config/index.ts output.filename). */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|ttf|png|jpe?g|gif|webp|svg)$/i
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.map', '.xml'])
/** smaller files are sent as they are: compression would save less than it costs */
const MIN_COMPRESS_BYTES = 1024
/** bytes of files compressed here kept in memory (oldest out first) */
const MAX_CACHE_BYTES = 64 * 1024 * 1024

type Encoding = 'br' | 'gzip'
const COPY: Record<Encoding, string> = { br: '.br', gzip: '.gz' }

/** The encoding to answer with for an Accept-Encoding header: brotli, then gzip; `q=0` refuses one. */
function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
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

function cacheControlFor(file: string): string {
  if (file.endsWith('.html')) return REVALIDATE
  return HASHED.test(path.basename(file)) ? IMMUTABLE : SHORT
}

/**
 * The app's HTML pages may be framed by this site only (clickjacking) and load no plugin or foreign <base>. Not a
 * script-src: the page carries inline scripts (Taro's template, the first screen's removal in server/views/first-screen.ts)
 * and loads the messenger's JS-SDK, analytics and media from hosts a deployment chooses, so a script or source list
 * here would break the app; a deployment that knows its hosts can add one at its proxy.
 */
const HTML_CSP = "frame-ancestors 'self'; object-src 'none'; base-uri 'self'"
const htmlHeaders = (reply: FastifyReply) =>
  reply.header('content-security-policy', HTML_CSP).header('x-frame-options', 'SAMEORIGIN')

const mtimeOf = (file: string) => {
  try {
    return fs.statSync(file).mtimeMs
  } catch {
    return null
  }
}

/** The build's copies beside `full` can be sent: the one for `encoding` exists, and none is older than the file. */
function currentCopies(full: string, stat: fs.Stats, encoding: Encoding): boolean {
  const copies = Object.values(COPY).map((ext) => mtimeOf(full + ext))
  return mtimeOf(full + COPY[encoding]) !== null && copies.every((t) => t === null || t >= stat.mtimeMs)
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length }
      })
    : zlib.gzipSync(body, { level: 9 })
}

/** Files compressed here, by path, size and mtime; bounded by total bytes (oldest out first). */
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

export default exposed<{ root: string }>('h5-files', async (app, { root }) => {
  await app.register(fastifyStatic, {
    root,
    serve: false, // the /m2/ routes decide (history-mode fallback, first screens): routes/site/h5.ts
    preCompressed: true,
    // today's headers: our cache rules, no Last-Modified or ranges (the ETag answers revalidation)
    cacheControl: false,
    lastModified: false,
    acceptRanges: false
  })

  const cache = new CompressedCache(MAX_CACHE_BYTES)
  /** the files this server compresses itself (no current copy beside them), to swap in when they are sent */
  const compressHere = new WeakMap<FastifyRequest, { full: string; stat: fs.Stats; encoding: Encoding }>()

  app.decorateReply('sendH5File', function (this: FastifyReply, full: string) {
    const stat = fs.statSync(full)
    this.header('cache-control', cacheControlFor(full))
    if (full.endsWith('.html')) htmlHeaders(this)
    if (COMPRESSIBLE.has(path.extname(full).toLowerCase()) && stat.size >= MIN_COMPRESS_BYTES) {
      this.header('vary', 'Accept-Encoding')
      const encoding = pickEncoding(this.request.headers['accept-encoding'])
      if (encoding && !currentCopies(full, stat, encoding)) {
        compressHere.set(this.request, { full, stat, encoding })
        // the plugin sends the plain file (its type, ETag and 304) and the onSend hook below compresses it: it must
        // not pick a copy, stale or of another encoding, by the browser's header
        delete this.request.headers['accept-encoding']
      }
    }
    return this.sendFile(path.relative(root, full).split(path.sep).join('/'))
  })

  app.addHook('onSend', async (req, reply, payload) => {
    const job = compressHere.get(req)
    if (!job || reply.statusCode !== 200) return payload
    ;(payload as Readable | null)?.destroy?.()
    const { full, stat, encoding } = job
    const body = cache.get(`${full}:${stat.size}:${stat.mtimeMs}:${encoding}`, () =>
      compress(fs.readFileSync(full), encoding)
    )
    reply.header('content-encoding', encoding).header('content-length', body.length)
    return body
  })

  app.decorateReply('sendPage', function (this: FastifyReply, html: string) {
    // a page made for this request carries absolute URLs of the host asked (server/views/first-screen.ts, baseOf): shared
    // caches keep one copy per host, unless PUBLIC_ORIGIN fixes them
    const vary = process.env.PUBLIC_ORIGIN
      ? 'Accept-Encoding'
      : 'Accept-Encoding, Host, X-Forwarded-Host, X-Forwarded-Proto'
    htmlHeaders(this.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).header('vary', vary))
    const encoding = pickEncoding(this.request.headers['accept-encoding'])
    if (!encoding) return this.send(html)
    // made per request: a quick brotli level, not the build's 11
    const raw = Buffer.from(html)
    const body =
      encoding === 'br'
        ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
        : zlib.gzipSync(raw, { level: 6 })
    return this.header('content-encoding', encoding).header('content-length', body.length).send(body)
  })
})
