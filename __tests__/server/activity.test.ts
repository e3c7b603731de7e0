import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { LiveServer } from '../../server/app'
import { assertEnvelope, assertRefused, call, login, loginNoMobile, makeApp, U } from './helpers'

let app: LiveServer
let token: string
let token2: string
before(async () => {
  app = await makeApp()
  token = (await login(app)).token
  token2 = (await loginNoMobile(app)).token
})
after(() => app.close())

const A = (p: string) => U(`/living/activity${p}`)
const dev = async (p: string, q: Record<string, unknown> = {}) =>
  assertEnvelope(await call(app, 'POST', `/dev/rooms/539${p}`, q))

test('R3.35 R7.95 R7.96 R3.39 vote detail by room, vote once (count returned), 401 without login', async () => {
  const v = assertEnvelope(await call(app, 'POST', A('/vote/detail'), { roomid: 539 }))
  assert.ok(v.id && v.options.length >= 2 && typeof v.options[0].vote === 'number')
  // an activity answers by its act_id (the id it lists) with its title; a vote takes option_id, a quiz answer
  assert.ok(typeof v.title === 'string' && v.title.length > 0)
  assert.equal(v.act_id, v.id)
  assert.equal((await call(app, 'POST', A('/vote/post'), { act_id: v.id, option_id: 1 })).status, 401)
  const r = assertEnvelope(await call(app, 'POST', A('/vote/post'), { act_id: v.id, option_id: 1 }, token))
  assert.equal(r.vote, v.options[0].vote + 1)
  assertRefused(await call(app, 'POST', A('/vote/post'), { act_id: v.id, option_id: 2 }, token), 0)
  assertRefused(await call(app, 'POST', A('/vote/post'), { act_id: v.id, option_id: 99 }, token2), -1)
  assertRefused(await call(app, 'POST', A('/vote/post'), { act_id: v.id }, token2), -1)
  assert.equal(assertEnvelope(await call(app, 'POST', A('/vote/detail'), { voteId: v.id }, token)).voted_option_id, 1)
})

test('R7.97 R7.98 R7.99 R3.40 quiz: pushed by demo control, answered once with one of its options, result by act_id', async () => {
  const q = await dev('/quiz')
  const d = assertEnvelope(await call(app, 'POST', A('/puzzle/detail'), { roomid: 539 }))
  assert.equal(d.id, q.id)
  assert.ok(!('answer' in d), 'the answer is hidden before answering')
  const r = assertEnvelope(await call(app, 'POST', A('/puzzle/post'), { act_id: q.id, answer: 1 }, token))
  assert.ok(r.correct === 0 || r.correct === 1)
  assertRefused(await call(app, 'POST', A('/puzzle/post'), { act_id: q.id, answer: 2 }, token), 0)
  // an answer that is none of the quiz's options is refused and keeps nothing: the viewer still has their answer
  assertRefused(await call(app, 'POST', A('/puzzle/post'), { act_id: q.id, answer: 99 }, token2), -1)
  assertEnvelope(await call(app, 'POST', A('/puzzle/post'), { act_id: q.id, answer: 2 }, token2))
  const res = assertEnvelope(await call(app, 'POST', `${A('/puzzle/result')}?act_id=${q.id}`, {}, token))
  assert.equal(res.answered, 1)
  assert.equal(res.total, 2)
  assert.equal((await call(app, 'POST', `${A('/puzzle/result')}?act_id=${q.id}`, {})).status, 401)
  assertRefused(await call(app, 'POST', `${A('/puzzle/result')}?act_id=1`, {}, token), -4)
})

