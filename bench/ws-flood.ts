/*
 * Measurement for the security notes (not a test; `npx tsx bench/ws-flood.ts`): 20 sockets that go over their message limit and keep sending for 5 s, while a
 * normal viewer posts chat and times the push's round trip. Prints the bytes the server read from the flooders
 * after their close, and the viewer's median round trip. Loopback only, bounded in time.
 */
import crypto from 'node:crypto'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import WebSocket from 'ws'
import { createServer } from '../server/app'

function frame(text: string): Buffer {
  const body = Buffer.from(text)
  const mask = crypto.randomBytes(4)
  const len = body.length
  const head = len < 126 ? Buffer.from([0x81, 0x80 | len]) : Buffer.from([0x81, 0x80 | 126, len >> 8, len & 255])
  return Buffer.concat([head, mask, Buffer.from(body.map((b, i) => b ^ mask[i % 4]))])
}

async function main() {
  const app = await createServer({ dbFile: ':memory:', sandbox: true })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as AddressInfo).port
  let afterClose = 0
  const chunk = frame(JSON.stringify({ type: 'ping', pad: 'x'.repeat(8000) }))
  const flooders: net.Socket[] = []
  for (let i = 0; i < 20; i++) {
    const s = net.connect(port, '127.0.0.1')
    let upgraded = false
    let closed = false
    s.on('error', () => {})
    s.on('data', (d) => {
      if (!upgraded && d.toString('latin1').startsWith('HTTP/1.1 101')) upgraded = true
      else if (d.includes(Buffer.from([0x88]))) closed = true // a close frame from the server
    })
    s.write(
      `GET /ws?roomid=496 HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${crypto.randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`
    )
    const pump = () => {
      while (!s.destroyed && upgraded) {
        if (closed) afterClose += chunk.length
        if (!s.write(chunk)) return s.once('drain', pump)
      }
      if (!s.destroyed) setTimeout(pump, 5)
    }
    setTimeout(pump, 50)
    flooders.push(s)
  }
  // the viewer: logs in, listens, posts a message every 100 ms and times each push
  const login = (await (
    await fetch(`http://127.0.0.1:${port}/api/v1/userapp/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: '13800000001', password: 'demo1234' })
    })
  ).json()) as { data: { access_token: string } }
  const token = login.data.access_token
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?roomid=496`)
  await new Promise((r) => ws.once('open', r))
  const sent = new Map<string, number>()
  const rtt: number[] = []
  ws.on('message', (raw) => {
    const m = JSON.parse((raw as Buffer).toString()) as { type: string; data?: { content?: string } }
    const t = m.data?.content ? sent.get(m.data.content) : undefined
    if (t) rtt.push(Date.now() - t)
  })
  const t0 = Date.now()
  let n = 0
  while (Date.now() - t0 < 5000) {
    const text = `测 ${n++}`
    sent.set(text, Date.now())
    void fetch(`http://127.0.0.1:${port}/api/v1/userapp/danmaku`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ room_id: 496, content: text })
    })
    await new Promise((r) => setTimeout(r, 500)) // 10 in 5 s: under the chat limit of 20 per 10 s
  }
  await new Promise((r) => setTimeout(r, 500))
  const open = flooders.filter((s) => !s.destroyed).length
  rtt.sort((a, b) => a - b)
  console.log(
    JSON.stringify({
      flooders_open_after_5s: open,
      bytes_sent_after_close_MB: +(afterClose / 1e6).toFixed(1),
      chat_rtt_median_ms: rtt[Math.floor(rtt.length / 2)] ?? null,
      chat_pushes: rtt.length
    })
  )
  for (const s of flooders) s.destroy()
  ws.close()
  await app.close()
}

void main()
