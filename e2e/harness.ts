// Browser-test harness: the real reference server (server/start.ts, started by e2e/child-server.ts) on a free loopback
// port with a fresh database, and Debian's Chromium driven by playwright-core.
import { existsSync } from 'node:fs'
import { getPriority, setPriority } from 'node:os'
import { after, before } from 'node:test'
import { AxeBuilder } from '@axe-core/playwright'
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core'
import { startChildServer } from './child-server'

/**
 * The features Playwright's own launch turns off (its `--disable-features`, playwright-core 1.65). Chromium reads only
 * the last `--disable-features` of its command line, so the one below repeats them; foundation.e2e.ts fails naming
 * any that a newer Playwright adds.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion'
]

/**
 * Chromium's own window furniture, which its headless mode (the full browser, as Debian ships it) still builds for
 * every window, that is for every browser context and page a test opens: the address bar's WebUI popup and its AI-mode
 * page, preloaded in a renderer process of their own (about 0.4 processor-s a window), and the preloading of such
 * WebUIs. No page under test sees them. Measured: 20 home loads, each in a new context, 37.5 → 19–21 processor-s.
 */
export const BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'PreloadTopChromeWebUI']

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES].join(',')}`
]

export interface RunningServer {
  origin: string
  /** where the streams are served from (startServer's `streamHost`), else `origin` */
  streamOrigin: string
  stop(): Promise<void>
}

/**
 * `env`: extra server settings (the benchmark raises WS_MAX_PER_IP for its 1,000 sockets from one address);
 * `streamHost`: the streams on another origin (e2e/child-server.ts).
 */
export async function startServer(
  env: Record<string, string> = {},
  { streamHost }: { streamHost?: string } = {}
): Promise<RunningServer> {
  const h5Index = new URL('../dist/h5/index.html', import.meta.url).pathname
  // tests and benchmarks serve the existing dist/h5: a missing build is an error, never a silent rebuild
  if (!existsSync(h5Index)) throw new Error('dist/h5/index.html is missing: run npm run build:h5 first')
  return startChildServer({ env, streamHost })
}

/**
 * Where the browser tests save the screenshots a person looks at after a run (the journeys' screens): inside the
 * project's ignored `.test-results/`, or `SHOTS_DIR`. Playwright makes the folder.
 */
export const SHOTS_DIR = process.env.SHOTS_DIR || new URL('../.test-results/shots', import.meta.url).pathname

/** Debian's Chromium (`CHROMIUM_PATH` picks another). */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

/**
 * How long a browser test waits for a condition of its environment: a page drawn, a request made, an answer shown.
 * Not a measure: a condition that holds returns at once, so a green run waits no longer. In a clean-clone CI run the
 * files that time nothing share two cores, at a lower priority (`yieldProcessor`), with every other lane, where a step
 * of a fraction of a second alone once waited on the processor 150 times as long (a jest test's 30 s); so they wait
 * this long for any condition, Playwright's own waits included. The checks that time something (the spec's limits,
 * in the files that keep the normal priority) name their own limits.
 */
export const WAIT_MS = 120_000

/** Whether this file times nothing and so waits WAIT_MS (`yieldProcessor` says so). */
let timesNothing = false

/**
 * Chromium as the browser tests run it; `args` in place of CHROMIUM_ARGS for a test that needs other switches. In a
 * file that times nothing, its contexts wait WAIT_MS where Playwright's default is 30 s (actions, waits, navigation).
 */
export async function launchBrowser(
  args: string[] = CHROMIUM_ARGS,
  { backForwardCache = false }: { backForwardCache?: boolean } = {}
): Promise<Browser> {
  // Playwright turns the back-forward cache off; phones' browsers keep it on (Back hands a page back as it was)
  const ignoreDefaultArgs = backForwardCache ? ['--disable-back-forward-cache'] : undefined
  const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args, ignoreDefaultArgs })
  if (!timesNothing) return browser
  const patient = (context: BrowserContext) => {
    context.setDefaultTimeout(WAIT_MS)
    context.setDefaultNavigationTimeout(WAIT_MS)
    return context
  }
  const newContext = browser.newContext.bind(browser)
  const newPage = browser.newPage.bind(browser)
  browser.newContext = async (options) => patient(await newContext(options))
  browser.newPage = async (options) => {
    const page = await newPage(options)
    patient(page.context())
    return page
  }
  return browser
}

/**
 * Home's first screen is up: its rooms on air, the last section drawn as home loads. The sections further down are
 * drawn as the viewer nears them (src/components/near-viewport): `showAllOfHome` scrolls to them.
 */
export const HOME_READY = '.home__top-rooms .card-item'

/**
 * A live room's chat has today's history: its messages, or 还没有人发言 when it has none. The seed's messages are from
 * the minutes before the server started, so after China's midnight in a long run a room has none (the client asks for
 * today's); a test that needs a message to act on sends one (`injectChat`).
 */
export const CHAT_READY = '.chat__msg, .chat__empty'

/** The demo viewers send `rate` chat messages a second into `room` for `seconds` seconds (the server's dev control). */
export async function injectChat(origin: string, room: number, rate: number, seconds: number) {
  const r = await fetch(`${origin}/dev/rooms/${room}/inject`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rate, seconds })
  })
  if (r.status !== 200 || ((await r.json()) as { code: number }).code !== 1)
    throw new Error(`inject into ${room}: ${r.status}`)
}

/**
 * How long a browser test waits for a rendition's picture after 清晰度 (Chromium's and WebKit's): the switch comes at
 * the next fragment (hls.js nextLevel) and alone shows in a few seconds, but on a clean-clone CI run the browser shares
 * two cores with every other lane, where WebKitGTK, decoding in software at 1.5x, once needed over 20 s. The limit is
 * generous; the condition is the check.
 */
export const RENDITION_SWITCH_MS = 45_000

/** Scrolls home down until every section further down is drawn (its room list last), then back to the top. */
export async function showAllOfHome(page: Page) {
  await page.waitForSelector(HOME_READY)
  const placeholder = page.locator('[id^="near-viewport-"]')
  for (let i = 0; i < 10; i++) {
    const left = await placeholder.count()
    if (!left) break
    await placeholder
      .last()
      .scrollIntoViewIfNeeded()
      .catch(() => undefined) // drawn meanwhile
    // the section scrolled to is drawn (its placeholder goes); the next round scrolls on either way
    await page
      .waitForFunction((n) => document.querySelectorAll('[id^="near-viewport-"]').length < n, left, { timeout: 5000 })
      .catch(() => undefined)
  }
  await page.waitForSelector('.home__rooms .card-item')
  await page.evaluate(() => window.scrollTo(0, 0))
}

/**
 * A first page of one of the reference server's list calls (`path` under /api/v1/userapp/, e.g. `living/list`), as the
 * app asks for it: the envelope's data, its list and total.
 */
export async function serverList<Row>(
  apiOrigin: string,
  path: string,
  count: number
): Promise<{ list: Row[]; total: number }> {
  const r = await fetch(`${apiOrigin}/api/v1/userapp/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: 1, count })
  })
  return ((await r.json()) as { data: { list: Row[]; total: number } }).data
}

