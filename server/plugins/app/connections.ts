// The server's connections: how long a request may take to arrive, whose X-Forwarded-* headers count (TRUST_PROXY),
// and the per-address cap on open connections.
import type net from 'node:net'
import { exposed } from '../expose'

/** A request must arrive whole within this many ms (REQUEST_TIMEOUT_MS): a body that trickles in is ended. */
export const REQUEST_TIMEOUT_MS = 30_000

/** The `TRUST_PROXY` setting for Fastify: unset → trust no proxy; `true`/`1`… see server/README.md. */
export function trustProxyFromEnv(value: string | undefined): boolean | number | string[] {
  if (!value || value === '0' || value === 'false') return false
  if (value === 'true') return true
  if (/^\d+$/.test(value)) return Number(value)
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

/**
 * At most `max` open TCP connections per remote address (HTTP and WebSocket), so one client cannot hold the server's
 * sockets with slow requests; a connection over it is closed at once. Behind a proxy every connection comes from the
 * proxy's address, so the cap is left to it (TRUST_PROXY set: off here).
 */
function capConnections(server: net.Server, max: number): void {
  const open = new Map<string, number>()
  server.on('connection', (socket) => {
    const ip = socket.remoteAddress ?? 'unknown'
    const n = (open.get(ip) ?? 0) + 1
    if (n > max) {
      socket.destroy()
      return
    }
    open.set(ip, n)
    socket.once('close', () => {
      const left = (open.get(ip) ?? 1) - 1
      if (left > 0) open.set(ip, left)
      else open.delete(ip)
    })
  })
}

/** The per-address connection cap, unless a trusted proxy stands in front (then every connection is the proxy's). */
export default exposed<{ trustProxy: unknown }>('connections', async (app, { trustProxy }) => {
  if (!trustProxy) capConnections(app.server, app.ctx.limits.connectionsPerClient)
})
