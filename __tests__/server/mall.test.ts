// Mall orders made from goods (spec, R3.41, R3.50, R3.51, R7.86): a viewer orders a goods
// item, only the owner sees and pays it, the pay call carries fromtype / _sj_userid / _sj_token / openid, a paid
// order is refused, and the sandbox confirmation marks it paid once.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { LiveServer } from '../../server/app'
import { assertEnvelope, assertRefused, call, login, loginNoMobile, makeApp, U } from './helpers'

let app: LiveServer
let token: string
let userId: number
let other: string
before(async () => {
  app = await makeApp()
  const l = await login(app)
  token = l.token
  userId = l.user.id
  other = (await loginNoMobile(app)).token
})
after(() => app.close())

test('R3.41 a goods item of a live room becomes the viewer’s mall order: goods, price, quantity and total', async () => {
  const goods = assertEnvelope(await call(app, 'POST', U('/living/goods'), { roomid: 306 }))
  const g = goods[1]
  assert.match(g.url, /\/m2\/pages\/mall\/payment\?goods_id=\d+$/)
  const o = assertEnvelope(await call(app, 'POST', U('/mall/order/create'), { goods_id: g.id, quantity: 2 }, token))
  assert.equal(o.goods.title, g.title)
  assert.equal(o.price, g.price)
  assert.equal(o.quantity, 2)
  assert.equal(o.amount, g.price * 2)
  assert.equal(o.status, 'pending')
  const d = assertEnvelope(await call(app, 'POST', U('/mall/order/detail'), { id: o.id }, token))
  assert.deepEqual(d, o)
  // someone else's order does not exist for them; anonymous callers must log in; bad input is refused
  assertRefused(await call(app, 'POST', U('/mall/order/detail'), { id: o.id }, other), -4)
  assert.equal((await call(app, 'POST', U('/mall/order/create'), { goods_id: g.id })).status, 401)
  assertRefused(await call(app, 'POST', U('/mall/order/create'), { goods_id: 999999 }, token), -4)
  assertRefused(await call(app, 'POST', U('/mall/order/create'), { goods_id: g.id, quantity: 100 }, token), -1)
})

test('R7.86 R3.50 R3.51 only the owner pays a goods order (its total), once; another user’s token is refused', async () => {
  const o = assertEnvelope(await call(app, 'POST', U('/mall/order/create'), { goods_id: 6001, quantity: 3 }, token))
  const body = { id: String(o.id), fromtype: 'h5', _sj_userid: String(userId), _sj_token: token, openid: 'o_cfg' }
  // another user's token, as the mall's token or as the caller's login, cannot pay it
  assert.equal((await call(app, 'POST', U('/mall/order/pay'), { ...body, _sj_token: other })).status, 401)
  assertRefused(
    await call(app, 'POST', U('/mall/order/pay'), { ...body, _sj_userid: '10002', _sj_token: '' }, other),
    -4
  )
  const pay = assertEnvelope(await call(app, 'POST', U('/mall/order/pay'), body))
  assert.equal(pay.mall_order_id, String(o.id))
  assert.equal(pay.price, o.amount)
  assert.match(pay.payment.mweb_url, /\/sandbox\/pay\?order_id=/)
  // paying twice before confirming asks for the same payment order
  const again = assertEnvelope(await call(app, 'POST', U('/mall/order/pay'), body))
  assert.equal(again.order_id, pay.order_id)
  const confirmed = assertEnvelope(await call(app, 'POST', '/sandbox/pay/confirm', { order_id: pay.order_id }, token))
  assert.equal(confirmed.credited, 1)
  assert.equal(
    assertEnvelope(await call(app, 'POST', '/sandbox/pay/confirm', { order_id: pay.order_id }, token)).credited,
    0
  )
  assert.equal(assertEnvelope(await call(app, 'POST', U('/mall/order/detail'), { id: o.id }, token)).status, 'paid')
  const msg = assertRefused(await call(app, 'POST', U('/mall/order/pay'), body), 0)
  assert.match(msg, /已支付/)
})
