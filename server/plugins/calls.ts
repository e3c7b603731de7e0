import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  RouteShorthandOptions
} from 'fastify'
import fastJson from 'fast-json-stringify'
import { Type, type TSchema } from 'typebox'
import type { AppContext, Call } from '../context'
import { absolutize } from '../lib/absolute'
import { BizError, CODE, nowSec } from '../lib/util'
import { isLoopback, userBySign } from '../security'
import { compile, formValues, messageOf, type ObjectSchema } from '../lib/validate'
import type { UserRow } from '../types'
import type { CallDef, DataOf, PayloadOf } from '../../contract/call'
import { mismatches } from '../../contract/check'
import { isSuccessCode } from '../../contract/codes'
import { CALLS } from '../../contract'
import * as userCalls from '../../contract/user'
import { exposed } from './expose'

type FastifyValidationResult = ReturnType<FastifySchemaCompiler<unknown>>

interface AnswerSchema {
  schema: TSchema
  serialize: (data: object) => string
}

/**
 * A call's answer: the envelope's schema (the OpenAPI document shows it) and its serializer (fast-json-stringify, as
 * Fastify's own compiler builds it), made once per call and process and shared by every server the process starts.
 * Building the serializers was half of a server's start (about 85 ms of about 190); the test suites start hundreds.
 */
