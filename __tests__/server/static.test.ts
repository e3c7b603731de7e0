// The H5 build under /m2/ as the reference server answers it (docs/performance.md): text compression by
// Accept-Encoding, the build's pre-compressed copies, and cache lifetimes by file name. Through the real server
// (createServer) over a build folder written here.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import type { LiveServer } from '../../server/app'
import { makeApp } from './helpers'

let app: LiveServer
let dir: string
const script = 'js/app.1a2b3c4d.js'
const scriptBody = Buffer.from(`console.log(${JSON.stringify('慧直播 '.repeat(800))});\n`.repeat(3))
const html = `<!doctype html><html lang="zh-CN"><head><title>H5</title><script defer src="/m2/${script}"></script></head><body><div id="app"></div>${'<!-- padding -->'.repeat(100)}</body></html>`

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-static-'))
  fs.mkdirSync(path.join(dir, 'js'))
  fs.mkdirSync(path.join(dir, 'css'))
  fs.writeFileSync(path.join(dir, 'index.html'), html)
  fs.writeFileSync(path.join(dir, script), scriptBody)
  fs.writeFileSync(path.join(dir, 'js/tiny.0a0b0c0d.js'), 'console.log(1)')
  fs.writeFileSync(path.join(dir, 'css/app.99aa88bb.css'), `.a{color:red}\n`.repeat(200))
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ name: '慧直播', padding: 'x'.repeat(2000) }))
  app = await makeApp({ h5Dir: dir })
})

after(async () => {
  await app.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers })

test('R2.1 a hashed script goes out as brotli or gzip, whichever the browser accepts, and is cached for a year as immutable', async () => {
  const br = await get(`/m2/${script}`, { 'accept-encoding': 'gzip, deflate, br, zstd' })
  assert.equal(br.statusCode, 200)
  assert.equal(br.headers['content-encoding'], 'br')
  assert.deepEqual(zlib.brotliDecompressSync(br.rawPayload), scriptBody)
  assert.ok(
    br.rawPayload.length < scriptBody.length / 5,
    `compressed ${br.rawPayload.length} of ${scriptBody.length} bytes`
  )
  assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable')
  assert.equal(br.headers.vary, 'Accept-Encoding')
  assert.match(br.headers['content-type'] as string, /^application\/javascript/)

  const gz = await get(`/m2/${script}`, { 'accept-encoding': 'gzip' })
  assert.equal(gz.headers['content-encoding'], 'gzip')
  assert.deepEqual(zlib.gunzipSync(gz.rawPayload), scriptBody)
  // brotli refused with q=0: gzip
  assert.equal(
    (await get(`/m2/${script}`, { 'accept-encoding': 'br;q=0, gzip;q=0.8' })).headers['content-encoding'],
    'gzip'
  )

  const plain = await get(`/m2/${script}`)
  assert.equal(plain.headers['content-encoding'], undefined)
  assert.deepEqual(plain.rawPayload, scriptBody)
  assert.equal(plain.headers['cache-control'], 'public, max-age=31536000, immutable')
  // stylesheets too
  const css = await get('/m2/css/app.99aa88bb.css', { 'accept-encoding': 'br' })
  assert.equal(css.headers['content-encoding'], 'br')
  assert.equal(css.headers['cache-control'], 'public, max-age=31536000, immutable')
})

