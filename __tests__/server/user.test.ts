import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { LiveServer } from '../../server/app'
import {
  assertEnvelope,
  assertPaged,
  assertRefused,
  call,
  login,
  loginNoMobile,
  makeApp,
  oauthRoundTrip,
  U
} from './helpers'

let app: LiveServer
before(async () => {
  process.env.QUIET_SMS = '1'
  app = await makeApp()
})
after(() => app.close())

const smsCode = async (mobile: string) =>
  assertEnvelope(await call(app, 'GET', '/dev/sms-code', { mobile })).code as string

test('R7.53 R7.54 R1.13 login with mobile and password answers user, access_token, token_type, expires_in and sets id/sign cookies', async () => {
  const r = await call(app, 'POST', U('/login'), { mobile: '13800000001', password: 'demo1234' })
  const d = assertEnvelope(r)
  assert.equal(d.token_type, 'Bearer')
  assert.ok(d.access_token.length >= 32 && d.expires_in > 0)
  for (const k of ['id', 'name', 'nick_name', 'nickname', 'avatar', 'mobile']) assert.ok(k in d.user, k)
  assert.equal(d.user.mobile, '13800000001')
  const cookies = ([] as string[]).concat(r.headers['set-cookie'] as string[])
  // sign = <expires>.<session version>.<HMAC> (expiring and void after logout; HttpOnly)
  assert.ok(
    cookies.some((c) => c.startsWith('id=10001;')) &&
      cookies.some((c) => /^sign=\d+\.\d+\.[0-9a-f]{32};.*HttpOnly/.test(c))
  )
})

test('login refuses a bad mobile, a missing password and a wrong password with Chinese messages', async () => {
  assertRefused(await call(app, 'POST', U('/login'), { mobile: '12800000001', password: 'demo1234' }), -1)
  assertRefused(await call(app, 'POST', U('/login'), { mobile: '13800000001' }), -1)
  assertRefused(await call(app, 'POST', U('/login'), { mobile: '13800000001', password: 'wrong' }), -2)
  assertRefused(await call(app, 'POST', U('/login'), {}), -1)
})

test('R7.55 R1.9 mini-program login maps a dev code to a dev openid user without a mobile; refusal fails', async () => {
  const { user } = await loginNoMobile(app)
  assert.equal(user.mobile, '')
  assert.equal(user.id, 10002)
  assertRefused(await call(app, 'POST', U('/login'), { code: 'refuse', encryptedData: 'x', iv: 'y' }), -2)
  assertRefused(await call(app, 'POST', U('/login'), { code: 'abc' }), -2)
  const other = assertEnvelope(
    await call(app, 'POST', U('/login'), { code: 'someone-else', encryptedData: 'x', iv: 'y' })
  )
  const again = assertEnvelope(
    await call(app, 'POST', U('/login'), { code: 'someone-else', encryptedData: 'x', iv: 'y' })
  )
  assert.equal(other.user.id, again.user.id, 'the same code maps to the same user')
})

test('startup token login accepts a token the server issued and refuses others', async () => {
  const { token } = await login(app)
  const d = assertEnvelope(await call(app, 'POST', U('/login'), { tokentype: 'wxbb', token }))
  assert.equal(d.user.id, 10001)
  assertRefused(await call(app, 'POST', U('/login'), { tokentype: 'wxbb', token: 'forged' }), -2)
})

test('R7.57 R7.59 R1.11 R1.14 partner login by userid, usertokenkey, devicetoken; also at /userapp/{product}_login', async () => {
  const a = assertEnvelope(
    await call(app, 'POST', U('/login'), { userid: '9001', usertokenkey: 'dev-9001', devicetoken: 'd1' })
  )
  const b = assertEnvelope(
    await call(app, 'POST', U('/wxbb_login'), { userid: '9001', usertokenkey: 'dev-9001', devicetoken: 'd1' })
  )
  assert.equal(a.user.id, b.user.id)
  assertRefused(await call(app, 'POST', U('/wxbb_login'), { userid: '9001', usertokenkey: 'nope' }), -2)
  assertRefused(await call(app, 'POST', U('/wxbb_login'), {}), -1)
})

test('R7.51 R7.65 userinfo by Bearer token, bare token, or id+sign (payload or cookie); otherwise HTTP 401', async () => {
  const { token, cookies } = await login(app)
  assert.equal(assertEnvelope(await call(app, 'POST', U('/userinfo'), {}, token)).id, 10001)
  assert.equal(
    assertEnvelope(await call(app, 'POST', U('/userinfo'), {}, undefined, { authorization: token })).id,
    10001
  )
  const cookie = cookies.map((c) => c.split(';')[0]).join('; ')
  assert.equal(assertEnvelope(await call(app, 'POST', U('/userinfo'), {}, undefined, { cookie })).id, 10001)
  const sign = cookies
    .find((c) => c.startsWith('sign='))!
    .split(';')[0]
    .slice(5)
  assert.equal(assertEnvelope(await call(app, 'POST', U('/userinfo'), { id: 10001, sign })).id, 10001)
  const bad = await call(app, 'POST', U('/userinfo'), { id: 10001, sign: 'x'.repeat(32) })
  assert.equal(bad.status, 401)
  assert.deepEqual(bad.body, { code: 401, msg: '请先登录', data: null })
  assert.equal((await call(app, 'POST', U('/userinfo'), {}, 'not-a-token')).status, 401)
})

