/*
 * Measurement for the security notes (not a test; `npx tsx bench/qr-addresses.ts [seconds]`): five client addresses
 * (127.0.0.2–6 over loopback), each with two loops asking for ever new 1000 px QR codes of 290-character paths, while a
 * viewer times POST /userapp/config every 50 ms, in production mode (no sandbox). Prints the config call's median and
 * max and how many codes were drawn and refused. Loopback only; 5 s by default, 30 s at most (each address stops at
 * its 30 codes a minute).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createServer } from '../server/app'
import { median, round } from './lib'

async function main() {
  const seconds = Math.min(30, Math.max(1, Number(process.argv[2] ?? 5)))
  const app = await createServer({ dbFile: ':memory:', sandbox: false })
  await app.listen({ port: 0, host: '0.0.0.0' })
  const port = (app.server.address() as AddressInfo).port
  const end = Date.now() + seconds * 1000
  let drawn = 0
  let refused = 0
  let n = 0
  const ask = (address: string, path: string) =>
    new Promise<boolean>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, localAddress: address, path }, (res) => {
          res.resume()
          res.on('end', () => resolve(res.headers['content-type'] === 'image/png'))
        })
        .on('error', reject)
    })
  const loop = async (address: string) => {
    while (Date.now() < end) {
      const page = `pages/live/live?roomid=${n++}&from=`
      const path = `${page}${'x'.repeat(290 - page.length)}`
      if (await ask(address, `/api/v1/userapp/qrcode?width=1000&path=${encodeURIComponent(path)}`)) drawn++
      else {
        refused++
        await new Promise((r) => setTimeout(r, 20))
      }
    }
  }
  const times: number[] = []
  const viewer = async () => {
    await new Promise((r) => setTimeout(r, 200))
    while (Date.now() < end) {
      const t = performance.now()
      await (
        await fetch(`http://127.0.0.1:${port}/api/v1/userapp/config`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}'
        })
      ).json()
      times.push(performance.now() - t)
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  const addresses = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6']
  await Promise.all([...addresses.flatMap((a) => [loop(a), loop(a)]), viewer()])
  console.log(
    JSON.stringify({
      seconds,
      codes_drawn: drawn,
      refused,
      config_calls: times.length,
      config_median_ms: round(median(times)),
      config_max_ms: round(Math.max(...times))
    })
  )
  await app.close()
}

void main()
