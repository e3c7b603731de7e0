/**
 * Building blocks of the contract: request fields with the reference server's validation rules, and the answers'
 * shapes. Plain JSON Schema (TypeBox), so the same objects are Fastify's route schemas, the OpenAPI document and the
 * contract check's validators.
 *
 * Request fields carry two annotation keywords the server's messages use: `label` (the Chinese name of the field, as
 * in 参数错误：直播间ID(roomid)不能小于 1) and `errmsg` (the whole message when the field is invalid). A payload allows
 * fields it does not name (every call adds version and platform, R7.1; a field the server does not read is ignored).
 *
 * An answer's objects name every field the server sends (`additionalProperties: false`): the server's strict mode
 * (on in its tests) refuses an answer with a field the contract lacks or without one it requires.
 */
import {
  Type,
  type Static,
  type TBoolean,
  type TInteger,
  type TNumber,
  type TObject,
  type TOptional,
  type TProperties,
  type TSchema,
  type TString
} from 'typebox'

export interface FieldRules {
  errmsg?: string
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  enum?: Array<string | number>
  default?: string | number | boolean
  description?: string
}

const field = (label: string | undefined, rules: FieldRules) => ({ ...(label ? { label } : {}), ...rules })

/**
 * A request field with a default: the validator fills it in, so the handler's payload type has it (the payload's
 * JSON Schema still lists it as optional: a caller may leave it out).
 */
type Defaulted<T extends TSchema, R> = R extends { default: string | number | boolean }
  ? T & { default: R['default'] }
  : T

/** Request fields (form and query values are coerced: '5' is the integer 5, '1' / '0' a boolean). */
export const F = {
  int: <R extends FieldRules = FieldRules>(label?: string, rules = {} as R) =>
    Type.Integer(field(label, rules)) as Defaulted<TInteger, R>,
  num: <R extends FieldRules = FieldRules>(label?: string, rules = {} as R) =>
    Type.Number(field(label, rules)) as Defaulted<TNumber, R>,
  str: <R extends FieldRules = FieldRules>(label?: string, rules = {} as R) =>
    Type.String(field(label, rules)) as Defaulted<TString, R>,
  bool: <R extends FieldRules = FieldRules>(label?: string, rules = {} as R) =>
    Type.Boolean(field(label, rules)) as Defaulted<TBoolean, R>,
  /** page, from 1 (R4.20); no list has 10,000 pages, and a larger number would overflow SQLite's OFFSET */
  page: () => Type.Integer({ label: '页码', minimum: 1, maximum: 10000, default: 1 }) as TInteger & { default: number },
  /** items a page */
  count: (def = 10, max = 100) =>
    Type.Integer({ label: '每页数量', minimum: 1, maximum: max, default: def }) as TInteger & { default: number }
}

/** Properties `required` keeps as they are, and those with a default (always there once validated); the others optional. */
type WithOptional<P extends TProperties, R extends keyof P> = {
  [K in keyof P]: K extends R ? P[K] : P[K] extends { default: unknown } ? P[K] : TOptional<P[K]>
}

const COMMON = { version: Type.Optional(Type.String()), platform: Type.Optional(Type.String()) }

/**
 * A call's payload (query and body together, as the server reads them): the fields it names, `required` among them,
 * and the version and platform every call adds (R7.1). Unnamed fields pass through.
 */
export function Payload<P extends TProperties, const R extends keyof P = never>(
  props: P,
  required: readonly R[] = []
): TObject<typeof COMMON & WithOptional<P, R>> {
  const all: TProperties = { ...COMMON }
  for (const [key, schema] of Object.entries(props))
    all[key] = (required as readonly string[]).includes(key) ? schema : Type.Optional(schema)
  return Type.Object(all, { additionalProperties: true }) as unknown as TObject<typeof COMMON & WithOptional<P, R>>
}

/** An answer's object: exactly these fields (those wrapped in `Type.Optional` may be absent). */
export function Obj<P extends TProperties>(props: P, options: { description?: string } = {}): TObject<P> {
  return Type.Object(props, { additionalProperties: false, ...options })
}

/** Unix seconds. */
export const Seconds = () => Type.Integer({ minimum: 0, description: 'Unix 秒' })
/** 0 or 1 flags (onair, is_premium, ...). */
/** An id: a positive integer (R3.24). */
export const Id = (description?: string) => Type.Integer({ minimum: 1, ...(description ? { description } : {}) })
/** A count: a non-negative integer. */
export const Count = (description?: string) => Type.Integer({ minimum: 0, ...(description ? { description } : {}) })

export const Flag = () => Type.Union([Type.Literal(0), Type.Literal(1)])
/** An absolute http(s) URL (the server makes every root-relative path absolute from the request's host). */
export const Url = () => Type.String({ description: '绝对地址（http/https）或空' })
/** null, or the value. */
export const Nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()])

/** The paged-list answer (R3.24): currentPage, totalPage (may be missing, R4.20), total, list. */
export function Paged<T extends TSchema>(item: T) {
  return Obj({
    currentPage: Type.Integer({ minimum: 1 }),
    totalPage: Type.Integer({ minimum: 1 }),
    total: Type.Integer({ minimum: 0 }),
    list: Type.Array(item)
  })
}

/**
 * The schema of every answer, `{code, msg, data}` (R7.1; its type: contract/codes.ts Answer). code 1 is success,
 * unless the call's rule says otherwise.
 */
export function AnswerSchema<T extends TSchema>(data: T) {
  return Obj({ code: Type.Integer(), msg: Type.String(), data })
}

/** Data of an answer that carries none. */
export const NoData = () => Type.Null()

export type { Static, TObject, TSchema }
export { Type }
