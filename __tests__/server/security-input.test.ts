/*
 * Odd input that used to break the server or bloat what it keeps: a non-ASCII redirect (HTTP 500 ERR_INVALID_CHAR)
 * and an unbounded partner user id (a 500 KB name on every chat message of that user). Each test failed on the
 * server before the fix.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { assertEnvelope, assertRefused, call, countingParses, login, U, withApp } from './helpers'

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

test('R7.57 R7.59 a partner login with a 500 KB userid is refused (-1, a Chinese message) at both entrances, and stores nothing', async () => {
  await withApp({}, async (app) => {
    const users = () => (app.ctx.store.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n
    const before = users()
    const huge = '9'.repeat(500 * 1024)
    for (const path of ['/login', '/wxbb_login']) {
      for (const userid of [huge, '9'.repeat(65), 'a b', '合作', '']) {
        const r = await call(app, 'POST', U(path), { userid, usertokenkey: `dev-${userid}`, devicetoken: 'd1' })
        if (userid === '' && path === '/login') continue // an empty userid is no partner login at all
        // 500 KB is past any JSON body a call takes (64 KB): refused before it is read
        const why = userid === huge ? /请求体过大/ : /用户ID/
        assert.match(assertRefused(r, -1), why, `${path} ${userid.slice(0, 20)}`)
      }
    }
    assert.equal(users(), before, 'no account was made')
    // the bounds a host app's ids live in still log in
    const r = await call(app, 'POST', U('/wxbb_login'), {
      userid: 'x'.repeat(64),
      usertokenkey: `dev-${'x'.repeat(64)}`,
      devicetoken: 'd'.repeat(256)
    })
    assertEnvelope(r)
    assertRefused(
      await call(app, 'POST', U('/login'), { userid: '9001', usertokenkey: 'dev-9001', devicetoken: 'd'.repeat(257) }),
      -1
    )
  })
})

test('R7.57 R7.59 a partner account’s name stays within 32 characters, so every chat message of it does too', async () => {
  await withApp({}, async (app) => {
    const id = 'p'.repeat(64)
    const data = assertEnvelope(
      await call(app, 'POST', U('/login'), { userid: id, usertokenkey: `dev-${id}`, devicetoken: 'd1' })
    )
    assert.ok(data.user.name.length <= 32, data.user.name)
    assert.match(data.user.name, /^合作用户p+$/)
    const sent = assertEnvelope(
      await call(app, 'POST', U('/danmaku'), { room_id: 307, content: '你好' }, data.access_token)
    )
    assert.equal(sent.nickname, data.user.name)
    const names = app.ctx.store.db.prepare('SELECT name FROM users').all() as Array<{ name: string }>
    assert.ok(
      names.every((u) => u.name.length <= 32),
      'every stored name'
    )
  })
})

test('R7.1 a JSON body nested deeper than 32 levels is refused before JSON.parse reads it, and one over 64 KB before it is read at all', async () => {
  await withApp({}, async (app) => {
    const config = (payload: string) =>
      app.inject({ method: 'POST', url: U('/config'), headers: { 'content-type': 'application/json' }, payload })
    await countingParses('{"version":"1.0.0","a":', async (parsed) => {
      // 30,000 arrays inside each other (60 KB), as an attacker sends them; brackets inside strings do not count
      const deep = await config(`{"version":"1.0.0","a":${'['.repeat(30000)}${']'.repeat(30000)}}`)
      assert.equal(deep.statusCode, 200)
      assert.deepEqual(deep.json(), { code: -1, msg: '参数错误：请求体必须是 JSON 对象或表单', data: null })
      assert.equal(parsed(), 0, 'the deep body was parsed')
      const shallow = await config(`{"version":"1.0.0","a":[[["${'['.repeat(100)}"]]],"b":{"c":{"d":"}}}}}"}}}`)
      assert.equal(shallow.json().code, 1)
      assert.equal(parsed(), 1)
    })
    const big = await config(JSON.stringify({ version: '1.0.0', a: 'x'.repeat(70 * 1024) }))
    assert.deepEqual(big.json(), { code: -1, msg: '文件或请求体过大', data: null })
  })
})

test('R4.20 R7.84 a page number past any list is refused (-1, 页码), never an HTTP 500', async () => {
  await withApp({}, async (app) => {
    const { token } = await login(app)
    for (const page of [1e300, 10001, 2 ** 53]) {
      const r = await call(app, 'POST', U('/consume/log'), { page }, token)
      assert.equal(r.status, 200, `${page}: HTTP ${r.status}`)
      assert.match(assertRefused(r, -1), /页码/, String(page))
    }
    assertEnvelope(await call(app, 'POST', U('/consume/log'), { page: 10000 }, token))
  })
})

test('R7.1 a form body of more than 64 fields, or over 64 KB, is refused before it is read into a payload', async () => {
  await withApp({}, async (app) => {
    const config = (payload: string) =>
      app.inject({
        method: 'POST',
        url: U('/config'),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload
      })
    const fields = (n: number) => Array.from({ length: n }, (_, i) => `k${i}=`).join('&')
    assert.equal((await config(`version=1.0.0&${fields(63)}`)).json().code, 1)
    assert.deepEqual((await config(`version=1.0.0&${fields(64)}`)).json(), {
      code: -1,
      msg: '参数错误：请求体必须是 JSON 对象或表单',
      data: null
    })
    assert.deepEqual((await config(`version=1.0.0&a=${'x'.repeat(70 * 1024)}`)).json(), {
      code: -1,
      msg: '文件或请求体过大',
      data: null
    })
  })
})
