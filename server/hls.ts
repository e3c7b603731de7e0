import fs from 'node:fs'
import path from 'node:path'

/**
 * The looping sample stream. The fixture (server/fixtures/hls: index.m3u8 + segN.ts, ~12 s) is loaded once.
 * Live rooms get a sliding window computed from wall-clock time: the segment sequence number grows by one per
 * segment duration since the server started (offset per room so rooms do not play in lock-step); every time the
 * loop restarts an EXT-X-DISCONTINUITY is written, and EXT-X-DISCONTINUITY-SEQUENCE counts those that slid out.
 * Counting from the server's start keeps the numbers small, as a real encoder's are: hls.js walks a sparse array
 * indexed by discontinuity number on every playlist load, and numbers counted from 1970 (~150 million) made that
 * walk take the whole CPU.
 * Playbacks get a VOD playlist that plays the fixture LOOPS_VOD times (about a minute).
 */
/** Where the live clock starts: the server's start, a day back so every room's window is already full. */
export const LIVE_EPOCH_MS = Date.now() - 86400000

export const HLS_DIR = path.join(__dirname, 'fixtures', 'hls')
// Six 2-second segments (12 s): a slow device that falls behind still finds its segment in the window.
const WINDOW = 6
const LOOPS_VOD = 5

export interface Fixture {
  durations: number[]
  segments: Buffer[]
  total: number
  target: number
}

let cached: Fixture | undefined

export function loadFixture(dir = HLS_DIR): Fixture {
  if (cached) return cached
  const text = fs.readFileSync(path.join(dir, 'index.m3u8'), 'utf8')
  const durations: number[] = []
  const segments: Buffer[] = []
  const lines = text.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const m = /^#EXTINF:([\d.]+)/.exec(lines[i] as string)
    if (m) {
      durations.push(Number(m[1]))
      segments.push(fs.readFileSync(path.join(dir, (lines[i + 1] as string).trim())))
    }
  }
  const total = durations.reduce((a, b) => a + b, 0)
  cached = { durations, segments, total, target: Math.ceil(Math.max(...durations)) }
  return cached
}

function roomOffset(roomKey: string): number {
  let h = 0
  for (const c of roomKey) h = (h * 31 + c.charCodeAt(0)) >>> 0
  return h % 997
}

/** Live playlist for a room at wall-clock time `nowMs`. */
export function livePlaylist(roomKey: string, nowMs = Date.now(), epochMs = LIVE_EPOCH_MS): string {
  const fx = loadFixture()
  const n = fx.durations.length
  // uniform timing is assumed for the sequence clock; the fixture is cut in equal segments
  const segDur = fx.total / n
  const t = Math.max(0, nowMs - epochMs) / 1000 + roomOffset(roomKey)
  const current = Math.floor(t / segDur) // the segment being "recorded" now
  const last = current - 1 // newest complete segment
  const first = Math.max(0, last - WINDOW + 1)
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${fx.target}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / n)}`,
  ]
  for (let seq = first; seq <= last; seq++) {
    const idx = seq % n
    if (idx === 0 && seq !== first) lines.push('#EXT-X-DISCONTINUITY')
    lines.push(`#EXTINF:${(fx.durations[idx] as number).toFixed(3)},`, `seg${idx}.ts?seq=${seq}`)
  }
  return lines.join('\n') + '\n'
}

export function vodPlaylist(): string {
  const fx = loadFixture()
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${fx.target}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD']
  for (let loop = 0; loop < LOOPS_VOD; loop++) {
    fx.durations.forEach((d, idx) => {
      if (idx === 0 && loop > 0) lines.push('#EXT-X-DISCONTINUITY')
      lines.push(`#EXTINF:${d.toFixed(3)},`, `seg${idx}.ts`)
    })
  }
  lines.push('#EXT-X-ENDLIST')
  return lines.join('\n') + '\n'
}

export function segment(name: string): Buffer | undefined {
  const m = /^seg(\d+)\.ts$/.exec(name)
  if (!m) return undefined
  return loadFixture().segments[Number(m[1])]
}

