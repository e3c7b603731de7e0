/**
 * A small JSON-schema subset validator with query-string friendly coercion and Chinese messages.
 * Supported: type (integer | number | string | boolean), required, minimum, maximum, minLength,
 * maxLength, pattern, enum, default; plus two annotations: `label` (Chinese field name used in
 * messages) and `errmsg` (the whole message to use when the field is invalid).
 * Extra properties are allowed and passed through unchanged.
 */
export type PropType = 'integer' | 'number' | 'string' | 'boolean'

export interface PropSchema {
  type: PropType
  label?: string
  errmsg?: string
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  enum?: Array<string | number>
  default?: string | number | boolean
}

export interface ObjectSchema {
  type: 'object'
  properties: Record<string, PropSchema>
  required?: string[]
  additionalProperties?: true
}

export type ValidationResult = { ok: true; value: Record<string, unknown> } | { ok: false; msg: string }

const TYPE_NAMES: Record<PropType, string> = { integer: '整数', number: '数字', string: '字符串', boolean: '布尔值' }

function coerce(type: PropType, v: unknown): { ok: boolean; value?: unknown } {
  if (v === undefined || v === null) return { ok: true, value: undefined }
  switch (type) {
    case 'string':
      if (typeof v === 'string') return { ok: true, value: v }
      if (typeof v === 'number' || typeof v === 'boolean') return { ok: true, value: String(v) }
      return { ok: false }
    case 'integer':
    case 'number': {
      if (v === '') return { ok: true, value: undefined }
      let n: number
      if (typeof v === 'number') n = v
      else if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) n = Number(v)
      else if (typeof v === 'boolean') n = v ? 1 : 0
      else return { ok: false }
      if (!Number.isFinite(n)) return { ok: false }
      if (type === 'integer' && !Number.isInteger(n)) return { ok: false }
      return { ok: true, value: n }
    }
    case 'boolean':
      if (typeof v === 'boolean') return { ok: true, value: v }
      if (v === 1 || v === '1' || v === 'true') return { ok: true, value: true }
      if (v === 0 || v === '0' || v === 'false' || v === '') return { ok: true, value: false }
      return { ok: false }
  }
}

export function validate(schema: ObjectSchema, input: unknown): ValidationResult {
  if (input !== undefined && input !== null && (typeof input !== 'object' || Array.isArray(input))) {
    return { ok: false, msg: '参数错误：请求参数必须是对象' }
  }
  const src = (input ?? {}) as Record<string, unknown>
  const out: Record<string, unknown> = { ...src }
  const required = new Set(schema.required ?? [])
  for (const [key, prop] of Object.entries(schema.properties)) {
    const name = prop.label ? `${prop.label}(${key})` : key
    const fail = (why: string): ValidationResult => ({ ok: false, msg: prop.errmsg ?? `参数错误：${name}${why}` })
    const c = coerce(prop.type, src[key])
    if (!c.ok) return fail(`必须是${TYPE_NAMES[prop.type]}`)
    let v = c.value
    if (prop.type === 'string' && typeof v === 'string' && v.trim() === '' && required.has(key)) v = undefined
    if (v === undefined) {
      if (required.has(key)) return { ok: false, msg: prop.errmsg && src[key] !== undefined ? prop.errmsg : `缺少参数：${name}` }
      if (prop.default !== undefined) out[key] = prop.default
      else delete out[key]
      continue
    }
    if (typeof v === 'number') {
      if (prop.minimum !== undefined && v < prop.minimum) return fail(`不能小于 ${prop.minimum}`)
      if (prop.maximum !== undefined && v > prop.maximum) return fail(`不能大于 ${prop.maximum}`)
    }
    if (typeof v === 'string') {
      if (prop.minLength !== undefined && v.length < prop.minLength) return fail(prop.minLength <= 1 ? '不能为空' : `长度不能少于 ${prop.minLength}`)
      if (prop.maxLength !== undefined && v.length > prop.maxLength) return fail(`长度不能超过 ${prop.maxLength}`)
      if (prop.pattern !== undefined && !new RegExp(prop.pattern).test(v)) return fail('格式不正确')
    }
    if (prop.enum && !prop.enum.includes(v as string | number)) return fail(`取值无效，可选：${prop.enum.join('、')}`)
    out[key] = v
  }
  return { ok: true, value: out }
}

/** Shorthands for building schemas. */
export const S = {
  int: (label?: string, extra: Partial<PropSchema> = {}): PropSchema => ({ type: 'integer', label, ...extra }),
  num: (label?: string, extra: Partial<PropSchema> = {}): PropSchema => ({ type: 'number', label, ...extra }),
  str: (label?: string, extra: Partial<PropSchema> = {}): PropSchema => ({ type: 'string', label, ...extra }),
  bool: (label?: string, extra: Partial<PropSchema> = {}): PropSchema => ({ type: 'boolean', label, ...extra }),
  page: (): PropSchema => ({ type: 'integer', label: '页码', minimum: 1, default: 1 }),
  count: (def = 10, max = 100): PropSchema => ({ type: 'integer', label: '每页数量', minimum: 1, maximum: max, default: def }),
  obj: (properties: Record<string, PropSchema>, required: string[] = []): ObjectSchema => ({
    type: 'object',
    properties: { version: { type: 'string' }, platform: { type: 'string' }, ...properties },
    required,
    additionalProperties: true,
  }),
}

export const MOBILE_RE = '^1[3-9]\\d{9}$'
