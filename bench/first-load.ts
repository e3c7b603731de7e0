// The JavaScript and CSS a page loads before it is interactive: every script and stylesheet response until none has
// been asked for in 2.5 s (the live room asks for its activity stage after the first frame, at most 2 s), raw and
// gzip-compressed (level 9, as a CDN would serve it). Not "until the network is idle": a low-latency live stream
// always has a playlist request open, so a live room's network never is.
import { brotliCompressSync, gzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'

export interface FirstLoad {
  jsRaw: number
  jsGzip: number
  cssRaw: number
  cssGzip: number
  /** the page's HTML (which carries its stylesheet and, on home and live rooms, the pre-rendered first screen) */
  documentRaw: number
  documentBrotli: number
  files: number
  /** each script and stylesheet: its path under the origin, raw and gzip bytes */
  assets: Array<{ path: string; type: string; raw: number; gzip: number }>
}

export async function measureFirstLoad(browser: Browser, url: string, ready: string): Promise<FirstLoad> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
  const bodies: Promise<{ type: string; path: string; body: Buffer } | null>[] = []
  let lastAsked = Date.now()
  page.on('request', (r) => {
    if (['script', 'stylesheet'].includes(r.resourceType())) lastAsked = Date.now()
  })
  let document: Promise<Buffer | null> = Promise.resolve(null)
  page.on('response', (r) => {
    const type = r.request().resourceType()
    if (type === 'document' && r.request().frame() === page.mainFrame()) document = r.body().catch(() => null)
    if (type !== 'script' && type !== 'stylesheet') return
    bodies.push(
      r
        .body()
        .then((body) => ({ type, path: new URL(r.url()).pathname, body }))
        .catch(() => null)
    )
  })
  await page.goto(url, { waitUntil: 'load' })
  await page.waitForSelector(ready, { timeout: 30000 })
  const deadline = Date.now() + 15000
  while (Date.now() - lastAsked < 2500 && Date.now() < deadline) await page.waitForTimeout(100)
  const html = await document
  const out: FirstLoad = {
    jsRaw: 0,
    jsGzip: 0,
    cssRaw: 0,
    cssGzip: 0,
    documentRaw: html?.length ?? 0,
    documentBrotli: html ? brotliCompressSync(html).length : 0,
    files: 0,
    assets: []
  }
  for (const b of await Promise.all(bodies)) {
    if (!b) continue
    out.files++
    const gz = gzipSync(b.body, { level: 9 }).length
    out.assets.push({ path: b.path, type: b.type, raw: b.body.length, gzip: gz })
    if (b.type === 'script') {
      out.jsRaw += b.body.length
      out.jsGzip += gz
    } else {
      out.cssRaw += b.body.length
      out.cssGzip += gz
    }
  }
  await page.close()
  return out
}
