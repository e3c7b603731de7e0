// The reference server (server/start.ts) for the weapp suite: a child process on a free loopback port with a fresh
// database (e2e/child-server.ts, as the jest and browser suites start it). `content` edits the seeded
// database before the server opens it (what the broadcaster's CMS would have published: a notice's link…).
import { join } from 'node:path'
import { Store } from '../server/db'
import { seed } from '../server/db/seed'
import { startChildServer } from '../e2e/child-server'

export interface RefServer {
  origin: string
  /** The dev endpoints of server/routes/dev (contract/dev.ts: `/dev/rooms/496/inject?rate=…`). */
  dev(path: string): Promise<unknown>
  /** A call of the API as another client (another viewer) makes it. */
  api<T = unknown>(
    path: string,
    body?: Record<string, unknown>,
    token?: string
  ): Promise<{ code: number; msg: string; data: T }>
  /** A GET of any path of the server (`/live/api_mapp.php?a=…`), the envelope's data. */
  get<T = unknown>(pathAndQuery: string): Promise<T>
  stop(): Promise<void>
}

export async function startRefServer(content?: (store: Store) => void): Promise<RefServer> {
  const server = await startChildServer({
    env: { NODE_ENV: 'development' },
    prepare: content
      ? (dataDir) => {
          const store = new Store(join(dataDir, 'live.db'))
          seed(store)
          content(store)
          store.db.close()
        }
      : undefined
  })
  const origin = server.origin
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
    stop: () => server.stop()
  }
}
