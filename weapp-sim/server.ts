// The reference server (server/start.ts) for the weapp suite: a child process on a free loopback port with a fresh
// database, as __tests__/src/support/reference-server.ts and e2e/harness.ts start it. `content` edits the seeded
// database before the server opens it (what the broadcaster's CMS would have published: a notice's link…).
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Store } from '../server/db'
import { seed } from '../server/seed'
import { ROOT } from './sim'

export interface RefServer {
  origin: string
  /** The dev endpoints of server/routes/dev.ts (`/dev/rooms/496/inject?rate=…`). */
  dev(path: string): Promise<unknown>
  /** A call of the API as another client (another viewer) makes it. */
  api<T = unknown>(path: string, body?: Record<string, unknown>, token?: string): Promise<{ code: number; msg: string; data: T }>
  /** A GET of any path of the server (`/live/api_mapp.php?a=…`), the envelope's data. */
  get<T = unknown>(pathAndQuery: string): Promise<T>
  stop(): Promise<void>
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
    s.on('error', reject)
  })
}

export async function startRefServer(content?: (store: Store) => void): Promise<RefServer> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'weapp-ref-'))
  if (content) {
    const store = new Store(join(dataDir, 'live.db'))
    seed(store)
    content(store)
    store.db.close()
  }
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_H5_BUILD: '1', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  // a test process that dies (a timeout, ^C) takes its server along
  const killChild = () => child.kill('SIGTERM')
  process.once('exit', killChild)
  let log = ''
  child.stdout?.on('data', (d) => (log += d))
  child.stderr?.on('data', (d) => (log += d))
  const origin = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60000
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
  return {
    origin,
    async dev(path) {
      const r = await fetch(`${origin}/dev/${path.replace(/^\/+/, '')}`, { method: 'POST' })
      return r.json()
    },
    async api(path, body = {}, token) {
      const r = await fetch(`${origin}/api/v1/${path.replace(/^\/+/, '')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body)
      })
      return r.json() as never
    },
    async get(pathAndQuery) {
      const r = await fetch(`${origin}${pathAndQuery}`)
      return ((await r.json()) as { data: never }).data
    },
    async stop() {
      process.off('exit', killChild)
      child.kill('SIGTERM')
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)))
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}
