// Browser-test harness: the real reference server (server/start.ts) on a free loopback port with a fresh database,
// and Debian's Chromium driven by playwright-core.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before } from 'node:test'
import { chromium, type Browser, type Page } from 'playwright-core'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required'
]

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
    s.on('error', reject)
  })
}

export interface RunningServer {
  origin: string
  stop(): Promise<void>
}

/** `env`: extra server settings (the benchmark raises WS_MAX_PER_IP for its 1,000 sockets from one address). */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const h5Index = new URL('../dist/h5/index.html', import.meta.url).pathname
  if (!existsSync(h5Index)) throw new Error('dist/h5/index.html is missing: run npm run build:h5 first')
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'))
  const root = new URL('..', import.meta.url).pathname
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: root,
    // Tests and benchmarks serve the existing dist/h5: a missing build is an error, never a silent rebuild.
    // SANDBOX=1: demo controls, sandbox payment and logins (server/README.md, Security)
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1', SKIP_H5_BUILD: '1', SANDBOX: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let log = ''
  child.stdout?.on('data', (d) => (log += d))
  child.stderr?.on('data', (d) => (log += d))
  const origin = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`)
    try {
      const r = await fetch(`${origin}/m2/`)
      if (r.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start within 60 s:\n${log}`)
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    origin,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)))
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

/** playwright-core gives every launch a fresh, empty --user-data-dir of its own. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS
  })
}

/** Log in through the user page's mobile + password form (the demo account of the README). */
export async function loginThroughUserPage(page: Page, origin: string, mobile = '13800000001', password = 'demo1234') {
  await page.goto(`${origin}/m2/pages/user/user`)
  await page.locator('.user-form__mobile input:visible, input.user-form__mobile:visible').first().fill(mobile)
  await page.locator('.user-form__password input:visible, input.user-form__password:visible').first().fill(password)
  await page.locator('.user-form__submit:visible').first().click()
  await page.waitForSelector('.user-profile', { timeout: 15000 })
}

export interface Suite {
  server: RunningServer
  browser: Browser
}

/**
 * One reference server and one Chromium for the tests of a file: started before the first test (then `setup`
 * runs), stopped after the last.
 */
export function suite(setup?: (s: Suite) => Promise<void>): Suite {
  const s = {} as Suite
  before(async () => {
    s.server = await startServer()
    s.browser = await launchBrowser()
    await setup?.(s)
  })
  after(async () => {
    await s.browser?.close()
    await s.server?.stop()
  })
  return s
}
