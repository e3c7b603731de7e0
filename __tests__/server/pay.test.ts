import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { LiveServer } from '../../server/app'
import { SEED_IDS } from '../../server/db/seed-ids'
import { assertEnvelope, assertPaged, assertRefused, call, login, loginNoMobile, makeApp, U } from './helpers'

let app: LiveServer
let token: string
before(async () => {
  app = await makeApp()
  token = (await login(app)).token
})
after(() => app.close())

const gold = async (t = token) => assertEnvelope(await call(app, 'POST', U('/userinfo'), {}, t)).gold as number

test('R7.67 R1.4 the gold price list', async () => {
  const d = assertEnvelope(await call(app, 'POST', U('/pay_gold_list'), {}))
  assert.ok(d.length >= 4 && d.every((p: any) => p.gold > 0 && p.price > 0))
})

test('R7.84 R3.43–R3.49 pay_gold answers an order and a payment payload per method', async () => {
  const mini = assertEnvelope(await call(app, 'POST', U('/pay_gold'), { m: 'weixin_mini', gold: 60 }, token))
  assert.ok(mini.order_id)
  assert.equal(mini.fromtype, 'xcx')
  for (const k of ['timeStamp', 'nonceStr', 'package', 'signType', 'paySign']) assert.ok(mini.payment[k], k)
  const mp = assertEnvelope(await call(app, 'POST', U('/pay_gold'), { m: 'weixin_mp', gold: 60 }, token))
  assert.equal(mp.fromtype, 'h5')
  assert.ok(mp.payment.appId && mp.payment.paySign)
  const h5 = assertEnvelope(await call(app, 'POST', U('/pay_gold'), { m: 'weixin_h5', gold: 300 }, token))
  assert.equal(h5.fromtype, 'h5')
  assert.match(h5.payment.mweb_url, /^http:\/\/localhost(:\d+)?\/sandbox\/pay\?order_id=/)
  const ali = assertEnvelope(await call(app, 'POST', U('/pay_gold'), { m: 'alipay_web', gold: 60 }, token))
  assert.ok(ali.payment.url && ali.payment.form.includes('<form'))
  assertRefused(await call(app, 'POST', U('/pay_gold'), { m: 'paypal', gold: 60 }, token), -1)
  assertRefused(await call(app, 'POST', U('/pay_gold'), { m: 'weixin_mini', gold: 0 }, token), -1)
  assert.equal((await call(app, 'POST', U('/pay_gold'), { m: 'weixin_mini', gold: 60 })).status, 401)
})

test('R1.4 R7.84 a repeated sandbox payment confirmation credits the gold exactly once', async () => {
  const before = await gold()
  const order = assertEnvelope(await call(app, 'POST', U('/pay_gold'), { m: 'weixin_h5', gold: 300 }, token))
  const first = assertEnvelope(await call(app, 'POST', '/sandbox/pay/confirm', { order_id: order.order_id }, token))
  assert.equal(first.credited, 1)
  assert.equal(await gold(), before + 300)
  await Promise.all(
    Array.from({ length: 5 }, () => call(app, 'POST', '/sandbox/pay/confirm', { order_id: order.order_id }, token))
  )
  // the payment page's form posts back (a form body with redirect): sent back to the app
  const page = await app.inject({
    method: 'POST',
    url: '/sandbox/pay/confirm',
    payload: `order_id=${order.order_id}&redirect=/m2/`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' }
  })
  assert.equal(page.statusCode, 303)
  assert.equal(page.headers.location, '/m2/')
  const again = assertEnvelope(await call(app, 'POST', `/dev/orders/${order.order_id}/confirm`, {}))
  assert.equal(again.credited, 0)
  assert.equal(await gold(), before + 300)
  assertRefused(await call(app, 'POST', '/sandbox/pay/confirm', { order_id: 'nope' }, token), -4)
  const html = await app.inject({
    method: 'GET',
    url: `/sandbox/pay?order_id=${order.order_id}`,
    headers: { authorization: `Bearer ${token}` }
  })
  assert.match(html.headers['content-type'] as string, /text\/html/)
  assert.match(html.body, /已支付/)
})

test('R7.85 R3.28 deposit log pages the orders with status', async () => {
  const d = assertEnvelope(await call(app, 'POST', U('/deposit/log'), { page: 1, count: 10 }, token))
  const list = assertPaged(d)
  assert.ok(list.length >= 1 && list.some((o) => o.status === 'paid') && list.some((o) => o.status === 'pending'))
  assert.equal((await call(app, 'POST', U('/deposit/log'), {})).status, 401)
})

