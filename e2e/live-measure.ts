// How far a live room's picture is behind the edge, measured from outside the app (the browser tests of live streams and
// the benchmark use it): the video element's forward buffer plus the parts of the playlist it has not loaded yet.
import type { Page } from 'playwright-core'

export async function fetchText(url: string): Promise<string> {
  return (await fetch(url)).text()
}

/** Where a part or segment sits on the live clock: four 0.5 s parts a segment. */
export const partIndex = (seq: number, part: number) => seq * 4 + part

const newestLoaded = new WeakMap<Page, number>()

/** Follows the parts and segments a page has loaded (the newest by the live clock). */
export function trackLoads(page: Page) {
  newestLoaded.set(page, -1)
  page.on('requestfinished', (r) => {
    const p = /\/\d+p-part\d+\.(\d)\.ts\?seq=(\d+)/.exec(r.url())
    const g = /\/\d+p-seg\d+\.ts\?seq=(\d+)/.exec(r.url())
    const idx = p ? partIndex(Number(p[2]), Number(p[1])) : g ? partIndex(Number(g[1]), 3) : -1
    if (idx > (newestLoaded.get(page) ?? -1)) newestLoaded.set(page, idx)
  })
}

/**
 * How far the picture is behind the live edge: the player's forward buffer (buffered end − currentTime, from the
 * video element) plus the distance from the newest part it has loaded to the newest part of the playlist this test
 * fetches itself at the same moment.
 */
export async function latency(page: Page, origin: string, room = 496): Promise<number> {
  const [fwd, playlist] = await Promise.all([
    page.evaluate<number>(`(() => {
      const v = document.querySelector('video')
      for (let i = 0; i < v.buffered.length; i++) if (v.buffered.start(i) <= v.currentTime + 0.1 && v.currentTime <= v.buffered.end(i)) return v.buffered.end(i) - v.currentTime
      return 0
    })()`),
    fetchText(`${origin}/hls/live/${room}/360p.m3u8`)
  ])
  const parts = [...playlist.matchAll(/part\d+\.(\d)\.ts\?seq=(\d+)/g)].map((m) =>
    partIndex(Number(m[2]), Number(m[1]))
  )
  const edge = Math.max(...parts)
  return fwd + Math.max(0, edge - (newestLoaded.get(page) ?? -1)) * 0.5
}

/**
 * Five readings of `latency` half a second apart, sorted (the median is [2]): a part arriving moves one reading by
 * half a second.
 */
async function latencySamples(page: Page, origin: string): Promise<number[]> {
  const samples: number[] = []
  for (let i = 0; i < 5; i++) {
    samples.push(await latency(page, origin))
    await page.waitForTimeout(500)
  }
  return samples.sort((a, b) => a - b)
}

/**
 * Waits, at most `within` ms, for the picture to be less than `limit` s behind the edge (the median of five readings
 * half a second apart) and returns the readings of every round; throws naming them when it never is. A condition,
 * not a reading at a fixed moment: on a busy machine the browser may fall behind for a while and then catch up, as the
 * player's catch-up rate is there for, while a player that aims further back never comes near.
 */
export async function nearEdge(page: Page, origin: string, limit: number, within: number): Promise<number[][]> {
  const rounds: number[][] = []
  const end = Date.now() + within
  do {
    const samples = await latencySamples(page, origin)
    rounds.push(samples)
    if (samples[2] < limit) return rounds
  } while (Date.now() < end)
  const medians = rounds.map((r) => r[2].toFixed(2)).join(', ')
  throw new Error(`never under ${limit} s behind the edge in ${within / 1000} s: medians ${medians}`)
}

/**
 * How far the picture is behind the live edge as the page itself reads it, in s: the live window's end minus the
 * position (0 before any), the quantity the player's latency probe and 播放信息 read.
 */
export function behindLive(p: Page): Promise<number> {
  return p.evaluate<number>(`(() => {
    const v = document.querySelector('video')
    return v && v.seekable.length ? v.seekable.end(v.seekable.length - 1) - v.currentTime : 0
  })()`)
}

/** The page's video plays: advancing past its first 0.2 s with a frame to show. */
export async function playing(page: Page, timeout = 30000) {
  await page.waitForFunction(
    () => {
      const v = document.querySelector('video')
      return !!v && !v.paused && v.currentTime > 0.2 && v.readyState >= 2
    },
    null,
    { timeout }
  )
}
