import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext, Call } from './context'
import { absolutize } from './lib/absolute'
import { BizError, CODE, nowSec } from './lib/util'
import { isLoopback, userBySign } from './security'
import { compile, validate, type ObjectSchema } from './lib/validate'
import type { UserRow } from './types'
import type { CallDef, DataOf, PayloadOf } from '../contract/call'
import { mismatches } from '../contract/check'

/** A complete envelope chosen by the handler (for success codes other than 1, e.g. unfollow = 2, popularity = 0). */
export class Envelope {
  constructor(
    public code: number,
    public msg: string,
    public data: unknown = null
  ) {}
}

/**
 * Who may reach a route, decided on the route that matched (its Fastify `config.access`, checked by app.ts's onRequest
 * hook after routing), never on the request's raw URL: `/%64ev/…`, `//dev//…`, `/dev/./…` all match the same route and
 * carry the same decision. `loopback`: callers on this machine only (anyone else gets the 404 envelope); `public`: an
 * explicit "anyone", required of every /dev/ and /sandbox/ route so that none is left undecided.
 */
export type Access = 'loopback' | 'public'

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access
  }
}

export interface RouteOpts {
  schema?: ObjectSchema
  /** login required: HTTP 401 `{code: 401, msg: '请先登录'}` without a valid token */
  auth?: boolean
  /** who may call it (see Access); unset: anyone */
  access?: Access
}

const LOOPBACK_ADDRESS = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/

/**
 * A caller on this machine: the socket is loopback, and so is every address a proxy put in X-Forwarded-For (with
 * TRUST_PROXY=true Fastify's req.ip is the left-most, caller-written entry, so a public client behind a local proxy
 * could otherwise send `X-Forwarded-For: 127.0.0.1` and pass), and req.ip too.
 */
export function fromThisMachine(req: FastifyRequest): boolean {
  if (!isLoopback(req)) return false
  const xff = req.headers['x-forwarded-for']
  const chain = (Array.isArray(xff) ? xff.join(',') : (xff ?? ''))
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
  return chain.every((a) => LOOPBACK_ADDRESS.test(a))
}

export type Handler = (p: any, call: Call) => unknown

/** A contract call's handler: its typed payload in, its data (or a whole Envelope) out. */
export type CallHandler<C extends CallDef> = (
  p: PayloadOf<C>,
  call: Call
) => DataOf<C> | Envelope | undefined | Promise<DataOf<C> | Envelope | undefined>

/**
 * Strict mode (CONTRACT_STRICT=1, set by the test runner): an answer that leaves its call's contract (a field the
 * contract lacks, a required one missing, another type) is a server error naming the fields, so a test of the call
 * fails. Off in production: an answer is never withheld for a documentation fault.
 */
const strict = () => process.env.CONTRACT_STRICT === '1'

function contractFault(def: CallDef, envelope: { code: number; msg: string; data: unknown }): string[] {
  const ok =
    def.success === 'positive' ? envelope.code > 0 : def.success === 'zero' ? envelope.code === 0 : envelope.code === 1
  if (ok) return mismatches(def.data, envelope.data)
  if (envelope.data === null) return []
  return def.refusal ? mismatches(def.refusal, envelope.data) : ['data: 失败的答复应为 null']
}

export const UNAUTHORIZED = { code: 401, msg: '请先登录', data: null }

/**
 * `<protocol>://<host>` of the request, for absolute URLs: `PUBLIC_ORIGIN` when set; otherwise the Host header, and
 * X-Forwarded-Host / -Proto only from a proxy that TRUST_PROXY trusts (Fastify's req.host / req.protocol).
 */
export function baseOf(req: FastifyRequest): string {
  const fixed = process.env.PUBLIC_ORIGIN
  if (fixed) return fixed.replace(/\/+$/, '')
  const host = req.host || 'localhost'
  return `${req.protocol === 'https' ? 'https' : 'http'}://${/^[\w.:[\]-]+$/.test(host) ? host : 'localhost'}`
}

/** HTTP 403: a browser call from another site that would act as the cookie user or log in. */
const CROSS_SITE = { code: 403, msg: '跨站请求已拒绝：请在本站页面内操作', data: null }

/**
 * A browser says the call comes from another site: an Origin whose host is neither the one asked (Host, or the trusted
 * proxy's X-Forwarded-Host) nor PUBLIC_ORIGIN's nor one of TRUSTED_ORIGINS (comma-separated origins of pages on other
 * hosts that call this API, e.g. an H5 build served elsewhere), or, without an Origin, `Sec-Fetch-Site: cross-site`.
 * The Referer is not used: the mini-program sends a servicewechat.com Referer and no Origin, and every browser that
 * another site could drive sends Origin on cross-origin POSTs (and Sec-Fetch-Site on everything).
 */
