/*
 * A CORS layer in front of the reference server, for the paths of Taro's H5 runtime that go through jsdom's
 * XMLHttpRequest (uploadFile): the jsdom page is another origin than the server, as a page is from a cross-origin API
 * host, so the browser asks before it sends. The proxy answers the preflight, passes every request on unchanged and adds
 * the CORS headers to the answer. `files` are served by the proxy itself (a file the user "picked": jsdom has no
 * blob: URLs, so a picked file is an http URL here). `seen` lists what passed through.
 */
import http from 'node:http'
import { startCorsServer } from './cors-server'

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
  const server = await startCorsServer((req, res, body) => {
    seen.push({ method: req.method || '', url: req.url || '/', headers: req.headers, body })
    const file = files.get((req.url || '').split('?')[0])
    if (file) {
      res.setHeader('content-type', file.type)
      res.end(file.body)
      return
    }
    const headers = { ...req.headers, host: target.host }
    delete headers.origin
    const up = http.request(
      { hostname: target.hostname, port: target.port, path: req.url, method: req.method, headers },
      (answer) => {
        for (const [k, v] of Object.entries(answer.headers))
          if (v !== undefined && !/^access-control-/i.test(k)) res.setHeader(k, v)
        res.statusCode = answer.statusCode || 502
        answer.pipe(res)
      }
    )
    up.on('error', () => {
      res.statusCode = 502
      res.end()
    })
    up.end(body)
  })
  const origin = server.origin
  return {
    origin,
    seen,
    file(path, body, type) {
      files.set(path, { body, type })
      return `${origin}${path}`
    },
    close: () => server.close()
  }
}
