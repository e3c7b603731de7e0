/*
 * Odd input that used to break the server or bloat what it keeps: a non-ASCII redirect (HTTP 500 ERR_INVALID_CHAR)
 * and an unbounded partner user id (a 500 KB name on every chat message of that user). Each test failed on the
 * server before the fix.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { assertEnvelope, call, login, U, withApp } from './helpers'

const cookieOf = (setCookie: unknown) =>
  (Array.isArray(setCookie) ? setCookie : [String(setCookie)]).map((c: string) => c.split(';')[0]).join('; ')

test('R7.84 a sandbox payment form with a non-ASCII redirect is sent back with a percent-encoded Location, not an HTTP 500', async () => {
  await withApp({}, async (app) => {
    const owner = await login(app)
    const cookie = cookieOf(owner.cookies)
    const cases: Array<[string, string]> = [
      [
        '/m2/packageB/pages/deposit/deposit?from=充值#完成',
        '/m2/packageB/pages/deposit/deposit?from=%E5%85%85%E5%80%BC#%E5%AE%8C%E6%88%90'
      ],
      ['http://localhost:80/m2/é', '/m2/%C3%A9'],
      ['/m2/\u2028x', '/m2/'], // a line separator is whitespace: not this site's path, the fallback
      ['//evil.example/中', '/m2/']
    ]
    for (const [redirect, location] of cases) {
      const order = assertEnvelope(await call(app, 'POST', U('/pay_gold'), { m: 'weixin_h5', gold: 100 }, owner.token))
      const res = await app.inject({
        method: 'POST',
        url: '/sandbox/pay/confirm',
        payload: new URLSearchParams({ order_id: order.order_id, redirect }).toString(),
        headers: { cookie, origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' }
      })
      assert.equal(res.statusCode, 303, `${redirect}: HTTP ${res.statusCode} ${res.body.slice(0, 120)}`)
      assert.equal(res.headers.location, location, redirect)
    }
  })
})
