import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import crypto from 'node:crypto'
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions
} from 'fastify'
import websocket from '@fastify/websocket'
import formbody from '@fastify/formbody'
import multipart from '@fastify/multipart'
import { Signer } from '@fastify/cookie'
import { Api, baseOf, fromThisMachine, type Access } from './api'
import { registerActivityPages } from './routes/activity-pages'
import type { AppContext, Call } from './context'
import { Store } from './db'
import { placeholderSvg } from './img'
import QRCode from 'qrcode'
import { PushHub } from './push'
import { refreshSchedules, seed, withoutPublishedSecrets } from './seed'
import { Limiter } from './lib/limit'
import { BizError, CODE, biz, nowSec } from './lib/util'
import { S } from './lib/validate'
import {
  DEFAULT_LIMITS,
  REQUEST_TIMEOUT_MS,
  UPLOAD_BYTES_PER_DAY,
  UPLOADS_PER_DAY,
  UPLOAD_TYPES,
  callerKey,
  chinaDay,
  capConnections,
  limit,
  limitsFromEnv,
  safeRedirect,
  sniff,
  sweepTrials,
  trustProxyFromEnv,
  type Limits
} from './security'
import { registerActivity } from './routes/activity'
import { registerContent } from './routes/content'
import { registerDev } from './routes/dev'
import { registerLive } from './routes/live'
import { registerMall } from './routes/mall'
import { registerSandboxScripts } from './routes/sandbox-scripts'
import { registerPay } from './routes/pay'
import { loginResult, openidForCode, registerUser, userForOpenid } from './routes/user'
import { registerWs } from './routes/ws'
import { registerHls } from './routes/hls'
import { staticServer } from './static'
import { firstScreenOf, withFirstScreen } from './first-screen'
import cookie from './plugins/cookie'
import rateLimit from './plugins/rate-limit'

export const ROOT = path.resolve(__dirname, '..')
export const DEFAULT_DATA_DIR = path.join(__dirname, 'data')

export interface ServerOptions {
  /** folder for the database file and uploads (default $DATA_DIR or server/data) */
  dataDir?: string
  /** database file; ':memory:' for an isolated in-memory database (default <dataDir>/live.db) */
  dbFile?: string
  /** the H5 build served under /m2/ (default dist/h5) */
  h5Dir?: string
  /**
   * Sandbox mode (default: SANDBOX=1 in the environment; server/start.ts turns it on for `npm start` unless
   * NODE_ENV=production): /dev/* demo controls (loopback callers only), sandbox payment confirmation, sandbox SMS
   * codes on the console, sandbox WeChat and partner logins, the sandbox OAuth redirect.
   */
  sandbox?: boolean
  /** @deprecated the old name of `sandbox` */
  dev?: boolean
  /** Fastify's trustProxy (default from TRUST_PROXY): whose X-Forwarded-* headers count. Off by default. */
  trustProxy?: boolean | number | string[]
  /** rate limits and windows (defaults in server/security.ts) */
  limits?: Partial<Limits>
  /** ms a request has to arrive whole (default $REQUEST_TIMEOUT_MS, else 30 s); headers get at most 15 s of it */
  requestTimeout?: number
  logger?: FastifyServerOptions['logger']
  /** the {product} of /userapp/{product}_login (default $PRODUCT, else $TARO_APP_PRODUCT as the client is built, else 'huizhibo') */
  product?: string
  /** low-latency HLS for live streams (default on; LL_HLS=0 serves the plain playlist) */
  lowLatency?: boolean
}

/** a registered route: method, URL pattern and who may call it (Api's `access`, Fastify's route `config.access`) */
export type RouteEntry = { method: string; url: string; access?: Access }
export type LiveServer = FastifyInstance & { ctx: AppContext; routeTable: RouteEntry[] }

const MIME: Record<string, string> = {
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
const NOT_FOUND = { code: 404, msg: '请求的资源不存在', data: null }

/**
 * The share QR code's target (R7.39): a page of this site, as an absolute URL. A relative path is a page under /m2/;
 * an absolute http(s) URL must be of this origin; anything else (another host, `//host`, `javascript:`, `data:`) is null.
 */
function ownPage(path: string, base: string): string | null {
  if (/^[a-z][a-z\d+.-]*:/i.test(path) || path.startsWith('//') || path.includes('\\')) {
    try {
      const u = new URL(path)
      return (u.protocol === 'http:' || u.protocol === 'https:') &&
        u.origin === new URL(base).origin &&
        u.pathname.startsWith('/m2/')
        ? u.href
        : null
    } catch {
      return null
    }
  }
  return `${base}/m2/${path.replace(/^\/+/, '').replace(/^m2\//, '')}`
}

/** Resolves `rel` inside `root`, refusing anything that escapes it. */
function safeJoin(root: string, rel: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(rel)
  } catch {
    return null
  }
  const full = path.resolve(root, '.' + path.posix.normalize('/' + decoded))
  return full === root || full.startsWith(root + path.sep) ? full : null
}

