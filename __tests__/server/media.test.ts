import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import type { LiveServer } from '../../server/app'
import { buildLive, loadFixture } from '../../server/streams/hls'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { assertEnvelope, assertRefused, call, login, makeApp, U } from './helpers'

let app: LiveServer
let h5: string
before(async () => {
  h5 = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-'))
  fs.writeFileSync(path.join(h5, 'index.html'), '<!doctype html><title>H5</title>')
  fs.mkdirSync(path.join(h5, 'js'))
  fs.writeFileSync(path.join(h5, 'js', 'app.js'), 'console.log(1)')
  app = await makeApp({ h5Dir: h5 })
})
after(async () => {
  await app.close()
  fs.rmSync(h5, { recursive: true, force: true })
})

test('R1.1 the HLS fixture is small: two renditions of a 12 s clip cut in 2 s segments at the same points', () => {
  const fx = loadFixture()
  const size = Object.values(fx.renditions).reduce((a, r) => a + r.segments.reduce((b, s) => b + s.length, 0), 0)
  assert.ok(size < 1.5 * 1024 * 1024, `${size} bytes`)
  assert.ok(fx.total >= 10 && fx.durations.every((d) => d <= 2.1))
  assert.deepEqual(fx.renditions['720p'].durations, fx.renditions['360p'].durations)
  assert.ok(fx.renditions['720p'].bandwidth > fx.renditions['360p'].bandwidth)
})

