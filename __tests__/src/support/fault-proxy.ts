import http from 'node:http'
import { keepIdleConnections } from './cors-server'
import type { AddressInfo, Socket } from 'node:net'
import { configureRequest } from '@/core/request'
import { hostsAt } from './hosts'

/**
 * A fault-injecting HTTP proxy on 127.0.0.1 in front of the reference server: every request is passed on
 * unchanged, except those a rule picks, which
 *   - 'drop-reply': reach the server (it does the work and answers), but the answer never reaches the client: the
 *     connection is cut, as a lost reply looks to the app (the request core's transport failure);
 *   - 'drop-request': are cut before they reach the server (nothing happened);
 *   - 'status': are answered by the proxy with an HTTP status (a gateway error) and never reach the server;
 *   - 'delay': are passed on after `delay` ms (a slow network).
 * Rules apply to the next `times` matching requests. `seen` lists what passed through, in order.
 */
export type FaultAction = 'drop-reply' | 'drop-request' | { status: number } | { delay: number }

export interface ProxiedRequest {
  method: string
  url: string
  body: string
  /** what the proxy did with it */
  fault: 'drop-reply' | 'drop-request' | 'status' | 'delay' | null
  at: number
}

export interface FaultProxy {
  origin: string
  seen: ProxiedRequest[]
  /** the next `times` requests whose URL (and body) match get `action` */
  fail(match: RegExp | ((url: string, body: string) => boolean), action: FaultAction, times?: number): void
  /** requests whose URL matches */
  requests(url: RegExp): ProxiedRequest[]
  close(): Promise<void>
}

export async function startFaultProxy(upstream: string): Promise<FaultProxy> {
  const target = new URL(upstream)
  const rules: { match: (url: string, body: string) => boolean; action: FaultAction; left: number }[] = []
  const seen: ProxiedRequest[] = []
  const sockets = new Set<Socket>()

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const url = req.url || '/'
      const text = body.toString('utf8')
      const rule = rules.find((r) => r.left > 0 && r.match(url, text))
      if (rule) rule.left--
      const action = rule?.action ?? null
      const entry: ProxiedRequest = {
        method: req.method || 'GET',
        url,
        body: text,
        fault: action === null ? null : typeof action === 'string' ? action : 'status' in action ? 'status' : 'delay',
        at: Date.now()
      }
      seen.push(entry)
      if (action === 'drop-request') {
        req.socket.destroy()
        return
      }
      if (action && typeof action === 'object' && 'status' in action) {
        res.statusCode = action.status
        res.setHeader('content-type', 'text/plain')
        res.end(`proxy ${action.status}`)
        return
      }
      const headers = { ...req.headers, host: target.host }
      const wait = action && typeof action === 'object' && 'delay' in action ? action.delay : 0
      setTimeout(() => forward(headers, action === 'drop-reply'), wait)
    })

    function forward(headers: http.OutgoingHttpHeaders, dropReply: boolean) {
      const url = req.url || '/'
      const up = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: url, headers },
        (upRes) => {
          if (dropReply) {
            // the server has answered (the work is done); the client never hears it
            upRes.resume()
            upRes.on('end', () => req.socket.destroy())
            return
          }
          res.writeHead(upRes.statusCode || 502, upRes.headers)
          upRes.pipe(res)
        }
      )
      up.on('error', () => req.socket.destroy())
      up.end(Buffer.concat(chunks))
    }
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  keepIdleConnections(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    fail(match, action, times = 1) {
      rules.push({ match: match instanceof RegExp ? (u) => match.test(u) : match, action, left: times })
    },
    requests(url) {
      return seen.filter((r) => url.test(r.url))
    },
    close() {
      for (const s of sockets) s.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}

/**
 * A fault proxy for one test file, in front of its reference server (`useReferenceServer()`): started in beforeAll
 * with every host of the request core pointed at it, closed in afterAll. Call it after `useReferenceServer()`, so its
 * beforeAll runs once the server is up; the proxy is readable inside hooks and tests.
 */
export function useFaultProxy(server: { readonly origin: string }): FaultProxy {
  let started: FaultProxy | undefined
  beforeAll(async () => {
    started = await startFaultProxy(server.origin)
    const origin = started.origin
    configureRequest({ hosts: hostsAt(origin) })
  })
  afterAll(() => started?.close())
  const proxy = (): FaultProxy => {
    if (!started) throw new Error('the fault proxy starts in beforeAll: use it inside a hook or test')
    return started
  }
  return {
    get origin() {
      return proxy().origin
    },
    get seen() {
      return proxy().seen
    },
    fail: (match, action, times) => proxy().fail(match, action, times),
    requests: (url) => proxy().requests(url),
    close: () => proxy().close()
  }
}
