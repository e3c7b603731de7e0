/*
 * Who may reach what: the loopback-only demo controls and sandbox stand-ins (decided on the route that matched, never
 * on the raw URL), the sandbox analytics store's bounds, production without published passwords or fake payment
 * values, and the browser-facing lows (cross-site state changes, framing, pre-rendered URLs).
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { LiveServer, ServerOptions } from '../../server/app'
import { assertEnvelope, call, withApp, type Json } from './helpers'

process.env.QUIET_SMS = '1'
const NOT_FOUND = { code: 404, msg: '请求的资源不存在', data: null }
const PUBLIC_IP = '203.0.113.9'

// ---- the loopback-only routes, from the route table

/** Every way of writing `path` that a router, a proxy or a browser might turn back into it. */
function spellings(path: string): string[] {
  const out = new Set<string>([path])
  const pct = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`
  for (let i = 1; i < path.length; i++) {
    const c = path[i]
    const enc = pct(c)
    for (const e of [enc.toUpperCase(), enc.toLowerCase()]) {
      out.add(path.slice(0, i) + e + path.slice(i + 1))
      out.add(path.slice(0, i) + '%25' + e.slice(1) + path.slice(i + 1)) // double encoding: %2564
    }
    if (/[a-z]/.test(c)) out.add(path.slice(0, i) + c.toUpperCase() + path.slice(i + 1))
  }
  const segs = path.split('/').slice(1)
  const first = segs[0]
  const rest = segs.slice(1).join('/')
  out.add(`/${first}/../${first}/${rest}`)
  out.add(`/./${first}/${rest}`)
  out.add(`/x/../${first}/${rest}`)
  out.add(`/${first}/./${rest}`)
  out.add(`/%2e/${first}/${rest}`)
  out.add(`/x/%2e%2e/${first}/${rest}`)
  out.add(`//${first}//${rest}`)
  out.add(`/${segs.join('//')}`)
  out.add(`/${first}%2f${rest}`)
  out.add(`${path}/`)
  out.add(`${path}//`)
  out.add(path.toUpperCase())
  out.add(`/${first.toUpperCase()}/${rest}`)
  for (let i = 0; i < segs.length; i++) out.add('/' + segs.map((s, j) => (j === i ? `${s};a=b` : s)).join('/'))
  out.add(`${path};`)
  out.add(`${path}%00`)
  out.add(`${path}?x=1#frag`)
  out.add(`${path}%3Fx=1`)
  out.add(`${path}#`)
  out.add(`\\${path.slice(1)}`)
  return [...out]
}

const fill = (url: string) => url.replace(/:id\b/g, '539').replace(/:(\w+)/g, '1')

