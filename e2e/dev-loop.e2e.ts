// The dev loop: `npm run dev` (scripts/dev.mjs) starts the reference server and the H5 dev server together; the page
// the dev server serves shows the reference server's data through its proxy (API, chat WebSocket, HLS), an edit to a
// page component is applied in place by fast refresh, and Ctrl-C stops every process both of them started.
//
// Fast refresh needs a source file to change. The test never edits the repository: it runs `npm run dev` in a
// temporary copy of the project (everything but node_modules, which is linked, and build output, data and git) and
// edits the copy's home page, so the repository stays as it was whatever happens to the test; the copy is removed
// at the end. Fast refresh shows as the new text on the page while a mark left on `window` before the edit is still
// there (no reload), Prefresh's runtime in the page and webpack's HMR log naming the module it swapped.
//
// The first webpack build of the app in development mode took 18-75 s on two cores shared with other builds; the
// dev server gets 4 minutes before the test gives up.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import type { Browser, WebSocket } from 'playwright-core'
import { homeRoomTitles, injectChat, launchBrowser, showAllOfHome, yieldProcessor, WAIT_MS } from './harness'
import { quietPort } from './child-server'
import { descendants, procStat } from './processes'

const ROOT = resolve(__dirname, '..')
const READY_TIMEOUT_MS = 240_000
// not copied: dependencies (linked instead), build output, test output, the server's data, git
const SKIP = new Set([
  'node_modules',
  '.git',
  'dist',
  '.test-results',
  '.swc',
  '.temp',
  'coverage',
  'bench/out',
  'server/data'
])

let project = ''
let dataDir = ''
let dev: ChildProcess | undefined
let devOrigin = ''
/** the dev server for this process's own requests (it listens on 127.0.0.1; localhost may resolve to ::1 first) */
let devLoopback = ''
let apiOrigin = ''
let log = ''
let browser: Browser | undefined
const startedInMs = { value: 0 }

function running(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  // a zombie has ended but is not reaped yet
  const state = procStat(`/proc/${pid}/stat`)?.state
  return state !== undefined && state !== 'Z'
}

