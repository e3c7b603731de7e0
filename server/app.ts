import path from 'node:path'
import websocket from '@fastify/websocket'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify'
import calls from './plugins/calls'
import type { AppContext } from './context'
import body from './plugins/body'
import context, { type ContextOptions } from './plugins/context'
import cookie from './plugins/cookie'
import errors, { NOT_FOUND } from './plugins/errors'
import { openapi } from './plugins/openapi'
import security, { REQUEST_TIMEOUT_MS, trustProxyFromEnv, type RouteEntry } from './plugins/security'
import activity from './routes/activity'
import content from './routes/content'
import dev from './routes/dev'
import hls from './routes/hls'
import live from './routes/live'
import mall from './routes/mall'
import media from './routes/media'
import pages from './routes/pages'
import pay from './routes/pay'
import sandbox from './routes/sandbox'
import user from './routes/user'
import ws from './routes/ws'
import site from './routes/site'

export { DEFAULT_DATA_DIR } from './plugins/context'
export type { RouteEntry } from './plugins/security'
export const ROOT = path.resolve(__dirname, '..')

export interface ServerOptions extends ContextOptions {
  /** the H5 build served under /m2/ (default dist/h5) */
  h5Dir?: string
  /** Fastify's trustProxy (default from TRUST_PROXY): whose X-Forwarded-* headers count. Off by default. */
  trustProxy?: boolean | number | string[]
  /** ms a request has to arrive whole (default $REQUEST_TIMEOUT_MS, else 30 s); headers get at most 15 s of it */
  requestTimeout?: number
  logger?: FastifyServerOptions['logger']
}

export type LiveServer = FastifyInstance & { ctx: AppContext; routeTable: RouteEntry[] }

/** The reference server: infrastructure plugins (server/plugins), then the routes of every area. */
export async function createServer(opts: ServerOptions = {}): Promise<LiveServer> {
  const trustProxy = opts.trustProxy ?? trustProxyFromEnv(process.env.TRUST_PROXY)
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
    // a hop count is valid at run time (Fastify: "trust the nth hop"), though its types leave it out
    trustProxy: trustProxy as boolean | string[],
    // a malformed URL or an over-long path parameter is a path that cannot exist: the 404 envelope (payload fuzz)
    frameworkErrors: (_err, _req, reply) => void (reply as FastifyReply).code(404).send(NOT_FOUND)
  })
  await app.register(context, opts)
  await app.register(security, { trustProxy })
  await app.register(errors)
  await app.register(body)
  await app.register(cookie)
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } })
  await openapi(app)

  await app.register(calls)
  for (const area of [content, user, live, pay, mall, activity, ws, pages, hls, media]) await app.register(area)
  if (app.ctx.sandbox) {
    await app.register(sandbox)
    await app.register(dev)
  }
  await app.register(site, { h5Dir: path.resolve(opts.h5Dir ?? path.join(ROOT, 'dist', 'h5')) })
  return app
}
