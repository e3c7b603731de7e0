/*
 * Measurement for the security notes (not a test; `npx tsx bench/slow-clients.ts`): 250 connections from one address
 * that trickle a request body (a byte every second), counted open at 1 s and 40 s, with the server's defaults.
 * Loopback only, 45 s at most.
 */
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { createServer } from '../server/app'

async function main() {
  const app = await createServer({ dbFile: ':memory:', sandbox: true })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as AddressInfo).port
  const sockets = Array.from({ length: 250 }, () => {
    const s = net.connect(port, '127.0.0.1')
    s.on('error', () => {})
    s.on('data', () => {})
    s.write(
      'POST /api/v1/userapp/index HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{'
    )
    return s
  })
  const drip = setInterval(() => sockets.forEach((s) => !s.destroyed && s.write(' ')), 1000)
  const openAt: Record<string, number> = {}
  for (const at of [1, 40]) {
    await new Promise((r) => setTimeout(r, (at - (at === 1 ? 0 : 1)) * 1000))
    openAt[`open_after_${at}s`] = sockets.filter((s) => !s.destroyed).length
  }
  clearInterval(drip)
  console.log(JSON.stringify({ connections: 250, ...openAt }))
  sockets.forEach((s) => s.destroy())
  await app.close()
}

void main()