test("R2.1 the page (index.html on any /m2/ route but home's) is compressed, asked again every time and answered 304 while unchanged", async () => {
  for (const url of [
    '/m2/packageA/pages/live/live?roomid=496&from=share',
    '/m2/pages/user/user',
    '/m2/?page=live&roomid=496',
    '/m2/pages/home/home?from=share'
  ]) {
    const r = await get(url, { 'accept-encoding': 'br, gzip' })
    assert.equal(r.statusCode, 200, url)
    assert.equal(r.headers['content-encoding'], 'br', url)
    assert.equal(zlib.brotliDecompressSync(r.rawPayload).toString(), html, url)
    assert.equal(r.headers['cache-control'], 'no-cache', url)
    const etag = r.headers.etag as string
    assert.match(etag, /^W\/"/)
    const again = await get(url, { 'accept-encoding': 'br, gzip', 'if-none-match': etag })
    assert.equal(again.statusCode, 304, url)
    assert.equal(again.rawPayload.length, 0)
  }
})

test('files without a content hash are cached an hour; small files go out uncompressed', async () => {
  const manifest = await get('/m2/manifest.json', { 'accept-encoding': 'gzip' })
  assert.equal(manifest.headers['cache-control'], 'public, max-age=3600')
  assert.equal(manifest.headers['content-encoding'], 'gzip')
  const tiny = await get('/m2/js/tiny.0a0b0c0d.js', { 'accept-encoding': 'br, gzip' })
  assert.equal(tiny.headers['content-encoding'], undefined)
  assert.equal(tiny.body, 'console.log(1)')
  assert.equal(tiny.headers.vary, undefined)
})

test("the build's pre-compressed copy is sent when it is current, never when the file changed after it", async () => {
  const file = path.join(dir, 'js/chunk.5e6f7a8b.js')
  const body = Buffer.from('export const x = "' + 'abc'.repeat(2000) + '"\n')
  fs.writeFileSync(file, body)
  // the build's copy, marked so the test can tell it from one the server would make
  const prebuilt = zlib.brotliCompressSync(Buffer.concat([body, Buffer.from('// prebuilt\n')]))
  fs.writeFileSync(`${file}.br`, prebuilt)
  const r = await get('/m2/js/chunk.5e6f7a8b.js', { 'accept-encoding': 'br' })
  assert.equal(r.headers['content-encoding'], 'br')
  assert.deepEqual(r.rawPayload, prebuilt)
  // the file is rewritten after its copy: the copy is stale, the server compresses the new content itself
  const later = new Date(Date.now() + 5000)
  const changed = Buffer.from('export const y = "' + 'xyz'.repeat(2000) + '"\n')
  fs.writeFileSync(file, changed)
  fs.utimesSync(file, later, later)
  const fresh = await get('/m2/js/chunk.5e6f7a8b.js', { 'accept-encoding': 'br' })
  assert.deepEqual(zlib.brotliDecompressSync(fresh.rawPayload), changed)
})

test('home (/m2/ and its page, no query) carries its pre-rendered first screen from the current home data: navigation bar, first slide, menu; compressed, never cached', async () => {
  for (const url of ['/m2/', '/m2/pages/home/home', '/m2/index.html']) {
    const r = await get(url, { 'accept-encoding': 'br, gzip', host: 'live.test:8080' })
    assert.equal(r.statusCode, 200, url)
    assert.equal(r.headers['content-encoding'], 'br', url)
    assert.equal(r.headers['cache-control'], 'no-cache', url)
    assert.match(String(r.headers['content-type']), /^text\/html/)
    const page = zlib.brotliDecompressSync(r.rawPayload).toString()
    // the app's page around it is unchanged, the layer comes before the app's root
    assert.ok(page.startsWith(html.slice(0, html.indexOf('<div id="app">'))), url)
    assert.ok(page.endsWith(html.slice(html.indexOf('<div id="app">'))), url)
    const layer = page.slice(page.indexOf('<div id="first-screen"'), page.indexOf('<div id="app">'))
    assert.match(layer, /^<div id="first-screen" aria-hidden="true">/)
    assert.match(layer, /<span class="fs-title">H5<\/span>/) // the brand is the page's own title
    assert.match(layer, /搜索直播、主播、视频/)
    const slides = app.ctx.store.docs<{ image: string }>('slide')
    const menu = app.ctx.store.docs<{ title: string; icon: string }>('menu')
    assert.ok(slides.length > 1 && menu.length > 0)
    // the first slide only, at the absolute address the API gives the app (so the app's <img> hits the cache): its
    // box's background, asked for by a preload as the page is parsed
    const slide = `http://live.test:8080${slides[0].image}`
    assert.ok(layer.includes(`<div class="fs-slide" style="background-image:url(${slide})"></div>`), url)
    assert.ok(page.includes(`<link rel="preload" as="image" href="${slide}" fetchpriority="high">`), url)
    assert.ok(!layer.includes(slides[1].image))
    for (const m of menu)
      assert.ok(layer.includes(`<span>${m.title}</span>`) && layer.includes(`http://live.test:8080${m.icon}`), m.title)
    // nothing in it can take focus or a tap
    assert.doesNotMatch(layer, /<a |<button|<input|tabindex|onclick/i)
  }
  const plain = await get('/m2/pages/home/home', { host: 'live.test:8080' })
  assert.equal(plain.headers['content-encoding'], undefined)
  assert.match(plain.body, /id="first-screen"/)
})

test('the first screen escapes what the database holds and shows only our own media paths', async () => {
  const store = app.ctx.store
  const slide = store.docs<Record<string, unknown> & { id: number }>('slide')[0]
  const menu = store.docs<Record<string, unknown> & { id: number }>('menu')[0]
  try {
    store.putDoc('slide', slide.id, { ...slide, image: 'javascript:alert(1)' })
    store.putDoc('menu', menu.id, { ...menu, title: '<img src=x onerror=alert(1)>"\'&', icon: '/img/../../etc/passwd' })
    const page = (await get('/m2/')).body
    const layer = page.slice(page.indexOf('<div id="first-screen"'), page.indexOf('<div id="app">'))
    assert.ok(!layer.includes('javascript:'))
    assert.ok(!layer.includes('class="fs-slide"'), 'no slide image, no slide box')
    assert.ok(layer.includes('<span>&lt;img src=x onerror=alert(1)&gt;&quot;&apos;&amp;</span>'))
    assert.ok(!layer.includes('passwd'))
    assert.doesNotMatch(layer, /<img src=x/)
  } finally {
    store.putDoc('slide', slide.id, slide)
    store.putDoc('menu', menu.id, menu)
  }
})

test('a live room anyone may open carries its pre-rendered first screen (player box with the cover, title, topic) and never its stream; password, paid and test rooms do not', async () => {
  type Room = {
    id: number
    title: string
    topic?: string
    cover?: string
    password?: string
    is_premium?: number
    test?: number
    orientation?: string
  }
  const rooms = app.ctx.store.docs<Room>('room')
  const open = rooms.find((r) => r.id === 496)!
  assert.ok(open && !open.password && !open.is_premium && open.topic)
  const r = await get('/m2/packageA/pages/live/live?roomid=496', { host: 'live.test:8080' })
  assert.equal(r.statusCode, 200)
  assert.equal(r.headers['cache-control'], 'no-cache')
  const layer = r.body.slice(r.body.indexOf('<div id="first-screen"'), r.body.indexOf('<div id="app">'))
  assert.match(layer, /^<div id="first-screen" aria-hidden="true">/)
  assert.ok(layer.includes(`<span class="fs-title">${open.title}</span>`))
  assert.ok(layer.includes(`<span class="fs-topic">#${open.topic}</span>`))
  assert.ok(layer.includes(`<div class="fs-stage" style="background-image:url(http://live.test:8080${open.cover})">`))
  assert.ok(r.body.includes(`<link rel="preload" as="image" href="http://live.test:8080${open.cover}"`))
  assert.doesNotMatch(r.body, /m3u8|\/hls\//)
  assert.doesNotMatch(layer, /<a |<button|<input|tabindex|onclick/i)

  const password = rooms.find((x) => x.password)
  const paid = rooms.find((x) => x.is_premium && !x.password)
  const testRoom = rooms.find((x) => x.test)
  for (const room of [password, paid, testRoom]) {
    assert.ok(room, 'the demo data has password, paid and test rooms')
    const page = (await get(`/m2/packageA/pages/live/live?roomid=${room.id}`)).body
    assert.doesNotMatch(page, /first-screen/, `room ${room.id}`)
    assert.ok(!page.includes(room.title), `room ${room.id}`)
  }
  // an unknown room, another parameter, or a second one: the plain page
  for (const url of [
    '/m2/packageA/pages/live/live?roomid=999999',
    '/m2/packageA/pages/live/live?roomid=496&test=1',
    '/m2/packageA/pages/live/live?id=496'
  ]) {
    assert.doesNotMatch((await get(url)).body, /first-screen/, url)
  }
})

test("the live room's first screen escapes the room's title and topic", async () => {
  const store = app.ctx.store
  const room = store.doc<Record<string, unknown>>('room', 496)!
  try {
    store.putDoc('room', 496, {
      ...room,
      title: '</span><script>alert(1)</script>',
      topic: '"><img src=x onerror=alert(2)>',
      cover: 'javascript:alert(3)'
    })
    const page = (await get('/m2/packageA/pages/live/live?roomid=496')).body
    const layer = page.slice(page.indexOf('<div id="first-screen"'), page.indexOf('<div id="app">'))
    assert.ok(layer.includes('&lt;/span&gt;&lt;script&gt;alert(1)&lt;/script&gt;'))
    assert.ok(layer.includes('#&quot;&gt;&lt;img src=x onerror=alert(2)&gt;'))
    assert.doesNotMatch(layer, /<script>alert|<img src=x|javascript:/)
  } finally {
    store.putDoc('room', 496, room)
  }
})
