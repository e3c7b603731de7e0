/*
 * Sessions against a hostile viewer: a logout ends every token that came from the session it ends. Each test failed
 * on the server before the fix.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { LiveServer } from '../../server/app'
import {
  assertEnvelope,
  assertRefused,
  call,
  login,
  loginNoMobile,
  oauthRoundTrip,
  U,
  uploadAs,
  withApp
} from './helpers'

const userinfo = (app: LiveServer, token: string) => call(app, 'POST', U('/userinfo'), {}, token)
const cookieHeader = (setCookie: string[]) => setCookie.map((c) => c.split(';')[0]).join('; ')

test('R7.52 R7.56 R2.26 logout ends the tokens a startup token login and the main host’s login check made from the session', async () => {
  await withApp({}, async (app) => {
    const first = await login(app)
    // a startup login hands the token over (R2.26) and gets a token of its own; the main host's check mints another
    const handed = assertEnvelope(await call(app, 'POST', U('/login'), { tokentype: 'app', token: first.token }))
      .access_token as string
    const checked = assertEnvelope(await call(app, 'GET', '/live/api.php', { a: 'login' }, handed))
      .access_token as string
    assert.notEqual(handed, first.token)
    assert.notEqual(checked, handed)
    // another session of the same viewer (another device) is not this one
    const elsewhere = await login(app)
    assertEnvelope(await call(app, 'POST', U('/logout'), {}, first.token))
    for (const t of [first.token, handed, checked])
      assert.equal((await userinfo(app, t)).status, 401, 'a token of the ended session')
    assertEnvelope(await userinfo(app, elsewhere.token))
  })
})

test('R7.52 R7.65 a logout by the id/sign cookies ends the tokens the cookie session minted', async () => {
  await withApp({}, async (app) => {
    const first = await login(app)
    const cookie = cookieHeader(first.cookies)
    const minted = assertEnvelope(await call(app, 'GET', '/live/api.php', { a: 'login' }, undefined, { cookie }))
      .access_token as string
    assertEnvelope(await userinfo(app, minted))
    assertEnvelope(await call(app, 'POST', U('/logout'), {}, undefined, { cookie }))
    assert.equal((await userinfo(app, minted)).status, 401)
  })
})

/** The login cookies of an answer, as the browser sends them back. */
const cookiesOf = (headers: Record<string, unknown>) => cookieHeader([headers['set-cookie'] ?? []].flat() as string[])

/**
 * One login, grown the ways a client grows it: the messenger OAuth (token TO and its cookies), a startup token login
 * with a token of it (R2.26), the main host's check with its cookies (R7.60). Each step takes the cookies the last one
 * set, as a browser does. `order` says which step uses what it was handed.
 */
async function grownLogin(app: LiveServer, order: 'token-then-cookies' | 'cookies-then-token') {
  const { callback } = await oauthRoundTrip(app, 'target_url=%2Fm2%2F')
  const TO = new URL(`http://x${callback!.headers.location}`).searchParams.get('token')!
  let cookie = cookiesOf(callback!.headers)
  const tokens: Record<string, string> = { TO }
  const tokenLogin = async (from: string) => {
    const r = await call(app, 'POST', U('/login'), { tokentype: 'wechat', token: from })
    cookie = cookiesOf(r.headers)
    return assertEnvelope(r).access_token as string
  }
  const check = async () => {
    const r = await call(app, 'GET', '/live/api.php', { a: 'login' }, undefined, { cookie })
    cookie = cookiesOf(r.headers)
    return assertEnvelope(r).access_token as string
  }
  if (order === 'token-then-cookies') {
    tokens.T2 = await tokenLogin(TO)
    tokens.T3 = await check()
  } else {
    tokens.T3 = await check()
    tokens.T2 = await tokenLogin(tokens.T3)
  }
  return { tokens, cookie: () => cookie }
}

for (const order of ['token-then-cookies', 'cookies-then-token'] as const)
  for (const by of ['TO', 'T2', 'T3', 'cookies'] as const)
    test(`R7.52 R7.58 R7.60 R2.26 a logout ends the whole login (OAuth, token login, main host check; ${order}; logout by ${by})`, async () => {
      await withApp({}, async (app) => {
        const elsewhere = await loginNoMobile(app) // the same user's login on another device
        const login = await grownLogin(app, order)
        const cookie = login.cookie()
        assertEnvelope(
          by === 'cookies'
            ? await call(app, 'POST', U('/logout'), {}, undefined, { cookie })
            : await call(app, 'POST', U('/logout'), {}, login.tokens[by])
        )
        for (const [name, t] of Object.entries(login.tokens))
          assert.equal((await userinfo(app, t)).status, 401, `${name} of the ended login still answers`)
        assert.equal((await call(app, 'POST', U('/userinfo'), {}, undefined, { cookie })).status, 401, 'its cookies')
        assertEnvelope(await userinfo(app, elsewhere.token))
      })
    })

