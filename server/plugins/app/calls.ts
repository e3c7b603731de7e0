// The API's call plumbing: each contract call (contract/*.ts) becomes a route with its payload schema, its answer's
// envelope and serializer, the shared hooks (payload merge, caller through identity.ts, login rule, validation) and, in
// strict mode, the check that an answer keeps its contract.
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
import type { AppContext, Call } from '../../types/context'
import { absolutize, baseOf } from '../../lib/absolute'
import { BizError, CODE } from '../../lib/util'
import { compile, formValues, messageOf, type ObjectSchema } from '../../lib/validate'
import type { CallDef, DataOf, PayloadOf } from '../../../contract/call'
import { mismatches } from '../../../contract/check'
import { isSuccessCode } from '../../../contract/codes'
import { CALLS } from '../../../contract'
import { exposed } from '../expose'
import { UNREADABLE_BODY } from '../external/body'
import type { Access } from './access'
import { CROSS_SITE, identify } from './identity'

type FastifyValidationResult = ReturnType<FastifySchemaCompiler<unknown>>

interface AnswerSchema {
  schema: TSchema
  serialize: (data: object) => string
}

/**
 * A call's answer: the envelope's schema (the OpenAPI document shows it) and its serializer (fast-json-stringify, as
 * Fastify's own compiler builds it), made once per call and process and shared by every server the process starts.
 * The serializer is built on the call's first answer, as the payload's check is (server/lib/validate.ts says why);
 * contract.test.ts has every call answer once.
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
    let serialize: AnswerSchema['serialize'] | undefined
    answer = { schema, serialize: (data) => (serialize ??= fastJson(schema, { schema: {} }))(data) }
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

declare module 'fastify' {
  interface FastifyInstance {
    /** the calls' registrar (one per server: its hooks, validator and the .php action constraint are installed once) */
    api: Api
  }
  interface FastifyContextConfig {
    /** login required (the call's `auth`) */
    auth?: boolean
    /** the contract call the route answers (contract/*.ts), for the OpenAPI document and the strict check */
    call?: CallDef
  }
  interface FastifyRequest {
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

/** The merged payload of a call: query and body together (body wins), or 'invalid' when the body is not an object. */
export function payloadOf(req: FastifyRequest): Record<string, unknown> | 'invalid' {
  const q = (req.query ?? {}) as Record<string, unknown>
  const b = req.body
  if (b === UNREADABLE_BODY) return 'invalid'
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
 * - preValidation: the payload merged (a body that is not an object is 参数错误), the caller resolved (identity.ts:
 *   `request.user` from the access token, else the id + sign cookies), a call from another site refused (403) unless
 *   an Authorization header carries a valid token when it acts as the cookie user, changes anything or sets the login
 *   cookies, and a login-only call without a user refused (401 请先登录);
 * - validation: Fastify's, with the contract's rules (label / errmsg keywords), turned into `{code: -1, msg}` by the
 *   route's error handler, which also answers a BizError with its envelope;
 * - the handler: the call's own, given the payload and the caller; its data is wrapped in `{code: 1, msg: 'success'}`
 *   with root-relative media paths made absolute.
 */
export class Api {
  private actionsByFile = new Map<string, Set<string>>()
  /** each registered call's payload check and answer serializer, built when called (see warm) */
  private builders: Array<{ def?: CallDef; build: () => void }> = []

  constructor(
    readonly app: FastifyInstance,
    private ctx: AppContext
  ) {
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
    const caller = identify(this.ctx, req, raw)
    if (caller === 'cross-site') {
      await reply.code(403).send(CROSS_SITE)
      return
    }
    req.user = caller.user
    req.token = caller.token
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
    const check = opts.schema && compile(opts.schema)
    this.builders.push({
      def,
      build: () => {
        void check?.({})
        answer?.serialize({ code: CODE.OK, msg: '', data: null })
      }
    })
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
   * Builds every call's payload check and answer serializer now, rather than on each call's first request (they are
   * built lazily for the tests' many short-lived servers: server/lib/validate.ts). `npm start` calls it before it
   * listens (about 1.1 s of start-up for all of them); otherwise the first page's requests paid about 0.3 s for their
   * own, competing with that page for a two-core machine's processors (docs/performance.md). Returns the contract
   * calls it built (each once: a second warm builds none).
   */
  warm(): Set<CallDef> {
    const builders = this.builders.splice(0)
    for (const { build } of builders) build()
    return new Set(builders.flatMap((b) => (b.def ? [b.def] : [])))
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