test('R7.52 logout invalidates the token and clears the cookies', async () => {
  const { token } = await login(app)
  const r = await call(app, 'POST', U('/logout'), {}, token)
  assertEnvelope(r)
  assert.ok(([] as string[]).concat(r.headers['set-cookie'] as string[]).some((c) => c.startsWith('id=;')))
  assert.equal((await call(app, 'POST', U('/userinfo'), {}, token)).status, 401)
})

test('R7.61 R9.9 R1.12 sendsms stores a 6-digit code (dev endpoint returns it) and SMS login works once', async () => {
  assertEnvelope(await call(app, 'POST', '/api/v1/liveapp/sendsms', { mobile: '13912345678', type: 1 }))
  const code = await smsCode('13912345678')
  assert.match(code, /^\d{6}$/)
  const d = assertEnvelope(await call(app, 'POST', U('/login'), { mobile: '13912345678', verify: code }))
  assert.equal(d.user.mobile, '13912345678')
  assertRefused(await call(app, 'POST', U('/login'), { mobile: '13912345678', verify: code }), -2)
})

test('sendsms refuses an invalid mobile with a Chinese message', async () => {
  for (const mobile of ['12345678901', '1380000000', '23800000001', 'abc'])
    assert.match(assertRefused(await call(app, 'POST', '/api/v1/liveapp/sendsms', { mobile, type: 1 }), -1), /手机号/)
  assertRefused(await call(app, 'POST', '/api/v1/liveapp/sendsms', {}), -1)
})

test('R7.62 binding a mobile with an SMS code; wrong code refused; 401 without login', async () => {
  const { token } = await loginNoMobile(app)
  assert.equal(
    (await call(app, 'POST', U('/userinfo/mobile'), { mobile: '13700000002', verify: '123456' })).status,
    401
  )
  assertEnvelope(await call(app, 'POST', '/api/v1/liveapp/sendsms', { mobile: '13700000002', type: 1 }))
  const code = await smsCode('13700000002')
  assertRefused(
    await call(
      app,
      'POST',
      U('/userinfo/mobile'),
      { mobile: '13700000002', verify: code === '000000' ? '111111' : '000000' },
      token
    ),
    -2
  )
  const d = assertEnvelope(
    await call(app, 'POST', U('/userinfo/mobile'), { mobile: '13700000002', verify: code }, token)
  )
  assert.equal(d.mobile, '13700000002')
  // another account's number answers like any other until its code is right (security-session.test.ts)
  assertRefused(await call(app, 'POST', U('/userinfo/mobile'), { mobile: '13800000001', verify: '123456' }, token), -2)
})

test('R7.63 userinfo/update changes name and avatar; empty name refused', async () => {
  const { token } = await login(app)
  const d = assertEnvelope(
    await call(app, 'POST', U('/userinfo/update'), { name: '太湖观众', avatar: '/img/avatar/10001.png' }, token)
  )
  assert.equal(d.nick_name, '太湖观众')
  assert.match(d.avatar, /\/img\/avatar\/10001\.png$/)
  assertRefused(await call(app, 'POST', U('/userinfo/update'), { name: '  ' }, token), -1)
  assertRefused(await call(app, 'POST', U('/userinfo/update'), { name: '违法昵称' }, token), -5)
  // a name that would speak in the app's own voice in chat (nickname：text), however it is spaced or dressed up
  for (const name of [
    '系统消息',
    '官方客服',
    '系 统',
    '【官方】小王',
    '房管理员',
    'ｘ小助手',
    '官\u200b方',
    '官\u{e0100}方',
    '客\u0301服',
    '系\u115f统',
    '官⽅',
    '係統通知',
    '管理員'
  ]) {
    const msg = assertRefused(await call(app, 'POST', U('/userinfo/update'), { name }, token), -5)
    assert.equal(msg, '昵称不能冒充系统或官方账号，请修改')
  }
  assert.equal(assertEnvelope(await call(app, 'POST', U('/userinfo'), {}, token)).nick_name, '太湖观众')
  // a bidirectional control would show 统系 as 系统: it is not kept
  // R5.4: pages strip tags from text they show, so a name of tags would show as another name than was saved
  for (const name of ['<b>粗体</b>', '<u>小红</u>', '<svg onload=x()>', '</b>观众', '<!-- -->观众'])
    assert.equal(
      assertRefused(await call(app, 'POST', U('/userinfo/update'), { name }, token), -1),
      '昵称不能包含 HTML 标签，请修改'
    )
  // a < or > that opens no tag is text
  assert.equal(
    assertEnvelope(await call(app, 'POST', U('/userinfo/update'), { name: '1<2>0观众' }, token)).nick_name,
    '1<2>0观众'
  )
  const turned = assertEnvelope(await call(app, 'POST', U('/userinfo/update'), { name: '\u202e统系' }, token))
  assert.equal(turned.nick_name, '统系')
  await call(app, 'POST', U('/userinfo/update'), { name: '太湖观众' }, token)
  assert.equal((await call(app, 'POST', U('/userinfo/update'), { name: 'x' })).status, 401)
  await call(app, 'POST', U('/userinfo/update'), { name: '慧眼观众' }, token)
})