test('R7.90 R7.91 R7.92 R3.37 R3.38 R9.24 rain lottery: one-hour window, draws, winners, stop', async () => {
  const s = await dev('/rain/start')
  assert.equal(s.he_time - s.hs_time, 3600)
  assert.equal(s.istop, 1)
  const rain = assertEnvelope(await call(app, 'POST', A('/rain'), { roomid: 539 }))
  for (const k of ['actId', 'throttle', 'count', 'interval', 'hs_time', 'he_time', 'istop', 'immediately'])
    assert.ok(k in rain, k)
  assert.match(rain.interval, /^\d+(,\d+)*$/)
  for (let i = 0; i < rain.count; i++)
    assertEnvelope(await call(app, 'POST', A('/rain/draw'), { act_id: rain.actId }, token))
  assertRefused(await call(app, 'POST', A('/rain/draw'), { act_id: rain.actId }, token), 0)
  const winners = assertEnvelope(await call(app, 'POST', A('/rain/winner'), { lotteryId: rain.actId }))
  for (const w of winners) assert.ok(w.id && w.uid && w.uname && w.title)
  const stop = await dev('/rain/stop')
  assert.equal(stop.istop, 0)
  assertRefused(await call(app, 'POST', A('/rain/draw'), { act_id: rain.actId }, token2), 0)
  assertRefused(await call(app, 'POST', `/dev/rooms/539/rain/stop`, {}), -4)
})

test('R3.37 R7.112 rain/mine: the caller’s own draws and chances left, never those of another viewer', async () => {
  const rain = await dev('/rain/start')
  const mine = async (t?: string) => call(app, 'POST', A('/rain/mine'), { act_id: rain.id }, t)
  assert.equal((await mine()).status, 401)
  const fresh = assertEnvelope(await mine(token))
  assert.deepEqual([fresh.count, fresh.used, fresh.remain, fresh.draws], [3, 0, 3, []])
  const first = assertEnvelope(await call(app, 'POST', A('/rain/draw'), { act_id: rain.id }, token))
  const second = assertEnvelope(await call(app, 'POST', A('/rain/draw'), { act_id: rain.id }, token))
  const own = assertEnvelope(await mine(token))
  assert.deepEqual([own.act_id, own.used, own.remain], [rain.id, 2, 1])
  assert.deepEqual(
    own.draws,
    [first, second].map((d) => ({ win: d.win, title: d.title }))
  )
  // the other viewer has drawn nothing: the first viewer's draws are not theirs, whatever the lookup
  assert.deepEqual(
    [assertEnvelope(await mine(token2))].map((o) => [o.used, o.remain, o.draws]),
    [[0, 3, []]]
  )
  const byRoom = assertEnvelope(await call(app, 'POST', A('/rain/mine'), { roomid: 539 }, token2))
  assert.deepEqual([byRoom.act_id, byRoom.used, byRoom.remain], [rain.id, 0, 3])
  assertEnvelope(await call(app, 'POST', A('/rain/draw'), { act_id: rain.id }, token2))
  assert.equal(assertEnvelope(await mine(token)).used, 2)
  assert.equal(assertEnvelope(await mine(token2)).used, 1)
  await dev('/rain/stop')
})

test('R7.94 redpack/result: mine is the caller’s own amount (0 for a viewer who has not drawn, or a visitor)', async () => {
  const rp = await dev('/redpack', { total: 60, count: 3 })
  const result = async (t?: string) =>
    assertEnvelope(await call(app, 'POST', A('/redpack/result'), { act_id: rp.id }, t))
  const got = assertEnvelope(await call(app, 'POST', A('/redpack/draw'), { act_id: rp.id }, token))
  assert.equal((await result(token)).mine, got.amount)
  assert.equal((await result(token2)).mine, 0)
  assert.equal((await result()).mine, 0)
})

test('R7.89 R7.93 R7.94 red packet: detail, draw once (gold credited), result lists takers', async () => {
  const rp = await dev('/redpack', { total: 100, count: 2 })
  assert.equal(rp.remain, 2)
  const before = assertEnvelope(await call(app, 'POST', U('/userinfo'), {}, token)).gold
  const got = assertEnvelope(await call(app, 'POST', A('/redpack/draw'), { act_id: rp.id }, token))
  assert.equal(got.gold, before + got.amount)
  // idempotent per user: the repeat answers the same draw and credits nothing
  const again = assertEnvelope(await call(app, 'POST', A('/redpack/draw'), { act_id: rp.id }, token))
  assert.deepEqual([again.amount, again.gold, again.repeat], [got.amount, got.gold, 1])
  assertEnvelope(await call(app, 'POST', A('/redpack/draw'), { act_id: rp.id }, token2))
  const res = assertEnvelope(await call(app, 'POST', A('/redpack/result'), { act_id: rp.id }, token))
  assert.equal(res.list.length, 2)
  assert.equal(
    res.list.reduce((a: number, x: any) => a + x.amount, 0),
    100
  )
  assert.equal(res.mine, got.amount)
  assert.equal(assertEnvelope(await call(app, 'POST', A('/redpack/detail'), { roomid: 539 })).remain, 0)
})

