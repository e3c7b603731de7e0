/*
 * Measurement for the security notes (not a test; `npx tsx bench/qr-load.ts [width]`): 8 loops asking for QR codes of
 * ever new rooms at `width` (default 2000) from one address for 5 s, while a viewer times POST /userapp/config.
 * Prints the config call's median and how many codes were drawn. Loopback only.
 */
import type { AddressInfo } from 'node:net'
import { createServer } from '../server/app'

async function main() {
  const width = Number(process.argv[2] ?? 2000)
  const app = await createServer({ dbFile: ':memory:', sandbox: true })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const end = Date.now() + 5000
  let drawn = 0
  let refused = 0
  let n = 0
  const loop = async () => {
    while (Date.now() < end) {
      const r = await fetch(`${base}/api/v1/userapp/qrcode?roomid=${1000 + n++}&width=${width}`)
      if (r.headers.get('content-type') === 'image/png') drawn++
      else refused++
      await r.arrayBuffer()
    }
  }
  const times: number[] = []
  const viewer = async () => {
    while (Date.now() < end) {
      const t = performance.now()
      await (
        await fetch(`${base}/api/v1/userapp/config`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}'
        })
      ).json()
      times.push(performance.now() - t)
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  await Promise.all([...Array.from({ length: 8 }, loop), viewer()])
  times.sort((a, b) => a - b)
  console.log(
    JSON.stringify({
      width,
      codes_drawn: drawn,
      refused,
      config_median_ms: Math.round(times[Math.floor(times.length / 2)] * 10) / 10
    })
  )
  await app.close()
}

void main()
