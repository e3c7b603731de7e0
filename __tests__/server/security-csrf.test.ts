/*
 * Login CSRF: no other site may log a browser in or out, or set its login cookies, whatever the payload carries (a
 * token in the payload is the attacker's to write); only an Authorization header exempts a call. The sandbox OAuth
 * logs in only at the end of a round trip this browser started (a state bound to it by a cookie). Each test failed on
 * the server before the fix.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { LiveServer } from '../../server/app'
import { assertEnvelope, call, login, loginNoMobile, oauthRoundTrip, U, withApp } from './helpers'

const CROSS = { code: 403, msg: '跨站请求已拒绝：请在本站页面内操作', data: null }
const FORM = 'application/x-www-form-urlencoded'

type Inject = Awaited<ReturnType<LiveServer['inject']>>

/** The spellings of "another site" a browser can send: another origin, an opaque one, a sibling host, no Origin. */
const OTHER_SITES: Array<Record<string, string>> = [
  { origin: 'http://evil.example' },
  { origin: 'null' },
  { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
  { origin: 'http://sibling.localhost', 'sec-fetch-site': 'same-site' },
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'same-site' }
]

function assertCrossRefused(res: Inject, what: string): void {
  assert.equal(res.statusCode, 403, `${what}: ${res.body.slice(0, 200)}`)
  assert.deepEqual(res.json(), CROSS, what)
  assert.equal(res.headers['set-cookie'], undefined, `${what}: no cookie set`)
}

const userinfo = (app: LiveServer, token: string) => call(app, 'POST', U('/userinfo'), {}, token)

test('R7.53 R7.56 R2.26 another site cannot log the browser in with a token in the payload (form, JSON or query; token or access_token)', async () => {
  await withApp({}, async (app) => {
    const attacker = await login(app)
    const t = attacker.token
    const bodies: Array<[string, string, string]> = [
      ['form access_token', FORM, `access_token=${t}&tokentype=wechat`],
      ['form token', FORM, `token=${t}&tokentype=wechat`],
      ['form both', FORM, `access_token=${t}&token=${t}&tokentype=app`],
      ['JSON access_token', 'application/json', JSON.stringify({ access_token: t, tokentype: 'wechat', token: t })]
    ]
    for (const headers of OTHER_SITES) {
      for (const [name, type, payload] of bodies) {
        const res = await app.inject({
          method: 'POST',
          url: U('/login'),
          payload,
          headers: { 'content-type': type, ...headers }
        })
        assertCrossRefused(res, `${name} ${JSON.stringify(headers)}`)
      }
      const inQuery = await app.inject({
        method: 'POST',
        url: `${U('/login')}?access_token=${t}&tokentype=wechat&token=${t}`,
        headers
      })
      assertCrossRefused(inQuery, `query ${JSON.stringify(headers)}`)
      // the product / partner login of R7.59
      const partner = await app.inject({
        method: 'POST',
        url: `${U('/huizhibo_login')}?access_token=${t}`,
        payload: 'userid=9001&usertokenkey=dev-9001',
        headers: { 'content-type': FORM, ...headers }
      })
      assertCrossRefused(partner, `product login ${JSON.stringify(headers)}`)
    }
    // the mini-program (no Origin, no Sec-Fetch-Site) and this site's page still log in with a token
    for (const headers of [
      { referer: 'https://servicewechat.com/wx123/1/page-frame.html' },
      { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' }
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: U('/login'),
        payload: `tokentype=wechat&token=${t}`,
        headers: { 'content-type': FORM, ...headers }
      })
      assert.equal(res.json().code, 1, JSON.stringify(headers))
      assert.ok(res.headers['set-cookie'], 'the login cookies are set')
    }
  })
})

test('R7.60 R7.56 another site cannot make the main host’s login check (a=login) set cookies, GET or POST, with a token in the query', async () => {
  await withApp({}, async (app) => {
    const attacker = await login(app)
    const t = attacker.token
    for (const headers of OTHER_SITES) {
      for (const method of ['GET', 'POST'] as const) {
        for (const param of ['access_token', 'token']) {
          const res = await app.inject({ method, url: `/live/api.php?a=login&${param}=${t}`, headers })
          assertCrossRefused(res, `${method} ${param} ${JSON.stringify(headers)}`)
        }
      }
      const form = await app.inject({
        method: 'POST',
        url: '/live/api.php?a=login',
        payload: `access_token=${t}`,
        headers: { 'content-type': FORM, ...headers }
      })
      assertCrossRefused(form, `form ${JSON.stringify(headers)}`)
      // with the victim's cookies too: the check would refresh them
      const res = await app.inject({
        method: 'GET',
        url: '/live/api.php?a=login',
        headers: { ...headers, cookie: attacker.cookies.map((c) => c.split(';')[0]).join('; ') }
      })
      assertCrossRefused(res, `cookies ${JSON.stringify(headers)}`)
    }
    // this site, the mini-program and a bearer token in the Authorization header (which no other site can make a
    // browser send) still get the login
    for (const headers of [
      { 'sec-fetch-site': 'same-origin' },
      {},
      { authorization: `Bearer ${t}`, origin: 'http://partner.example' }
    ]) {
      const res = await app.inject({ method: 'GET', url: `/live/api.php?a=login&access_token=${t}`, headers })
      assert.equal(res.json().code, 1, JSON.stringify(headers))
    }
  })
})