test(
  'R7.61 every spelling of every loopback-only route (from the route table) is refused to another machine: the 404 envelope',
  { timeout: 120000 },
  async () => {
    await withApp({}, async (app) => {
      assertEnvelope(await call(app, 'POST', '/api/v1/liveapp/sendsms', { mobile: '13800000001', type: 1 }))
      const probe = await app.inject({
        method: 'GET',
        url: '/%64ev/sms-code?mobile=13800000001',
        remoteAddress: PUBLIC_IP
      })
      assert.equal(probe.body, JSON.stringify(NOT_FOUND), 'the encoded spelling of the SMS code control')
      assert.equal(probe.statusCode, 404)
      const guarded = app.routeTable.filter((r) => r.access === 'loopback')
      // the table knows every demo control and the recorded analytics events, both methods
      for (const must of [
        'GET /dev/sms-code',
        'POST /dev/rooms/:id/quiz',
        'GET /dev/orders/:id/confirm',
        'POST /dev/text',
        'GET /sandbox/analytics/events',
        'POST /sandbox/analytics/events'
      ]) {
        assert.ok(
          guarded.some((r) => `${r.method} ${r.url}` === must),
          `${must} is loopback-only`
        )
      }
      for (const r of app.routeTable.filter((x) => x.url.startsWith('/dev/')))
        assert.equal(r.access, 'loopback', `${r.method} ${r.url}`)
      // every /dev/ and /sandbox/ route carries a decision
      for (const r of app.routeTable.filter((x) => /^\/(dev|sandbox)\//.test(x.url)))
        assert.ok(r.access === 'loopback' || r.access === 'public', `${r.method} ${r.url}: ${r.access}`)
      const leaks: string[] = []
      let sent = 0
      for (const route of guarded) {
        const methods = route.method === 'GET' ? ['GET', 'HEAD', 'POST'] : ['POST', 'GET']
        for (const url of spellings(fill(route.url))) {
          for (const method of methods) {
            const res = await app.inject({
              method: method as 'GET',
              url,
              remoteAddress: PUBLIC_IP,
              ...(method === 'POST' ? { payload: { mobile: '13800000001' } } : {})
            })
            sent++
            if (res.statusCode !== 404 || (method !== 'HEAD' && res.body !== JSON.stringify(NOT_FOUND)))
              leaks.push(`${method} ${url} → ${res.statusCode} ${res.body.slice(0, 80)}`)
          }
        }
      }
      assert.ok(sent > 1000, `${sent} requests`)
      assert.deepEqual(leaks, [])
    })
  }
)

test('R7.61 the same spellings from this machine reach the demo control (so the refusals above are the guard, not a typo)', async () => {
  await withApp({}, async (app) => {
    assertEnvelope(await call(app, 'POST', '/api/v1/liveapp/sendsms', { mobile: '13800000001', type: 1 }))
    const reached = []
    for (const url of spellings('/dev/sms-code')) {
      const res = await app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}mobile=13800000001` })
      if (res.statusCode === 200 && /^\d{6}$/.test(String(res.json<Json>().data?.code))) reached.push(url)
    }
    assert.ok(reached.includes('/dev/sms-code'))
    assert.ok(reached.includes('/%64ev/sms-code'), reached.join(' '))
    assert.ok(reached.length >= 10, reached.join(' '))
    assertEnvelope(await call(app, 'GET', '/sandbox/analytics/events'))
    assert.equal(assertEnvelope(await call(app, 'GET', '/dev/config')).iOSDisabled, 0)
  })
})

test('R7.61 a trusted proxy cannot make a public caller loopback: X-Forwarded-For 127.0.0.1 from outside, a public address anywhere in the chain', async () => {
  for (const trustProxy of [true, ['127.0.0.1', '::1'], 1]) {
    await withApp({ trustProxy }, async (app) => {
      for (const [remoteAddress, xff] of [
        [PUBLIC_IP, '127.0.0.1'],
        [PUBLIC_IP, '::1'],
        ['127.0.0.1', PUBLIC_IP],
        ['127.0.0.1', `127.0.0.1, ${PUBLIC_IP}`],
        ['127.0.0.1', `${PUBLIC_IP}, 127.0.0.1`]
      ] as const) {
        for (const url of [
          '/dev/sms-code?mobile=13800000001',
          '/%64ev/sms-code?mobile=13800000001',
          '/sandbox/analytics/events'
        ]) {
          const res = await app.inject({ method: 'GET', url, remoteAddress, headers: { 'x-forwarded-for': xff } })
          assert.equal(
            res.statusCode,
            404,
            `${JSON.stringify(trustProxy)} ${remoteAddress} XFF ${xff} ${url}: ${res.body.slice(0, 80)}`
          )
        }
      }
    })
  }
})

/** Starts `server/start.ts` with `env` and answers its start-up lines (the server is stopped after). */
async function startLines(env: Record<string, string>): Promise<string> {
  const { spawn } = await import('node:child_process')
  const fs = await import('node:fs')
  const os = await import('node:os')
  const path = await import('node:path')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-host-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    env: { ...process.env, SKIP_H5_BUILD: '1', H5_DIR: dir, DATA_DIR: dir, PORT: '0', HOST: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let out = ''
  try {
    await new Promise<void>((resolve, reject) => {
      // a cold start compiles the server with tsx: 30 s ran out on a machine of this kind twice as slow, every lane busy
      const timer = setTimeout(() => reject(new Error(`no start-up line: ${out}`)), 120000)
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString()
        if (/监听地址/.test(out)) {
          clearTimeout(timer)
          resolve()
        }
      })
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)))
    })
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    fs.rmSync(dir, { recursive: true, force: true })
  }
  return out
}

test(
  'R7.61 npm start in sandbox mode listens on 127.0.0.1 unless HOST says otherwise, and says so; production keeps 0.0.0.0',
  { timeout: 400000 },
  async () => {
    assert.match(await startLines({ SANDBOX: '1' }), /监听地址 127\.0\.0\.1:\d+（仅本机可访问/)
    assert.match(await startLines({ SANDBOX: '1', HOST: '0.0.0.0' }), /监听地址 0\.0\.0\.0:\d+\n/)
    assert.match(await startLines({ SANDBOX: '0' }), /监听地址 0\.0\.0\.0:\d+\n/)
  }
)

// ---- the sandbox analytics store: bounded

const postEvent = (app: LiveServer, payload: string) =>
  app.inject({
    method: 'POST',
    url: '/sandbox/analytics/events',
    headers: { 'content-type': 'application/json' },
    payload
  })
const nest = (depth: number) => {
  let v = '"x"'
  for (let i = 0; i < depth; i++) v = `{"a":${v}}`
  return v
}

test('R7.111 a sandbox analytics event is bounded in size (8 KB) and depth (8): -1 with a Chinese message; a deep event never breaks later reads', async () => {
  await withApp({}, async (app) => {
    const ok = await postEvent(app, JSON.stringify({ type: 'track', event: 'e', props: { s: 'x'.repeat(7000) } }))
    assert.equal(ok.json().code, 1)
    const big = await postEvent(app, JSON.stringify({ type: 'track', event: 'e', props: { s: 'x'.repeat(9000) } }))
    assert.deepEqual(big.json(), { code: -1, msg: '参数错误：事件过大（不超过 8 KB）', data: null })
    const huge = await postEvent(
      app,
      JSON.stringify({ type: 'track', event: 'e', props: { s: 'x'.repeat(1.9 * 1024 * 1024) } })
    )
    assert.equal(huge.json().code, -1)
    assert.match(huge.json().msg, /过大/)
    // depth 8 (the event itself is level 1) is kept, 9 is not
    assert.equal((await postEvent(app, `{"type":"track","props":${nest(7)}}`)).json().code, 1)
    assert.deepEqual((await postEvent(app, `{"type":"track","props":${nest(8)}}`)).json(), {
      code: -1,
      msg: '参数错误：事件嵌套过深（不超过 8 层）',
      data: null
    })
    assert.equal((await postEvent(app, `{"type":"track","props":[[[[[[[[["x"]]]]]]]]]}`)).json().code, -1)
    // 20,000 deep (in a body under the size bound too: arrays) is refused, and reads still answer
    assert.equal((await postEvent(app, `{"type":"track","props":${nest(20000)}}`)).json().code, -1)
    assert.equal(
      (await postEvent(app, `{"type":"track","props":${'['.repeat(4000)}${']'.repeat(4000)}}`)).json().code,
      -1
    )
    const all = await app.inject({ method: 'GET', url: '/sandbox/analytics/events' })
    assert.equal(all.statusCode, 200)
    assert.equal(all.json().data.length, 2)
  })
})

test('R7.111 the sandbox analytics store keeps at most 2 MB of events, oldest dropped first', async () => {
  await withApp({}, async (app) => {
    const one = JSON.stringify({ type: 'track', event: 'e', props: { s: 'x'.repeat(7900) } })
    for (let i = 0; i < 400; i++) assert.equal((await postEvent(app, one.replace('"e"', `"e${i}"`))).json().code, 1)
    const kept = (await app.inject({ method: 'GET', url: '/sandbox/analytics/events' })).json().data as Array<{
      event: string
    }>
    const bytes = kept.reduce((n, e) => n + JSON.stringify(e).length, 0)
    assert.ok(bytes <= 2 * 1024 * 1024 && bytes > 1.9 * 1024 * 1024, `${bytes} bytes kept`)
    assert.equal(kept.at(-1)?.event, 'e399')
    assert.notEqual(kept[0]?.event, 'e0')
  })
})

test('R7.111 the sandbox analytics store keeps no token, tokentype, code or sign of a page address; the stand-in script strips them before sending', async () => {
  await withApp({}, async (app) => {
    const page = '/m2/pages/index/index?tokentype=wechat&token=abc123&roomid=309&code=0a1b&sign=ff&state=1'
    assert.equal((await postEvent(app, JSON.stringify({ type: 'load', page }))).json().code, 1)
    const [ev] = (await app.inject({ method: 'GET', url: '/sandbox/analytics/events' })).json().data as Array<{
      page: string
    }>
    assert.equal(ev?.page, '/m2/pages/index/index?roomid=309&state=1')
    const script = (await app.inject({ method: 'GET', url: '/sandbox/analytics.js' })).body
    // run the stand-in against a fake page and see what it posts
    const posted: string[] = []
    const window: Record<string, unknown> = {}
    const fakeLocation = {
      pathname: '/m2/packageA/pages/live/live',
      search: '?roomid=309&token=abc&TokenType=wechat&code=x&sign=y&from=share'
    }
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the served sandbox script against a fake page
    new Function('window', 'document', 'location', 'fetch', 'URL', 'URLSearchParams', script)(
      window,
      { currentScript: { src: 'http://localhost/sandbox/analytics.js?v=1' } },
      fakeLocation,
      (_u: string, init: { body: string }) => (posted.push(init.body), Promise.resolve()),
      URL,
      URLSearchParams
    )
    ;(window.zhuge as { load: (k: string) => void }).load('key')
    assert.equal(JSON.parse(posted[0]).page, '/m2/packageA/pages/live/live?roomid=309&from=share')
  })
})

// ---- production: no published password, no fake payment or signature

const tokenOf = async (app: LiveServer, userId: number) =>
  (await import('../../server/routes/user')).issueToken(
    app.ctx,
    (await import('../../server/repositories/users')).userById(app.ctx, userId)!
  )

test('R7.54 R9.9 without SANDBOX no seeded account or room opens with a published password, even in a database the sandbox seeded before modes were recorded', async () => {
  const fs = await import('node:fs')
  const os = await import('node:os')
  const path = await import('node:path')
  const { openDb } = await import('../../server/db')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prod-seed-'))
  try {
    // a database the sandbox seeded (npm start, then a production start on the same data); a sandbox database that
    // says so is refused outright (security-data.test.ts), so this one is from before the mode was recorded
    await withApp({ dataDir: dir, dbFile: path.join(dir, 'live.db') }, async (app) => {
      assertEnvelope(await call(app, 'POST', '/api/v1/userapp/login', { mobile: '13800000001', password: 'demo1234' }))
      assertEnvelope(await call(app, 'POST', '/api/v1/userapp/roominfo', { roomid: 309, password: '8888' }))
    })
    const db = openDb(path.join(dir, 'live.db'))
    db.prepare("DELETE FROM kv WHERE key = 'mode'").run()
    db.close()
    for (const opts of [{ dataDir: dir, dbFile: path.join(dir, 'live.db') }, {}]) {
      await withApp({ ...opts, sandbox: false }, async (app) => {
        const r = await call(app, 'POST', '/api/v1/userapp/login', { mobile: '13800000001', password: 'demo1234' })
        assert.equal(r.body.code, -2, JSON.stringify(r.body))
        for (const [roomid, password] of [
          [309, '8888'],
          [322, '2024wx']
        ] as const) {
          const room = await call(app, 'POST', '/api/v1/userapp/roominfo', { roomid, password })
          assert.notEqual(room.body.code, 1, `room ${roomid} opened with its published password`)
        }
      })
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('R7.84 R7.86 R7.64 without SANDBOX the payment and JS-SDK stand-ins answer a refusal, not fake payment links or signatures', async () => {
  await withApp({ sandbox: false }, async (app) => {
    const token = await tokenOf(app, 10001)
    const orders = () => (app.ctx.store.db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n
    assert.deepEqual((await call(app, 'POST', '/api/v1/userapp/pay_gold', { m: 'weixin_h5', gold: 60 }, token)).body, {
      code: 0,
      msg: '支付服务未配置',
      data: null
    })
    assert.deepEqual(
      (await call(app, 'POST', '/api/v1/userapp/mall/order/pay', { id: 'M1', fromtype: 'h5' }, token)).body,
      { code: 0, msg: '支付服务未配置', data: null }
    )
    assert.equal(orders(), 0)
    assert.deepEqual((await call(app, 'POST', '/api/v1/userapp/get_jssdk', { url: 'http://localhost/m2/' })).body, {
      code: 0,
      msg: '微信 JS-SDK 未配置',
      data: null
    })
  })
  // the sandbox keeps them
  await withApp({}, async (app) => {
    const token = await tokenOf(app, 10001)
    assert.ok(
      assertEnvelope(await call(app, 'POST', '/api/v1/userapp/pay_gold', { m: 'weixin_h5', gold: 60 }, token)).payment
        .mweb_url
    )
    assert.ok(
      assertEnvelope(await call(app, 'POST', '/api/v1/userapp/get_jssdk', { url: 'http://localhost/m2/' })).signature
    )
  })
})

// ---- the sandbox payment page and confirmation: POST, owner only

const cookieOf = (setCookie: unknown) =>
  (Array.isArray(setCookie) ? setCookie : [String(setCookie)]).map((c: string) => c.split(';')[0]).join('; ')

test('R7.84 the sandbox payment confirmation is POST only, and the payment page shows an order to its owner only', async () => {
  await withApp({}, async (app) => {
    const loginRes = await call(app, 'POST', '/api/v1/userapp/login', { mobile: '13800000001', password: 'demo1234' })
    const owner = {
      token: assertEnvelope(loginRes).access_token as string,
      cookie: cookieOf(loginRes.headers['set-cookie'])
    }
    const other = await tokenOf(app, 10002)
    const order = assertEnvelope(
      await call(app, 'POST', '/api/v1/userapp/pay_gold', { m: 'weixin_h5', gold: 300 }, owner.token)
    )
    const gold = async () =>
      assertEnvelope(await call(app, 'POST', '/api/v1/userapp/userinfo', {}, owner.token)).gold as number
    const before = await gold()
    // a GET (a link, an image, a prefetch) confirms nothing
    for (const headers of [{ authorization: `Bearer ${owner.token}` }, { cookie: owner.cookie }]) {
      const res = await app.inject({
        method: 'GET',
        url: `/sandbox/pay/confirm?order_id=${order.order_id}&redirect=/m2/`,
        headers
      })
      assert.equal(res.statusCode, 404)
      assert.equal(res.body, JSON.stringify(NOT_FOUND))
    }
    assert.equal(await gold(), before)
    // the page: anonymous and another user see no order; the owner (cookie or token) sees it and a POST form
    const pageUrl = `/sandbox/pay?order_id=${order.order_id}&redirect_url=${encodeURIComponent('/m2/packageB/pages/deposit/deposit')}`
    for (const headers of [{}, { authorization: `Bearer ${other}` }]) {
      const html = (await app.inject({ method: 'GET', url: pageUrl, headers })).body
      assert.match(html, /订单不存在/)
      assert.doesNotMatch(html, new RegExp(order.order_id))
    }
    for (const headers of [{ cookie: owner.cookie }, { authorization: `Bearer ${owner.token}` }]) {
      const html = (await app.inject({ method: 'GET', url: pageUrl, headers })).body
      assert.match(html, /¥ 30\.00/)
      assert.match(html, /<form method="post" action="\/sandbox\/pay\/confirm">/)
    }
    // the page's form, as the browser posts it: same-origin, the login cookies, a form body → back to the app
    const form = new URLSearchParams({
      order_id: order.order_id,
      redirect: '/m2/packageB/pages/deposit/deposit'
    }).toString()
    const posted = await app.inject({
      method: 'POST',
      url: '/sandbox/pay/confirm',
      payload: form,
      headers: { cookie: owner.cookie, origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' }
    })
    assert.equal(posted.statusCode, 303)
    assert.equal(posted.headers.location, '/m2/packageB/pages/deposit/deposit')
    assert.equal(await gold(), before + 300)
  })
})

// ---- cross-site requests

const FORM = 'application/x-www-form-urlencoded'

test('R7.65 R7.53 a call from another site acting as the cookie user, or logging in, is refused (HTTP 403); the mini-program and this site still work', async () => {
  await withApp({}, async (app) => {
    const loginRes = await call(app, 'POST', '/api/v1/userapp/login', { mobile: '13800000001', password: 'demo1234' })
    const token = assertEnvelope(loginRes).access_token as string
    const cookie = cookieOf(loginRes.headers['set-cookie'])
    const CROSS = { code: 403, msg: '跨站请求已拒绝：请在本站页面内操作', data: null }
    const update = (headers: Record<string, string>, name: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/userapp/userinfo/update',
        payload: `name=${encodeURIComponent(name)}`,
        headers: { 'content-type': FORM, ...headers }
      })
    const name = async () =>
      assertEnvelope(await call(app, 'POST', '/api/v1/userapp/userinfo', {}, token)).name as string
    // a cross-site form with the victim's cookies
    for (const headers of <Array<Record<string, string>>>[
      { cookie, origin: 'https://evil.example' },
      { cookie, origin: 'null' },
      { cookie, origin: 'http://localhost.evil.example' },
      { cookie, 'sec-fetch-site': 'cross-site' }
    ]) {
      const res = await update(headers, '被改名')
      assert.equal(res.statusCode, 403, JSON.stringify(headers))
      assert.deepEqual(res.json(), CROSS)
    }
    assert.equal(await name(), '慧眼观众')
    // this site's page (Origin of this host), the mini-program (no Origin), a bearer token from anywhere
    assertEnvelope({
      status: 200,
      body: (await update({ cookie, origin: 'http://localhost' }, '本站')).json(),
      headers: {}
    })
    assertEnvelope({
      status: 200,
      body: (await update({ cookie, origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' }, '本站2')).json(),
      headers: {}
    })
    assertEnvelope({
      status: 200,
      body: (await update({ cookie, referer: 'https://servicewechat.com/wx123/1/page-frame.html' }, '小程序')).json(),
      headers: {}
    })
    assert.equal(await name(), '小程序')
    assertEnvelope({
      status: 200,
      body: (await update({ authorization: `Bearer ${token}`, origin: 'https://partner.example' }, '令牌')).json(),
      headers: {}
    })
    // login CSRF: another site cannot log the browser into an account (its cookies would then be the attacker's)
    const login = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/userapp/login',
        payload: 'mobile=13800000001&password=demo1234',
        headers: { 'content-type': FORM, ...headers }
      })
    const evil = await login({ origin: 'https://evil.example' })
    assert.equal(evil.statusCode, 403)
    assert.deepEqual(evil.json(), CROSS)
    assert.equal(evil.headers['set-cookie'], undefined)
    assert.equal((await login({})).json().code, 1)
    assert.equal((await login({ origin: 'http://localhost' })).json().code, 1)
    // reading stays open: a GET without the cookie identity from another site (a shared QR code, a list)
    assert.equal(
      (
        await app.inject({
          method: 'GET',
          url: '/api/v1/userapp/qrcode?roomid=309&format=json',
          headers: { origin: 'https://evil.example' }
        })
      ).json().code,
      1
    )
  })
})

test('R7.1 a text/plain body (what a cross-site form sends without asking) is not read as JSON', async () => {
  await withApp({}, async (app) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/userapp/login',
      payload: '{"mobile":"13800000001","password":"demo1234"}',
      headers: { 'content-type': 'text/plain' }
    })
    assert.equal(res.statusCode, 200)
    assert.notEqual(res.json().code, 1)
    assert.equal(res.headers['set-cookie'], undefined)
    assert.match(res.json().msg, /[\u4e00-\u9fa5]/)
  })
})

// ---- the H5 pages: framing, and pre-rendered URLs that depend on the host asked

async function withH5(opts: ServerOptions, fn: (app: LiveServer) => Promise<void>): Promise<void> {
  const fs = await import('node:fs')
  const os = await import('node:os')
  const path = await import('node:path')
  const h5Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-'))
  fs.writeFileSync(
    path.join(h5Dir, 'index.html'),
    '<!doctype html><html><head><script>var a=1</script></head><body><div id="app"></div></body></html>'
  )
  fs.mkdirSync(path.join(h5Dir, 'js'))
  fs.writeFileSync(path.join(h5Dir, 'js', 'app.js'), 'console.log(1)')
  try {
    await withApp({ ...opts, h5Dir }, fn)
  } finally {
    fs.rmSync(h5Dir, { recursive: true, force: true })
  }
}

test('R7.1 the /m2/ pages may be framed by this site only (CSP frame-ancestors, X-Frame-Options) and load no plugin or foreign base', async () => {
  await withH5({}, async (app) => {
    for (const url of [
      '/m2/',
      '/m2/index.html',
      '/m2/pages/user/user',
      '/m2/packageA/pages/live/live?roomid=309',
      '/m2/pages/home/home'
    ]) {
      const res = await app.inject({ method: 'GET', url })
      assert.equal(res.statusCode, 200, url)
      assert.match(String(res.headers['content-type']), /text\/html/)
      assert.equal(
        res.headers['content-security-policy'],
        "frame-ancestors 'self'; object-src 'none'; base-uri 'self'",
        url
      )
      assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN', url)
    }
    // scripts and the rest keep their own headers
    assert.equal((await app.inject({ method: 'GET', url: '/m2/js/app.js' })).headers['x-frame-options'], undefined)
  })
})

test('R7.1 a pre-rendered first screen (absolute URLs of the host asked) varies by Host, unless PUBLIC_ORIGIN fixes the URLs', async () => {
  const saved = process.env.PUBLIC_ORIGIN
  try {
    delete process.env.PUBLIC_ORIGIN
    await withH5({}, async (app) => {
      const res = await app.inject({ method: 'GET', url: '/m2/', headers: { host: 'a.example' } })
      assert.match(res.body, /http:\/\/a\.example\/img\//)
      assert.match(String(res.headers.vary), /\bHost\b/)
    })
    process.env.PUBLIC_ORIGIN = 'https://live.example'
    await withH5({}, async (app) => {
      const res = await app.inject({ method: 'GET', url: '/m2/', headers: { host: 'a.example' } })
      assert.match(res.body, /https:\/\/live\.example\/img\//)
      assert.doesNotMatch(String(res.headers.vary), /Host/)
    })
  } finally {
    if (saved === undefined) delete process.env.PUBLIC_ORIGIN
    else process.env.PUBLIC_ORIGIN = saved
  }
})