const answers = new WeakMap<CallDef, AnswerSchema>()
function answerOf(def: CallDef): AnswerSchema {
  let answer = answers.get(def)
  if (!answer) {
    const schema = Type.Object(
      {
        code: Type.Integer(),
        msg: Type.String(),
        data: Type.Union([def.data, ...(def.refusal ? [def.refusal] : []), Type.Null()])
      },
      { description: '成功时 data 见契约；失败时 code 为错误码，data 多为 null' }
    )
    answer = { schema, serialize: fastJson(schema, { schema: {} }) }
    answers.set(def, answer)
  }
  return answer
}

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
  interface FastifyInstance {
    /** the calls' registrar (one per server: its hooks, validator and the .php action constraint are installed once) */
    api: Api
  }
  interface FastifyContextConfig {
    access?: Access
    /** login required (the call's `auth`) */
    auth?: boolean
    /** the contract call the route answers (contract/*.ts), for the OpenAPI document and the strict check */
    call?: CallDef
  }
  interface FastifyRequest {
    /** the signed-in caller (a valid access token, else the id + sign cookies), resolved before validation */
    user: UserRow | null
    /** the access token the call carried, if any */
    token: string | null
    /** payload fields that arrived blank ('' in a form): a field's own message is used for them */
    blank: Set<string> | null
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
  if (isSuccessCode(envelope.code, def.success)) return mismatches(def.data, envelope.data)
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

/** HTTP 403: a browser call from another site that would act as the cookie user, log in or out, or set cookies. */
const CROSS_SITE = { code: 403, msg: '跨站请求已拒绝：请在本站页面内操作', data: null }

/**
 * The calls that set or clear the login cookies (id, sign, device, openid): the logins of every kind, the logout and the
 * main host's login check (which answers a signed-in caller with a fresh login). Decided on the contract call the
 * router matched, never on the raw URL. Another site may never run them in a browser, whatever their method or
 * payload: it would log the browser into the attacker's account (login CSRF) or out of the victim's.
 */
const SETS_LOGIN_COOKIES: ReadonlySet<CallDef> = new Set<CallDef>([
  userCalls.login,
  userCalls.productLogin,
  userCalls.logout,
  userCalls.apiLogin
])

/**
 * A browser says the call comes from another site: an Origin whose host is neither the one asked (Host, or the trusted
 * proxy's X-Forwarded-Host) nor PUBLIC_ORIGIN's nor one of TRUSTED_ORIGINS (comma-separated origins of pages on other
 * hosts that call this API, e.g. an H5 build served elsewhere), or, without an Origin, `Sec-Fetch-Site: cross-site`;
 * and with `sibling` (for what changes the login), `Sec-Fetch-Site: same-site` without an Origin too: a page on a
 * sibling host (another origin of the same registrable domain) is not this site, yet SameSite=Lax lets its links,
 * images and forms carry this site's cookies.
 * The Referer is not used: the mini-program sends a servicewechat.com Referer and no Origin (nor Sec-Fetch-Site), and
 * every browser that another site could drive sends Origin on cross-origin POSTs (and Sec-Fetch-Site on everything).
 */
export function fromOtherSite(req: FastifyRequest, sibling = false): boolean {
  const origin = req.headers.origin
  if (origin === undefined) {
    const site = req.headers['sec-fetch-site']
    return site === 'cross-site' || (sibling && site === 'same-site')
  }
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

/** The bearer token of the Authorization header: the one credential another site cannot make a browser send. */
export function bearerOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization
  if (typeof h !== 'string' || !h.trim()) return null
  const t = h
    .trim()
    .replace(/^Bearer\s+/i, '')
    .trim()
  return t && t !== 'null' && t !== 'undefined' ? t : null
}

/** The call's access token: the Authorization header's, else the payload's `access_token`. */
export function tokenOf(req: FastifyRequest, payload: Record<string, unknown>): string | null {
  const bearer = bearerOf(req)
  if (bearer) return bearer
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
export { userBySign } from '../security'

/** The merged payload of a call: query and body together (body wins), or 'invalid' when the body is not an object. */
export function payloadOf(req: FastifyRequest): Record<string, unknown> | 'invalid' {
  const q = (req.query ?? {}) as Record<string, unknown>
  const b = req.body
  if (b && typeof b === 'object' && (b as Record<string, unknown>).__invalid_json) return 'invalid'
  if (b !== undefined && b !== null && (typeof b !== 'object' || Array.isArray(b))) return 'invalid'
  return { ...q, ...((b as Record<string, unknown>) ?? {}) }
}

type Answer = { code: number; msg: string; data: unknown }

/** The `a` of `/live/<file>.php?a=<action>`: a router constraint, so that each action is a route of its own. */
type Strategy = Parameters<FastifyInstance['addConstraintStrategy']>[0]
type Stored = Parameters<ReturnType<Strategy['storage']>['set']>[1]

const ACTION_CONSTRAINT: Strategy = {
  name: 'action',
  storage() {
    const handlers = new Map<string, Stored>()
    return {
      get: (value: string) => handlers.get(value) ?? null,
      set: (value: string, store: Stored) => void handlers.set(value, store)
    }
  },
  deriveConstraint(req) {
    const url = req.url ?? ''
    const q = url.indexOf('?')
    if (q < 0) return undefined
    try {
      return new URLSearchParams(url.slice(q + 1)).get('a') ?? undefined
    } catch {
      return undefined // no action: the file's own answer (缺少参数：a)
    }
  },
  mustMatchWhenDerived: false,
  validate(value: unknown) {
    if (typeof value !== 'string') throw new Error('an action is a string')
  }
}

/**
 * Registers the API's calls on Fastify: each call is a route whose Fastify `schema` is its contract's payload (body:
 * the query and body merged, validated by Fastify with Chinese messages) and its answer (the envelope, serialised
 * through the contract), with hooks for what every call shares:
 * - preValidation: the payload merged (a body that is not an object is 参数错误), the caller resolved (`request.user`:
 *   access token, else the id + sign cookies), a call from another site refused (403) unless an Authorization header
 *   carries a valid token when it acts as the cookie user, changes anything or sets the login cookies, and a
 *   login-only call without a user refused (401 请先登录);
 * - validation: Fastify's, with the contract's rules (label / errmsg keywords), turned into `{code: -1, msg}` by the
 *   route's error handler, which also answers a BizError with its envelope;
 * - the handler: the call's own, given the payload and the caller; its data is wrapped in `{code: 1, msg: 'success'}`
 *   with root-relative media paths made absolute.
 */
export class Api {
  private actionsByFile = new Map<string, Set<string>>()

  constructor(
    readonly app: FastifyInstance,
    private ctx: AppContext
  ) {
    app.decorateRequest('user', null)
    app.decorateRequest('token', null)
    app.decorateRequest('blank', null)
    app.addConstraintStrategy(ACTION_CONSTRAINT)
    app.setValidatorCompiler(({ schema }) => compile(schema as ObjectSchema) as FastifyValidationResult)
  }

  /** preValidation: payload, caller, cross-site and login checks (see the class comment). */
  private prepare = async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const raw = payloadOf(req)
    if (raw === 'invalid') {
      await reply.send({ code: CODE.BAD_PARAM, msg: '参数错误：请求体必须是 JSON 对象或表单', data: null })
      return
    }
    const token = tokenOf(req, raw)
    const tokenUser = userByToken(this.ctx, token)
    const cookies = req.cookies // @fastify/cookie (server/plugins/cookie.ts)
    const cookieUser = userBySign(this.ctx, cookies.id, cookies.sign)
    // cross-site request forgery: the browser adds the login cookies (SameSite=Lax still lets a sibling host or a
    // top-level GET send them) but never an Authorization header, which another site cannot make it send. So only a
    // valid bearer token in that header exempts a call; a token in the payload (`access_token`, or a login's `token`)
    // is the attacker's to write into a link or form and exempts nothing. Without a header token, a call from another
    // site is refused when it would act as the cookie user, when it changes anything (any method but GET), and always
    // when it sets or clears the login cookies (login CSRF: another site logging the browser into the attacker's
    // account and reading what the victim then does there, or out of the victim's), GET or not, a sibling host too.
    const byHeader = !!tokenUser && token === bearerOf(req)
    const def = req.routeOptions.config.call
    const setsLogin = !!def && SETS_LOGIN_COOKIES.has(def)
    if (!byHeader && (cookieUser || req.method !== 'GET' || setsLogin) && fromOtherSite(req, setsLogin)) {
      await reply.code(403).send(CROSS_SITE)
      return
    }
    req.user = tokenUser ?? cookieUser
    req.token = token
    if (req.routeOptions.config.auth && !req.user) {
      await reply.code(401).send(UNAUTHORIZED)
      return
    }
    const schema = req.routeOptions.schema?.querystring as ObjectSchema | undefined
    req.blank = schema ? formValues(schema, raw) : null
    req.query = raw
  }

  /**
   * preHandler: Ajv does not check a number again after coercing a string to it ('Infinity' would pass as a number).
   */
  private finite = async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const schema = req.routeOptions.schema?.querystring as ObjectSchema | undefined
    const body = req.query as Record<string, unknown>
    const key =
      schema && Object.keys(schema.properties).find((k) => typeof body[k] === 'number' && !Number.isFinite(body[k]))
    if (!schema || !key) return
    const msg = messageOf(
      schema,
      { keyword: 'type', instancePath: `/${key}`, schemaPath: '', params: { type: schema.properties[key]?.type } },
      req.blank ?? new Set()
    )
    await reply.send({ code: CODE.BAD_PARAM, msg, data: null })
  }

  /** A refusal as an envelope: the payload's validation (code -1 with the field named) or a BizError. */
  private refusal = (err: FastifyError, req: FastifyRequest, reply: FastifyReply): Answer => {
    if (err.validation) {
      const schema = req.routeOptions.schema?.querystring as ObjectSchema
      reply.code(200)
      return {
        code: CODE.BAD_PARAM,
        msg: messageOf(schema, err.validation[0] as never, req.blank ?? new Set()),
        data: null
      }
    }
    if (err instanceof BizError) {
      reply.code(err.httpStatus)
      return this.checked(req, reply, { code: err.code, msg: err.message, data: absolutize(err.data, baseOf(req)) })
    }
    throw err // the server's own error handler: the 4xx parse errors, and 500 for a fault
  }

  /** Strict mode: an answer outside its call's contract is a 500 naming the fields (see contractFault). */
  private checked(req: FastifyRequest, reply: FastifyReply, answer: Answer): Answer {
    const def = req.routeOptions.config.call
    if (!def || !strict()) return answer
    const faults = contractFault(def, answer)
    if (!faults.length) return answer
    req.log.error({ faults }, 'answer outside the contract')
    reply.code(500)
    const where = `${def.path}${def.action ? `?a=${def.action}` : ''}`
    return { code: -500, msg: `答复不符合契约（${where}）：${faults.join('；')}`, data: null }
  }

  private register(
    method: 'GET' | 'POST' | Array<'GET' | 'POST'>,
    url: string,
    opts: RouteOpts,
    handler: Handler,
    def?: CallDef,
    action?: string
  ): void {
    if (opts.schema) compile(opts.schema)
    const schema: NonNullable<RouteShorthandOptions['schema']> & Record<string, unknown> = {}
    // the payload is the query and the body merged (preValidation puts it in request.query): Fastify validates it as
    // the querystring, whatever the method (the OpenAPI document shows a POST's payload as its body)
    if (opts.schema) schema.querystring = opts.schema
    let answer: AnswerSchema | undefined
    if (def) {
      answer = answerOf(def)
      schema.summary = def.summary
      schema.response = { 200: answer.schema }
    }
    this.app.route({
      method,
      url,
      schema,
      ...(answer ? { serializerCompiler: () => answer.serialize } : {}),
      ...(action ? { constraints: { action } } : {}),
      config: { auth: !!opts.auth, ...(opts.access ? { access: opts.access } : {}), ...(def ? { call: def } : {}) },
      preValidation: this.prepare,
      preHandler: this.finite,
      errorHandler: (err, req, reply) => void reply.send(this.refusal(err, req, reply)),
      handler: async (req, reply) => {
        const call: Call = { req, reply, user: req.user, token: req.token, base: baseOf(req) }
        const result = await handler(req.query, call)
        if (reply.sent) return reply
        const answer =
          result instanceof Envelope
            ? { code: result.code, msg: result.msg, data: absolutize(result.data, call.base) }
            : { code: CODE.OK, msg: 'success', data: absolutize(result ?? null, call.base) }
        return this.checked(req, reply, answer)
      }
    })
  }

  /**
   * An action of `/live/<file>.php?a=<action>` (GET; POST accepted too): a route of its own, chosen by the router from
   * the query's `a`. The first action of a file also registers the file's answer for a missing or unknown action.
   */
  action(file: 'api_mapp' | 'api', action: string, opts: RouteOpts, handler: Handler, def?: CallDef): void {
    let names = this.actionsByFile.get(file)
    if (!names) {
      this.actionsByFile.set(file, (names = new Set()))
      this.app.route({
        method: ['GET', 'POST'],
        url: `/live/${file}.php`,
        handler: async (req) => {
          const a = (req.query as Record<string, unknown>).a
          return {
            code: CODE.NOT_FOUND,
            msg: typeof a === 'string' && a ? `未知的接口：${a}` : '缺少参数：a',
            data: null
          }
        }
      })
    }
    names.add(action)
    this.register(['GET', 'POST'], `/live/${file}.php`, opts, handler, def, action)
  }

  /** A call of the contract (contract/*.ts): its path, method, login rule, payload schema and answer. */
  /** the contract calls registered so far */
  readonly registered = new Set<CallDef>()

  /**
   * A contract call answered by a route of its own, outside this pipeline (the sandbox's analytics record: its own
   * body limit and origin rule): counted as registered, so the start-up check knows it has its route.
   */
  answeredElsewhere(def: CallDef): void {
    this.registered.add(def)
  }

  call<C extends CallDef>(def: C, handler: CallHandler<C>): void {
    this.registered.add(def)
    const opts: RouteOpts = { schema: def.payload as unknown as ObjectSchema, auth: def.auth, access: def.access }
    if (def.action) {
      const file = /\/live\/(api_mapp|api)\.php$/.exec(def.path)?.[1] as 'api_mapp' | 'api' | undefined
      if (!file) throw new Error(`${def.path}: an action belongs to /live/api.php or /live/api_mapp.php`)
      this.action(file, def.action, opts, handler as Handler, def)
      return
    }
    const method = def.method === 'GET,POST' ? (['GET', 'POST'] as Array<'GET' | 'POST'>) : def.method
    this.register(method, def.path, opts, handler as Handler, def)
  }

  /** Every registered action name, for the README's route table and tests. */
  actions(): Record<string, string[]> {
    const out: Record<string, string[]> = {}
    for (const [f, names] of this.actionsByFile) out[f] = [...names]
    return out
  }
}

/**
 * The calls' registrar as `app.api`, installed once on the root so every route area shares its hooks. When the server
 * is ready, every call of the contract must have its route (the sandbox's only in sandbox mode): a call the contract
 * promises and no route answers stops the server at start-up.
 */
export default exposed('calls', async (app) => {
  const api = new Api(app, app.ctx)
  app.decorate('api', api)
  app.addHook('onReady', async () => {
    const missing = CALLS.filter((def) => !api.registered.has(def) && (app.ctx.sandbox || !isSandboxOnly(def)))
    if (missing.length)
      throw new Error(
        `contract calls without a route: ${missing.map((d) => `${d.path}${d.action ? `?a=${d.action}` : ''}`).join(', ')}`
      )
  })
})

/** The demo controls and the sandbox's stand-ins, registered in sandbox mode only. */
const isSandboxOnly = (def: CallDef) => def.access === 'loopback' || /^\/(dev|sandbox|wechat)\//.test(def.path)