function fromOtherSite(req: FastifyRequest): boolean {
  const origin = req.headers.origin
  if (origin === undefined) return req.headers['sec-fetch-site'] === 'cross-site'
  let from: URL
  try {
    from = new URL(origin) // 'null' (sandboxed frames, file:) throws: another site
  } catch {
    return true
  }
  const hostOf = (authority: string) => {
    try {
      return new URL(`${from.protocol}//${authority}`).host // default ports dropped as in the Origin
    } catch {
      return null
    }
  }
  if (req.host && from.host === hostOf(req.host)) return false
  const trusted = [process.env.PUBLIC_ORIGIN, ...(process.env.TRUSTED_ORIGINS ?? '').split(',')]
    .map((o) => o?.trim())
    .filter(Boolean) as string[]
  return !trusted.some((o) => {
    try {
      return new URL(o).origin === from.origin
    } catch {
      return false
    }
  })
}

export function tokenOf(req: FastifyRequest, payload: Record<string, unknown>): string | null {
  const h = req.headers.authorization
  if (typeof h === 'string' && h.trim()) {
    const t = h
      .trim()
      .replace(/^Bearer\s+/i, '')
      .trim()
    if (t && t !== 'null' && t !== 'undefined') return t
  }
  if (typeof payload.access_token === 'string' && payload.access_token) return payload.access_token
  return null
}

export function userByToken(ctx: AppContext, token: string | null): UserRow | null {
  if (!token) return null
  const row = ctx.store.db
    .prepare('SELECT u.* FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.token = ? AND t.expires_at > ?')
    .get(token, nowSec()) as UserRow | undefined
  return row ?? null
}

/** Cookie (or payload) `id` + `sign`: see security.ts (expiring, versioned by logout). */
export { userBySign } from './security'

export function payloadOf(req: FastifyRequest): Record<string, unknown> | 'invalid' {
  const q = (req.query ?? {}) as Record<string, unknown>
  const b = req.body
  if (b && typeof b === 'object' && (b as Record<string, unknown>).__invalid_json) return 'invalid'
  if (b !== undefined && b !== null && (typeof b !== 'object' || Array.isArray(b))) return 'invalid'
  return { ...q, ...((b as Record<string, unknown>) ?? {}) }
}

export class Api {
  private php = new Map<string, Map<string, { opts: RouteOpts; handler: Handler; def?: CallDef }>>()

  constructor(
    readonly app: FastifyInstance,
    private ctx: AppContext
  ) {}

  /** Runs one call: payload merge, validation, auth, handler, envelope. */
  async run(
    req: FastifyRequest,
    reply: FastifyReply,
    opts: RouteOpts,
    handler: Handler,
    payloadOverride?: Record<string, unknown>,
    def?: CallDef
  ): Promise<unknown> {
    const answer = await this.answer(req, reply, opts, handler, payloadOverride)
    if (!def || !strict() || reply.sent || !answer || typeof answer !== 'object' || !('code' in answer)) return answer
    const envelope = answer as { code: number; msg: string; data: unknown }
    if (reply.statusCode !== 200 && envelope.code !== 1) return answer
    const faults = contractFault(def, envelope)
    if (!faults.length) return answer
    req.log.error({ faults }, 'answer outside the contract')
    reply.code(500)
    return {
      code: -500,
      msg: `答复不符合契约（${def.path}${def.action ? `?a=${def.action}` : ''}）：${faults.join('；')}`,
      data: null
    }
  }

  private async answer(
    req: FastifyRequest,
    reply: FastifyReply,
    opts: RouteOpts,
    handler: Handler,
    payloadOverride?: Record<string, unknown>
  ): Promise<unknown> {
    const raw = payloadOverride ?? payloadOf(req)
    if (raw === 'invalid') return { code: CODE.BAD_PARAM, msg: '参数错误：请求体必须是 JSON 对象或表单', data: null }
    const cookies = req.cookies // @fastify/cookie (server/plugins/cookie.ts)
    const token = tokenOf(req, raw)
    const tokenUser = userByToken(this.ctx, token)
    const cookieUser = tokenUser ? null : userBySign(this.ctx, cookies.id, cookies.sign)
    // cross-site request forgery: the browser adds the login cookies (SameSite=Lax still lets a sibling host or a
    // top-level GET send them) but never a bearer token. So a call from another site is refused when it would act as
    // the cookie user, and when it changes anything without a token: login included, or another site could log the
    // browser into the attacker's account (login CSRF) and read what the victim then does there.
    if (!tokenUser && (cookieUser || req.method !== 'GET') && fromOtherSite(req)) {
      reply.code(403)
      return CROSS_SITE
    }
    const user = tokenUser ?? cookieUser
    if (opts.auth && !user) {
      reply.code(401)
      return UNAUTHORIZED
    }
    let payload = raw
    if (opts.schema) {
      const v = validate(opts.schema, raw)
      if (!v.ok) return { code: CODE.BAD_PARAM, msg: v.msg, data: null }
      payload = v.value
    }
    const call: Call = { req, reply, user, token, base: baseOf(req) }
    try {
      const result = await handler(payload, call)
      if (reply.sent) return reply
      if (result instanceof Envelope)
        return { code: result.code, msg: result.msg, data: absolutize(result.data, call.base) }
      return { code: CODE.OK, msg: 'success', data: absolutize(result ?? null, call.base) }
    } catch (err) {
      if (err instanceof BizError) {
        if (err.httpStatus !== 200) reply.code(err.httpStatus)
        return { code: err.code, msg: err.message, data: absolutize(err.data, call.base) }
      }
      throw err
    }
  }