function isFile(p: string | null): p is string {
  try {
    return !!p && fs.statSync(p).isFile()
  } catch {
    return false
  }
}

export async function createServer(opts: ServerOptions = {}): Promise<LiveServer> {
  const dataDir = path.resolve(opts.dataDir ?? process.env.DATA_DIR ?? DEFAULT_DATA_DIR)
  const dbFile = opts.dbFile ?? path.join(dataDir, 'live.db')
  const memory = dbFile === ':memory:'
  const uploadDir =
    memory && !opts.dataDir ? fs.mkdtempSync(path.join(os.tmpdir(), 'live-uploads-')) : path.join(dataDir, 'uploads')
  const h5Dir = path.resolve(opts.h5Dir ?? path.join(ROOT, 'dist', 'h5'))
  const h5Files = staticServer()
  /** index.html; home's and a live room's with their pre-rendered first screens (server/first-screen.ts) */
  const sendIndex = (req: FastifyRequest, reply: FastifyReply, index: string) => {
    const which = firstScreenOf(req.url)
    if (!which) return h5Files.send(req, reply, index, MIME['.html'])
    return h5Files.sendHtml(req, reply, withFirstScreen(fs.readFileSync(index, 'utf8'), which, store, baseOf(req)))
  }

  const trustProxy = opts.trustProxy ?? trustProxyFromEnv(process.env.TRUST_PROXY)
  // a hop count is valid at run time (Fastify: "trust the nth hop"), though its types leave it out
  // slow clients: a request (headers and body) must arrive within requestTimeout, headers within 15 s of it; Node
  // checks every quarter of it (its own default looks every 30 s and allows 5 minutes). Answers that take long (a
  // blocking playlist reload) are not requests arriving, so they are not cut.
  const requestTimeout = opts.requestTimeout ?? (Number(process.env.REQUEST_TIMEOUT_MS) || REQUEST_TIMEOUT_MS)
  const app = Fastify({
    requestTimeout,
    http: {
      headersTimeout: Math.min(15000, requestTimeout),
      connectionsCheckingInterval: Math.max(100, Math.min(5000, Math.floor(requestTimeout / 4)))
    },
    logger: opts.logger ?? false,
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: trustProxy as boolean | string[],
    // a malformed URL or an over-long path parameter is a path that cannot exist: the 404 envelope (payload fuzz)
    frameworkErrors: (_err, _req, reply) => void (reply as FastifyReply).code(404).send(NOT_FOUND)
  })
  const store = new Store(dbFile)
  if (!store.kvGet('seeded_at')) seed(store)
  refreshSchedules(store)
  const sandbox = opts.sandbox ?? opts.dev ?? process.env.SANDBOX === '1'
  if (!sandbox) await withoutPublishedSecrets(store)
  const secret = store.secret()
  const ctx: AppContext = {
    store,
    hub: new PushHub(),
    sandbox,
    dev: sandbox,
    secret,
    signer: new Signer(secret),
    product: opts.product ?? process.env.PRODUCT ?? process.env.TARO_APP_PRODUCT ?? 'huizhibo',
    dataDir,
    uploadDir,
    log: app.log,
    timers: new Set(),
    limits: { ...DEFAULT_LIMITS, ...limitsFromEnv(), ...opts.limits },
    limiter: new Limiter(),
    trials: new Map(),
    streams: { lowLatency: opts.lowLatency ?? process.env.LL_HLS !== '0', cuts: new Map() }
  }
  app.decorate('ctx', ctx)
  await app.register(cookie)
  await app.register(rateLimit)
  if (!trustProxy) capConnections(app.server, ctx.limits.connectionsPerClient)
  const sweeper = setInterval(() => sweepTrials(ctx), 60000)
  sweeper.unref()
  ctx.timers.add(sweeper)
  // every route Fastify registers with who may call it, for the payload fuzz suite (__tests__/server/fuzz.test.ts)
  // and the path-spelling suite (security-access.test.ts). A demo control or sandbox stand-in registered without a
  // decision stops the server at start-up instead of being open by default.
  const routeTable: RouteEntry[] = []
  app.addHook('onRoute', (r) => {
    const access = r.config?.access
    if (/^\/(dev|sandbox)\//.test(r.url) && !access)
      throw new Error(`${r.url}: a /dev/ or /sandbox/ route needs config.access ('loopback' or 'public')`)
    for (const m of Array.isArray(r.method) ? r.method : [r.method])
      if (m !== 'HEAD') routeTable.push({ method: m, url: r.url, ...(access ? { access } : {}) })
  })
  app.decorate('routeTable', routeTable)

  // no response is sniffed into another type; the demo controls answer this machine only
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff')
    return payload
  })
  // who may call a route is decided on the route that matched (onRequest runs after routing), not on req.url: the
  // router decodes and normalises the path (`/%64ev/…` is /dev/…), a prefix test on the raw URL does not
  app.addHook('onRequest', async (req, reply) => {
    if (req.routeOptions.config?.access === 'loopback' && !fromThisMachine(req)) return reply.code(404).send(NOT_FOUND)
  })

  // tolerant body parsing: empty JSON → {}, broken JSON → a business error (never a 500); forms with @fastify/formbody.
  // text/plain stays Fastify's plain string (a payload that is not an object: 参数错误), not JSON: it is the type a
  // cross-site form or sendBeacon sends without a preflight
  app.removeContentTypeParser(['application/json'])
  const parseJson = (body: string) => {
    if (!body.trim()) return {}
    try {
      return JSON.parse(body)
    } catch {
      return { __invalid_json: true }
    }
  }
  app.addContentTypeParser(['application/json'], { parseAs: 'string' }, (_req, body, done) =>
    done(null, parseJson(body as string))
  )
  // forms: a repeated field counts once, its last value (as URLSearchParams reads it; the plugin's default parser
  // would make it an array, which no call takes)
  await app.register(formbody, { parser: (body) => Object.fromEntries(new URLSearchParams(body)) })

  await app.register(websocket, { options: { maxPayload: 64 * 1024 } })
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 20 } })

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, req, reply) => {
    // a refusal thrown outside the API pipeline (a route's `config.rateLimit`): its own envelope
    if (err instanceof BizError)
      return reply.code(err.httpStatus).send({ code: err.code, msg: err.message, data: err.data })
    const status = err.statusCode ?? 500
    if (status < 500) {
      const msg =
        status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE'
          ? '文件或请求体过大'
          : status === 415
            ? '不支持的请求格式（请使用 JSON 或表单）'
            : `请求格式错误：${err.message}`
      return reply.code(200).send({ code: CODE.BAD_PARAM, msg, data: null })
    }
    req.log.error(err)
    return reply.code(500).send({ code: -500, msg: '服务器内部错误', data: null })
  })

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0]
    if (req.method === 'GET' && (url === '/m2' || url.startsWith('/m2/'))) {
      const index = path.join(h5Dir, 'index.html')
      if (isFile(index)) return sendIndex(req, reply, index)
      return reply
        .code(404)
        .type(MIME['.html'])
        .send(
          '<!doctype html><meta charset="utf-8"><p>H5 尚未构建：请运行 <code>npm run build:h5</code> 或 <code>npm start</code>。</p>'
        )
    }
    return reply.code(404).send({ code: 404, msg: '请求的资源不存在', data: null })
  })

  const api = new Api(app, ctx)
  registerContent(api, ctx)
  registerUser(api, ctx)
  registerLive(api, ctx)
  registerPay(api, ctx)
  registerMall(api, ctx)
  if (ctx.dev) registerSandboxScripts(api, ctx)
  registerActivity(api, ctx)
  registerWs(app, ctx)
  registerActivityPages(app)
  if (ctx.sandbox) registerDev(api, ctx)

  registerHls(app, ctx)

  // generated placeholders: /img/<kind>/<id>.svg (resize parameters such as ?x-oss-process= are ignored)
  app.get('/img/:kind/:file', async (req, reply) => {
    const { kind, file } = req.params as { kind: string; file: string }
    const id = file.replace(/!.*$/, '').replace(/\.(svg|png|jpe?g)$/i, '')
    if (!/^[a-z]{1,16}$/.test(kind) || !/^[\w-]{1,40}$/.test(id))
      return reply.code(404).send({ code: 404, msg: '请求的资源不存在', data: null })
    const doc = /^\d+$/.test(id)
      ? store.doc<{ title?: string; name?: string }>(kind === 'avatar' ? 'streamer' : kind, Number(id))
      : undefined
    let label = doc?.title ?? doc?.name
    if (kind === 'avatar' && !label && /^\d+$/.test(id)) {
      const u = store.db.prepare('SELECT name FROM users WHERE id = ?').get(Number(id)) as { name: string } | undefined
      label = u?.name
    }
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(placeholderSvg(kind, id, label))
  })

  // R7.39, R3.53: GET /userapp/qrcode {roomid | path, width = 300} → a PNG QR code of the share link (the
  // maintained `qrcode` library; PNG because the mini-program's image and canvas take it everywhere, SVG not)
  // (add format=json for an envelope with the image URL and a data URL). Only this site's pages are drawn (never a
  // phishing target on another host), at most 1000 px wide; each code is drawn once (an LRU of 200) and a caller
  // gets at most 30 codes a minute (code -8), so the drawing cannot take the event loop from everyone else.
  const qrCache = new Map<string, Buffer>()
  app.get('/api/v1/userapp/qrcode', (req, reply) =>
    api.run(
      req,
      reply,
      {
        schema: S.obj({
          roomid: S.int('直播间ID', { minimum: 1 }),
          roomId: S.int(),
          path: S.str('页面路径', { maxLength: 300 }),
          width: S.int('宽度', { minimum: 50, maximum: 1000, default: 300 }),
          format: S.str()
        })
      },
      async (p, call) => {
        const roomid = p.roomid ?? p.roomId
        if (!roomid && !p.path) throw biz(CODE.BAD_PARAM, '缺少参数：直播间ID(roomid) 或 页面路径(path)')
        const target = p.path
          ? ownPage(String(p.path), call.base)
          : `${call.base}/m2/packageA/pages/live/live?roomid=${roomid}`
        if (!target) throw biz(CODE.BAD_PARAM, '参数错误：二维码只能指向本站页面')
        const key = `${p.width} ${target}`
        let png = qrCache.get(key)
        const hit = png !== undefined
        if (png)
          qrCache.delete(key) // most recent last
        else {
          limit(ctx, `qrcode:${callerKey(call.user, req)}`, 30, 60_000)
          png = await QRCode.toBuffer(target, { width: p.width, margin: 2, errorCorrectionLevel: 'M' })
          if (qrCache.size >= 200) qrCache.delete(qrCache.keys().next().value as string)
        }
        qrCache.set(key, png)
        if (p.format === 'json') {
          const q = new URLSearchParams({
            width: String(p.width),
            ...(roomid ? { roomid: String(roomid) } : { path: String(p.path) })
          })
          return {
            url: `${call.base}/api/v1/userapp/qrcode?${q}`,
            data_url: `data:image/png;base64,${png.toString('base64')}`,
            target,
            width: p.width
          }
        }
        // the link inside depends on the host asked: shared caches keep one copy per host
        call.reply
          .type('image/png')
          .header('cache-control', 'public, max-age=3600')
          .header('vary', 'Host, X-Forwarded-Host, X-Forwarded-Proto')
          .header('x-cache', hit ? 'hit' : 'miss')
          .send(png)
        return undefined
      }
    )
  )

  // R7.107: multipart field `file` (+ version, platform) → {url}. The client resolves `/upload` on the API host's
  // default base path (R7.2), so the same handler answers at /api/v1/upload too.
  const uploadHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    const run = (handler: Parameters<typeof api.run>[3]) => api.run(req, reply, { auth: true }, handler, {})
    return run(async (_p: unknown, call: Call) => {
      if (!req.isMultipart()) throw biz(CODE.BAD_PARAM, '请使用 multipart/form-data 上传，文件字段名为 file')
      const file = await req.file()
      if (!file || file.fieldname !== 'file') throw biz(CODE.BAD_PARAM, '请选择要上传的文件（字段名 file）')
      const ext = path.extname(file.filename || '').toLowerCase()
      const type = UPLOAD_TYPES[ext]
      if (!type) throw biz(CODE.BAD_PARAM, '不支持的文件类型，仅支持图片、mp4、mp3')
      // a quota per user and day (China time): 20 files, 50 MB
      const since = Math.floor(Date.parse(`${chinaDay()}T00:00:00+08:00`) / 1000)
      const used = store.db
        .prepare(
          'SELECT COUNT(*) AS n, COALESCE(SUM(size), 0) AS bytes FROM uploads WHERE user_id = ? AND created_at >= ?'
        )
        .get(call.user!.id, since) as { n: number; bytes: number }
      if (used.n >= UPLOADS_PER_DAY) throw biz(CODE.TOO_FAST, '今日上传次数已达上限，请明天再试')
      const buf = await file.toBuffer()
      if (file.file.truncated) throw biz(CODE.BAD_PARAM, '文件过大（不超过 20MB）')
      if (used.bytes + buf.length > UPLOAD_BYTES_PER_DAY) throw biz(CODE.TOO_FAST, '今日上传容量已达上限，请明天再试')
      // the content must be what the name says, not HTML or script named .png
      if ((await sniff(buf)) !== type) throw biz(CODE.BAD_PARAM, '文件内容与类型不符，仅支持图片、mp4、mp3')
      fs.mkdirSync(uploadDir, { recursive: true })
      const name = `${Date.now().toString(36)}${crypto.randomBytes(6).toString('hex')}${ext}`
      fs.writeFileSync(path.join(uploadDir, name), buf)
      store.db
        .prepare('INSERT INTO uploads (name, user_id, size, created_at) VALUES (?, ?, ?, ?)')
        .run(name, call.user!.id, buf.length, nowSec())
      return { url: `/files/${name}`, name: file.filename, size: buf.length }
    })
  }
  app.post('/upload', uploadHandler)
  app.post('/api/v1/upload', uploadHandler)
  app.get('/files/:name', async (req, reply) => {
    const full = safeJoin(uploadDir, (req.params as { name: string }).name)
    if (!isFile(full)) return reply.code(404).send(NOT_FOUND)
    return reply
      .type(MIME[path.extname(full).toLowerCase()] ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox")
      .send(fs.createReadStream(full))
  })

  // R7.58, R1.10: sandbox messenger OAuth — logs in (the dev user without a mobile, or ?code=) and redirects
  // to target_url with tokentype=wechat&token=<access token> (a startup token login, R2.26). Sandbox only (a
  // deployment redirects to WeChat's OAuth instead), and only to this site: the URL carries a fresh token.
  // Public: it is the sandbox's WeChat login, which POST userapp/login with a code answers anyone in the sandbox too.
  if (ctx.sandbox)
    app.get('/wechat/oauth_user', { config: { access: 'public' } }, async (req, reply) => {
      const q = req.query as { target_url?: string; code?: string }
      const base = baseOf(req)
      const target = safeRedirect(q.target_url, base, '/m2/')
      const openid = openidForCode(typeof q.code === 'string' && q.code ? q.code : 'dev')
      if (!openid) return reply.redirect(target)
      const user = userForOpenid(ctx, openid)
      const call = { req, reply, user, token: null, base }
      const login = loginResult(ctx, call, user)
      const sep = target.includes('?') ? '&' : '?'
      const hashAt = target.indexOf('#')
      const withToken =
        hashAt >= 0
          ? `${target.slice(0, hashAt)}${sep}tokentype=wechat&token=${login.access_token}${target.slice(hashAt)}`
          : `${target}${sep}tokentype=wechat&token=${login.access_token}`
      return reply.redirect(withToken)
    })

  // the mobile API host (R7.5): nothing is served there yet
  app.all('/mobile/api/*', async () => ({ code: CODE.NOT_FOUND, msg: '接口不存在', data: null }))

  // the H5 build under /m2/ (history mode: unknown paths fall back to index.html in the not-found handler)
  app.get('/m2/*', async (req, reply) => {
    const rel = (req.params as { '*': string })['*'] ?? ''
    const full = safeJoin(h5Dir, rel || 'index.html')
    if (!isFile(full)) return reply.callNotFound()
    if (path.basename(full) === 'index.html') return sendIndex(req, reply, full)
    // compressed, and cached by what the file names promise (server/static.ts)
    return h5Files.send(req, reply, full, MIME[path.extname(full).toLowerCase()] ?? 'application/octet-stream')
  })
  app.get('/m2', async (_req, reply) => reply.redirect('/m2/'))
  app.get('/', async (_req, reply) => reply.redirect('/m2/'))

  app.addHook('onClose', async () => {
    for (const t of ctx.timers) clearInterval(t)
    ctx.timers.clear()
    ctx.hub.closeAll()
    store.close()
    // an in-memory server's uploads live in a temp folder of its own: leave nothing behind
    if (memory && !opts.dataDir) fs.rmSync(uploadDir, { recursive: true, force: true })
  })

  return app as unknown as LiveServer
}
