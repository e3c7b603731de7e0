/*
 * Money against a hostile viewer: a mall order is paid only as it exists, by its owner, for its own total, once; its
 * id cannot be guessed or taken before it exists. Each test failed on the server before the fix.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { assertEnvelope, assertRefused, call, login, loginNoMobile, U, withApp } from './helpers'

const payBody = (id: unknown) => ({ id: String(id), fromtype: 'h5' })

test('R7.86 R3.50 an order id nobody has ordered cannot be paid: -4 订单不存在, and no payment row is written', async () => {
  await withApp({}, async (app) => {
    const attacker = await loginNoMobile(app)
    for (const id of ['880004', '880001', '1', 'abc', '6001']) {
      assert.equal(
        assertRefused(await call(app, 'POST', U('/mall/order/pay'), payBody(id), attacker.token), -4),
        '订单不存在'
      )
    }
    const rows = app.ctx.store.db.prepare("SELECT COUNT(*) AS n FROM orders WHERE kind = 'mall'").get() as { n: number }
    assert.equal(rows.n, 0)
  })
})

test('R7.86 R3.41 a squatted id neither pays a later order nor blocks its buyer: the order is paid for its own total', async () => {
  await withApp({}, async (app) => {
    const attacker = await loginNoMobile(app)
    const victim = await login(app)
    // the attack of the audit: pay ids before they exist, then order (99 items), confirm the cheap payment
    const guesses = Array.from({ length: 20 }, (_, i) => 880001 + i)
    for (const id of guesses) await call(app, 'POST', U('/mall/order/pay'), payBody(id), attacker.token)
    const big = assertEnvelope(
      await call(app, 'POST', U('/mall/order/create'), { goods_id: 6001, quantity: 99 }, attacker.token)
    )
    assert.equal(big.status, 'pending')
    const pay = assertEnvelope(await call(app, 'POST', U('/mall/order/pay'), payBody(big.id), attacker.token))
    assert.equal(pay.price, big.amount, 'the payment asks for the order total')
    assert.equal(pay.mall_order_id, String(big.id))
    // the victim's order is theirs to see and pay, whatever ids were tried before
    const mine = assertEnvelope(
      await call(app, 'POST', U('/mall/order/create'), { goods_id: 6001, quantity: 1 }, victim.token)
    )
    assert.equal(
      assertEnvelope(await call(app, 'POST', U('/mall/order/detail'), { id: mine.id }, victim.token)).status,
      'pending'
    )
    const vpay = assertEnvelope(await call(app, 'POST', U('/mall/order/pay'), payBody(mine.id), victim.token))
    assert.equal(vpay.price, mine.amount)
    // one payment row per order, written when the order is made
    const rows = app.ctx.store.db
      .prepare("SELECT target, amount, user_id FROM orders WHERE kind = 'mall' ORDER BY target")
      .all() as Array<{ target: string; amount: number; user_id: number }>
    assert.deepEqual(rows.map((r) => r.target).sort(), [String(big.id), String(mine.id)].sort())
    assert.equal(rows.find((r) => r.target === String(big.id))!.amount, Math.round(big.amount * 100))
  })
})

test('R7.86 mall order ids are not guessable: not sequential, not the next of another viewer’s', async () => {
  await withApp({}, async (app) => {
    const a = await login(app)
    const ids: number[] = []
    for (let i = 0; i < 6; i++)
      ids.push(assertEnvelope(await call(app, 'POST', U('/mall/order/create'), { goods_id: 6001 }, a.token)).id)
    assert.equal(new Set(ids).size, ids.length)
    for (const id of ids) assert.ok(Number.isSafeInteger(id) && id > 0, `numeric id ${id}`)
    const steps = ids.slice(1).map((id, i) => id - ids[i])
    assert.ok(
      steps.every((s) => Math.abs(s) > 1000),
      `ids are spread apart: ${ids.join(', ')}`
    )
  })
})

test('R7.86 a mall order is paid once: the second pay call after confirmation is refused, status paid from its own row', async () => {
  await withApp({}, async (app) => {
    const a = await login(app)
    const o = assertEnvelope(await call(app, 'POST', U('/mall/order/create'), { goods_id: 6001, quantity: 2 }, a.token))
    const pay = assertEnvelope(await call(app, 'POST', U('/mall/order/pay'), payBody(o.id), a.token))
    const again = assertEnvelope(await call(app, 'POST', U('/mall/order/pay'), payBody(o.id), a.token))
    assert.equal(again.order_id, pay.order_id)
    assertEnvelope(await call(app, 'POST', '/sandbox/pay/confirm', { order_id: pay.order_id }, a.token))
    assert.equal(assertEnvelope(await call(app, 'POST', U('/mall/order/detail'), { id: o.id }, a.token)).status, 'paid')
    assert.equal(
      assertRefused(await call(app, 'POST', U('/mall/order/pay'), payBody(o.id), a.token), 0),
      '订单已支付，请勿重复支付'
    )
  })
})
