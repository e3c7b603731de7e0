/*
 * The project's reference server (server/start.ts) as a child process on a free loopback port with a fresh database,
 * for store and page tests that talk to the real API. Pair it with the node-fetch test environment
 * (`@jest-environment ./__tests__/src/core/node-fetch-environment.js`): Node's fetch, as the mini-program's request
 * behaves (no CORS, no cookie jar).
 */
import { spawn } from 'child_process'
import { mkdtempSync, rmSync } from 'fs'
import { createServer } from 'net'
import { tmpdir } from 'os'
import { join } from 'path'
import { configureRequest } from '@/core/request'

export interface ReferenceServer {
  origin: string
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
    s.on('error', reject)
  })
}

export async function startReferenceServer(): Promise<ReferenceServer> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'jest-ref-'))
  const root = join(__dirname, '../../..')
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: root,
    // SANDBOX=1: demo controls, sandbox payment and logins (server/README.md, Security)
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_H5_BUILD: '1', SANDBOX: '1' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let log = ''
  child.stdout.on('data', (d) => (log += d))
  child.stderr.on('data', (d) => (log += d))
  const origin = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`reference server exited:\n${log}`)
    try {
      const r = await fetch(`${origin}/api/v1/userapp/config`, { method: 'POST' })
      if (r.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`reference server did not start:\n${log}`)
    await new Promise((r) => setTimeout(r, 150))
  }
  configureRequest({ hosts: { api: origin, live: origin, stats: origin, mobile: origin } })
  return {
    origin,
    async stop() {
      configureRequest({ hosts: null })
      child.kill('SIGTERM')
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)))
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

/** Counts the requests whose URL matches, by wrapping the environment's fetch (the request still goes out). */
export function countRequests(pattern: RegExp) {
  const original = globalThis.fetch
  const seen: string[] = []
  const bodies: string[] = []
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (pattern.test(url)) {
      seen.push(url)
      bodies.push(typeof init?.body === 'string' ? init.body : '')
    }
    return original(input, init)
  }) as typeof fetch
  return {
    get count() {
      return seen.length
    },
    urls: seen,
    bodies,
    restore() {
      globalThis.fetch = original
    }
  }
}

/** The demo viewer's login answer (user, access_token…) straight from the server's login call. */
export async function demoLogin<T = { access_token: string }>(origin: string): Promise<T> {
  const r = await fetch(`${origin}/api/v1/userapp/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: '13800000001', password: 'demo1234' })
  })
  return ((await r.json()) as { data: T }).data
}
