/*
 * Streams and images against a hostile viewer: a password room's recordings need its password like the room; the
 * stream gate fails closed on ids written another way; the share QR code draws only our own pages, at a bounded
 * size, cached and rate-limited. Each test failed on the server before the fix.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { LiveServer } from '../../server/app'
import { imageCheckStats } from '../../server/lib/image-check'
import { assertEnvelope, assertRefused, call, login, U, uploadAs, withApp } from './helpers'

const get = (app: LiveServer, url: string, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'GET', url, remoteAddress })
const pathOf = (url: string) => {
  const u = new URL(url)
  return u.pathname + u.search
}

// playback 5010 is the recording of password room 309 (password 8888)
test('R3.9 R7.15 R7.80 R7.81 a password room’s recording answers only with the room’s password or room_key', async () => {
  await withApp({}, async (app) => {
    for (const path of ['/playback/detail', '/playback/danmaku', '/playback/comment/list']) {
      const r = await call(app, 'POST', U(path), { id: 5010 })
      assert.equal(assertRefused(r, -3), '该直播间需要输入密码', path)
      assert.equal(r.body.data.need_password, 1)
      assert.equal(r.body.data.id, 309, 'the room whose password it needs')
    }
    assert.equal(
      assertRefused(await call(app, 'POST', U('/playback/detail'), { id: 5010, password: '1234' }), -3),
      '直播间密码错误'
    )
    // its stream is gated like the room's: the bare playlist is refused
    assert.equal((await get(app, '/hls/vod/5010/index.m3u8')).statusCode, 403)
    assert.equal((await get(app, '/hls/vod/5010/720p-seg0.ts')).statusCode, 403)
    assert.equal((await get(app, '/hls/vod/5010/720p.m3u8')).statusCode, 403)
    // with the password, or the key the room info answered, it plays through its signed source
    const room = assertEnvelope(await call(app, 'POST', U('/roominfo'), { roomid: 309, password: '8888' }))
    const d = assertEnvelope(await call(app, 'POST', U('/playback/detail'), { id: 5010, room_key: room.room_key }))
    assert.match(d.source, /\/hls\/vod\/5010\/index\.m3u8\?token=/)
    assert.equal((await get(app, pathOf(d.source))).statusCode, 200)
    assertEnvelope(await call(app, 'POST', U('/playback/danmaku'), { id: 5010, password: '8888' }))
    // another room's recording needs nothing
    assertEnvelope(await call(app, 'POST', U('/playback/detail'), { id: 5002 }))
  })
})

test('R7.13 R7.15 the stream gate fails closed on ids written another way: leading zeros, decimals, signs, spaces', async () => {
  await withApp({}, async (app) => {
    for (const url of [
      '/hls/live/0000000000309/index.m3u8',
      '/hls/live/0309/360p-seg0.ts',
      '/hls/live/0309/720p.m3u8',
      '/hls/live/+309/index.m3u8',
      '/hls/live/%20309/index.m3u8',
      '/hls/vod/5004.0/index.m3u8',
      '/hls/vod/05004/720p-seg0.ts',
      '/hls/vod/5004.0/360p.m3u8',
      '/hls/vod/5010.00/index.m3u8',
      '/hls/live/303e0/index.m3u8'
    ]) {
      const r = await get(app, url)
      assert.ok(r.statusCode === 403 || r.statusCode === 404, `${url} answered ${r.statusCode}`)
    }
    // the canonical ids of open streams still play
    assert.equal((await get(app, '/hls/live/496/index.m3u8')).statusCode, 200)
    assert.equal((await get(app, '/hls/vod/5002/720p-seg0.ts')).statusCode, 200)
    assert.equal((await get(app, '/hls/vod/5002/360p.m3u8')).statusCode, 200)
    assert.equal((await get(app, '/hls/live/ch1/index.m3u8')).statusCode, 200)
  })
})

test('R7.39 R3.53 the share QR code draws only this site’s pages, at most 1000 px wide, cached and rate-limited per caller', async () => {
  await withApp({}, async (app) => {
    for (const path of [
      'https://evil.example/login',
      'http://evil.example',
      '//evil.example/m2/',
      'javascript:alert(1)',
      'data:text/html,x'
    ]) {
      assert.equal(
        assertRefused(await call(app, 'GET', U('/qrcode'), { path, format: 'json' }), -1),
        '参数错误：二维码只能指向本站页面',
        path
      )
    }
    // our own pages, relative or on this host, are drawn
    assert.match(
      assertEnvelope(await call(app, 'GET', U('/qrcode'), { path: 'pages/home/home', format: 'json' })).target,
      /\/m2\/pages\/home\/home$/
    )
    assertEnvelope(
      await call(app, 'GET', U('/qrcode'), { path: 'http://localhost:80/m2/pages/home/home', format: 'json' })
    )
    assert.equal(
      assertRefused(await call(app, 'GET', U('/qrcode'), { roomid: 496, width: 2000 }), -1),
      '参数错误：宽度(width)不能大于 1000'
    )
    // the same code twice is drawn once
    const a = await get(app, '/api/v1/userapp/qrcode?roomid=496&width=300')
    const b = await get(app, '/api/v1/userapp/qrcode?roomid=496&width=300')
    assert.equal(a.headers['content-type'], 'image/png')
    assert.ok(a.rawPayload.equals(b.rawPayload))
    assert.equal(b.headers['x-cache'], 'hit')
    // one caller: at most 30 codes a minute, then -8; another address is not held back
    let refused = 0
    for (let i = 0; i < 40; i++) {
      const r = await get(app, `/api/v1/userapp/qrcode?roomid=${500 + i}&width=100`, '203.0.113.5')
      if (r.headers['content-type']?.toString().startsWith('application/json')) {
        assert.deepEqual(r.json(), { code: -8, msg: '操作太频繁，请稍后再试', data: null })
        refused++
      }
    }
    assert.equal(refused, 10)
    assert.equal(
      (await get(app, '/api/v1/userapp/qrcode?roomid=496&width=100', '203.0.113.6')).headers['content-type'],
      'image/png'
    )
  })
})

test('R3.9 R7.76 R7.77 likes and gifts into a password room need its password or room_key, as its chat does', async () => {
  await withApp({}, async (app) => {
    const token = (await call(app, 'POST', U('/login'), { mobile: '13800000001', password: 'demo1234' })).body.data
      .access_token as string
    assert.equal(
      assertRefused(await call(app, 'POST', U('/living/like'), { roomid: 309, combo: 5 }), -3),
      '该直播间需要输入密码'
    )
    assert.equal(
      assertRefused(await call(app, 'POST', U('/send_gifts'), { roomid: 309, giftid: 1 }, token), -3),
      '该直播间需要输入密码'
    )
    const key = assertEnvelope(await call(app, 'POST', U('/roominfo'), { roomid: 309, password: '8888' })).room_key
    assert.equal(
      assertEnvelope(await call(app, 'POST', U('/living/like'), { roomid: 309, combo: 5, room_key: key })).combo,
      5
    )
    assertEnvelope(await call(app, 'POST', U('/send_gifts'), { roomid: 309, giftid: 1, room_key: key }, token))
  })
})

test('R7.107 an upload whose multipart type has no boundary is refused with code -1, not a server error', async () => {
  await withApp({}, async (app) => {
    const { token } = await login(app)
    for (const type of ['multipart/form-data', 'multipart/form-data; charset=utf-8', 'multipart/form-data; boundary='])
      for (const url of ['/api/v1/upload', '/upload']) {
        const r = await app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${token}`, 'content-type': type },
          payload: 'x'
        })
        assert.equal(r.statusCode, 200, `${url} ${type}: ${r.body}`)
        assert.equal(r.json().code, -1, r.body)
        assert.match(r.json().msg, /multipart\/form-data/)
      }
  })
})

/** Uploads as the viewer with `token`. */
const uploader = (app: LiveServer, token: string) => (name: string, content: Buffer) =>
  uploadAs(app, token, name, content)

