import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { configureRequest } from '@/core/request'
import { startCorsServer } from './cors-server'
import { hostsAt } from './hosts'

/**
 * A small fault-injecting HTTP server for the request core's tests: real sockets on 127.0.0.1, one route per
 * situation of the error catalogue. It answers CORS like a cross-origin API host (the jsdom page is another origin),
 * with credentials, so the browser path of Taro's H5 request (fetch over XMLHttpRequest) runs unchanged.
 */
export interface SeenRequest {
  method: string
  url: string
  headers: http.IncomingHttpHeaders
  body: string
}

export interface FaultServer {
  origin: string
  port: number
  seen: SeenRequest[]
  /** Envelopes a test sets by route (e.g. `/api/v1/userapp/follow` answered with a code other than 1); HTTP 200. */
  answers: Map<string, { code: number; msg: string; data: unknown }>
  last(path?: string): SeenRequest | undefined
  close(): Promise<void>
}

function json(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string | string[]> = {}
) {
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v)
  res.statusCode = status
  res.setHeader('content-type', 'application/json; charset=utf-8')
  res.end(JSON.stringify(body))
}

export async function startFaultServer(): Promise<FaultServer> {
  const seen: SeenRequest[] = []
  const answers: FaultServer['answers'] = new Map()
  const server = await startCorsServer((req, res, raw) => {
    const body = raw.toString('latin1')
    const url = req.url || '/'
    const route = url.split('?')[0]
    seen.push({ method: req.method || '', url, headers: req.headers, body })
    const canned = answers.get(route)
    if (canned) return json(res, 200, canned)
    const status = route.match(/\/status\/(\d{3})$/)
    if (status) {
      const code = Number(status[1])
      if (code >= 200 && code < 300) return json(res, code, { code: 1, msg: `ok ${code}`, data: { status: code } })
      return json(res, code, { code, msg: `服务器消息 ${code}`, data: null })
    }
    switch (route) {
      case '/api/v1/hang':
        return // never answers: the client's timeout must fire (R8.6)
      case '/api/v1/close':
        req.socket.destroy() // a socket closed without an answer: a network failure (R8.5)
        return
      case '/api/v1/malformed':
        res.setHeader('content-type', 'application/json')
        res.end('{"code":1,"msg":"ok","data":')
        return
      case '/api/v1/text500':
        res.statusCode = 500
        res.setHeader('content-type', 'text/html')
        res.end('<h1>Internal Server Error</h1>')
        return
      case '/api/v1/empty202':
        res.statusCode = 202
        res.end()
        return
      case '/api/v1/code0':
        return json(res, 200, { code: 0, msg: 'popularity', data: { popularity: 12 } })
      case '/api/v1/code2':
        return json(res, 200, { code: 2, msg: '已取消关注', data: { isfollow: 0 } })
      case '/api/v1/fail':
        return json(res, 200, { code: 1001, msg: '业务失败', data: { reason: 'x' } })
      case '/api/v1/login':
        return json(
          res,
          200,
          { code: 1, msg: 'success', data: { access_token: 'tok-1' } },
          {
            'Set-Cookie': ['id=7; Path=/', 'sign=abc123; Path=/', 'openid=o_dev_1; Path=/', 'unrelated=zzz; Path=/']
          }
        )
      case '/api/v1/upload': {
        const ct = String(req.headers['content-type'] || '')
        const field = (name: string) => {
          const m = body.match(
            new RegExp(`name="${name}"(?:; filename="([^"]*)")?\\r\\n(?:[^\\r\\n]+\\r\\n)*\\r\\n([\\s\\S]*?)\\r\\n--`)
          )
          return m ? { filename: m[1], value: m[2] } : null
        }
        return json(res, 200, {
          code: 1,
          msg: 'uploaded',
          data: {
            multipart: ct.startsWith('multipart/form-data'),
            file: field('file'),
            version: field('version')?.value,
            platform: field('platform')?.value
          }
        })
      }
      case '/api/v1/upload-text':
        res.setHeader('content-type', 'text/plain')
        res.end('upload failed: disk full')
        return
      case '/files/photo.png':
        res.setHeader('content-type', 'image/png')
        res.end(Buffer.from('89504e470d0a1a0a', 'hex'))
        return
      default:
        // echo: what arrived (method, url, headers, body) — used for headers, payload and base-path checks
        return json(res, 200, { code: 1, msg: 'echo', data: { method: req.method, url, headers: req.headers, body } })
    }
  })
  return {
    origin: server.origin,
    port: server.port,
    seen,
    answers,
    last(path?: string) {
      const list = path ? seen.filter((r) => r.url.split('?')[0].endsWith(path)) : seen
      return list[list.length - 1]
    },
    close: () => server.close()
  }
}

/** A port with nothing listening: bind, note the port, close. */
export async function refusedPort(): Promise<number> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/**
 * A fault server for one test file, with every host of the request core pointed at it: started before its tests
 * (beforeAll), stopped after them (afterAll). For stores and views whose calls go out beside what a test checks (a
 * stage's details as it is entered, a goods card's view report): answered on loopback, they never leave for the
 * default host (nothing listens there, or something else does) or, on H5, for the test page's own origin.
 */
export function useFaultServer(): void {
  let started: FaultServer | undefined
  beforeAll(async () => {
    started = await startFaultServer()
    const o = started.origin
    configureRequest({ hosts: hostsAt(o) })
  })
  afterAll(async () => {
    configureRequest({ hosts: null })
    await started?.close()
  })
}
