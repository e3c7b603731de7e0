// The contract's checker (contract/check.ts), the rule behind the reference server's strict mode and
// `npm run contract:check`: each difference named by its field path, in Chinese, one line each.
// The contract's TypeBox types are plain JSON Schema; these are written out as such.
import type { TSchema } from 'typebox'
import { mismatches } from '../../../contract/check'

const schema = (s: object) => s as TSchema
const Room = schema({
  type: 'object',
  required: ['id', 'title', 'status', 'list'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    status: { anyOf: [{ const: 0 }, { const: 1 }] },
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, 'a/b~c': { type: 'integer' } }
      }
    }
  }
})

const good = { id: 1, title: '太湖', status: 1, list: [{ name: 'x' }] }

test('an answer that matches the contract has no differences', () => {
  expect(mismatches(Room, good)).toEqual([])
})

test('a missing field is named by its path under the root: 缺少', () => {
  expect(mismatches(Room, { ...good, list: [{}] })).toEqual(['data.list[0].name: 缺少'])
  expect(mismatches(Room, { id: 1, status: 1, list: [] }, '(答复)')).toEqual(['(答复).title: 缺少'])
})

test('a field of the wrong type says the type it should be: 类型应为', () => {
  expect(mismatches(Room, { ...good, id: '1' })).toEqual(['data.id: 类型应为 integer'])
  expect(mismatches(Room, { ...good, list: [{ name: 2 }] })).toEqual(['data.list[0].name: 类型应为 string'])
})

test('a field the contract does not have: 契约中没有', () => {
  expect(mismatches(Room, { ...good, extra: 1 })).toEqual(['data.extra: 契约中没有'])
})

test('a value outside the allowed ones: 取值不在契约内 (the union adds no line of its own)', () => {
  const lines = mismatches(Room, { ...good, status: 2 })
  expect(lines).toContain('data.status: 取值不在契约内')
  expect(lines.every((l) => l.startsWith('data.status: '))).toBe(true)
  expect([...new Set(lines)]).toEqual(lines)
})

test('keys with / and ~ are unescaped from their JSON pointer', () => {
  expect(mismatches(Room, { ...good, list: [{ name: 'x', 'a/b~c': 'no' }] })).toEqual([
    'data.list[0].a/b~c: 类型应为 integer'
  ])
})

test('a mismatch at the root itself is named (根); a union lists the difference from each branch; other rules keep their own words', () => {
  expect(mismatches(schema({ type: 'integer' }), 'x', '')).toEqual(['(根): 类型应为 integer'])
  expect(mismatches(schema({ anyOf: [{ type: 'integer' }, { type: 'null' }] }), 'x')).toEqual([
    'data: 类型应为 integer',
    'data: 类型应为 null'
  ])
  expect(mismatches(schema({ not: { type: 'integer' } }), 1)).toEqual(['data: must NOT be valid'])
})

test('several differences: every one, each once', () => {
  expect(mismatches(Room, { id: 'x', title: 2, status: 1, list: [], more: true }).sort()).toEqual(
    ['data.id: 类型应为 integer', 'data.more: 契约中没有', 'data.title: 类型应为 string'].sort()
  )
})

test('a key is an index only when it is all digits: names with digits keep their dot, an index of two digits its brackets', () => {
  const Keys = schema({ type: 'object', required: ['a1', '1a', '12'], properties: {} })
  expect(mismatches(Keys, { a1: 1, '1a': 1 })).toEqual(['data[12]: 缺少'])
  expect(mismatches(Keys, { '1a': 1, 12: 1 })).toEqual(['data.a1: 缺少'])
  expect(mismatches(Keys, { a1: 1, 12: 1 })).toEqual(['data.1a: 缺少'])
  const list = Array.from({ length: 11 }, () => ({ name: 'x' }))
  list[10] = {} as { name: string }
  expect(mismatches(Room, { ...good, list })).toEqual(['data.list[10].name: 缺少'])
})

test('under an empty root a field is named without a leading dot', () => {
  expect(mismatches(Room, { id: 1, status: 1, list: [] }, '')).toEqual(['title: 缺少'])
})

test('a value outside an enum: 取值不在契约内', () => {
  expect(mismatches(schema({ enum: ['live', 'playback'] }), 'other')).toEqual(['data: 取值不在契约内'])
})

test('a field that may be of several types names them all', () => {
  expect(mismatches(schema({ type: ['integer', 'null'] }), 'x')).toEqual(['data: 类型应为 integer,null'])
})