test('R7.52 R7.65 a logout by one login’s cookies leaves another login’s tokens alone, though both logged in the same second', async () => {
  await withApp({}, async (app) => {
    const a = await login(app)
    const b = await login(app)
    const aCookie = cookieHeader(a.cookies)
    assert.notEqual(aCookie, cookieHeader(b.cookies), 'each login its own sign')
    const minted = assertEnvelope(
      await call(app, 'GET', '/live/api.php', { a: 'login' }, undefined, { cookie: aCookie })
    ).access_token as string
    assertEnvelope(await call(app, 'POST', U('/logout'), {}, undefined, { cookie: aCookie }))
    assert.equal((await userinfo(app, a.token)).status, 401)
    assert.equal((await userinfo(app, minted)).status, 401)
    assertEnvelope(await userinfo(app, b.token))
  })
})

const smsCode = async (app: LiveServer, mobile: string) =>
  assertEnvelope(await call(app, 'GET', '/dev/sms-code', { mobile })).code as string
const bind = (app: LiveServer, token: string, mobile: string, verify: string) =>
  call(app, 'POST', U('/userinfo/mobile'), { mobile, verify }, token)

test('R7.62 binding a mobile tells nothing about whose the number is until the code is right', async () => {
  await withApp({}, async (app) => {
    const a = await loginNoMobile(app)
    // no code was sent to either: a number taken by another account and a free one answer alike
    const taken = await bind(app, a.token, '13800000001', '123456')
    const free = await bind(app, a.token, '13700000009', '123456')
    assert.deepEqual(taken.body, free.body)
    assert.equal(assertRefused(taken, -2), '验证码错误或已失效，请重新获取')
    // with the number's right code (its owner's phone), it is told the number is taken, and nothing changes
    assertEnvelope(await call(app, 'POST', '/api/v1/liveapp/sendsms', { mobile: '13800000001', type: 1 }))
    assert.equal(
      assertRefused(await bind(app, a.token, '13800000001', await smsCode(app, '13800000001')), 0),
      '该手机号已绑定其他账号'
    )
    assert.equal(assertEnvelope(await call(app, 'POST', U('/userinfo'), {}, a.token)).mobile, a.user.mobile)
  })
})

test('R7.62 R7.61 wrong codes sent to bind a number do not spend its owner’s login code', async () => {
  await withApp({}, async (app) => {
    const attacker = await loginNoMobile(app)
    assertEnvelope(await call(app, 'POST', '/api/v1/liveapp/sendsms', { mobile: '13911113333', type: 1 }))
    const code = await smsCode(app, '13911113333')
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 6; i++)
      assert.equal((await bind(app, attacker.token, '13911113333', wrong)).body.code === 1, false)
    // the owner's code still logs them in
    assertEnvelope(await call(app, 'POST', U('/login'), { mobile: '13911113333', verify: code }))
  })
})

test('R7.62 binding attempts are limited per user: the 11th in an hour answers -8 操作太频繁，请稍后再试', async () => {
  await withApp({}, async (app) => {
    const a = await loginNoMobile(app)
    for (let i = 0; i < 10; i++) assertRefused(await bind(app, a.token, `1370000001${i}`, '123456'), -2)
    assert.equal(assertRefused(await bind(app, a.token, '13700000020', '123456'), -8), '操作太频繁，请稍后再试')
  })
})

/** A 1 × 1 PNG (an upload's picture must name its size) */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64'
)
function upload(app: LiveServer, token: string, content = PNG) {
  return uploadAs(app, token, 'a.png', content)
}

test('R7.63 R7.107 an avatar is one of the viewer’s own uploads or our placeholder, never another site’s or another viewer’s file', async () => {
  await withApp({}, async (app) => {
    const a = await login(app)
    const b = await loginNoMobile(app)
    const mine = upload(app, a.token).then((r) => r.json().data.url as string)
    const theirs = upload(app, b.token).then((r) => r.json().data.url as string)
    const [own, other] = await Promise.all([mine, theirs])
    const update = (avatar: string) => call(app, 'POST', U('/userinfo/update'), { avatar }, a.token)
    for (const avatar of [
      'https://evil.example/a.png',
      'javascript:alert(1)',
      '//evil.example/x.png',
      other,
      new URL(other).pathname,
      '/files/../live.db',
      '/files/nothere.png'
    ]) {
      assert.equal(assertRefused(await update(avatar), -1), '头像只能使用本站上传的图片', avatar)
    }
    assert.equal(assertEnvelope(await update(own)).avatar, own)
    assert.equal(assertEnvelope(await update(new URL(own).pathname)).avatar, own)
    // our placeholders, by their name and by the name they once had
    assert.match(assertEnvelope(await update('/img/avatar/10001.png')).avatar, /\/img\/avatar\/10001\.png$/)
    assert.match(assertEnvelope(await update('/img/avatar/10001.svg')).avatar, /\/img\/avatar\/10001\.svg$/)
    assert.equal(assertRefused(await update('/img/avatar/10001.gif'), -1), '头像只能使用本站上传的图片')
  })
})