test('R7.86 R3.50 mall order pay returns a payment payload for the fromtype; paid orders are refused', async () => {
  const order = async () =>
    String(assertEnvelope(await call(app, 'POST', U('/mall/order/create'), { goods_id: 6001 }, token)).id)
  const [first, second] = [await order(), await order()]
  // the mall's user: _sj_userid with _sj_token = that user's access token (no Authorization header)
  const d = assertEnvelope(
    await call(app, 'POST', U('/mall/order/pay'), {
      id: first,
      fromtype: 'xcx',
      _sj_userid: '10001',
      _sj_token: token,
      openid: 'o_fixed'
    })
  )
  assert.ok(d.payment.paySign && d.order_id)
  const h5 = assertEnvelope(await call(app, 'POST', U('/mall/order/pay'), { id: second, fromtype: 'h5' }, token))
  assert.ok(h5.payment.mweb_url)
  assertEnvelope(await call(app, 'POST', '/sandbox/pay/confirm', { order_id: d.order_id }, token))
  assertRefused(await call(app, 'POST', U('/mall/order/pay'), { id: first, fromtype: 'xcx' }, token), 0)
  assertRefused(await call(app, 'POST', U('/mall/order/pay'), {}, token), -1)
  assertRefused(await call(app, 'POST', U('/mall/order/pay'), { id: 'M1', fromtype: 'pos' }, token), -1)
})

test('R7.87 ispremium: paid room with trial; anonymous not purchased; free room purchased', async () => {
  const d = assertEnvelope(await call(app, 'POST', U('/ispremium'), { id: 303 }))
  assert.deepEqual([d.is_premium, d.purchased, d.price, d.trial_seconds], [1, 0, 30, 60])
  const free = assertEnvelope(await call(app, 'POST', U('/ispremium'), { id: 496 }))
  assert.deepEqual([free.is_premium, free.purchased], [0, 1])
  assertRefused(await call(app, 'POST', U('/ispremium'), {}), -1)
  assertRefused(await call(app, 'POST', U('/ispremium'), { id: 4 }), -4)
})

test('R7.88 R1.6 premium_pay charges once (购买成功); too little gold is refused', async () => {
  assert.equal((await call(app, 'POST', U('/premium_pay'), { id: 303 })).status, 401)
  const before = await gold()
  const r = await call(app, 'POST', U('/premium_pay'), { id: 303 }, token)
  assert.equal(r.body.msg, '购买成功')
  assert.equal(assertEnvelope(r).charged, 30)
  assert.equal(assertEnvelope(await call(app, 'POST', U('/premium_pay'), { id: 303 }, token)).charged, 0)
  assert.equal(await gold(), before - 30)
  assert.equal(assertEnvelope(await call(app, 'POST', U('/ispremium'), { id: 303 }, token)).purchased, 1)
  const pb = assertEnvelope(await call(app, 'POST', U('/premium_pay'), { id: 303, review_id: 5004 }, token))
  assert.equal(pb.charged, 20)
  const poor = await loginNoMobile(app)
  assertEnvelope(await call(app, 'POST', U('/send_gifts'), { roomid: 496, giftid: 6, combo: 1 }, poor.token))
  assert.match(assertRefused(await call(app, 'POST', U('/premium_pay'), { id: 308 }, poor.token), -7), /余额不足/)
  assertRefused(await call(app, 'POST', U('/premium_pay'), { id: 496 }, token), 0)
})

test('R4.12 a paid room’s info tells the viewer’s trial as the server counts it (trial_left); bought or free, nothing', async () => {
  const viewer = await loginNoMobile(app)
  const info = async () => assertEnvelope(await call(app, 'POST', U('/roominfo'), { roomid: 308 }, viewer.token))
  const first = await info()
  assert.ok(first.trial_left > 0 && first.trial_left <= first.trial_seconds, `trial_left ${first.trial_left}`)
  await new Promise((r) => setTimeout(r, 1100)) // a second later, the same trial: less left, never a new one
  assert.ok((await info()).trial_left < first.trial_left)
  assert.equal('trial_left' in (await info()), true)
  // the free room and the bought one tell none
  assert.equal('trial_left' in assertEnvelope(await call(app, 'POST', U('/roominfo'), { roomid: 496 }, token)), false)
  assertEnvelope(await call(app, 'POST', U('/premium_pay'), { id: 303 }, token))
  assert.equal('trial_left' in assertEnvelope(await call(app, 'POST', U('/roominfo'), { roomid: 303 }, token)), false)
})

test('R4.12 a paid playback’s detail tells the viewer’s trial as the server counts it (trial_left); bought or free, nothing', async () => {
  const viewer = await loginNoMobile(app)
  const paid = SEED_IDS.playbacks.premium
  const detail = async (id: number, t = viewer.token) =>
    assertEnvelope(await call(app, 'POST', U('/playback/detail'), { id }, t))
  const first = await detail(paid)
  assert.ok(first.trial_left > 0 && first.trial_left <= first.trial_seconds, `trial_left ${first.trial_left}`)
  await new Promise((r) => setTimeout(r, 1100)) // a second later, the same trial: less left, never a new one
  assert.ok((await detail(paid)).trial_left < first.trial_left)
  // a free playback tells none, nor one the viewer bought
  assert.equal('trial_left' in (await detail(5005)), false)
  assertEnvelope(await call(app, 'POST', U('/premium_pay'), { review_id: paid }, token))
  assert.equal('trial_left' in (await detail(paid, token)), false)
})
