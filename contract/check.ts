/**
 * Checks an answer against the contract and names what differs by field path: `data.list[0].title: 缺少` (missing),
 * `data.online: 类型应为 integer` (mistyped), `data.extra: 契约中没有` (unknown). Used by the reference server's strict
 * mode (its tests refuse an answer that leaves the contract) and by `npm run contract:check` against any backend.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv'
import type { TSchema } from 'typebox'

const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true })
const compiled = new WeakMap<TSchema, ValidateFunction>()

/** `/list/0/title` → `list[0].title`, under `root`. */
function pathOf(root: string, pointer: string): string {
  let out = root
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~')
    out += /^\d+$/.test(key) ? `[${key}]` : `${out ? '.' : ''}${key}`
  }
  return out || '(根)'
}

function describe(root: string, e: ErrorObject): string | null {
  const at = pathOf(root, e.instancePath)
  const p = e.params as Record<string, unknown>
  switch (e.keyword) {
    case 'required':
      return `${pathOf(root, `${e.instancePath}/${String(p.missingProperty)}`)}: 缺少`
    case 'additionalProperties':
      return `${pathOf(root, `${e.instancePath}/${String(p.additionalProperty)}`)}: 契约中没有`
    case 'type':
      return `${at}: 类型应为 ${String(p.type)}`
    case 'anyOf':
      return null // the branches' own errors say more; a union with none left says 不符合任何一种
    case 'const':
    case 'enum':
      return `${at}: 取值不在契约内`
    default:
      return `${at}: ${e.message ?? e.keyword}`
  }
}

/**
 * What in `value` differs from `schema`, one line per field path (empty: it matches). Inside a union the errors of
 * every branch are listed: the first lines name the closest branch's differences.
 */
export function mismatches(schema: TSchema, value: unknown, root = 'data'): string[] {
  let check = compiled.get(schema)
  if (!check) compiled.set(schema, (check = ajv.compile(schema)))
  if (check(value)) return []
  const lines = (check.errors ?? []).map((e) => describe(root, e)).filter((l): l is string => l !== null)
  return [...new Set(lines.length ? lines : [`${root}: 不符合契约`])]
}
