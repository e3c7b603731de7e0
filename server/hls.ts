import fs from 'node:fs'
import path from 'node:path'

/**
 * The looping sample stream, in two renditions (server/fixtures/hls/<720p|360p>, made once by
 * scripts/make-hls-fixture.sh): each a 12 s clip cut into 0.5 s MPEG-TS parts with a key frame each, served as 2 s
 * segments of four parts concatenated (MPEG-TS concatenates).
 *
 * - `index.m3u8` of a room, channel or playback is a master playlist naming every rendition (`720p.m3u8`,
 *   `360p.m3u8`) with its bandwidth, resolution and codecs; players choose among them (清晰度).
 * - Live media playlists are a sliding window computed from wall-clock time: the segment sequence number grows by one
 *   per segment duration since the server started (offset per room so rooms do not play in lock-step); every time the
 *   loop restarts an EXT-X-DISCONTINUITY is written, and EXT-X-DISCONTINUITY-SEQUENCE counts those that slid out.
 *   Counting from the server's start keeps the numbers small, as a real encoder's are: hls.js walks a sparse array
 *   indexed by discontinuity number on every playlist load, and numbers counted from 1970 (~150 million) made that
 *   walk take the whole CPU.
 * - Playbacks get a VOD media playlist that plays the clip LOOPS_VOD times (about a minute).
 * - A stream with one rendition (radio channels, audio programmes: their `source` names a media playlist directly)
 *   has no master playlist, so players offer no quality choice.
 */
/** Where the live clock starts: the server's start, a day back so every room's window is already full. */
export const LIVE_EPOCH_MS = Date.now() - 86400000

export const HLS_DIR = path.join(__dirname, 'fixtures', 'hls')
/** The renditions, lowest first (the order of the master playlist: players start low and climb). */
export const RENDITIONS = [
  { name: '360p', width: 640, height: 360, codecs: 'avc1.4d401f,mp4a.40.2' },
  { name: '720p', width: 1280, height: 720, codecs: 'avc1.4d401f,mp4a.40.2' }
] as const
export type RenditionName = (typeof RENDITIONS)[number]['name']
/** Parts in a segment: 0.5 s parts, 2 s segments. */
export const PARTS_PER_SEGMENT = 4
// Six 2-second segments (12 s): a slow device that falls behind still finds its segment in the window.
const WINDOW = 6
const LOOPS_VOD = 5

export interface Rendition {
  durations: number[]
  segments: Buffer[]
  total: number
  target: number
  /** peak bits per second of a segment (the master playlist's BANDWIDTH) */
  bandwidth: number
}

export interface Fixture {
  renditions: Record<RenditionName, Rendition>
  /** segment durations, the same in every rendition (cut at the same key frames) */
  durations: number[]
  total: number
  target: number
}

let cached: Fixture | undefined

function loadRendition(dir: string): Rendition {
  const text = fs.readFileSync(path.join(dir, 'index.m3u8'), 'utf8')
  const parts: { duration: number; data: Buffer }[] = []
  const lines = text.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const m = /^#EXTINF:([\d.]+)/.exec(lines[i] as string)
    if (m) parts.push({ duration: Number(m[1]), data: fs.readFileSync(path.join(dir, (lines[i + 1] as string).trim())) })
  }
  const durations: number[] = []
  const segments: Buffer[] = []
  for (let p = 0; p < parts.length; p += PARTS_PER_SEGMENT) {
    const group = parts.slice(p, p + PARTS_PER_SEGMENT)
    durations.push(Math.round(group.reduce((a, g) => a + g.duration, 0) * 1000) / 1000)
    segments.push(Buffer.concat(group.map((g) => g.data)))
  }
  const total = durations.reduce((a, b) => a + b, 0)
  const bandwidth = Math.max(...segments.map((s, i) => Math.ceil((s.length * 8) / (durations[i] as number))))
  return { durations, segments, total, target: Math.ceil(Math.max(...durations)), bandwidth }
}

export function loadFixture(dir = HLS_DIR): Fixture {
  if (cached) return cached
  const renditions = Object.fromEntries(RENDITIONS.map((r) => [r.name, loadRendition(path.join(dir, r.name))])) as Record<RenditionName, Rendition>
  const first = renditions[RENDITIONS[0].name]
  cached = { renditions, durations: first.durations, total: first.total, target: first.target }
  return cached
}

export function isRendition(name: string): name is RenditionName {
  return RENDITIONS.some((r) => r.name === name)
}

function roomOffset(roomKey: string): number {
  let h = 0
  for (const c of roomKey) h = (h * 31 + c.charCodeAt(0)) >>> 0
  return h % 997
}

/** The master playlist of a stream: one EXT-X-STREAM-INF per rendition, its media playlist beside it. */
export function masterPlaylist(): string {
  const fx = loadFixture()
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS']
  for (const r of RENDITIONS) {
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${fx.renditions[r.name].bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="${r.codecs}",FRAME-RATE=24.000`, `${r.name}.m3u8`)
  }
  return lines.join('\n') + '\n'
}

/** A rendition's live media playlist for a room at wall-clock time `nowMs`. */
export function livePlaylist(roomKey: string, rendition: RenditionName = '360p', nowMs = Date.now(), epochMs = LIVE_EPOCH_MS): string {
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
    lines.push(`#EXTINF:${(fx.durations[idx] as number).toFixed(3)},`, `${rendition}-seg${idx}.ts?seq=${seq}`)
  }
  return lines.join('\n') + '\n'
}

/** A rendition's VOD media playlist (a playback, a programme, a video). */
export function vodPlaylist(rendition: RenditionName = '360p'): string {
  const fx = loadFixture()
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${fx.target}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-INDEPENDENT-SEGMENTS']
  for (let loop = 0; loop < LOOPS_VOD; loop++) {
    fx.durations.forEach((d, idx) => {
      if (idx === 0 && loop > 0) lines.push('#EXT-X-DISCONTINUITY')
      lines.push(`#EXTINF:${d.toFixed(3)},`, `${rendition}-seg${idx}.ts`)
    })
  }
  lines.push('#EXT-X-ENDLIST')
  return lines.join('\n') + '\n'
}

/** A segment by its file name (`720p-seg3.ts`); undefined for any other name. */
export function segment(name: string): Buffer | undefined {
  const m = /^(\d{3,4}p)-seg(\d{1,3})\.ts$/.exec(name)
  if (!m || !isRendition(m[1] as string)) return undefined
  return loadFixture().renditions[m[1] as RenditionName].segments[Number(m[2])]
}

/** `720p.m3u8` → `720p`; undefined for any other name. */
export function mediaPlaylistName(name: string): RenditionName | undefined {
  const m = /^(\d{3,4}p)\.m3u8$/.exec(name)
  return m && isRendition(m[1] as string) ? (m[1] as RenditionName) : undefined
}
