/*
 * The share poster's mini-program code (GET /userapp/wxacode, contract/media.ts `wxacode`): what WeChat's
 * wxacode.getUnlimited takes (a page that reads a scene, a scene of at most 32 of WeChat's characters), drawn by the
 * reference server as a stand-in of the same content that says it is one, under the share QR code's budgets (the
 * caller's `qrcode` limit and the one drawing queue).
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import type { LiveServer } from '../../server/app'
import { QR_MAX_WAITING, qrStats } from '../../server/lib/qr-drawer'
import { assertEnvelope, assertRefused, call, U, withApp } from './helpers'

const get = (app: LiveServer, url: string, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'GET', url, remoteAddress })
const isPng = (r: Awaited<ReturnType<typeof get>>) => r.headers['content-type'] === 'image/png'
const TOO_FAST = { code: -8, msg: '操作太频繁，请稍后再试', data: null }

function decode(png: Buffer): string | undefined {
  const img = PNG.sync.read(png)
  return jsQR(new Uint8ClampedArray(img.data), img.width, img.height)?.data
}

test('R7.39 R3.53 wxacode: page packageA/pages/live/live + scene roomid=496 → a PNG stand-in of page?scene, which says it is one', async () => {
  await withApp({}, async (app) => {
    const r = await get(app, `${U('/wxacode')}?scene=${encodeURIComponent('roomid=496')}`)
    assert.equal(r.statusCode, 200)
    assert.equal(r.headers['content-type'], 'image/png')
    assert.equal(r.headers['x-wxacode'], 'stand-in')
    assert.equal(PNG.sync.read(r.rawPayload).width, 430, "WeChat's default width")
    // the content: the page and the query its onLoad gets (scene percent-encoded, as WeChat hands it)
    assert.equal(decode(r.rawPayload), 'packageA/pages/live/live?scene=roomid%3D496')

    const j = assertEnvelope(
      await call(app, 'GET', U('/wxacode'), {
        page: 'pages/home/home',
        scene: 'roomid=496',
        width: 300,
        format: 'json'
      })
    )
    assert.equal(j.stand_in, true)
    assert.equal(j.page, 'pages/home/home')
    assert.equal(j.scene, 'roomid=496')
    assert.equal(j.width, 300)
    assert.match(j.url, /\/api\/v1\/userapp\/wxacode\?page=pages%2Fhome%2Fhome&scene=roomid%3D496&width=300$/)
    assert.equal(decode(Buffer.from(j.data_url.split(',')[1], 'base64')), 'pages/home/home?scene=roomid%3D496')
  })
})

test('R7.39 wxacode: the scene is 1–32 of WeChat’s characters, the page one that reads a scene, the width 280–1280', async () => {
  await withApp({}, async (app) => {
    const refused = async (payload: Record<string, unknown>) =>
      assertRefused(await call(app, 'GET', U('/wxacode'), { format: 'json', ...payload }), -1)
    // 32 characters pass, 33 do not
    const s32 = `roomid=496&from=${'a'.repeat(16)}`
    assert.equal(s32.length, 32)
    assert.equal(assertEnvelope(await call(app, 'GET', U('/wxacode'), { scene: s32, format: 'json' })).scene, s32)
    assert.match(await refused({ scene: `${s32}b` }), /场景参数\(scene\)为 1–32 个字符/)
    // no scene, an empty one, characters WeChat does not take (`%`, Chinese, a space)
    for (const scene of [undefined, '', 'roomid%3D496', '直播间=496', 'roomid= 496'])
      assert.match(await refused(scene === undefined ? {} : { scene }), /场景参数|scene/, String(scene))
    // only the pages that read a scene, written as WeChat takes them (no leading slash, no query)
    for (const page of [
      'pages/user/user',
      'packageB/pages/deposit/deposit',
      '/packageA/pages/live/live',
      'packageA/pages/live/live?roomid=1',
      'https://example.org/'
    ])
      assert.equal(await refused({ page, scene: 'roomid=496' }), '参数错误：小程序码只能打开直播间或首页', page)
    for (const width of [279, 1281]) assert.match(await refused({ scene: 'roomid=496', width }), /宽度/)
  })
})

test('R7.39 wxacode: the qrcode limit of the caller (30 new codes a minute, a cached code free) and shared with the share QR code', async () => {
  await withApp({}, async (app) => {
    const ip = '203.0.113.7'
    const a = await get(app, `${U('/wxacode')}?scene=roomid%3D496&width=280`, ip)
    const b = await get(app, `${U('/wxacode')}?scene=roomid%3D496&width=280`, ip)
    assert.equal(a.headers['x-cache'], 'miss')
    assert.equal(b.headers['x-cache'], 'hit')
    assert.ok(a.rawPayload.equals(b.rawPayload))
    let refused = 0
    for (let i = 0; i < 35; i++) {
      const r = await get(app, `${U('/wxacode')}?scene=roomid%3D${600 + i}&width=280`, ip)
      if (!isPng(r)) {
        assert.deepEqual(r.json(), TOO_FAST)
        refused++
      }
    }
    assert.equal(refused, 6, '1 + 29 drawn, then -8')
    // the same budget as the share QR code: that caller gets no new QR code either; a cached code is still free
    assert.deepEqual((await get(app, `${U('/qrcode')}?roomid=496&width=120`, ip)).json(), TOO_FAST)
    assert.equal((await get(app, `${U('/wxacode')}?scene=roomid%3D496&width=280`, ip)).headers['x-cache'], 'hit')
    // another address is not held back
    assert.ok(isPng(await get(app, `${U('/wxacode')}?scene=roomid%3D700&width=280`, '203.0.113.8')))
  })
})

test('R7.39 wxacode: a burst of codes from twenty addresses at once goes through the one drawing queue: one drawn at a time, a few wait, the rest -8', async () => {
  await withApp({}, async (app) => {
    qrStats.peak = 0
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        get(
          app,
          `${U('/wxacode')}?scene=roomid%3D${800 + i}%26from%3D${'x'.repeat(10)}&width=1280`,
          `198.51.100.${i + 1}`
        )
      )
    )
    const drawn = answers.filter(isPng).length
    assert.ok(drawn >= 1 && drawn <= 1 + QR_MAX_WAITING, `${drawn} of 20 drawn`)
    for (const r of answers.filter((r) => !isPng(r))) assert.deepEqual(r.json(), TOO_FAST)
    assert.equal(qrStats.peak, 1, 'never more than one code drawn at once')
    // a refused code was given back to its caller's count: that address may ask again at once
    const again = answers.findIndex((r) => !isPng(r))
    if (again >= 0)
      assert.ok(
        isPng(await get(app, `${U('/wxacode')}?scene=roomid%3D${800 + again}&width=300`, `198.51.100.${again + 1}`))
      )
  })
})