/**
 * Home's 直播列表 as shown, beside the server's own first rooms, as many as shown (`apiOrigin`: the reference server).
 * Home shows its first page of ten; scrolling down to draw the list can reach the bottom, and reach-bottom paging
 * (R4.14) then adds the next page, so the count is read, not assumed.
 */
export async function homeRoomTitles(page: Page, apiOrigin: string): Promise<{ shown: string[]; server: string[] }> {
  const shown = await page.$$eval('.home__rooms .card-item__title', (els) => els.map((e) => e.textContent ?? ''))
  const { list } = await serverList<{ title: string }>(apiOrigin, 'living/list', Math.max(shown.length, 10))
  return { shown, server: list.map((x) => x.title) }
}

/**
 * Closes a page whose route handlers may still be at work (a chunk or a call asked for late): they are let go first,
 * or their work on the closed page rejects after the test, an unhandled rejection that fails the whole file. `close`
 * closes what the test opened (the page, or its context).
 */
export async function closeRouted(page: Page, close: () => Promise<void> = () => page.close()) {
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await close()
}

/** A chunk cut by `cutChunk`: how often the page asked for it, and the network given back. */
export interface CutChunk {
  asked(): number
  mend(): void
}

/**
 * The H5 build's chunks matching `pattern` cut as a phone's network error cuts them (a connection reset): the first
 * `failures` asks fail, every ask when none is given, until `mend()`.
 */