  /** Compiles a route's schema when it is registered, so a schema Ajv refuses stops the server at start-up. */
  private compiled(opts: RouteOpts): RouteOpts {
    if (opts.schema) compile(opts.schema)
    return opts
  }

  post(path: string, opts: RouteOpts, handler: Handler): void {
    this.route('POST', path, opts, handler)
  }

  get(path: string, opts: RouteOpts, handler: Handler): void {
    this.route('GET', path, opts, handler)
  }

  /** Both methods: used for the `.php?a=` actions and a few helper endpoints. */
  any(path: string, opts: RouteOpts, handler: Handler): void {
    this.route(['GET', 'POST'], path, opts, handler)
  }

  /** The same registration with `access` on every route (e.g. all of /dev/* loopback-only). */
  withAccess(access: Access): Pick<Api, 'get' | 'post' | 'any'> {
    return {
      get: (path, opts, handler) => this.get(path, { ...opts, access }, handler),
      post: (path, opts, handler) => this.post(path, { ...opts, access }, handler),
      any: (path, opts, handler) => this.any(path, { ...opts, access }, handler)
    }
  }

  private route(
    method: 'GET' | 'POST' | Array<'GET' | 'POST'>,
    url: string,
    opts: RouteOpts,
    handler: Handler,
    def?: CallDef
  ): void {
    this.compiled(opts)
    this.app.route({
      method,
      url,
      config: opts.access ? { access: opts.access } : {},
      handler: (req, reply) => this.run(req, reply, opts, handler, undefined, def)
    })
  }

  /** A call of the contract (contract/*.ts): its path, method, login rule, payload schema and answer. */
  call<C extends CallDef>(def: C, handler: CallHandler<C>): void {
    const opts: RouteOpts = {
      schema: def.payload as unknown as ObjectSchema,
      auth: def.auth,
      access: def.access
    }
    if (def.action) {
      const file = /\/live\/(api_mapp|api)\.php$/.exec(def.path)?.[1] as 'api_mapp' | 'api' | undefined
      if (!file) throw new Error(`${def.path}: an action belongs to /live/api.php or /live/api_mapp.php`)
      this.action(file, def.action, opts, handler as Handler, def)
      return
    }
    const method = def.method === 'GET,POST' ? (['GET', 'POST'] as Array<'GET' | 'POST'>) : def.method
    this.route(method, def.path, opts, handler as Handler, def)
  }

  /** An action of `/live/<file>.php?a=<action>` (GET; POST accepted too). */
  action(file: 'api_mapp' | 'api', action: string, opts: RouteOpts, handler: Handler, def?: CallDef): void {
    let m = this.php.get(file)
    if (!m) {
      this.php.set(file, (m = new Map()))
      const actions = m
      this.app.route({
        method: ['GET', 'POST'],
        url: `/live/${file}.php`,
        handler: (req, reply) => {
          const p = payloadOf(req)
          const a = p === 'invalid' ? undefined : p.a
          const entry = typeof a === 'string' ? actions.get(a) : undefined
          if (!entry)
            return {
              code: CODE.NOT_FOUND,
              msg: typeof a === 'string' && a ? `未知的接口：${a}` : '缺少参数：a',
              data: null
            }
          return this.run(req, reply, entry.opts, entry.handler, undefined, entry.def)
        }
      })
    }
    m.set(action, { opts: this.compiled(opts), handler, def })
  }

  /** Every registered action name, for the README's route table and tests. */
  actions(): Record<string, string[]> {
    const out: Record<string, string[]> = {}
    for (const [f, m] of this.php) out[f] = [...m.keys()]
    return out
  }
}