test('a stream is a master playlist of its renditions, lowest first, each with bandwidth, resolution and codecs', async () => {
  for (const url of ['/hls/live/496/index.m3u8', '/hls/vod/5001/index.m3u8', '/hls/live/ch1/index.m3u8']) {
    const r = await app.inject({ method: 'GET', url })
    assert.equal(r.statusCode, 200, url)
    assert.equal(r.headers['content-type'], 'application/vnd.apple.mpegurl')
    const variants = [
      ...r.body.matchAll(/#EXT-X-STREAM-INF:BANDWIDTH=(\d+),RESOLUTION=(\d+)x(\d+),CODECS="[^"]+"[^\n]*\n([^\n]+)/g)
    ].map((m) => ({ bandwidth: Number(m[1]), height: Number(m[3]), uri: m[4] }))
    assert.deepEqual(
      variants.map((v) => [v.height, v.uri]),
      [
        [360, '360p.m3u8'],
        [720, '720p.m3u8']
      ],
      url
    )
    for (const v of variants) {
      const media = await app.inject({ method: 'GET', url: url.replace('index.m3u8', v.uri) })
      assert.equal(media.statusCode, 200)
      const seg = /^(\d+p-seg\d+\.ts)/m.exec(media.body)![1]
      assert.ok(seg.startsWith(`${v.height}p-`), 'each rendition names its own segments')
      const s = await app.inject({ method: 'GET', url: url.replace('index.m3u8', seg) })
      assert.equal(s.headers['content-type'], 'video/mp2t')
      assert.equal(s.rawPayload[0], 0x47, 'MPEG-TS sync byte')
    }
  }
  // unknown renditions and names are not found
  for (const url of [
    '/hls/live/496/1080p.m3u8',
    '/hls/live/496/720p-seg6.ts',
    '/hls/vod/5001/seg0.ts',
    '/hls/img/1/720p.m3u8'
  ]) {
    assert.equal((await app.inject({ method: 'GET', url })).statusCode, 404, url)
  }
})

test('radio channels and radio or audio programmes are their sound alone: one rendition, a media playlist of audio', async () => {
  const index = (await call(app, 'POST', U('/index'))).body.data as {
    channels: { tv: { source: string }[]; radio: { source: string }[] }
  }
  assert.ok(index.channels.tv.every((c) => /\/hls\/live\/ch\d+\/index\.m3u8$/.test(c.source)))
  assert.ok(
    index.channels.radio.length > 0 &&
      index.channels.radio.every((c) => /\/hls\/live\/ch\d+\/audio\.m3u8$/.test(c.source))
  )
  const radio = await app.inject({ method: 'GET', url: new URL(index.channels.radio[0].source).pathname })
  assert.match(radio.body, /#EXTINF/)
  assert.doesNotMatch(radio.body, /EXT-X-STREAM-INF/)
  const seg = /^(audio-seg\d+\.ts\?seq=\d+)$/m.exec(radio.body)![1]
  const audio = await app.inject({
    method: 'GET',
    url: new URL(index.channels.radio[0].source).pathname.replace('audio.m3u8', seg)
  })
  assert.equal(audio.statusCode, 200)
  assert.equal(audio.rawPayload[0], 0x47)
  const programmes = (
    await app.inject({ method: 'GET', url: '/live/api_mapp.php?a=media_programs&media=audio' })
  ).json().data as { source: string }[]
  assert.ok(programmes.length > 0 && programmes.every((p) => /\/hls\/vod\/\d+\/audio\.m3u8$/.test(p.source)))
})

test('live playlist (plain): sliding window, growing media sequence, a date on every segment, discontinuity at each loop', async () => {
  const r = await app.inject({ method: 'GET', url: '/hls/live/496/720p.m3u8' })
  assert.equal(r.headers['content-type'], 'application/vnd.apple.mpegurl')
  assert.match(r.body, /^#EXTM3U/)
  assert.ok(!r.body.includes('#EXT-X-ENDLIST'))
  const t0 = 1_700_000_000_000
  const epoch = t0 - 86_400_000
  const seq = (t: number) =>
    Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(buildLive('496', '720p', { nowMs: t, epochMs: epoch }, ''))![1])
  assert.equal(seq(t0 + 4000), seq(t0) + 2, 'two segments later after 4 s')
  const n = loadFixture().durations.length
  let sawDiscontinuity = false
  for (let k = 0; k < n; k++) {
    const pl = buildLive('496', '720p', { nowMs: t0 + k * 2000, epochMs: epoch }, '')
    const segs = [...pl.matchAll(/720p-seg(\d+)\.ts/g)].map((m) => Number(m[1]))
    assert.equal(segs.length, 6, 'a 12 s window of six 2 s segments')
    assert.equal((pl.match(/#EXT-X-PROGRAM-DATE-TIME:/g) || []).length, 6, 'every segment has its date')
    assert.doesNotMatch(pl, /EXT-X-PART|EXT-X-SERVER-CONTROL|PRELOAD-HINT/, 'the plain playlist')
    const dsq = Number(/#EXT-X-DISCONTINUITY-SEQUENCE:(\d+)/.exec(pl)![1])
    const first = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(pl)![1])
    assert.equal(dsq, Math.floor(first / n))
    const lines = pl.split('\n')
    lines.forEach((l, i) => {
      if (l === '#EXT-X-DISCONTINUITY') {
        sawDiscontinuity = true
        assert.match(lines[i + 3], /^720p-seg0\.ts/, 'a discontinuity precedes the loop start')
      }
    })
  }
  assert.ok(sawDiscontinuity)
  // sequence numbers count from the server's start (a day of 2 s segments), not from 1970
  assert.ok(seq(t0) < 86_400 / 2 + 1000, 'small media sequence numbers')
  const seg = await app.inject({ method: 'GET', url: '/hls/live/496/720p-seg1.ts?seq=7' })
  assert.equal(seg.headers['content-type'], 'video/mp2t')
  assert.equal(seg.rawPayload[0], 0x47, 'MPEG-TS sync byte')
})

test('playback VOD playlist ends and loops the fixture', async () => {
  const r = await app.inject({ method: 'GET', url: '/hls/vod/5001/720p.m3u8' })
  assert.equal(r.headers['content-type'], 'application/vnd.apple.mpegurl')
  assert.match(r.body, /#EXT-X-PLAYLIST-TYPE:VOD[\s\S]*#EXT-X-ENDLIST/)
  assert.equal((r.body.match(/#EXTINF/g) || []).length, 30, 'five loops of six segments: a minute')
  assert.equal((await app.inject({ method: 'GET', url: '/hls/vod/5001/720p-seg99.ts' })).statusCode, 404)
})

test('R7.108 R7.109 R7.110 generated placeholder images: PNG rasters sized by kind, resize parameters ignored', async () => {
  const read = async (url: string) => {
    const r = await app.inject({ method: 'GET', url })
    assert.equal(r.statusCode, 200, url)
    assert.equal(r.headers['content-type'], 'image/png', url)
    return { r, png: PNG.sync.read(r.rawPayload) }
  }
  for (const [url, width, height] of [
    ['/img/room/496.png', 640, 360],
    ['/img/room/496.png?x-oss-process=image/resize,h_400/crop,mid,w_500,h_400', 640, 360],
    ['/img/photo/1001.png!300_200', 900, 600],
    ['/img/slide/1.png', 750, 320],
    ['/img/whatever/7.png', 400, 300]
  ] as const) {
    const { png } = await read(url)
    assert.deepEqual([png.width, png.height], [width, height], url)
  }
  // an avatar is round: its corners are transparent, its middle is not
  const { png: avatar } = await read('/img/avatar/10001.png')
  assert.equal(avatar.data[3], 0, 'the corner is transparent')
  assert.equal(avatar.data[(100 * 200 + 100) * 4 + 3], 255, 'the middle is opaque')
  // an avatar saved under the placeholders' old name still answers, with the same picture
  const old = await read('/img/avatar/10001.svg')
  assert.deepEqual(old.r.rawPayload, (await read('/img/avatar/10001.png')).r.rawPayload)
  assert.equal((await app.inject({ method: 'GET', url: '/img/Room/1.png' })).statusCode, 404)
  assert.equal((await app.inject({ method: 'GET', url: '/img/room/..%2F1.png' })).statusCode, 404)
})

test('R7.39 R3.53 R9.8 qrcode: GET with roomid or path, width default 300, a PNG that decodes back to the share link; json format gives a data URL', async () => {
  const r = await app.inject({ method: 'GET', url: U('/qrcode?roomid=496') })
  assert.equal(r.headers['content-type'], 'image/png')
  const png = PNG.sync.read(r.rawPayload)
  assert.equal(png.width, 300)
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)
  assert.ok(decoded, 'the QR code decodes')
  assert.match(decoded.data, /^http:\/\/localhost(:\d+)?\/m2\/packageA\/pages\/live\/live\?roomid=496$/)
  const j = assertEnvelope(
    await call(app, 'GET', U('/qrcode'), { path: 'pages/live/live?roomid=1', width: 200, format: 'json' })
  )
  assert.match(j.data_url, /^data:image\/png;base64,/)
  assert.match(j.target, /\/m2\/pages\/live\/live\?roomid=1$/)
  const small = PNG.sync.read(Buffer.from(j.data_url.split(',')[1], 'base64'))
  assert.equal(small.width, 200)
  assert.equal(jsQR(new Uint8ClampedArray(small.data), small.width, small.height)?.data, j.target)
  assertRefused(await call(app, 'GET', U('/qrcode')), -1)
  assertRefused(await call(app, 'GET', U('/qrcode'), { roomid: 1, width: 10 }), -1)
})

test('R7.107 upload: multipart field file → {url}; login required; wrong field or type refused', async () => {
  const { token } = await login(app)
  const boundary = '----t' + Date.now()
  // the file part is latin1 bytes: a real 1 × 1 PNG (the content is sniffed, and its size read from its header)
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64'
  ).toString('latin1')
  const body = (field: string, name: string, content: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="version"\r\n\r\n1.0.0\r\n--${boundary}\r\nContent-Disposition: form-data; name="platform"\r\n\r\nh5\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n${content}\r\n--${boundary}--\r\n`,
      'latin1'
    )
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` }
  const r = await app.inject({ method: 'POST', url: '/upload', payload: body('file', 'a.png', PNG + 'DATA'), headers })
  const d = r.json()
  assert.equal(d.code, 1)
  assert.match(d.data.url, /^http:\/\/localhost(:\d+)?\/files\/\w+\.png$/)
  const got = await app.inject({ method: 'GET', url: new URL(d.data.url).pathname })
  assert.equal(got.rawPayload.toString('latin1'), PNG + 'DATA')
  assert.equal(got.headers['content-type'], 'image/png')
  assert.equal(
    (
      await app.inject({
        method: 'POST',
        url: '/upload',
        payload: body('file', 'a.png', 'x'),
        headers: { 'content-type': headers['content-type'] }
      })
    ).statusCode,
    401
  )
  assert.notEqual(
    (await app.inject({ method: 'POST', url: '/upload', payload: body('image', 'a.png', 'x'), headers })).json().code,
    1
  )
  assert.notEqual(
    (await app.inject({ method: 'POST', url: '/upload', payload: body('file', 'a.exe', 'x'), headers })).json().code,
    1
  )
  const plain = await app.inject({
    method: 'POST',
    url: '/upload',
    payload: '{}',
    headers: { 'content-type': 'application/json', authorization: headers.authorization }
  })
  assert.equal(plain.statusCode, 200)
  assert.equal(plain.json().code, -1)
  assert.equal((await app.inject({ method: 'GET', url: '/files/..%2F..%2Fetc%2Fpasswd' })).statusCode, 404)
  // The client resolves /upload on the API host's default base path (R7.2): the same upload answers there.
  const viaApi = await app.inject({
    method: 'POST',
    url: '/api/v1/upload',
    payload: body('file', 'b.png', PNG + '2'),
    headers
  })
  assert.equal(viaApi.json().code, 1)
  const served = await app.inject({ method: 'GET', url: new URL(viaApi.json().data.url).pathname })
  assert.equal(served.rawPayload.toString('latin1'), PNG + '2')
})

test('the H5 build is served under /m2/ in history mode; / redirects to /m2/', async () => {
  const root = await app.inject({ method: 'GET', url: '/' })
  assert.equal(root.statusCode, 302)
  assert.equal(root.headers.location, '/m2/')
  const index = await app.inject({ method: 'GET', url: '/m2/' })
  assert.match(index.body, /<title>H5<\/title>/)
  assert.match(index.headers['content-type'] as string, /text\/html/)
  const js = await app.inject({ method: 'GET', url: '/m2/js/app.js' })
  assert.match(js.headers['content-type'] as string, /javascript/)
  const deep = await app.inject({ method: 'GET', url: '/m2/pages/live/live?roomid=496' })
  assert.equal(deep.statusCode, 200)
  assert.match(deep.body, /<title>H5<\/title>/)
  const escape = await app.inject({ method: 'GET', url: '/m2/..%2F..%2F..%2Fetc%2Fpasswd' })
  assert.doesNotMatch(escape.body, /root:/, 'never escapes the build folder')
})

test('the external activity pages answer HTML (lottery records, rain records, preview 1473)', async () => {
  for (const name of ['preview-1473', 'lottery-records', 'rain-records']) {
    const r = await app.inject({ method: 'GET', url: `/activity/${name}` })
    assert.equal(r.statusCode, 200)
    assert.match(r.headers['content-type'] as string, /text\/html/)
    assert.match(r.body, /<h2>/)
  }
  assert.equal((await app.inject({ method: 'GET', url: '/activity/nothing' })).statusCode, 404)
})