export async function cutChunk(page: Page, pattern: string, failures = Infinity): Promise<CutChunk> {
  let asked = 0
  let cut = true
  await page.route(pattern, (route) => (++asked <= failures && cut ? route.abort('connectionreset') : route.continue()))
  return { asked: () => asked, mend: () => void (cut = false) }
}

/** A POST to the API (`path` from the origin: /api/v1/…) with the viewer's token, from inside the page (its storage holds it). */
export async function callAsViewer(page: Page, path: string, body: Record<string, unknown> = {}) {
  return page.evaluate(
    async ({ path, body }) => {
      const raw = localStorage.getItem('access_token')
      const stored = raw ? JSON.parse(raw) : null
      const token = stored?.data?.data ?? stored?.data ?? ''
      const r = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(body)
      })
      return r.json()
    },
    { path, body }
  )
}

/**
 * Records every toast's text as it shows, in the page (a toast lasts 1.5 s; a busy machine may look later), from the
 * page's next load on; `waitForToast` waits for one of them.
 */
export async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __toasts: string[] }
    w.__toasts = []
    new MutationObserver(() => {
      for (const e of Array.from(document.querySelectorAll('.taro__toast'))) {
        const text = (e.textContent || '').trim()
        if (text && getComputedStyle(e).display !== 'none' && w.__toasts[w.__toasts.length - 1] !== text)
          w.__toasts.push(text)
      }
    }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true })
  })
}

/** Waits for a toast of this text among those `recordToasts` saw. */
export async function waitForToast(page: Page, text: string) {
  await page.waitForFunction((t) => (window as unknown as { __toasts: string[] }).__toasts.includes(t), text, {
    timeout: WAIT_MS
  })
}

/** The toasts `recordToasts` saw, in order. */
export function toastsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts)
}

/** Log in through the user page's mobile + password form (the demo account of the README). */
export async function loginThroughUserPage(page: Page, origin: string, mobile = '13800000001', password = 'demo1234') {
  await page.goto(`${origin}/m2/pages/user/user`)
  await submitLoginForm(page, mobile, password)
  await page.waitForSelector('.user-profile', { timeout: WAIT_MS })
}

/**
 * A phone's two viewers, a context each: a visitor, and the demo viewer logged in through the user page. `initScript`
 * runs in both before any page's own (e2e/old-engine.ts).
 */
export async function visitorAndMember(
  browser: Browser,
  origin: string,
  {
    viewport = { width: 390, height: 844 },
    initScript
  }: { viewport?: { width: number; height: number }; initScript?: string } = {}
): Promise<{ visitor: BrowserContext; member: BrowserContext }> {
  const [visitor, member] = [await browser.newContext({ viewport }), await browser.newContext({ viewport })]
  if (initScript) for (const context of [visitor, member]) await context.addInitScript(initScript)
  const page = await member.newPage()
  await loginThroughUserPage(page, origin)
  await page.close()
  return { visitor, member }
}

/** Fill in and send the user page's mobile + password form (the page is open), the consent box ticked first. */
export async function submitLoginForm(page: Page, mobile = '13800000001', password = 'demo1234') {
  await page.locator('.user-form__mobile input:visible, input.user-form__mobile:visible').first().fill(mobile)
  await page.locator('.user-form__password input:visible, input.user-form__password:visible').first().fill(password)
  await agreeToTerms(page)
  await page.locator('.user-form__submit:visible').first().click()
}

/** Ticks the login's 用户协议 / 隐私政策 box (no login is sent before it), if it is not ticked yet. */
export async function agreeToTerms(page: Page) {
  const box = page.getByRole('checkbox', { name: '我已阅读并同意《用户协议》和《隐私政策》' })
  if ((await box.getAttribute('aria-checked')) !== 'true') await box.click()
}

/**
 * Resolves once a room socket of the page has been welcomed (the server's first message on it, `welcome`): the room
 * has joined and pushes reach it from then on. Call it before the page opens the room; rejects after `timeout` ms.
 */
