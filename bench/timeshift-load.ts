/*
 * Measurement for the security notes (not a test; `npx tsx bench/timeshift-load.ts [seconds]`): one client with 8
 * connections asking again and again for a slow-live room's two-hour time-shift playlist (room 496, gzip, as players
 * ask), while a viewer times POST /userapp/config every 50 ms, in production mode (no sandbox). Prints the config
 * call's median and max and how many playlists were served. Loopback only; 5 s by default, 30 s at most.
 */
import type { AddressInfo } from 'node:net'
import http from 'node:http'
import { createServer } from '../server/app'
import { median, round } from './lib'

async function main() {
  const seconds = Math.min(30, Math.max(1, Number(process.argv[2] ?? 5)))
  const app = await createServer({ dbFile: ':memory:', sandbox: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const hammer = new http.Agent({ keepAlive: true, maxSockets: 8 })
  const end = Date.now() + seconds * 1000
  let served = 0
  const loop = async () => {
    while (Date.now() < end) {
      const status = await new Promise<number>((resolve, reject) => {
        http
          .get(`${base}/hls/live/496/720p.m3u8`, { agent: hammer, headers: { 'accept-encoding': 'gzip' } }, (res) => {
            res.resume()
            res.on('end', () => resolve(res.statusCode ?? 0))
          })
          .on('error', reject)
      })
      if (status === 200) served++
    }
  }
  const times: number[] = []
  const viewer = async () => {
    await new Promise((r) => setTimeout(r, 200))
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
  console.log(
    JSON.stringify({
      seconds,
      playlists_served: served,
      config_calls: times.length,
      config_median_ms: round(median(times)),
      config_max_ms: round(Math.max(...times))
    })
  )
  hammer.destroy()
  await app.close()
}

void main()
