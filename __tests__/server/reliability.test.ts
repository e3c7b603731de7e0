// on the reference server: idempotency keys of likes and gifts (a repeat is answered with the first result
// and counts or charges nothing), history that says which messages it no longer keeps, and the sandbox control
// that cuts a room's sockets.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { LiveServer } from '../../server/app'
import { IDEMPOTENCY_TTL, KEY_REUSED } from '../../server/services/idempotency'
import { HISTORY_GONE } from '../../server/repositories/danmaku'
import { assertEnvelope, assertRefused, call, login, loginNoMobile, makeApp, U } from './helpers'

let app: LiveServer
let token: string
let other: string
before(async () => {
  app = await makeApp()
  token = (await login(app)).token
  other = (await loginNoMobile(app)).token
})
after(() => app.close())

const likes = async (room: number) =>
  assertEnvelope(await call(app, 'GET', '/live/api.php', { a: 'live_stat_get', roomid: room, b: 'likes' }))
    .likes as number
const gold = async (t: string) => Number(assertEnvelope(await call(app, 'POST', U('/userinfo'), {}, t)).gold)
const giftLog = async (t: string) =>
  assertEnvelope(await call(app, 'POST', U('/pay/log'), { count: 100 }, t)).total as number

test('R7.76 R3.17 a like batch sent twice with one request_id counts once and answers the first result', async () => {
  const start = await likes(539)
  const first = assertEnvelope(
    await call(app, 'POST', U('/living/like'), { roomid: 539, combo: 5, request_id: 'like-batch-0001' }, token)
  )
  assert.equal(first.total, start + 5)
  const again = assertEnvelope(
    await call(app, 'POST', U('/living/like'), { roomid: 539, combo: 5, request_id: 'like-batch-0001' }, token)
  )
  assert.deepEqual(again, first)
  assert.equal(await likes(539), start + 5)
  // another batch, and the same key from another user, count
  assertEnvelope(
    await call(app, 'POST', U('/living/like'), { roomid: 539, combo: 2, request_id: 'like-batch-0002' }, token)
  )
  assertEnvelope(
    await call(app, 'POST', U('/living/like'), { roomid: 539, combo: 5, request_id: 'like-batch-0001' }, other)
  )
  // without a key every call counts (the contract's call is unchanged)
  assertEnvelope(await call(app, 'POST', U('/living/like'), { roomid: 539, combo: 1 }, token))
  assertEnvelope(await call(app, 'POST', U('/living/like'), { roomid: 539, combo: 1 }, token))
  assert.equal(await likes(539), start + 5 + 2 + 5 + 2)
  // the key names one call: other parameters with it are refused, a malformed key too
  assert.equal(
    assertRefused(
      await call(app, 'POST', U('/living/like'), { roomid: 539, combo: 6, request_id: 'like-batch-0001' }, token),
      -1
    ),
    KEY_REUSED
  )
  assertRefused(await call(app, 'POST', U('/living/like'), { roomid: 539, combo: 1, request_id: 'short' }, token), -1)
  assertRefused(
    await call(app, 'POST', U('/living/like'), { roomid: 539, combo: 1, request_id: 'bad key with spaces' }, token),
    -1
  )
  assert.equal(await likes(539), start + 14)
  assert.equal(IDEMPOTENCY_TTL, 600)
})

test('R7.76 anonymous likes are remembered per device fingerprint', async () => {
  const start = await likes(496)
  const fp = (f: string) => ({ fingerprint: f })
  const a = assertEnvelope(
    await call(
      app,
      'POST',
      U('/living/like'),
      { roomid: 496, combo: 3, request_id: 'anon-batch-01' },
      undefined,
      fp('device-a')
    )
  )
  assert.equal(a.user_id, 0)
  assert.deepEqual(
    assertEnvelope(
      await call(
        app,
        'POST',
        U('/living/like'),
        { roomid: 496, combo: 3, request_id: 'anon-batch-01' },
        undefined,
        fp('device-a')
      )
    ),
    a
  )
  assertEnvelope(
    await call(
      app,
      'POST',
      U('/living/like'),
      { roomid: 496, combo: 3, request_id: 'anon-batch-01' },
      undefined,
      fp('device-b')
    )
  )
  assert.equal(await likes(496), start + 6)
})

