import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/**
 * An HTTP server on 127.0.0.1 that answers like a cross-origin API host (the jsdom page is another origin): CORS with
 * credentials on every answer, preflights answered 204. `handle` gets every other request with its whole body.
 * close() also ends the connections still open (a hanging request, a kept-alive socket).
 */
export interface CorsServer {
  origin: string
  port: number
  close(): Promise<void>
}

/**
 * An idle connection kept a minute. Node's default is 5 s, announced in the answer, and fetch reuses a connection for
 * 1 s less; on a busy machine (a CI run, the jest lane at a lower priority) a test's next call, seconds after its last,
 * went out on a connection the server was closing at that moment (`fetch failed`: the client's 网络异常 where the test
 * expected an answer). The reference server (Fastify) keeps its idle connections 72 s already.
 */
export function keepIdleConnections(server: http.Server) {
  server.keepAliveTimeout = 60_000
}

function cors(req: http.IncomingMessage, res: http.ServerResponse) {
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin || '*')
  res.setHeader('Access-Control-Allow-Credentials', 'true')
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] || '*')
  res.setHeader('Access-Control-Expose-Headers', 'Set-Cookie')
}

export async function startCorsServer(
  handle: (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => void
): Promise<CorsServer> {
  const sockets = new Set<Socket>()
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
      handle(req, res, Buffer.concat(chunks))
    })
  })
  keepIdleConnections(server)
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      })
  }
}
