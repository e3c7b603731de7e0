/**
 * Route parameter schemas (JSON Schema) checked by Fastify's own validator compiler (`@fastify/ajv-compiler`: Ajv 8
 * with Fastify's defaults — type coercion, defaults, first error only). Two annotation keywords: `label` (Chinese field
 * name used in messages) and `errmsg` (the whole message to use when the field is invalid). Extra properties are
 * allowed and passed through unchanged. Ajv's error objects are turned into Chinese messages by `messageOf`.
 */
import type { FieldRules } from '../../contract/schema'
import AjvCompiler, { type ErrorObject, type HttpParts, type RouteDefinition } from '@fastify/ajv-compiler'

export type PropType = 'integer' | 'number' | 'string' | 'boolean'

/** A payload field: its type, its Chinese name (`label`) and the contract's rules (contract/schema.ts). */
export type PropSchema = { type: PropType; label?: string } & FieldRules

export interface ObjectSchema {
  type: 'object'
  properties: Record<string, PropSchema>
  required?: string[]
  additionalProperties?: true
}

type Check = ((data: unknown) => boolean | Promise<unknown>) & { errors?: ErrorObject[] | null }

const TYPE_NAMES: Record<string, string> = { integer: '整数', number: '数字', string: '字符串', boolean: '布尔值' }

/** Fastify's compiler with its default Ajv options; `label` and `errmsg` are declared so strict mode accepts them. */
const buildFromPool = AjvCompiler()(
  {},
  {
    customOptions: {},
    plugins: [
      (ajv) =>
        ajv
          .addKeyword({ keyword: 'label', schemaType: 'string' })
          .addKeyword({ keyword: 'errmsg', schemaType: 'string' })
    ]
  }
)
/** Fastify calls it with the route definition (its .d.ts names the argument a schema). */
const buildCompiler = buildFromPool as unknown as (route: RouteDefinition) => Check

const compiled = new WeakMap<ObjectSchema, Check>()

/**
 * The check of a schema, compiled by Ajv on its first payload and then kept for the process (every server it starts
 * shares it). Compiling all 121 calls' schemas when their routes were registered, with their answers' serializers
 * (plugins/app/calls.ts), was about 450 ms of a fresh process's 0.7 s of createServer, and a test's server answers a
 * handful of calls. A schema Ajv refuses still fails its call, on the first request: contract.test.ts sends every
 * call a payload.
 */
export function compile(schema: ObjectSchema): Check {
  let check = compiled.get(schema)
  if (!check) {
    let built: Check | undefined
    const lazy: Check = (data) => {
      built ??= buildCompiler({ schema, method: 'POST', url: '', httpPart: 'body' as HttpParts })
      const valid = built(data)
      lazy.errors = built.errors
      return valid
    }
    check = lazy
    compiled.set(schema, check)
  }
  return check
}

/**
 * Form and query-string conventions Ajv does not have: an absent value may arrive as null or an empty field
 * ('' / blanks for a number, a blank required string), and a form boolean as '1' / '0'. Returns the keys that
 * were present but blank, so a field's own `errmsg` can be used instead of 缺少参数.
 */
export function formValues(schema: ObjectSchema, out: Record<string, unknown>): Set<string> {
  const blank = new Set<string>()
  const required = new Set(schema.required ?? [])
  for (const [key, prop] of Object.entries(schema.properties)) {
    const v = out[key]
    if (v === null) delete out[key]
    if (typeof v !== 'string' || v.trim() !== '') {
      if (prop.type === 'boolean' && (v === '1' || v === '0')) out[key] = v === '1'
      continue
    }
    if (prop.type === 'boolean') out[key] = false
    else if (prop.type !== 'string' || required.has(key)) {
      delete out[key]
      blank.add(key)
    }
  }
  return blank
}

/** The Chinese message of Ajv's (first) error. */
export function messageOf(schema: ObjectSchema, err: ErrorObject | undefined, blank: Set<string>): string {
  if (!err) return '参数错误'
  const key = err.keyword === 'required' ? String(err.params.missingProperty) : (err.instancePath.split('/')[1] ?? '')
  const prop = schema.properties[key]
  const name = prop?.label ? `${prop.label}(${key})` : key
  if (err.keyword === 'required') return prop?.errmsg && blank.has(key) ? prop.errmsg : `缺少参数：${name}`
  if (prop?.errmsg) return prop.errmsg
  const p = err.params as Record<string, unknown>
  const why: Record<string, () => string> = {
    type: () => `必须是${TYPE_NAMES[String(p.type)] ?? String(p.type)}`,
    minimum: () => `不能小于 ${String(p.limit)}`,
    maximum: () => `不能大于 ${String(p.limit)}`,
    minLength: () => (Number(p.limit) <= 1 ? '不能为空' : `长度不能少于 ${String(p.limit)}`),
    maxLength: () => `长度不能超过 ${String(p.limit)}`,
    pattern: () => '格式不正确',
    enum: () => `取值无效，可选：${(p.allowedValues as unknown[]).join('、')}`
  }
  return `参数错误：${name}${why[err.keyword]?.() ?? '不正确'}`
}