/** A 1 × 1 GIF of `frames` 1 × 1 frames (14 bytes each: descriptor, code size, one data block, terminator). */
function gifOfFrames(frames: number): Buffer {
  const head = Buffer.alloc(13)
  head.write('GIF89a', 0, 'latin1')
  head.writeUInt16LE(1, 6)
  head.writeUInt16LE(1, 8)
  const frame = Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 1, 0, 0])
  return Buffer.concat([head, Buffer.alloc(frames * frame.length, frame), Buffer.from([0x3b])])
}

test('R7.107 a picture is checked off the event loop: a GIF of a million frames leaves other calls answered while it is read', async () => {
  await withApp({}, async (app) => {
    const { token } = await login(app)
    const upload = uploader(app, token)
    imageCheckStats.peak = 0
    const pending = upload('frames.gif', gifOfFrames(1_000_000))
    for (let i = 0; i < 600 && imageCheckStats.running === 0; i++) await new Promise((r) => setTimeout(r, 50))
    assert.equal(imageCheckStats.running, 1, 'the picture is being checked')
    assertEnvelope(await call(app, 'POST', U('/config'), {}))
    assert.equal(imageCheckStats.running, 1, 'another call answered while the picture was still being checked')
    assert.equal((await pending).json().code, 1, 'its frames are all 1 × 1')
    assert.equal(imageCheckStats.peak, 1)
  })
})

test('R7.107 a refused file keeps its place in the day’s uploads and its bytes; a refusal before the file is read gives it back', async () => {
  await withApp({ limits: { uploadsPerDay: 3 } }, async (app) => {
    const { token } = await login(app)
    const upload = uploader(app, token)
    // named for no type it takes: the file is never read, the place is given back
    for (let i = 0; i < 4; i++) assert.equal((await upload('x.exe', gifOfFrames(1))).json().code, -1)
    // content that is not what its name says, a picture too large: refused, and each keeps its place
    const html = await upload('x.gif', Buffer.from('<html><script>alert(1)</script></html>'))
    assert.equal(html.json().msg, '文件内容与类型不符，仅支持图片、mp4、mp3')
    const large = gifOfFrames(1)
    large.writeUInt16LE(20000, 18) // the frame, past its 1 × 1 screen
    large.writeUInt16LE(20000, 20)
    assert.equal((await upload('big.gif', large)).json().code, -1)
    assert.equal((await upload('ok.gif', gifOfFrames(1))).json().code, 1)
    const over = (await upload('more.gif', gifOfFrames(1))).json()
    assert.deepEqual([over.code, over.msg], [-8, '今日上传次数已达上限，请明天再试'])
  })
})