test('R7.107 uploads are bounded per user: the 21st of a day answers -8 今日上传次数已达上限，请明天再试', async () => {
  await withApp({}, async (app) => {
    const a = await login(app)
    for (let i = 0; i < 20; i++) assert.equal((await upload(app, a.token)).json().code, 1)
    assert.deepEqual((await upload(app, a.token)).json(), {
      code: -8,
      msg: '今日上传次数已达上限，请明天再试',
      data: null
    })
    // another viewer still uploads
    assert.equal((await upload(app, (await loginNoMobile(app)).token)).json().code, 1)
  })
})

test('R7.54 R7.62 an account without a password (an SMS login’s, or one that bound its mobile) cannot be logged into by password, not even with the no-account check’s own password', async () => {
  await withApp({}, async (app) => {
    const passwordLogin = (mobile: string, password: string) => call(app, 'POST', U('/login'), { mobile, password })
    // made by an SMS login, with 慧币 of its own
    assertEnvelope(await call(app, 'POST', '/api/v1/liveapp/sendsms', { mobile: '13700000055', type: 1 }))
    const made = assertEnvelope(
      await call(app, 'POST', U('/login'), { mobile: '13700000055', verify: await smsCode(app, '13700000055') })
    )
    // a mini-program account that bound its mobile
    const bound = await loginNoMobile(app)
    assertEnvelope(await call(app, 'POST', '/api/v1/liveapp/sendsms', { mobile: '13700000056', type: 1 }))
    assertEnvelope(await bind(app, bound.token, '13700000056', await smsCode(app, '13700000056')))
    for (const mobile of ['13700000055', '13700000056'])
      for (const password of ['no-such-user', '', 'null', 'undefined', 'demo1234']) {
        const r = await passwordLogin(mobile, password)
        assert.notEqual(r.body.code, 1, `${mobile} / ${JSON.stringify(password)} logged in`)
        assert.equal(r.body.data, null)
      }
    assert.equal(assertRefused(await passwordLogin('13700000055', 'no-such-user')), '手机号或密码错误')
    // the SMS login's session is untouched, and a number with a password still logs in by it
    assertEnvelope(await userinfo(app, made.access_token))
    assertEnvelope(await passwordLogin('13800000001', 'demo1234'))
  })
})

test('R7.54 wrong passwords from elsewhere lock the mobile for those callers, not for the owner’s own device', async () => {
  await withApp({}, async (app) => {
    // the owner logged in on this phone before: it carries the device cookie that login set
    const owner = await login(app)
    const device = cookieHeader(owner.cookies.filter((c) => c.startsWith('device=')))
    assert.match(device, /^device=/)
    // an attacker from another address guesses until the mobile is locked for them
    for (let i = 0; i < 10; i++) {
      const r = await app.inject({
        method: 'POST',
        url: U('/login'),
        remoteAddress: '203.0.113.8',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ mobile: '13800000001', password: `guess${i}` })
      })
      assert.equal(r.json().code, -2)
    }
    const locked = await app.inject({
      method: 'POST',
      url: U('/login'),
      remoteAddress: '203.0.113.9',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ mobile: '13800000001', password: 'demo1234' })
    })
    assert.equal(locked.json().msg, '密码错误次数过多，请 15 分钟后再试')
    // the owner's own device still logs in with the right password
    assertEnvelope(
      await call(app, 'POST', U('/login'), { mobile: '13800000001', password: 'demo1234' }, undefined, {
        cookie: device
      })
    )
    // a device cookie of another user, or a forged one, does not lift the lock
    for (const cookie of [
      'device=10002.0123456789abcdef0123456789abcdef',
      `device=${device.slice(7).replace(/^\d+/, '10002')}`
    ]) {
      assert.equal(
        assertRefused(
          await call(app, 'POST', U('/login'), { mobile: '13800000001', password: 'demo1234' }, undefined, { cookie }),
          -8
        ),
        '密码错误次数过多，请 15 分钟后再试'
      )
    }
  })
})
