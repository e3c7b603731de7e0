// How the H5 app reaches the viewer (issue 14) in Chromium, against the real build and reference server: what the
// browser receives for the app's own files, and the live room fetching its player library while its room info is
// still on the way.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { suite } from './harness'

const s = suite()

test('R2.1 issue 14: the page and its scripts and stylesheets arrive brotli-compressed; the hashed ones are cached a year as immutable, the page is asked again each time', async () => {
  const page = await s.browser.newPage({ viewport: { width: 390, height: 844 } })
  const seen: { url: string; type: string; encoding?: string; cache?: string }[] = []
  page.on('response', async (r) => {
    const type = r.request().resourceType()
    if (type !== 'document' && type !== 'script' && type !== 'stylesheet') return
    const h = await r.allHeaders()
    seen.push({ url: new URL(r.url()).pathname, type, encoding: h['content-encoding'], cache: h['cache-control'] })
  })
  await page.goto(`${s.server.origin}/m2/pages/home/home`)
  await page.waitForSelector('.home__rooms .card-item')
  await page.waitForLoadState('networkidle')
  const doc = seen.find((x) => x.type === 'document')!
  assert.equal(doc.encoding, 'br')
  assert.equal(doc.cache, 'no-cache')
  // the app's own files (an analytics script from elsewhere is not ours to cache)
  const assets = seen.filter((x) => x.type !== 'document' && x.url.startsWith('/m2/'))
  assert.ok(assets.length >= 3, assets.map((a) => a.url).join(', '))
  for (const a of assets) {
    assert.match(a.url, /^\/m2\/(js|css)\/[\w-]+\.[0-9a-f]{8}\.(js|css)$/, a.url)
    assert.equal(a.cache, 'public, max-age=31536000, immutable', a.url)
    // a file under a kilobyte goes out as it is
    if (a.encoding !== 'br') {
      const r = await fetch(`${s.server.origin}${a.url}`)
      assert.ok((await r.arrayBuffer()).byteLength < 1024, `${a.url} uncompressed`)
    }
  }
  await page.close()
})

test('issue 14: the live room asks for hls.js before its room info has answered, not after', async () => {
  const page = await s.browser.newPage({ viewport: { width: 390, height: 844 } })
  const events: string[] = []
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname
    if (/\/js\/hls\.[0-9a-f]+\.js$/.test(path)) events.push('hls requested')
  })
  page.on('requestfinished', (r) => {
    if (new URL(r.url()).pathname === '/api/v1/userapp/roominfo') events.push('room info answered')
  })
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=496`)
  await page.waitForFunction(() => performance.getEntriesByName('first-frame').length > 0, null, { timeout: 30000 })
  assert.ok(events.includes('hls requested'), events.join(', '))
  assert.ok(events.indexOf('hls requested') < events.indexOf('room info answered'), events.join(' → '))
  await page.close()
})
