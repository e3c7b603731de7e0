// The live stream as viewers feel it (part of `npm run bench`): how far behind the edge a live room plays with
// low-latency HLS (median over 30 s, measured from outside the app: e2e/live-measure.ts), and how long a stream takes to
// play again by itself after its server cut it for 15 s (the dev control POST /dev/rooms/:id/stream/cut).
import type { Browser, Page } from 'playwright-core'
import { latency, trackLoads } from '../e2e/live-measure'
import { median, round } from './lib'

const ROOM = 496

async function playingRoom(browser: Browser, origin: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
  trackLoads(page)
  await page.goto(`${origin}/m2/packageA/pages/live/live?roomid=${ROOM}`)
  await page.waitForFunction(
    () => {
      const v = document.querySelector('video')
      return !!v && !v.paused && v.currentTime > 0.2
    },
    null,
    { timeout: 60000 }
  )
  return page
}

export async function liveLatency(browser: Browser, origin: string, quick: boolean) {
  const page = await playingRoom(browser, origin)
  await page.waitForTimeout(quick ? 3000 : 10000) // settled at its hold-back
  const samples: number[] = []
  const seconds = quick ? 10 : 30
  for (let i = 0; i < seconds; i++) {
    samples.push(await latency(page, origin, ROOM))
    await page.waitForTimeout(1000)
  }
  await page.close()
  return {
    medianSeconds: round(median(samples), 2),
    maxSeconds: round(Math.max(...samples), 2),
    samples: samples.length
  }
}

export async function cutRecovery(browser: Browser, origin: string, quick: boolean) {
  const page = await playingRoom(browser, origin)
  const times: number[] = []
  const rounds = quick ? 1 : 3
  for (let i = 0; i < rounds; i++) {
    await fetch(`${origin}/dev/rooms/${ROOM}/stream/cut?seconds=15&mode=${i % 2 ? 'hang' : '503'}`, { method: 'POST' })
    const back = Date.now() + 15000
    await page.waitForTimeout(15000)
    const t0 = await page.evaluate(() => document.querySelector('video')!.currentTime)
    await page.waitForFunction(
      (t) => {
        const v = document.querySelector('video')!
        return document.querySelector('.player')!.getAttribute('data-state') === 'playing' && v.currentTime > t + 0.3
      },
      t0,
      { timeout: 60000, polling: 100 }
    )
    times.push(Date.now() - back)
    await page.waitForTimeout(3000)
  }
  await page.close()
  return { medianMs: round(median(times), 0), maxMs: Math.max(...times), cuts: times.length, cutSeconds: 15 }
}
