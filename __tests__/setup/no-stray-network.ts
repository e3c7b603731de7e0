// No unit test reaches past the servers it starts. A call a test did not point at a server of its own would go to the
// build's default origin (config/env.ts: the mini-program's 127.0.0.1:8080, where a developer's `npm start` listens)
// or, on H5, to the test page's own origin (jsdom's http://localhost/): it would talk to whatever runs there, or be
// still connecting when the file ends. Such a connection is refused here before it leaves, and the file fails naming
// it. A test whose store or view calls out beside what it checks points the hosts at a loopback server
// (support/fault-server.ts `useFaultServer`, support/reference-server.ts `useReferenceServer`).
import net from 'node:net'
import { appEnv } from '../../config/env'

interface Guard {
  /** host:port pairs no test may connect to */
  forbidden: Set<string>
  /** the connections refused, by test file */
  refused: Map<string, string[]>
  /** the test file running in this worker now */
  current: string
}

const KEY = Symbol.for('live-client.no-stray-network')
type Patched = typeof net & { [KEY]?: Guard }
// Node's core modules are shared by every test file a worker runs: the patch is made once a worker
const shared = net as Patched

function hostPort(url: string): string | null {
  try {
    const u = new URL(url)
    const port = u.port || (u.protocol === 'https:' ? '443' : '80')
    return `${u.hostname.replace(/^\[|\]$/g, '')}:${port}`
  } catch {
    return null
  }
}

function guard(): Guard {
  const existing = shared[KEY]
  if (existing) return existing
  const env = appEnv(process.env)
  // the hosts, and the origin the mini-program's calls take where a host is empty (TARO_APP_DEV_ORIGIN)
  const defaults = [
    env.TARO_APP_API_HOST,
    env.TARO_APP_LIVE_HOST,
    env.TARO_APP_STATS_HOST,
    env.TARO_APP_MOBILE_HOST,
    env.TARO_APP_DEV_ORIGIN
  ]
  const g: Guard = { forbidden: new Set(), refused: new Map(), current: '' }
  for (const url of defaults) {
    const hp = url && hostPort(url)
    if (hp) g.forbidden.add(hp)
  }
  const connect = net.Socket.prototype.connect
  net.Socket.prototype.connect = function patched(this: net.Socket, ...args: unknown[]) {
    // net.connect passes its normalised [options, callback]; socket.connect(options | port, host?) the plain forms
    const first = Array.isArray(args[0]) ? args[0][0] : args[0]
    const options = (first && typeof first === 'object' ? first : { port: first, host: args[1] }) as {
      port?: unknown
      host?: unknown
    }
    if (options.port !== undefined) {
      const where = `${String(options.host ?? 'localhost')}:${String(options.port)}`
      if (g.forbidden.has(where)) {
        const list = g.refused.get(g.current) ?? []
        list.push(where)
        g.refused.set(g.current, list)
        process.nextTick(() => this.destroy(new Error(`refused by the test setup: no server of this test at ${where}`)))
        return this
      }
    }
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args)
  }
  shared[KEY] = g
  return g
}

const g = guard()
// the test page's own origin, where an H5 call with no host of its own goes
if (typeof location !== 'undefined') {
  const own = hostPort(location.href)
  if (own) g.forbidden.add(own)
}
const file = expect.getState().testPath ?? ''
g.current = file

afterAll(() => {
  const refused = g.refused.get(file)
  g.refused.delete(file)
  if (refused?.length)
    throw new Error(
      `calls left for hosts this test started no server at (${[...new Set(refused)].join(', ')}): point the request ` +
        'core at a loopback server (useFaultServer, useReferenceServer)'
    )
})