test('R7.64 get_jssdk answers a sandbox signature for the url', async () => {
  const d = assertEnvelope(await call(app, 'POST', U('/get_jssdk'), { url: 'http://localhost/m2/' }))
  assert.ok(d.appId && d.timestamp && d.nonceStr && /^[0-9a-f]{40}$/.test(d.signature))
  assertRefused(await call(app, 'POST', U('/get_jssdk'), {}), -1)
})

test('R7.58 R1.10 /wechat/oauth_user redirects to target_url with a token; foreign targets go to /m2/', async () => {
  const { callback: r } = await oauthRoundTrip(
    app,
    'target_url=' + encodeURIComponent('/m2/pages/live/live?roomid=496')
  )
  assert.equal(r?.statusCode, 302)
  const loc = String(r.headers.location)
  assert.match(loc, /^\/m2\/pages\/live\/live\?roomid=496&tokentype=wechat&token=[0-9a-f]+$/)
  const token = new URL('http://x' + loc).searchParams.get('token')!
  assert.equal(assertEnvelope(await call(app, 'POST', U('/userinfo'), {}, token)).id, 10002)
  const { callback: evil } = await oauthRoundTrip(app, 'target_url=' + encodeURIComponent('https://evil.example/'))
  assert.match(String(evil?.headers.location), /^\/m2\/\?tokentype=wechat/)
})

test('R7.60 api.php?a=login answers the login for a signed-in user, else 401 with the OAuth url', async () => {
  const anon = await call(app, 'GET', '/live/api.php', { a: 'login', target_url: '/m2/' })
  assert.equal(anon.body.code, 401)
  assert.match(anon.body.data.url, /\/wechat\/oauth_user\?target_url=/)
  const { token } = await login(app)
  assert.equal(assertEnvelope(await call(app, 'GET', '/live/api.php?a=login', undefined, token)).user.id, 10001)
})

test('R7.45 R7.46 R7.43 R6.2 follow toggles (code 1 follow, code 2 unfollow), isfollow and myfollow', async () => {
  assert.equal((await call(app, 'POST', U('/follow'), { roomid: 496 })).status, 401)
  assert.equal((await call(app, 'POST', U('/myfollow'), {})).status, 401)
  assert.equal(
    assertEnvelope(await call(app, 'POST', U('/isfollow'), { roomid: 496 })).status,
    0,
    'anonymous is not following'
  )
  const { token } = await login(app)
  const f = await call(app, 'POST', U('/follow'), { roomid: 496 }, token)
  assertEnvelope(f, 1)
  assert.equal(assertEnvelope(await call(app, 'POST', U('/isfollow'), { roomid: 496 }, token)).status, 1)
  const mine = assertEnvelope(await call(app, 'POST', U('/myfollow'), { count: 10, page: 1 }, token))
  assert.equal(assertPaged(mine)[0].room_id, 496)
  const un = await call(app, 'POST', U('/follow'), { roomid: 496 }, token)
  assert.equal(un.body.code, 2)
  assert.equal(assertEnvelope(await call(app, 'POST', U('/myfollow'), {}, token)).total, 0)
  assertRefused(await call(app, 'POST', U('/isfollow'), {}), -1)
  assertRefused(await call(app, 'POST', U('/follow'), { roomid: 1 }, token), -4)
})

test('R7.47 R7.48 R7.49 subscribe to a room or a preview; issubscribe reports 2 when subscribed', async () => {
  const { token } = await login(app)
  assert.equal((await call(app, 'POST', U('/subscribe'), { teaser_id: 1470 })).status, 401)
  assertEnvelope(await call(app, 'POST', U('/subscribe'), { teaser_id: 1470 }, token))
  const s = assertEnvelope(await call(app, 'POST', U('/issubscribe'), { teaser_id: 1470 }, token))
  assert.equal(s.issubscribe, 1)
  assert.equal(s.status, 2)
  assertEnvelope(await call(app, 'POST', U('/subscribe'), { room_id: 304 }, token))
  assert.equal(assertEnvelope(await call(app, 'POST', U('/isfollow'), { roomid: 304 }, token)).issubscribe, 1)
  assertEnvelope(await call(app, 'POST', U('/subscribe'), { teaser_id: 1470, accept: 0 }, token))
  assert.equal(assertEnvelope(await call(app, 'POST', U('/issubscribe'), { teaser_id: 1470 }, token)).issubscribe, 0)
  assertRefused(await call(app, 'POST', U('/subscribe'), {}, token), -1)
  assertRefused(await call(app, 'POST', U('/subscribe'), { teaser_id: 5 }, token), -4)
})