export function roomSocketWelcomed(page: Page, timeout = WAIT_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out: the room socket’s welcome')), timeout)
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        if (/"type":\s*"welcome"/.test(String(f.payload))) {
          clearTimeout(timer)
          resolve()
        }
      })
    )
  })
}

/**
 * In WeChat's browser a new visitor's first page goes through the silent OAuth round trip (R1.10): the page is loaded
 * again with a startup token, which logs in under a 登录中 loading mask (R2.26). Resolves once that is over: the
 * token kept, the address without it, no loading shown. A sheet opened or a title read before would go with the old
 * page, or lie under the mask.
 */
export async function afterMessengerLogin(page: Page, timeout = WAIT_MS) {
  await page.waitForFunction(
    () =>
      !!localStorage.getItem('access_token') &&
      !/[?&]token=/.test(location.search) &&
      !Array.from(document.querySelectorAll('.taro__toast')).some((e) => getComputedStyle(e).display !== 'none'),
    undefined,
    { timeout }
  )
}

export type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]

/**
 * axe-core's serious and critical violations on the page as it stands, inside `include` (default: the whole page) and
 * outside each of `exclude`. axe runs in the page itself (`axe.run`, @axe-core/playwright's legacy mode), which checks
 * the page and its same-origin frames: the app has no other kind (the web view's page is excluded where it is shown).
 * The default mode injects axe into each frame for `runPartial`, then opens a blank page, injects axe again and
 * finishes the run there, every time: a new page's cost on each check. Only violations are reported in full
 * (`resultTypes`): axe then builds no selectors for the thousands of nodes that pass.
 */
export async function seriousAxeViolations(
  page: Page,
  { include, exclude = [] }: { include?: string; exclude?: string[][] } = {}
): Promise<AxeViolation[]> {
  let builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] })
  if (include) builder = builder.include(include)
  for (const e of exclude) builder = builder.exclude(e)
  const { violations } = await builder.analyze()
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

/** Polls `probe` (a read of the page or the server) until `ok` holds of what it read; throws naming `what`. */
export async function eventually<T>(
  probe: () => Promise<T>,
  ok: (value: T) => boolean,
  what: string,
  timeout = WAIT_MS
) {
  const end = Date.now() + timeout
  for (;;) {
    const value = await probe()
    if (ok(value)) return value
    if (Date.now() > end) throw new Error(`timed out: ${what} (last read ${JSON.stringify(value)})`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Waits until `check` holds (a test's own record of requests, say), or throws naming `what`. */
export async function waitUntil(check: () => boolean, what: string, timeout = WAIT_MS) {
  const end = Date.now() + timeout
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** A finger put down at `from`, moved to `to` and lifted: real touch input through Chromium's DevTools protocol. */
export async function touchDrag(cdp: CDPSession, from: { x: number; y: number }, to: { x: number; y: number }) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [to] })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
}

export interface Suite {
  server: RunningServer
  browser: Browser
}

/**
 * Beside npm test's other lanes (scripts/test.mjs sets TEST_E2E_NICE), a file whose checks time nothing takes their
 * lower priority, and so do the browser and the server it starts: the files that time a playing stream then get the
 * processor when they need it.
 */
export function yieldProcessor() {
  timesNothing = true
  const nice = Number(process.env.TEST_E2E_NICE)
  if (nice > getPriority()) setPriority(nice)
}

/**
 * One reference server and one Chromium for the tests of a file: started before the first test (then `setup`
 * runs), stopped after the last. `timing`: the file's checks time a playing stream (latency, recovery, what loads
 * before the first paint), so it keeps the normal priority (yieldProcessor).
 */
export function suite(
  setup?: (s: Suite) => Promise<void>,
  { timing = false, ...server }: { streamHost?: string; timing?: boolean } = {}
): Suite {
  const s = {} as Suite
  before(async () => {
    if (!timing) yieldProcessor()
    s.server = await startServer({}, server)
    s.browser = await launchBrowser()
    await setup?.(s)
  })
  after(async () => {
    await s.browser?.close()
    await s.server?.stop()
  })
  return s
}
