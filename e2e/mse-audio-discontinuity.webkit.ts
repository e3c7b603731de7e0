// WebKit's Media Source alone, without hls.js or the app: the audio of the live room's stream as hls.js hands it to the
// audio SourceBuffer around one of the stream's discontinuities (e2e/fixtures/webkit-audio-discontinuity.json: the
// reference stream's loop, where the timestamp offset moves 12 s and the next fragment's audio starts 28 ms before the
// last one's end; recorded from the H5 player in WebKitGTK). WebKitGTK keeps none of what is appended after it; Chromium
// keeps it all, and so does WebKit on a Media Source of its own that starts there. This is why the live room stood
// still in WebKit, and why the H5 player gives a starved track a new Media Source (player/web-stream.ts, starvedTrack).
// Kept as a record of WebKit's behaviour: it fails once WebKit keeps that audio, and the workaround can go.
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { after, before } from 'node:test'
import { chromium } from 'playwright-core'
import { webkitSuite } from './webkit-harness'

const s = webkitSuite({ server: false })
/** node:test's test, run once more in a new browser after one that stopped answering (webkit-harness.ts) */
const { test } = s
const FIXTURE = new URL('./fixtures/webkit-audio-discontinuity.json', import.meta.url).pathname

/** The page: appends the fixture's appends (from `from` on, the init segment first) and answers the buffered ranges. */
const PAGE = `<!doctype html><meta charset="utf-8"><title>MSE audio discontinuity</title><video></video><script>
window.appendAll = async (from) => {
  const { type, appends } = await (await fetch('fixture.json')).json()
  const video = document.querySelector('video')
  const source = new MediaSource()
  video.src = URL.createObjectURL(source)
  await new Promise((r) => source.addEventListener('sourceopen', r, { once: true }))
  const sb = source.addSourceBuffer(type)
  const ranges = () => Array.from({ length: sb.buffered.length }, (_, i) => [sb.buffered.start(i), sb.buffered.end(i)])
  const steps = []
  const init = appends.slice(0, from).filter((a) => a.box === 'ftyp').pop()
  for (const a of from ? [init, ...appends.slice(from)] : appends) {
    if (sb.timestampOffset !== a.timestampOffset) sb.timestampOffset = a.timestampOffset
    const bytes = Uint8Array.from(atob(a.data), (c) => c.charCodeAt(0))
    await new Promise((done, fail) => {
      sb.addEventListener('updateend', done, { once: true })
      sb.addEventListener('error', () => fail(new Error('append failed')), { once: true })
      sb.appendBuffer(bytes)
    })
    steps.push({ box: a.box, buffered: ranges() })
  }
  return steps
}
</script>`

let server: Server
let origin = ''
before(async () => {
  server = createServer((req, res) => {
    const json = req.url === '/fixture.json'
    res.setHeader('content-type', json ? 'application/json' : 'text/html; charset=utf-8')
    res.end(json ? readFileSync(FIXTURE) : PAGE)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
after(() => new Promise<void>((r) => server.close(() => r())))

interface Step {
  box: string
  buffered: [number, number][]
}
const end = (step: Step) => Math.max(0, ...step.buffered.map(([, z]) => z))
/** Where the second init segment (the discontinuity) is in the fixture. */
const secondInit = () =>
  (JSON.parse(readFileSync(FIXTURE, 'utf8')) as { appends: { box: string }[] }).appends.findIndex(
    (a, i) => i > 0 && a.box === 'ftyp'
  )

test('WebKit’s Media Source keeps none of the audio appended after a discontinuity (Chromium keeps it; a new Media Source from there keeps it)', async (b) => {
  await b.url(origin)
  await b.setTimeout({ script: 30000 })
  // the steps come back as JSON: WebKit's driver hands a script's answer back as it is, but WebdriverIO's typing of
  // executeAsync's callback takes a string
  const run = async (from: number): Promise<Step[] | string> => {
    const answer = await b.executeAsync((f: number, done: (r?: string) => void) => {
      ;(window as unknown as { appendAll(f: number): Promise<Step[]> }).appendAll(f).then(
        (steps) => done(JSON.stringify(steps)),
        (e: Error) => done(`error: ${String(e)}`)
      )
    }, from)
    return answer?.startsWith('[') ? (JSON.parse(answer) as Step[]) : String(answer)
  }
  const cut = secondInit()
  assert.ok(cut > 0, 'the fixture has a discontinuity')

  const whole = await run(0)
  assert.ok(Array.isArray(whole), String(whole))
  const before = end(whole[cut - 1])
  const last = end(whole[whole.length - 1])
  // about 3 s of audio after the discontinuity went in; WebKit kept none of it (a frame or two at most)
  assert.ok(before > 30, JSON.stringify(whole[cut - 1]))
  assert.ok(last - before < 0.25, `WebKit buffered past the discontinuity: ${before} → ${last}`)

  // the same audio on a Media Source of its own that starts at the discontinuity: all of it
  const fresh = await run(cut)
  assert.ok(Array.isArray(fresh), String(fresh))
  assert.ok(end(fresh[fresh.length - 1]) - before > 2.5, JSON.stringify(fresh[fresh.length - 1]))

  // Chromium (where the machine has it: the Chromium lane's browser) keeps it all from the same page
  const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
  if (!existsSync(chromiumPath)) return
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--headless', '--no-sandbox'] })
  try {
    const page = await browser.newPage()
    await page.goto(origin)
    const steps = await page.evaluate(
      (f) => (window as unknown as { appendAll(f: number): Promise<Step[]> }).appendAll(f),
      0
    )
    assert.ok(end(steps[steps.length - 1]) - before > 2.5, `Chromium: ${JSON.stringify(steps[steps.length - 1])}`)
  } finally {
    await browser.close()
  }
})
