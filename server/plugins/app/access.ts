// Who may reach what, for every route: the route table (each route with its access decision) and the loopback-only
// demo controls.
import { exposed } from '../expose'
import { NOT_FOUND } from './errors'
import { fromThisMachine } from './identity'

/**
 * Who may reach a route, decided on the route that matched (its Fastify `config.access`, checked by this plugin's
 * onRequest hook after routing), never on the request's raw URL: `/%64ev/…`, `//dev//…`, `/dev/./…` all match the same
 * route and carry the same decision. `loopback`: callers on this machine only (anyone else gets the 404 envelope);
 * `public`: an explicit "anyone", required of every /dev/ and /sandbox/ route so that none is left undecided.
 */
export type Access = 'loopback' | 'public'

/** a registered route: method, URL pattern and who may call it (Api's `access`, Fastify's route `config.access`) */
export type RouteEntry = {
  method: string
  url: string
  access?: Access
  /** the route answers a call of the contract (contract/*.ts): its payload and answer are the route's schemas */
  contract?: boolean
  /** the route's Fastify schemas: request (querystring, params or body) and response */
  schemas: { request: boolean; response: boolean }
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[]
  }
  interface FastifyContextConfig {
    access?: Access
  }
}

/**
 * A Host header that names this machine: `localhost`, any 127.x address or `[::1]` (a port or not), or PUBLIC_ORIGIN's
 * host name. The raw header, not a proxy's X-Forwarded-Host: it is what the browser that opened the socket asked for. A
 * rebinding page's requests carry its own name (`evil.example`), which resolved to 127.0.0.1 for the moment.
 */
export function hostIsThisMachine(host: string | undefined): boolean {
  if (!host) return false
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(host.trim())
  if (!m) return false
  const name = m[1].toLowerCase().replace(/\.$/, '')
  if (name === 'localhost' || name === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)) return true
  const fixed = process.env.PUBLIC_ORIGIN
  if (!fixed) return false
  try {
    return new URL(`http://${host.trim()}`).hostname === new URL(fixed).hostname
  } catch {
    return false
  }
}

export default exposed('access', async (app) => {
  // every route Fastify registers with who may call it, for the payload fuzz suite (__tests__/server/fuzz.test.ts)
  // and the path-spelling suite (security-access.test.ts). A demo control or sandbox stand-in registered without a
  // decision stops the server at start-up instead of being open by default.
  const routeTable: RouteEntry[] = []
  app.addHook('onRoute', (r) => {
    const access = r.config?.access
    if (/^\/(dev|sandbox)\//.test(r.url) && !access)
      throw new Error(`${r.url}: a /dev/ or /sandbox/ route needs config.access ('loopback' or 'public')`)
    for (const m of Array.isArray(r.method) ? r.method : [r.method])
      if (m !== 'HEAD')
        routeTable.push({
          method: m,
          url: r.url,
          ...(access ? { access } : {}),
          ...(r.config?.call ? { contract: true } : {}),
          schemas: {
            request: !!(r.schema?.querystring ?? r.schema?.params ?? r.schema?.body),
            response: !!r.schema?.response
          }
        })
  })
  app.decorate('routeTable', routeTable)

  // who may call a route is decided on the route that matched (onRequest runs after routing), not on req.url: the
  // router decodes and normalises the path (`/%64ev/…` is /dev/…), a prefix test on the raw URL does not. A
  // loopback-only route also needs a Host naming this machine: DNS rebinding gives a page of another site a loopback
  // socket, but its Host is still that site's name.
  app.addHook('onRequest', async (req, reply) => {
    if (
      req.routeOptions.config?.access === 'loopback' &&
      !(fromThisMachine(req) && hostIsThisMachine(req.headers.host))
    )
      return reply.code(404).send(NOT_FOUND)
  })
})
