/*
 * Money under concurrency: the server listens on 127.0.0.1 and the test fires real HTTP requests at
 * once. Confirmations, gifts and unlocks, concurrent and repeated, leave every balance exact: no double credit, no
 * double charge, never below zero.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { login, loginNoMobile, listeningApp, U } from './helpers'

const reference = listeningApp()

type Env = { code: number; msg: string; data: any }
async function post(path: string, body: Record<string, unknown>, token?: string): Promise<Env> {
  const res = await fetch(reference.origin + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body)
  })
  assert.notEqual(res.status, 500)
  return (await res.json()) as Env
}
const gold = async (token: string) => (await post(U('/userinfo'), {}, token)).data.gold as number
const dbGold = (id: number) =>
  (reference.app.ctx.store.db.prepare('SELECT gold FROM users WHERE id = ?').get(id) as { gold: number }).gold
const setGold = (id: number, g: number) =>
  reference.app.ctx.store.db.prepare('UPDATE users SET gold = ? WHERE id = ?').run(g, id)

test('R1.4 R7.84 concurrent and repeated confirmations credit every order exactly once', async () => {
  const { token, user } = await login(reference.app)
  const before = await gold(token)
  const orders = await Promise.all(
    [60, 120, 300, 600, 1200].map((g) => post(U('/pay_gold'), { m: 'weixin_h5', gold: g }, token))
  )
  const confirms = orders.flatMap((o) =>
    Array.from({ length: 8 }, (_, i) =>
      i % 2
        ? post('/sandbox/pay/confirm', { order_id: o.data.order_id }, token)
        : fetch(`${reference.origin}/dev/orders/${o.data.order_id}/confirm`, { method: 'POST' }).then(
            (r) => r.json() as Promise<Env>
          )
    )
  )
  const answers = await Promise.all(confirms)
  assert.ok(
    answers.every((a) => a.code === 1),
    JSON.stringify(answers.find((a) => a.code !== 1))
  )
  assert.equal(answers.filter((a) => a.data.credited === 1).length, orders.length, 'one credit per order')
  const total = orders.reduce((n, o) => n + o.data.gold, 0)
  assert.equal(await gold(token), before + total)
  assert.equal(dbGold(user.id), before + total)
  // and once more after all that: nothing
  const again = await Promise.all(orders.map((o) => post('/sandbox/pay/confirm', { order_id: o.data.order_id }, token)))
  assert.ok(again.every((a) => a.data.credited === 0))
  assert.equal(dbGold(user.id), before + total)
})

test('R3.16 R7.77 concurrent gifts past the balance: each charged once, the rest refused 余额不足, never below zero', async () => {
  const { token, user } = await loginNoMobile(reference.app)
  setGold(user.id, 95)
  // 40 小笼包 (10 慧币) at once from a balance of 95: exactly 9 go through
  const answers = await Promise.all(
    Array.from({ length: 40 }, () => post(U('/send_gifts'), { roomid: 496, giftid: 3, combo: 1 }, token))
  )
  const ok = answers.filter((a) => a.code === 1)
  assert.equal(ok.length, 9)
  assert.ok(answers.filter((a) => a.code !== 1).every((a) => a.code === -7 && /余额不足/.test(a.msg)))
  assert.equal(dbGold(user.id), 5)
  const logged = reference.app.ctx.store.db
    .prepare('SELECT COALESCE(SUM(gold), 0) AS s, COUNT(*) AS n FROM gift_log WHERE user_id = ?')
    .get(user.id) as { s: number; n: number }
  assert.deepEqual([logged.s, logged.n], [90, 9])
  // the balances the answers report only go down, by 10 each, and end at 5
  assert.deepEqual(
    ok.map((a) => a.data.gold).sort((a, b) => b - a),
    [85, 75, 65, 55, 45, 35, 25, 15, 5]
  )
})

test('R7.88 R1.6 concurrent unlocks charge once; unlocks past the balance never overdraw', async () => {
  const { token, user } = await login(reference.app)
  setGold(user.id, 100)
  // room 308 costs 50: twenty taps at once charge it once
  const same = await Promise.all(Array.from({ length: 20 }, () => post(U('/premium_pay'), { id: 308 }, token)))
  assert.ok(same.every((a) => a.code === 1))
  assert.equal(
    same.reduce((n, a) => n + a.data.charged, 0),
    50
  )
  assert.equal(dbGold(user.id), 50)
  assert.equal(
    (
      reference.app.ctx.store.db
        .prepare("SELECT COUNT(*) AS n FROM purchases WHERE user_id = ? AND kind = 'room' AND target_id = 308")
        .get(user.id) as { n: number }
    ).n,
    1
  )
  // 50 left: room 303 (30) and playback 5009 (30) at once, five taps each: only one of them can be bought
  const both = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      post(U('/premium_pay'), i % 2 ? { id: 303 } : { id: 303, review_id: 5009 }, token)
    )
  )
  const charged = both.reduce((n, a) => n + (a.code === 1 ? a.data.charged : 0), 0)
  assert.equal(charged, 30)
  assert.ok(both.filter((a) => a.code !== 1).every((a) => a.code === -7))
  assert.equal(dbGold(user.id), 20)
})

test('R1.4 R3.16 R7.88 a mixed storm: deposits, gifts and unlocks from two users at once add up exactly', async () => {
  const a = await login(reference.app)
  const b = await loginNoMobile(reference.app)
  setGold(a.user.id, 0)
  setGold(b.user.id, 0)
  const orders = await Promise.all(
    Array.from({ length: 6 }, () => post(U('/pay_gold'), { m: 'weixin_mini', gold: 60 }, a.token))
  )
  const storm = await Promise.all([
    ...orders.flatMap((o) => [
      post('/sandbox/pay/confirm', { order_id: o.data.order_id }, a.token),
      post('/sandbox/pay/confirm', { order_id: o.data.order_id }, a.token)
    ]),
    // b cannot confirm a's orders
    ...orders.map((o) => post('/sandbox/pay/confirm', { order_id: o.data.order_id }, b.token)),
    ...Array.from({ length: 30 }, () => post(U('/send_gifts'), { roomid: 539, giftid: 2, combo: 1 }, a.token)),
    ...Array.from({ length: 10 }, () => post(U('/premium_pay'), { review_id: 5004 }, a.token))
  ])
  assert.equal(storm.filter((r) => r.code === -4).length, orders.length)
  const db = reference.app.ctx.store.db
  const credited = (
    db
      .prepare(
        "SELECT COALESCE(SUM(gold), 0) AS s FROM orders WHERE user_id = ? AND status = 'paid' AND kind = 'gold' AND id IN (" +
          orders.map(() => '?').join(',') +
          ')'
      )
      .get(a.user.id, ...orders.map((o) => o.data.order_id)) as { s: number }
  ).s
  assert.equal(credited, 360)
  const spentGifts = (
    db
      .prepare('SELECT COALESCE(SUM(gold), 0) AS s FROM gift_log WHERE user_id = ? AND room_id = 539')
      .get(a.user.id) as { s: number }
  ).s
  const spentUnlock = (
    db
      .prepare(
        "SELECT COALESCE(SUM(gold), 0) AS s FROM purchases WHERE user_id = ? AND kind = 'playback' AND target_id = 5004"
      )
      .get(a.user.id) as { s: number }
  ).s
  assert.ok(spentUnlock === 0 || spentUnlock === 20)
  assert.equal(dbGold(a.user.id), credited - spentGifts - spentUnlock)
  assert.ok(dbGold(a.user.id) >= 0)
  assert.equal(dbGold(b.user.id), 0)
})