test('R3.36 R7.102 text lottery: sending the title as chat enters; result lists winners', async () => {
  const l = await dev('/lottery/start', { type: 0 })
  assert.equal(l.lottery_type, 0)
  assertEnvelope(await call(app, 'POST', U('/danmaku'), { room_id: 539, content: l.title }, token))
  const r = await dev('/lottery/result')
  assert.ok(r.userlist.some((u: any) => u.uid === 10001))
  const mine = assertEnvelope(await call(app, 'POST', A('/lottery/result'), { lotteryId: l.id }, token))
  assert.equal(mine.win, 1)
  const g = await dev('/lottery/start', { type: 1 })
  assertEnvelope(await call(app, 'POST', A('/lottery/draw'), { drawId: g.id }, token2))
  assert.equal(assertEnvelope(await call(app, 'POST', A('/lottery/detail'), { roomId: 539 })).id, g.id)
})

test('R7.100 R7.101 R3.41 goods: index from 1, one on screen, take-down clears', async () => {
  const list = assertEnvelope(await call(app, 'POST', U('/living/goods'), { roomid: 539 }))
  assert.deepEqual(
    list.map((g: any) => g.index),
    list.map((_: any, i: number) => i + 1)
  )
  await dev('/goods/on', { goods_id: list[1].id })
  const on = assertEnvelope(await call(app, 'POST', U('/living/goods'), { roomid: 539 }))
  assert.deepEqual(
    on.map((g: any) => g.on_screen),
    on.map((_: any, i: number) => (i === 1 ? 1 : 0))
  )
  await dev('/goods/off')
  assert.ok(
    assertEnvelope(await call(app, 'POST', U('/living/goods'), { roomid: 539 })).every((g: any) => g.on_screen === 0)
  )
  const v = assertEnvelope(await call(app, 'POST', U('/living/goods/view'), { id: list[0].id, roomid: 539 }))
  assert.equal(v.views, list[0].views + 1)
  assertRefused(await call(app, 'POST', U('/living/goods'), {}), -1)
})

test('R6.2 activity actions need login: HTTP 401 with {code: 401, msg: 请先登录}', async () => {
  for (const p of [
    '/rain/draw',
    '/redpack/draw',
    '/vote/post',
    '/puzzle/post',
    '/puzzle/result',
    '/lottery/result',
    '/lottery/draw'
  ]) {
    const r = await call(app, 'POST', A(p), { act_id: 9001, option_id: 1 })
    assert.equal(r.status, 401, p)
    assert.deepEqual(r.body, { code: 401, msg: '请先登录', data: null })
  }
})

test('demo controls: on air / off air, chat close / open, unknown room refused', async () => {
  assert.equal((await dev('/offair')).onair, 0)
  assert.equal(assertEnvelope(await call(app, 'POST', U('/roominfo'), { roomid: 539 })).source, '')
  assert.equal((await dev('/onair')).onair, 1)
  await dev('/chat/close')
  assert.match(
    assertRefused(await call(app, 'POST', U('/danmaku'), { room_id: 539, content: '在吗' }, token), -6),
    /关闭/
  )
  await dev('/chat/open')
  assertEnvelope(await call(app, 'POST', U('/danmaku'), { room_id: 539, content: '在吗' }, token))
  assertRefused(await call(app, 'POST', '/dev/rooms/1/quiz', {}), -4)
  assertRefused(await call(app, 'POST', '/dev/rooms/abc/quiz', {}), -1)
})

test('dev endpoints are off in production', async () => {
  const prod = await (await import('./helpers')).makeApp({ sandbox: false })
  const r = await prod.inject({ method: 'GET', url: '/dev/sms-code?mobile=13800000001' })
  assert.equal(r.statusCode, 404)
  await prod.close()
})
