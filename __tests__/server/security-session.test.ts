/*
 * Sessions against a hostile viewer: a logout ends every token that came from the session it ends. Each test failed
 * on the server before the fix.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { LiveServer } from '../../server/app'
import { assertEnvelope, assertRefused, call, login, loginNoMobile, makeApp, U } from './helpers'

async function withApp(fn: (app: LiveServer) => Promise<void>): Promise<void> {
  const app = await makeApp()
  try {
    await fn(app)
  } finally {
    await app.close()
  }
}

const userinfo = (app: LiveServer, token: string) => call(app, 'POST', U('/userinfo'), {}, token)
const cookieHeader = (setCookie: string[]) => setCookie.map((c) => c.split(';')[0]).join('; ')

test('R7.52 R7.56 R2.26 logout ends the tokens a startup token login and the main host’s login check made from the session', async () => {
  await withApp(async (app) => {
    const first = await login(app)
    // a startup login hands the token over (R2.26) and gets a token of its own; the main host's check mints another
    const handed = assertEnvelope(await call(app, 'POST', U('/login'), { tokentype: 'app', token: first.token })).access_token as string
    const checked = assertEnvelope(await call(app, 'GET', '/live/api.php', { a: 'login' }, handed)).access_token as string
    assert.notEqual(handed, first.token)
    assert.notEqual(checked, handed)
    // another session of the same viewer (another device) is not this one
    const elsewhere = await login(app)
    assertEnvelope(await call(app, 'POST', U('/logout'), {}, first.token))
    for (const t of [first.token, handed, checked]) assert.equal((await userinfo(app, t)).status, 401, 'a token of the ended session')
    assertEnvelope(await userinfo(app, elsewhere.token))
  })
})

test('R7.52 R7.65 a logout by the id/sign cookies ends the tokens the cookie session minted', async () => {
  await withApp(async (app) => {
    const first = await login(app)
    const cookie = cookieHeader(first.cookies)
    const minted = assertEnvelope(await call(app, 'GET', '/live/api.php', { a: 'login' }, undefined, { cookie })).access_token as string
    assertEnvelope(await userinfo(app, minted))
    assertEnvelope(await call(app, 'POST', U('/logout'), {}, undefined, { cookie }))
    assert.equal((await userinfo(app, minted)).status, 401)
  })
})

const smsCode = async (app: LiveServer, mobile: string) => assertEnvelope(await call(app, 'GET', '/dev/sms-code', { mobile })).code as string
const bind = (app: LiveServer, token: string, mobile: string, verify: string) => call(app, 'POST', U('/userinfo/mobile'), { mobile, verify }, token)

test('R7.62 binding a mobile tells nothing about whose the number is until the code is right', async () => {
  await withApp(async (app) => {
    const a = await loginNoMobile(app)
    // no code was sent to either: a number taken by another account and a free one answer alike
    const taken = await bind(app, a.token, '13800000001', '123456')
    const free = await bind(app, a.token, '13700000009', '123456')
    assert.deepEqual(taken.body, free.body)
    assert.equal(assertRefused(taken, -2), '验证码错误或已失效，请重新获取')
    // with the number's right code (its owner's phone), it is told the number is taken, and nothing changes
    assertEnvelope(await call(app, 'POST', '/api/v1/liveapp/sendsms', { mobile: '13800000001', type: 1 }))
    assert.equal(assertRefused(await bind(app, a.token, '13800000001', await smsCode(app, '13800000001')), 0), '该手机号已绑定其他账号')
    assert.equal(assertEnvelope(await call(app, 'POST', U('/userinfo'), {}, a.token)).mobile, a.user.mobile)
  })
})

test('R7.62 R7.61 wrong codes sent to bind a number do not spend its owner’s login code', async () => {
  await withApp(async (app) => {
    const attacker = await loginNoMobile(app)
    assertEnvelope(await call(app, 'POST', '/api/v1/liveapp/sendsms', { mobile: '13911113333', type: 1 }))
    const code = await smsCode(app, '13911113333')
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 6; i++) assert.equal((await bind(app, attacker.token, '13911113333', wrong)).body.code === 1, false)
    // the owner's code still logs them in
    assertEnvelope(await call(app, 'POST', U('/login'), { mobile: '13911113333', verify: code }))
  })
})

test('R7.62 binding attempts are limited per user: the 11th in an hour answers -8 操作太频繁，请稍后再试', async () => {
  await withApp(async (app) => {
    const a = await loginNoMobile(app)
    for (let i = 0; i < 10; i++) assertRefused(await bind(app, a.token, `1370000001${i}`, '123456'), -2)
    assert.equal(assertRefused(await bind(app, a.token, '13700000020', '123456'), -8), '操作太频繁，请稍后再试')
  })
})
