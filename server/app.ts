import path from 'node:path'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify'
import type { AppContext } from './types/context'
import body from './plugins/external/body'
import cookie from './plugins/external/cookie'
import { openapi } from './plugins/external/openapi'
import websocket from './plugins/external/websocket'
import access, { type RouteEntry } from './plugins/app/access'
import calls from './plugins/app/calls'
import connections, { REQUEST_TIMEOUT_MS, trustProxyFromEnv } from './plugins/app/connections'
import context, { type ContextOptions } from './plugins/app/context'
import errors, { NOT_FOUND } from './plugins/app/errors'
import headers from './plugins/app/headers'
import identity from './plugins/app/identity'
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

export { DEFAULT_DATA_DIR } from './plugins/app/context'
export type { RouteEntry } from './plugins/app/access'
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

/**
 * The reference server: our own plugins (server/plugins/app) and the libraries' wrappers (server/plugins/external),
 * then the routes of every area (server/routes), which reach the database through server/repositories.
 */
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
  // our own first: the state, who may reach which route (its onRoute hook sees every route), the answers' headers,
  // the connection cap, the error envelopes
  await app.register(context, opts)
  await app.register(access)
  await app.register(headers)
  await app.register(connections, { trustProxy })
  await app.register(errors)
  // the libraries' wrappers
  await app.register(body)
  await app.register(cookie)
  await app.register(websocket)
  await openapi(app)

  // the calls' plumbing and their caller, then the routes
  await app.register(identity)
  await app.register(calls)
  for (const area of [content, user, live, pay, mall, activity, ws, pages, hls, media]) await app.register(area)
  if (app.ctx.sandbox) {
    await app.register(sandbox)
    await app.register(dev)
  }
  await app.register(site, { h5Dir: path.resolve(opts.h5Dir ?? path.join(ROOT, 'dist', 'h5')) })
  return app
}
