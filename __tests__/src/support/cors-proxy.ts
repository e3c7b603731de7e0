/*
 * A CORS layer in front of the reference server, for the paths of Taro's H5 runtime that go through jsdom's
 * XMLHttpRequest (uploadFile): the jsdom page is another origin than the server, as a page is from a cross-origin API
 * host, so the browser asks before it sends. The proxy answers the preflight, passes every request on unchanged and adds
 * the CORS headers to the answer. `files` are served by the proxy itself (a file the user "picked": jsdom has no
 * blob: URLs, so a picked file is an http URL here). `seen` lists what passed through.
 */
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface CorsProxy {
  origin: string
  seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer }[]
  /** Serve `body` at `path` (GET) with `type`. */
  file(path: string, body: Buffer, type: string): string
  close(): Promise<void>
}

export async function startCorsProxy(upstream: string): Promise<CorsProxy> {
  const target = new URL(upstream)
  const files = new Map<string, { body: Buffer; type: string }>()
  const seen: CorsProxy['seen'] = []
  const sockets = new Set<Socket>()
  const cors = (req: http.IncomingMessage, res: http.ServerResponse) => {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin || '*')
    res.setHeader('Access-Control-Allow-Credentials', 'true')
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] || '*')
  }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      cors(req, res)
      if (req.method === 'OPTIONS') {
        res.statusCode = 204
        res.end()
        return
      }
      const body = Buffer.concat(chunks)
      seen.push({ method: req.method || '', url: req.url || '/', headers: req.headers, body })
      const file = files.get((req.url || '').split('?')[0] as string)
      if (file) {
        res.setHeader('content-type', file.type)
        res.end(file.body)
        return
      }
      const headers = { ...req.headers, host: target.host }
      delete headers.origin
      const up = http.request({ hostname: target.hostname, port: target.port, path: req.url, method: req.method, headers }, (answer) => {
        for (const [k, v] of Object.entries(answer.headers)) if (v !== undefined && !/^access-control-/i.test(k)) res.setHeader(k, v)
        res.statusCode = answer.statusCode || 502
        answer.pipe(res)
      })
      up.on('error', () => {
        res.statusCode = 502
        res.end()
      })
      up.end(body)
    })
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    seen,
    file(path, body, type) {
      files.set(path, { body, type })
      return `${origin}${path}`
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      })
  }
}