test('R7.77 R3.16 a gift retried with its request_id is charged once; the repeat answers the first result with today’s balance', async () => {
  const before = await gold(token)
  const logged = await giftLog(token)
  const body = { roomid: 496, giftid: 3, combo: 2, request_id: 'gift-tap-000001' }
  const first = assertEnvelope(await call(app, 'POST', U('/send_gifts'), body, token))
  assert.equal(first.gold, before - first.cost)
  const again = assertEnvelope(await call(app, 'POST', U('/send_gifts'), body, token))
  assert.deepEqual(again, first)
  assert.equal(await gold(token), before - first.cost)
  assert.equal(await giftLog(token), logged + 1)
  // another gift meanwhile: a late repeat of the first still charges nothing and reports the balance as it is now
  const second = assertEnvelope(
    await call(
      app,
      'POST',
      U('/send_gifts'),
      { roomid: 496, giftid: 1, combo: 1, request_id: 'gift-tap-000002' },
      token
    )
  )
  const late = assertEnvelope(await call(app, 'POST', U('/send_gifts'), body, token))
  assert.equal(late.gold, second.gold)
  assert.equal(late.cost, first.cost)
  assert.equal(await gold(token), before - first.cost - second.cost)
  assert.equal(await giftLog(token), logged + 2)
  assert.equal(assertRefused(await call(app, 'POST', U('/send_gifts'), { ...body, combo: 3 }, token), -1), KEY_REUSED)
})

test('R7.77 a refused gift (not enough gold) is not remembered: the same key may be sent again', async () => {
  const poor = (await loginNoMobile(app)).token
  const have = await gold(poor)
  const pricey = { roomid: 496, giftid: 8, combo: 1, request_id: 'gift-tap-poor-01' }
  assert.match(assertRefused(await call(app, 'POST', U('/send_gifts'), pricey, poor), -7), /余额不足/)
  assert.match(assertRefused(await call(app, 'POST', U('/send_gifts'), pricey, poor), -7), /余额不足/)
  assert.equal(await gold(poor), have)
})

test('R7.72 R3.15 history after a msg_id the server no longer keeps says so (-4, oldest_msg_id); from there on it answers', async () => {
  const room = 570
  for (let i = 0; i < 12; i++)
    assertEnvelope(await call(app, 'POST', U('/danmaku'), { room_id: room, content: `保留测试${i}` }, token))
  const all = assertEnvelope(
    await call(app, 'POST', U('/living/danmaku'), { roomid: room, after_msg_id: 0, count: 100 })
  )
  const last = all[all.length - 1].msg_id as number
  const pruned = assertEnvelope(await call(app, 'POST', `/dev/rooms/${room}/chat/prune`, { keep: 5 }))
  assert.deepEqual([pruned.oldest_msg_id, pruned.last_msg_id], [last - 4, last])
  const gone = await call(app, 'POST', U('/living/danmaku'), { roomid: room, after_msg_id: last - 8, count: 8 })
  assert.equal(assertRefused(gone, -4), HISTORY_GONE)
  assert.equal(HISTORY_GONE, '部分消息已过期，无法加载')
  assert.deepEqual(gone.body.data, { after_msg_id: last - 8, oldest_msg_id: last - 4 })
  const rest = assertEnvelope(
    await call(app, 'POST', U('/living/danmaku'), { roomid: room, after_msg_id: last - 5, count: 8 })
  )
  assert.deepEqual(
    rest.map((m: { msg_id: number }) => m.msg_id),
    [last - 4, last - 3, last - 2, last - 1, last]
  )
  // the default history (no after_msg_id) is unchanged; new messages keep counting from the newest id
  assert.equal(assertEnvelope(await call(app, 'POST', U('/living/danmaku'), { roomid: room })).length, 5)
  assert.equal(
    assertEnvelope(await call(app, 'POST', U('/danmaku'), { room_id: room, content: '之后' }, token)).msg_id,
    last + 1
  )
})