test('R7.52 another site cannot log the browser out, whatever the payload carries', async () => {
  await withApp({}, async (app) => {
    const victim = await login(app)
    const cookie = victim.cookies.map((c) => c.split(';')[0]).join('; ')
    const attacker = await loginNoMobile(app)
    for (const headers of OTHER_SITES) {
      for (const [url, payload] of [
        [U('/logout'), `access_token=${attacker.token}`],
        [`${U('/logout')}?access_token=${attacker.token}`, ''],
        [U('/logout'), '']
      ]) {
        const res = await app.inject({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': FORM, cookie, ...headers }
        })
        assertCrossRefused(res, `${url} ${payload} ${JSON.stringify(headers)}`)
      }
    }
    assertEnvelope(await userinfo(app, victim.token))
    assertEnvelope(await userinfo(app, attacker.token))
    assertEnvelope(await call(app, 'POST', U('/userinfo'), {}, undefined, { cookie }))
  })
})

// ---- the sandbox OAuth

const loggedIn = (res: Inject) =>
  /[?&]token=/.test(String(res.headers.location ?? '')) ||
  [res.headers['set-cookie'] ?? []].flat().some((c) => /^(id|sign)=[^;]/.test(String(c)))

test('R7.58 R1.10 a link from another site to /wechat/oauth_user logs nobody in: the start needs this site, the callback its browser’s state', async () => {
  await withApp({}, async (app) => {
    // another site's link (top-level navigation: no Origin, Sec-Fetch-Site cross-site or, from a sibling, same-site)
    for (const site of ['cross-site', 'same-site']) {
      const res = await app.inject({
        method: 'GET',
        url: '/wechat/oauth_user?code=attacker&target_url=%2Fm2%2Fpages%2Fuser%2Fuser',
        headers: { 'sec-fetch-site': site }
      })
      assert.equal(res.statusCode, 302, site)
      assert.equal(res.headers.location, '/m2/pages/user/user', site)
      assert.equal(res.headers['set-cookie'], undefined, site)
    }
    // a callback with a state this browser was not given (none, another one, or a cookie without the state)
    const own = await oauthRoundTrip(app, 'code=victim&target_url=%2Fm2%2F')
    const ownCookie = String([own.start.headers['set-cookie']].flat()[0]).split(';')[0]
    for (const [query, cookie] of [
      ['code=attacker&state=abc&target_url=%2Fm2%2F', undefined],
      ['code=attacker&state=abc&target_url=%2Fm2%2F', ownCookie],
      ['code=attacker&state=&target_url=%2Fm2%2F', 'oauth_state='],
      ['code=attacker&target_url=%2Fm2%2F&state=', undefined]
    ] as const) {
      const res = await app.inject({
        method: 'GET',
        url: `/wechat/oauth_user?${query}`,
        headers: { 'sec-fetch-site': 'cross-site', ...(cookie ? { cookie } : {}) }
      })
      assert.equal(res.statusCode, 302, query)
      assert.equal(res.headers.location, '/m2/', query)
      assert.ok(!loggedIn(res), `${query} ${cookie}: logged in`)
    }
    // the round trip this site starts (the app's link: same-origin; typed or bookmarked: none; the mini-program's
    // web view: no header) logs in, and uses its state up
    for (const headers of <Array<Record<string, string>>>[
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {}
    ]) {
      const { start, callback } = await oauthRoundTrip(app, 'target_url=%2Fm2%2F', headers)
      const cookie = String([start.headers['set-cookie']].flat()[0])
      assert.match(cookie, /^oauth_state=[0-9a-f]{32}; Path=\/wechat\/; Max-Age=600; SameSite=Lax; HttpOnly$/)
      assert.ok(callback && loggedIn(callback), JSON.stringify(headers))
      const token = new URL(`http://x${callback.headers.location}`).searchParams.get('token')!
      assert.equal(assertEnvelope(await userinfo(app, token)).id, 10002)
      assert.ok(
        [callback.headers['set-cookie']].flat().some((c) => /^oauth_state=; .*Max-Age=0/.test(String(c))),
        'the state is used up'
      )
    }
    // the a=login answer's url starts the same round trip
    const anon = await call(app, 'GET', '/live/api.php', { a: 'login', target_url: '/m2/' })
    const viaCheck = await oauthRoundTrip(app, String(anon.body.data.url).split('?')[1])
    assert.ok(viaCheck.callback && loggedIn(viaCheck.callback))
  })
})

test('R7.58 a target path in Chinese comes back percent-encoded (302), for a login and for a refused code', async () => {
  await withApp({}, async (app) => {
    const ok = await oauthRoundTrip(app, 'code=x&target_url=/m2/%E4%BD%A0')
    assert.equal(ok.start.statusCode, 302, ok.start.body)
    assert.equal(ok.callback?.statusCode, 302, ok.callback?.body)
    assert.match(String(ok.callback.headers.location), /^\/m2\/%E4%BD%A0\?tokentype=wechat&token=[0-9a-f]+$/)
    const refused = await oauthRoundTrip(app, 'code=refuse&target_url=/m2/%E4%BD%A0?x=%E5%A5%BD')
    assert.equal(refused.callback?.statusCode, 302, refused.callback?.body)
    assert.equal(refused.callback.headers.location, '/m2/%E4%BD%A0?x=%E5%A5%BD')
    // from another site: straight to the target, encoded too
    const cross = await app.inject({
      method: 'GET',
      url: '/wechat/oauth_user?code=x&target_url=/m2/%E4%BD%A0',
      headers: { 'sec-fetch-site': 'cross-site' }
    })
    assert.equal(cross.statusCode, 302, cross.body)
    assert.equal(cross.headers.location, '/m2/%E4%BD%A0')
  })
})
