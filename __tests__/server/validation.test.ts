/**
 * Parameter checking (server/lib/validate.ts: the route schemas compiled by Fastify's Ajv compiler): what a client
 * sees when a parameter is missing or wrong — HTTP 200, {code: -1, msg, data: null} with the field's Chinese label —
 * and the form/query conventions the routes rely on (number strings coerced, empty fields absent, defaults filled).
 */
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import type { LiveServer } from '../../server/app'
import { assertEnvelope, assertPaged, call, makeApp, U } from './helpers'

let app: LiveServer
before(async () => {
  app = await makeApp()
})
after(() => app.close())

const refused = async (method: 'GET' | 'POST', url: string, payload: Record<string, unknown>): Promise<string> => {
  const r = await call(app, method, url, payload)
  assert.equal(r.status, 200)
  assert.equal(r.body.code, -1, `${url} ${JSON.stringify(payload)}: ${JSON.stringify(r.body)}`)
  assert.equal(r.body.data, null)
  return r.body.msg
}

const form = async (url: string, body: string) => {
  const r = await app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded' }
  })
  return { status: r.statusCode, body: r.json() }
}

const SCHEDULE = '/live/api_mapp.php'

test('R7.1 a missing or wrong parameter answers {code: -1, msg, data: null} naming the field in Chinese', async () => {
  assert.equal(await refused('GET', SCHEDULE, { a: 'channel_schedule' }), '缺少参数：频道ID(channelid)')
  assert.equal(await refused('GET', SCHEDULE, { a: 'channel_schedule', channelid: '' }), '缺少参数：频道ID(channelid)')
  assert.equal(
    await refused('GET', SCHEDULE, { a: 'channel_schedule', channelid: 'abc' }),
    '参数错误：频道ID(channelid)必须是整数'
  )
  assert.equal(
    await refused('GET', SCHEDULE, { a: 'channel_schedule', channelid: '1.5' }),
    '参数错误：频道ID(channelid)必须是整数'
  )
  assert.equal(
    await refused('GET', SCHEDULE, { a: 'channel_schedule', channelid: 'Infinity' }),
    '参数错误：频道ID(channelid)必须是整数'
  )
  assert.equal(
    await refused('GET', SCHEDULE, { a: 'channel_schedule', channelid: 0 }),
    '参数错误：频道ID(channelid)不能小于 1'
  )
  // a field's own message (errmsg) wins
  assert.equal(
    await refused('GET', SCHEDULE, { a: 'channel_schedule', channelid: 1, day: 'tomorrow' }),
    '参数错误：日期(day)应为 YYYY-MM-DD 或相对今天的天数'
  )
  assert.equal(await refused('POST', U('/living/list'), { count: 1000 }), '参数错误：每页数量(count)不能大于 100')
  assert.equal(await refused('POST', U('/living/list'), { page: 0 }), '参数错误：页码(page)不能小于 1')
  assert.equal(
    await refused('POST', U('/living/list'), { roomid: '496,a' }),
    '参数错误：直播间ID列表(roomid)格式不正确'
  )
  assert.equal(
    await refused('POST', U('/living/list'), { order: 'name' }),
    '参数错误：排序(order)取值无效，可选：sort、hot、time、default、'
  )
  assert.equal(await refused('POST', U('/living/list'), { onair: { x: 1 } }), '参数错误：直播中(onair)必须是整数')
  assert.equal(await refused('POST', U('/login'), { mobile: '12345', password: 'demo1234' }), '请输入正确的手机号')
})

test('R7.1 form and query strings are coerced to numbers, empty fields count as absent and defaults are filled', async () => {
  // query string: channelid=1 arrives as the string '1'
  assert.ok(Array.isArray(assertEnvelope(await call(app, 'GET', SCHEDULE, { a: 'channel_schedule', channelid: '1' }))))
  // form body: page and count as strings; an empty count takes its default (10)
  const paged = await form(U('/living/list'), 'version=1.0.0&platform=h5&page=1&count=&order=sort')
  assert.equal(paged.body.code, 1, JSON.stringify(paged.body))
  const first = assertPaged(paged.body.data, 1)
  assert.ok(first.length > 0 && first.length <= 10)
  const two = await form(U('/living/list'), 'page=2&count=1&order=sort')
  assert.equal(two.body.code, 1, JSON.stringify(two.body))
  assert.equal(assertPaged(two.body.data, 2).length, 1)
  assert.notEqual(
    assertPaged(two.body.data, 2)[0].roomid ?? assertPaged(two.body.data, 2)[0].id,
    first[0].roomid ?? first[0].id
  )
})
