// WebKit lane harness: the real reference server (e2e/child-server.ts, as the Chromium lane runs it) and WebKitGTK's
// MiniBrowser with an iPhone WeChat user agent, on its own Xvfb display, driven over W3C WebDriver (Debian's
// webkit2gtk-driver: WebKitWebDriver) by WebdriverIO. Every iPhone's WeChat browser is WebKit: this lane runs the H5
// build on WebKit's engine, its JavaScript, layout and Media Source (GStreamer here, AVFoundation there).
import { spawn, type ChildProcess } from 'node:child_process'
import { after, before } from 'node:test'
import { remote } from 'webdriverio'
import { freePort } from './child-server'
import { startServer, type RunningServer } from './harness'
import { readVideoState, type VideoState } from './video-state'

/** What the lane needs on the machine (apt-get install webkit2gtk-driver xvfb): scripts/test.mjs checks the same. */
const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver'
const MINIBROWSER = process.env.WEBKIT_MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'
const XVFB = '/usr/bin/Xvfb'

/** WeChat's browser on an iPhone, as it names itself (e2e/player.e2e.ts uses the same). */
export const IPHONE_WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN'

export type Browser = WebdriverIO.Browser

export interface WebkitSuite {
  server: RunningServer
  browser: Browser
}

/** A process's end, waited for with a bound (a WebKitWebDriver that ignores SIGTERM is then killed). */
function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((done) => {
    const hard = setTimeout(() => child.kill('SIGKILL'), 5000)
    child.once('exit', () => {
      clearTimeout(hard)
      done()
    })
    child.kill('SIGTERM')
  })
}

/** An X display of its own (Xvfb picks a free number and writes it to fd 3). */
async function startXvfb(): Promise<{ display: string; child: ChildProcess }> {
  const child = spawn(XVFB, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe']
  })
  let err = ''
  child.stderr?.on('data', (d) => (err += d))
  const display = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`Xvfb gave no display in 20 s: ${err}`)), 20000)
    child.stdio[3]?.once('data', (d: Buffer) => {
      clearTimeout(timer)
      done(`:${d.toString().trim()}`)
    })
    child.once('exit', (code) => fail(new Error(`Xvfb exited (${code}): ${err}`)))
  })
  return { display, child }
}

/** Waits until WebKitWebDriver answers its /status. */
async function driverReady(port: number, child: ChildProcess) {
  const end = Date.now() + 20000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited (${child.exitCode})`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}/status`)).ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error('WebKitWebDriver did not answer in 20 s')
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * One reference server (unless `server: false`) and one MiniBrowser for the tests of a file: started before the first
 * test, stopped after the last. The browser plays media without a gesture (the Chromium lane's --autoplay-policy, WeChat's after its bridge).
 */
export function webkitSuite({ server: withServer = true }: { server?: boolean } = {}): WebkitSuite {
  const s = {} as WebkitSuite
  let xvfb: ChildProcess | undefined
  let driver: ChildProcess | undefined
  before(async () => {
    const [server, x] = await Promise.all([withServer ? startServer() : undefined, startXvfb()])
    if (server) s.server = server
    xvfb = x.child
    const port = await freePort()
    driver = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
      env: { ...process.env, DISPLAY: x.display },
      stdio: 'ignore'
    })
    await driverReady(port, driver)
    s.browser = await remote({
      hostname: '127.0.0.1',
      port,
      logLevel: 'error',
      connectionRetryCount: 1,
      // a call the browser does not answer fails within a minute (WebdriverIO's default waits 2 minutes, and the
      // HTTP client's own limit 5), naming the call
      connectionRetryTimeout: 60000,
      capabilities: {
        browserName: 'MiniBrowser',
        // W3C classic only: WebKitGTK's driver has no WebDriver BiDi to offer
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': {
          binary: MINIBROWSER,
          args: ['--automation', `--user-agent=${IPHONE_WECHAT_UA}`, '--autoplay-policy=allow']
        }
      } as WebdriverIO.Capabilities
    })
    await s.browser.setTimeout({ script: 30000 })
    await s.browser.setWindowSize(390, 844)
  })
  after(async () => {
    // a browser that no longer answers is ended with its driver below
    await Promise.race([
      s.browser?.deleteSession().catch(() => undefined),
      new Promise((done) => setTimeout(done, 10000).unref())
    ])
    await stop(driver)
    await stop(xvfb)
    await s.server?.stop()
  })
  return s
}

/** Waits until `check` (run in the page) returns a truthy value, which it returns; throws naming `what`. */
export async function waitInPage<T, A = undefined>(
  browser: Browser,
  what: string,
  check: (arg: A) => T,
  timeout = 20000,
  arg?: A
): Promise<NonNullable<T>> {
  let last: T | undefined
  // WebdriverIO's typing of execute's arguments (elements or values) is not one a generic argument fits
  const inPage = browser.execute.bind(browser) as (fn: (a: A) => T, a: A) => Promise<T>
  try {
    await browser.waitUntil(
      async () => {
        last = await inPage(check, arg as A)
        return !!last
      },
      { timeout, interval: 100, timeoutMsg: `timed out: ${what}` }
    )
  } catch (e) {
    throw new Error(`timed out after ${timeout} ms: ${what}`, { cause: e })
  }
  return last as NonNullable<T>
}

/** Waits for `selector` to be in the page (and shown, unless `attached`). */
export async function waitFor(browser: Browser, selector: string, timeout = 20000, attached = false) {
  const el = browser.$(selector)
  if (attached) await el.waitForExist({ timeout })
  else await el.waitForDisplayed({ timeout })
  return el
}

/** The video's state as the page sees it (video-state.ts). */
export function videoState(browser: Browser): Promise<VideoState | null> {
  return browser.execute(readVideoState)
}

/**
 * Waits until the video plays: not paused and its time moving. A timeout says where the video stood (its state, what
 * it had buffered, the player's state and text), so a failure names its cause.
 */
export async function playing(browser: Browser, timeout = 30000): Promise<number> {
  try {
    const first = await waitInPage(
      browser,
      'the video plays',
      () => {
        const v = document.querySelector('video')
        return v && !v.paused && v.currentTime > 0 ? v.currentTime : 0
      },
      timeout
    )
    return await waitInPage(
      browser,
      `the video's time moves past ${first}`,
      (after: number) => {
        const v = document.querySelector('video')
        return v && v.currentTime > after ? v.currentTime : 0
      },
      timeout,
      first
    )
  } catch (e) {
    const state = await videoState(browser).catch((err: Error) => `unread: ${err.message}`)
    throw new Error(`${(e as Error).message}; the video: ${JSON.stringify(state)}`, { cause: e })
  }
}
