// WebKit lane harness: the real reference server (e2e/child-server.ts, as the Chromium lane runs it) and WebKitGTK's
// MiniBrowser with an iPhone WeChat user agent, on its own Xvfb display, driven over W3C WebDriver (Debian's
// webkit2gtk-driver: WebKitWebDriver) by WebdriverIO. Every iPhone's WeChat browser is WebKit: this lane runs the H5
// build on WebKit's engine, its JavaScript, layout and Media Source (GStreamer here, AVFoundation there).
import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { after, before, test } from 'node:test'
import { remote } from 'webdriverio'
import { freePort } from './child-server'
import { descendants, procStat } from './processes'
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
  /** the browser of the test running now: a new one after a browser that stopped answering (`test` below) */
  browser: Browser
  /**
   * A test of the file. When it fails and the browser no longer answers a script (WebKitGTK's web process hung: twice
   * in the lane's runs, once in a playback's first play and once in a page load after the live room), the processes'
   * state is printed, the browser is started again (`onNewBrowser` then brings it to where the file's tests expect
   * it), and the test runs once more; what that run says is the test's result. A test that fails in a browser that
   * still answers fails at once.
   */
  test: (name: string, fn: (b: Browser) => Promise<void>) => void
}

export interface WebkitSuiteOptions {
  /** a reference server for the file (default) or none */
  server?: boolean
  /** run in a browser started again after one stopped answering, before the test runs once more (a login, say) */
  onNewBrowser?: (b: Browser) => Promise<void>
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

/**
 * What the browser's processes were doing when it stopped answering, from /proc: each process's threads with their
 * state (R running, S waiting, D in the kernel) and the processor they used over one second, so a hang reads as a busy
 * loop (a thread at ~100 ticks/s) or a wait (every thread asleep), and in which thread (WebKit and GStreamer name them).
 */
async function hangReport(pids: number[]): Promise<string> {
  const threads = () =>
    new Map(
      pids.flatMap((pid) => {
        let tids: string[] = []
        try {
          tids = readdirSync(`/proc/${pid}/task`)
        } catch {
          return []
        }
        return tids.map((tid) => [`${pid}/${tid}`, procStat(`/proc/${pid}/task/${tid}/stat`)] as const)
      })
    )
  const before = threads()
  await new Promise((r) => setTimeout(r, 1000))
  const after = threads()
  return pids
    .map((pid) => {
      // the main thread, and every other thread that ran or is not asleep (a web process has dozens)
      const shown = [...after].flatMap(([key, t]) => {
        if (!t || !key.startsWith(`${pid}/`)) return []
        const used = t.ticks - (before.get(key)?.ticks ?? t.ticks)
        return key === `${pid}/${pid}` || used > 0 || t.state !== 'S' ? [`${t.name} ${t.state} ${used}/s`] : []
      })
      return `  ${procStat(`/proc/${pid}/stat`)?.name ?? '?'} ${pid}: ${shown.join(', ')}`
    })
    .join('\n')
}

/** Whether the browser runs a script within 10 s: a call that times out, or none in that time, is a browser that hangs. */
async function answers(browser: Browser): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<boolean>((done) => (timer = setTimeout(() => done(false), 10000)))
  try {
    return await Promise.race([
      browser
        .execute(() => true)
        .then(
          () => true,
          (e: Error) => !/timeout|timed out/i.test(`${e.message} ${(e as { code?: string }).code ?? ''}`)
        ),
      late
    ])
  } finally {
    clearTimeout(timer)
  }
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

/** WebKitWebDriver on `display` and a session of its MiniBrowser, at the phone's size. */
async function startBrowser(display: string): Promise<{ driver: ChildProcess; browser: Browser }> {
  const port = await freePort()
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
    env: { ...process.env, DISPLAY: display },
    stdio: 'ignore'
  })
  await driverReady(port, driver)
  const browser = await remote({
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
  await browser.setTimeout({ script: 30000 })
  await browser.setWindowSize(390, 844)
  return { driver, browser }
}

/** Ends a session and its driver, and every process under the driver (a hung web process may outlive its browser). */
async function endBrowser(driver: ChildProcess | undefined, browser: Browser | undefined) {
  const left = descendants(driver?.pid)
  // a browser that no longer answers is ended with its driver below
  await Promise.race([
    browser?.deleteSession().catch(() => undefined),
    new Promise((done) => setTimeout(done, 10000).unref())
  ])
  await stop(driver)
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // ended with its driver
    }
  }
}

/**
 * One reference server (unless `server: false`) and one MiniBrowser for the tests of a file: started before the first
 * test, stopped after the last, and started again after a browser that stopped answering (`test`). The browser plays
 * media without a gesture (the Chromium lane's --autoplay-policy, WeChat's after its bridge).
 */
export function webkitSuite({ server: withServer = true, onNewBrowser }: WebkitSuiteOptions = {}): WebkitSuite {
  let xvfb: { display: string; child: ChildProcess } | undefined
  let driver: ChildProcess | undefined
  const s = {
    test(name, fn) {
      test(name, async () => {
        for (let attempt = 1; ; attempt++) {
          try {
            return await fn(s.browser)
          } catch (e) {
            if (await answers(s.browser)) throw e
            const report = await hangReport(descendants(driver?.pid))
            console.log(
              `WebKit stopped answering in “${name}” (${(e as Error).message.split('\n')[0]}); its processes:\n${report}`
            )
            await endBrowser(driver, s.browser)
            ;({ driver, browser: s.browser } = await startBrowser(xvfb!.display))
            // the tests after this one find the browser where the file's tests expect it, whether this one runs again
            // or not (a second hang fails it with that run's error)
            const ready = onNewBrowser?.(s.browser)
            if (attempt === 2) {
              await ready?.catch(() => undefined)
              throw e
            }
            await ready
            console.log(`“${name}” runs once more in a new browser`)
          }
        }
      })
    }
  } as WebkitSuite
  before(async () => {
    const [server, x] = await Promise.all([withServer ? startServer() : undefined, startXvfb()])
    if (server) s.server = server
    xvfb = x
    ;({ driver, browser: s.browser } = await startBrowser(x.display))
  })
  after(async () => {
    await endBrowser(driver, s.browser)
    await stop(xvfb?.child)
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
