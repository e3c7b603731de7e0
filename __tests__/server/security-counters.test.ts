/*
 * Counters against a viewer who repeats: visits, shares, likes of playbacks, posts and photos, and teaser
 * subscriptions count each viewer (the user, else the address) once; a viewer takes back only their own like. Each
 * test failed on the server before the fix.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { LiveServer } from '../../server/app'
import { assertEnvelope, call, login, loginNoMobile, U, withApp } from './helpers'

/** A JSON call from `ip` (another viewer without a login). */
async function from(
  app: LiveServer,
  ip: string,
  method: 'GET' | 'POST',
  url: string,
  payload: Record<string, unknown> = {}
) {
  const r = await app.inject({
    method,
    url:
      method === 'GET'
        ? `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)]))}`
        : url,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: method === 'POST' ? JSON.stringify(payload) : undefined
  })
  return r.json().data
}

test('R7.71 R7.28 R7.70 a viewer’s repeated visits and shares of a room count once; another viewer counts too', async () => {
  await withApp({}, async (app) => {
    const stats = async () =>
      assertEnvelope(await call(app, 'GET', '/live/api.php', { a: 'live_stat_get', roomid: 496 }))
    const before = await stats()
    for (let i = 0; i < 5; i++) {
      await from(app, '203.0.113.1', 'GET', '/live/api.php', { a: 'live_vcr_stat', id: 496 })
      await from(app, '203.0.113.1', 'POST', U('/living/share'), { roomid: 496 })
    }
    await from(app, '203.0.113.2', 'GET', '/live/api.php', { a: 'live_vcr_stat', id: 496 })
    await from(app, '203.0.113.2', 'POST', U('/living/share'), { roomid: 496 })
    const after = await stats()
    assert.equal(after.visits, before.visits + 2)
    assert.equal(after.shares, before.shares + 2)
  })
})

test('R7.83 R7.32 R7.36 a viewer likes a playback or a post once, however often they call', async () => {
  await withApp({}, async (app) => {
    const pb = assertEnvelope(await call(app, 'POST', U('/playback/detail'), { id: 5002 })).likes as number
    let last = 0
    for (let i = 0; i < 4; i++) last = (await from(app, '203.0.113.3', 'POST', U('/playback/like'), { id: 5002 })).likes
    assert.equal(last, pb + 1)
    const post = assertEnvelope(await call(app, 'GET', '/live/api_mapp.php', { a: 'timeline_post', id: 101 }))
      .like as number
    for (let i = 0; i < 4; i++)
      last = (await from(app, '203.0.113.3', 'GET', '/live/api_mapp.php', { a: 'timeline_posts_like', id: 101 })).like
    assert.equal(last, post + 1)
    for (let i = 0; i < 3; i++)
      last = (await from(app, '203.0.113.3', 'POST', U('/news/content/like'), { id: 101 })).like
    assert.equal(last, post + 1, 'the same post by its other call')
  })
})

test('R4.29 a photo is liked once per viewer, and only its liker takes the like back', async () => {
  await withApp({}, async (app) => {
    const photos = assertEnvelope(await call(app, 'POST', U('/album/photo/list'), { album_id: 1, count: 1 })).list
    const { id, likes } = photos[0] as { id: number; likes: number }
    for (let i = 0; i < 3; i++) await from(app, '203.0.113.4', 'POST', U('/album/photo/up'), { id })
    // a viewer who never liked it cannot erase others' likes
    for (let i = 0; i < 3; i++)
      assert.equal(
        (await from(app, '203.0.113.5', 'POST', U('/album/photo/up'), { id, type: 'down' })).likes,
        likes + 1
      )
    assert.equal((await from(app, '203.0.113.4', 'POST', U('/album/photo/up'), { id, type: 'down' })).likes, likes)
    assert.equal((await from(app, '203.0.113.4', 'POST', U('/album/photo/up'), { id, type: 'down' })).likes, likes)
  })
})

test('R7.47 R7.49 R5.13 a teaser’s subscriptions count each viewer once; withdrawing takes only their own back', async () => {
  await withApp({}, async (app) => {
    const a = await login(app)
    const b = await loginNoMobile(app)
    const count = async () =>
      assertEnvelope(await call(app, 'POST', U('/teaser/detail'), { id: 1471 })).subscribes as number
    const before = await count()
    for (let i = 0; i < 3; i++) assertEnvelope(await call(app, 'POST', U('/subscribe'), { teaser_id: 1471 }, a.token))
    assert.equal(await count(), before + 1)
    for (let i = 0; i < 2; i++)
      assertEnvelope(await call(app, 'POST', U('/subscribe'), { teaser_id: 1471, accept: 0 }, b.token))
    assert.equal(await count(), before + 1, 'a viewer who never subscribed withdraws nothing')
    assertEnvelope(await call(app, 'POST', U('/subscribe'), { teaser_id: 1471, accept: 0 }, a.token))
    assertEnvelope(await call(app, 'POST', U('/subscribe'), { teaser_id: 1471, accept: 0 }, a.token))
    assert.equal(await count(), before)
  })
})

test('R7.29 R3.30 R7.103 R7.101 a viewer’s views of a topic, an album or a goods item count once a day: 50 calls add 1, another viewer 1 more', async () => {
  await withApp({}, async (app) => {
    const topic = async (ip: string) =>
      (await from(app, ip, 'GET', '/live/api_mapp.php', { a: 'timeline_topic', id: 4 })).visits as number
    const album = async (ip: string) => (await from(app, ip, 'POST', U('/album/detail'), { id: 1 })).visits as number
    const goods = async (ip: string) =>
      (await from(app, ip, 'POST', U('/living/goods/view'), { id: 6001, roomid: 306 })).views as number
    for (const [what, visit] of [
      ['topic', topic],
      ['album', album],
      ['goods', goods]
    ] as const) {
      const first = await visit('203.0.113.6')
      const calls = await Promise.all(Array.from({ length: 49 }, () => visit('203.0.113.6')))
      assert.ok(
        calls.every((n) => n === first),
        `${what}: one viewer’s 50 calls count once (${first} → ${Math.max(...calls)})`
      )
      assert.equal(await visit('203.0.113.7'), first + 1, `${what}: another viewer counts`)
      assert.equal(await visit('203.0.113.7'), first + 1, `${what}: once`)
    }
    // a logged-in viewer counts by their user, whatever the address
    const { token } = await login(app)
    const seen = async (ip: string) =>
      (
        await app.inject({
          method: 'POST',
          url: U('/album/detail'),
          remoteAddress: ip,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          payload: JSON.stringify({ id: 1 })
        })
      ).json().data.visits as number
    const n = await seen('203.0.113.8')
    assert.equal(await seen('203.0.113.9'), n)
  })
})
