// Reference-server rules found while building the in-room activities: the rain winner list only
// inside the rain's window () and red-packet draws idempotent per user (a double tap or a retry draws once).
// (The quiz result's answer only for a viewer who has answered is another helper's change, tested with it.)
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { LiveServer } from '../../server/app'
import { CODE } from '../../server/lib/util'
import { assertEnvelope, call, login, makeApp, U } from './helpers'

let app: LiveServer
let token: string
before(async () => {
  app = await makeApp()
  token = (await login(app)).token
})
after(() => app.close())

const A = (p: string) => U(`/living/activity${p}`)
const dev = async (p: string, q: Record<string, unknown> = {}) =>
  assertEnvelope(await call(app, 'POST', `/dev/rooms/496${p}`, q))

test('R7.92 rain/winner answers winners only while now is inside the window', async () => {
  const rain = await dev('/rain/start')
  // draw until the demo viewer wins (about one in three; the count is 3 per rain, so start new rains as needed)
  let act = rain.actId
  for (let round = 0; round < 30; round++) {
    let won = false
    for (let i = 0; i < 3 && !won; i++)
      won = assertEnvelope(await call(app, 'POST', A('/rain/draw'), { act_id: act }, token)).win === 1
    if (won) break
    act = (await dev('/rain/start')).actId
  }
  const inside = assertEnvelope(await call(app, 'POST', A('/rain/winner'), { lotteryId: act }))
  assert.ok(inside.length >= 1, 'a winner inside the window')
  await dev('/rain/stop') // he_time = now
  await new Promise((r) => setTimeout(r, 1100)) // now > he_time
  assert.deepEqual(assertEnvelope(await call(app, 'POST', A('/rain/winner'), { lotteryId: act })), [])
})

test('a red-packet draw is idempotent per user, also when the two taps arrive together', async () => {
  const rp = await dev('/redpack', { total: 50, count: 5 })
  const before = assertEnvelope(await call(app, 'POST', U('/userinfo'), {}, token)).gold
  const [a, b] = await Promise.all([
    call(app, 'POST', A('/redpack/draw'), { act_id: rp.id }, token),
    call(app, 'POST', A('/redpack/draw'), { act_id: rp.id }, token)
  ])
  const [x, y] = [assertEnvelope(a), assertEnvelope(b)]
  assert.equal(x.amount, y.amount)
  assert.equal(assertEnvelope(await call(app, 'POST', U('/userinfo'), {}, token)).gold, before + x.amount)
  assert.equal(assertEnvelope(await call(app, 'POST', A('/redpack/detail'), { act_id: rp.id })).remain, 4)
})

test('a lottery takes no entries once its draw time has come: the grab call refuses and writes nothing, the 口令 in chat enters no one', async () => {
  const grab = await dev('/lottery/start', { type: 1, seconds: 600 })
  assert.equal(grab.end_time - Math.floor(Date.now() / 1000) > 590, true, 'the draw time is `seconds` from now')
  const closeNow = (id: number) => app.ctx.store.patchDoc('activity', id, { end_time: Math.floor(Date.now() / 1000) })
  closeNow(grab.id)
  const refused = await call(app, 'POST', A('/lottery/draw'), { drawId: grab.id }, token)
  assertEnvelope(refused, CODE.FAIL)
  assert.equal(refused.body.msg, '已到开奖时间，停止参与')
  assert.equal(assertEnvelope(await call(app, 'POST', A('/lottery/result'), { lotteryId: grab.id }, token)).joined, 0)

  const text = await dev('/lottery/start', { type: 0 })
  closeNow(text.id)
  assertEnvelope(await call(app, 'POST', U('/danmaku'), { room_id: 496, content: text.title }, token))
  assert.equal(assertEnvelope(await call(app, 'POST', A('/lottery/result'), { lotteryId: text.id }, token)).joined, 0)
  // before its draw time a lottery takes the same calls
  const open = await dev('/lottery/start', { type: 1 })
  assertEnvelope(await call(app, 'POST', A('/lottery/draw'), { drawId: open.id }, token))
  assert.equal(assertEnvelope(await call(app, 'POST', A('/lottery/result'), { lotteryId: open.id }, token)).joined, 1)
})