async function waitFor<T>(
  what: string,
  timeoutMs: number,
  probe: () => T | undefined | Promise<T | undefined>
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const v = await probe()
    if (v !== undefined) return v
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s\n${log.slice(-4000)}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

before(async () => {
  yieldProcessor()
  project = mkdtempSync(join(tmpdir(), 'live-dev-loop-'))
  cpSync(ROOT, project, {
    recursive: true,
    preserveTimestamps: true,
    filter: (src) => !SKIP.has(relative(ROOT, src).split('\\').join('/'))
  })
  symlinkSync(join(ROOT, 'node_modules'), join(project, 'node_modules'), 'dir')
  // a production build a running `npm start` would be serving: the dev server must leave it alone
  mkdirSync(join(project, 'dist/h5'), { recursive: true })
  writeFileSync(join(project, 'dist/h5/index.html'), '<!-- production build -->')
  dataDir = mkdtempSync(join(tmpdir(), 'live-dev-loop-data-'))
  const port = await quietPort()
  let devPort = await quietPort()
  while (devPort === port) devPort = await quietPort()
  const { HOST: _host, NODE_ENV: _mode, ...env } = process.env
  const t0 = Date.now()
  // its own process group, as a terminal runs a command: the last test sends Ctrl-C's SIGINT to that group
  dev = spawn('npm', ['run', 'dev'], {
    cwd: project,
    env: { ...env, PORT: String(port), DEV_PORT: String(devPort), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true
  })
  dev.stdout!.on('data', (d) => (log += d))
  dev.stderr!.on('data', (d) => (log += d))
  const ready = await waitFor('npm run dev printed the app address', READY_TIMEOUT_MS, () => {
    if (dev!.exitCode !== null) throw new Error(`npm run dev exited (${dev!.exitCode}):\n${log.slice(-4000)}`)
    return log.match(/开发服务器已就绪.*(http:\/\/localhost:(\d+)\/m2\/)/)?.slice(1)
  })
  startedInMs.value = Date.now() - t0
  assert.equal(Number(ready[1]), devPort, 'DEV_PORT sets the dev server port')
  devOrigin = `http://localhost:${devPort}`
  devLoopback = `http://127.0.0.1:${devPort}`
  apiOrigin = `http://127.0.0.1:${port}`
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  // whatever the last test left: nothing of the dev loop outlives the file
  if (dev?.pid) for (const pid of [dev.pid, ...descendants(dev.pid)]) if (running(pid)) process.kill(pid, 'SIGKILL')
  if (project) rmSync(project, { recursive: true, force: true })
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

test('npm run dev builds beside dist/h5, which a running npm start serves, and leaves it alone', () => {
  assert.equal(readFileSync(join(project, 'dist/h5/index.html'), 'utf8'), '<!-- production build -->')
})

test("npm run dev serves the app under /m2/ with the reference server's rooms", async () => {
  console.log(`# npm run dev: the app was served ${Math.round(startedInMs.value / 1000)} s after the start`)
  const page = await browser!.newPage({ viewport: { width: 390, height: 844 } })
  const image = page.waitForResponse((res) => res.url().startsWith(`${devOrigin}/img/`), { timeout: WAIT_MS })
  await page.goto(`${devOrigin}/m2/pages/home/home`)
  await page.waitForSelector('.home__top-rooms .card-item', { timeout: WAIT_MS })
  await showAllOfHome(page)
  // straight from the reference server, not through the dev server
  const { shown, server } = await homeRoomTitles(page, apiOrigin)
  assert.ok(shown.length > 0)
  assert.deepEqual(shown, server)
  // the covers are the reference server's images, linked on the page's own origin (the proxy keeps the Host)
  const cover = await image
  assert.equal(cover.status(), 200)
  assert.match(cover.headers()['content-type'] ?? '', /^image\//)
  await page.close()
})

test("the live room's chat WebSocket and HLS playlist go through the dev server's proxy", async () => {
  const page = await browser!.newPage({ viewport: { width: 390, height: 844 } })
  const socket = page.waitForEvent('websocket', {
    predicate: (ws) => ws.url().startsWith(`${devOrigin.replace(/^http/, 'ws')}/ws?`),
    timeout: WAIT_MS
  })
  const playlist = page.waitForResponse((res) => res.url().startsWith(`${devOrigin}/hls/live/496/index.m3u8`), {
    timeout: WAIT_MS
  })
  await page.goto(`${devOrigin}/m2/packageA/pages/live/live?roomid=496`)
  const ws: WebSocket = await socket
  const frames: string[] = []
  ws.on('framereceived', (f) => frames.push(String(f.payload)))
  const m3u8 = await playlist
  assert.equal(m3u8.status(), 200)
  assert.match(await m3u8.text(), /^#EXTM3U/)
  // a chat message sent in the room now reaches the page's socket (the demo control, itself through the proxy)
  await injectChat(devLoopback, 496, 10, 0.5)
  await waitFor("a danmaku frame on the page's socket", WAIT_MS, () =>
    frames.some((f) => f.includes('"danmaku"')) ? true : undefined
  )
  await page.close()
})

test('an edit to a page component is applied by fast refresh, without reloading the page', async () => {
  const page = await browser!.newPage({ viewport: { width: 390, height: 844 } })
  await page.goto(`${devOrigin}/m2/pages/home/home`)
  await page.waitForSelector('.home__top-rooms .card-item', { timeout: WAIT_MS })
  // Prefresh's runtime is in the page, and the page is not reloaded from here on
  assert.equal(
    await page.evaluate(() => typeof (window as unknown as { __PREFRESH__?: object }).__PREFRESH__),
    'object'
  )
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true))
  let navigations = 0
  page.on('framenavigated', (f) => f === page.mainFrame() && navigations++)
  const hmr: string[] = []
  page.on('console', (m) => m.text().startsWith('[HMR]') && hmr.push(m.text()))

  const file = join(project, 'src/pages/home/home.tsx')
  const source = readFileSync(file, 'utf8')
  assert.ok(source.includes("title='正在直播'"), 'the home page names its rooms on air 正在直播')
  writeFileSync(file, source.replace("title='正在直播'", "title='正在直播（已热更新）'"))
  await page.waitForFunction(() => document.body.innerText.includes('正在直播（已热更新）'), null, { timeout: WAIT_MS })
  assert.equal(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded), true)
  assert.equal(navigations, 0)
  assert.ok(
    hmr.some((l) => l.includes('src/pages/home/home.tsx')),
    hmr.join('\n')
  )
  // the rooms the page had loaded are still there: the module was swapped, the app kept its state
  assert.ok((await page.$$('.home__top-rooms .card-item')).length > 0)
  await page.close()
})

test('Ctrl-C stops the reference server, the dev server and everything they started', async () => {
  const tree = descendants(dev!.pid)
  // npm, its shell, scripts/dev.mjs, the server (node + tsx) and Taro's webpack at least
  assert.ok(tree.length >= 3, `processes under npm run dev: ${tree.join(', ')}`)
  const exited = new Promise((r) => (dev!.exitCode !== null ? r(null) : dev!.once('exit', r)))
  process.kill(-dev!.pid!, 'SIGINT')
  await exited
  await waitFor('every process of npm run dev ended', WAIT_MS, () =>
    tree.every((pid) => !running(pid)) ? true : undefined
  )
  for (const origin of [devLoopback, apiOrigin]) {
    await assert.rejects(fetch(`${origin}/m2/`, { signal: AbortSignal.timeout(5000) }), `${origin} is closed`)
  }
})
