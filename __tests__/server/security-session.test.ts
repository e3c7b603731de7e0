/*
 * Sessions against a hostile viewer: a logout ends every token that came from the session it ends. Each test failed
 * on the server before the fix.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { LiveServer } from '../../server/app'
import { assertEnvelope, call, login, makeApp, U } from './helpers'

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
