import fs from 'node:fs'
import path from 'node:path'
import type { StreamStartLive, TimeshiftDataId } from '../../contract/stream'

/**
 * The looping sample stream, in two video renditions and an audio-only one (server/fixtures/hls/<720p|360p|audio>,
 * made once by scripts/make-hls-fixture.sh): each a 12 s clip cut into 0.5 s MPEG-TS parts with a key frame each,
 * served as low-latency parts and as 2 s segments of four parts concatenated (MPEG-TS concatenates).
 *
 * - `index.m3u8` of a room, channel or playback is a master playlist naming the video renditions (`720p.m3u8`,
 *   `360p.m3u8`) with their bandwidth, resolution and codecs; players choose among them (清晰度).
 * - Live media playlists are a window of the wall clock: the segment sequence number grows by one per segment
 *   duration since the server started (offset per room so rooms do not play in lock-step), every segment carries its
 *   EXT-X-PROGRAM-DATE-TIME (the moment it was "recorded"), every loop of the clip starts with EXT-X-DISCONTINUITY and
 *   EXT-X-DISCONTINUITY-SEQUENCE counts those that slid out. The window is the stream's time-shift (回看): two hours
 *   for slow-live rooms and channels. Counting from the server's start keeps the numbers small, as a real encoder's
 *   are: hls.js walks a sparse array indexed by discontinuity number on every playlist load, and numbers counted from
 *   1970 (~150 million) made that walk take the whole CPU.
 * - Low-latency HLS (the default; `LL_HLS=0` serves the plain playlist): EXT-X-PART for the last segments and the one
 *   being recorded, EXT-X-PART-INF, EXT-X-SERVER-CONTROL (blocking reloads, PART-HOLD-BACK, CAN-SKIP-UNTIL),
 *   EXT-X-PRELOAD-HINT for the next part, and delta updates (`_HLS_skip=YES`: EXT-X-SKIP instead of the older
 *   segments, so a two-hour window is not sent again every half second). Blocking is the route's
 *   (routes/hls/index.ts), which serves live playlists from playlist-cache.ts: built once per part for every viewer.
 * - Playbacks get a VOD media playlist that plays the clip LOOPS_VOD times (about a minute).
 * - A stream of one rendition (radio channels, radio and audio programmes: their `source` names `audio.m3u8`) has no
 *   master playlist, so players offer no quality choice.
 */
/** Where the live clock starts: the server's start, a day back so a two-hour window is already full. */
export const LIVE_EPOCH_MS = Date.now() - 86400000

export const HLS_DIR = path.join(__dirname, '..', 'fixtures', 'hls')
/** The video renditions, lowest first (the order of the master playlist: players start low and climb). */
export const RENDITIONS = [
  { name: '360p', width: 640, height: 360, codecs: 'avc1.4d401f,mp4a.40.2' },
  { name: '720p', width: 1280, height: 720, codecs: 'avc1.4d401f,mp4a.40.2' }
] as const
export const AUDIO = 'audio'
export type RenditionName = (typeof RENDITIONS)[number]['name'] | typeof AUDIO
const ALL: RenditionName[] = [...RENDITIONS.map((r) => r.name), AUDIO]

/** Parts in a segment: 0.5 s parts, 2 s segments. */
export const PARTS_PER_SEGMENT = 4
export const PART_TARGET = 0.5
/** How far behind the edge a low-latency player plays: three part targets, the least the HLS spec allows. */
export const PART_HOLD_BACK = 3 * PART_TARGET
/** Segments only the last this many seconds are sent in full on a delta update (six target durations, the least). */
export const SKIP_UNTIL_SECONDS = 12
/** Segments whose parts are listed, counted back from the newest complete one (the spec's three target durations). */
const PART_SEGMENTS = 3
/** The smallest window (a room without time-shift): six 2-second segments. */
export const MIN_WINDOW_SECONDS = 12
/** A playlist asked for at its edge (`start=live`, contract/stream.ts) keeps this much of the window. */
export const EDGE_WINDOW_SECONDS = 30
/** The EXT-X-SESSION-DATA of a live master playlist naming its time-shift window (contract/stream.ts). */
export const TIMESHIFT_DATA_ID: TimeshiftDataId = 'org.m2.timeshift'
const START_LIVE: StreamStartLive = 'live'
const LOOPS_VOD = 5

export interface Rendition {
  parts: Buffer[]
  partDurations: number[]
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
  const parts: Buffer[] = []
  const partDurations: number[] = []
  const lines = text.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const m = /^#EXTINF:([\d.]+)/.exec(lines[i])
    if (m) {
      partDurations.push(Number(m[1]))
      parts.push(fs.readFileSync(path.join(dir, lines[i + 1].trim())))
    }
  }
  const durations: number[] = []
  const segments: Buffer[] = []
  for (let p = 0; p < parts.length; p += PARTS_PER_SEGMENT) {
    durations.push(Math.round(partDurations.slice(p, p + PARTS_PER_SEGMENT).reduce((a, d) => a + d, 0) * 1000) / 1000)
    segments.push(Buffer.concat(parts.slice(p, p + PARTS_PER_SEGMENT)))
  }
  const total = durations.reduce((a, b) => a + b, 0)
  const bandwidth = Math.max(...segments.map((s, i) => Math.ceil((s.length * 8) / durations[i])))
  return { parts, partDurations, durations, segments, total, target: Math.ceil(Math.max(...durations)), bandwidth }
}

export function loadFixture(dir = HLS_DIR): Fixture {
  if (cached) return cached
  const renditions = Object.fromEntries(ALL.map((name) => [name, loadRendition(path.join(dir, name))])) as Record<
    RenditionName,
    Rendition
  >
  const first = renditions[RENDITIONS[0].name]
  cached = { renditions, durations: first.durations, total: first.total, target: first.target }
  return cached
}

export function isRendition(name: string): name is RenditionName {
  return (ALL as string[]).includes(name)
}

function roomOffset(roomKey: string): number {
  let h = 0
  for (const c of roomKey) h = (h * 31 + c.charCodeAt(0)) >>> 0
  return h % 997
}

/** The live clock of a stream: which segment is being recorded and how many of its parts are complete. */
export interface LiveClock {
  /** the segment being recorded now */
  current: number
  /** parts of it complete (0–3) */
  parts: number
  /** seconds per segment */
  segDur: number
  /** when segment `seq` started, ms since the epoch */
  startOf(seq: number): number
}

export function liveClock(roomKey: string, nowMs = Date.now(), epochMs = LIVE_EPOCH_MS): LiveClock {
  const fx = loadFixture()
  const segDur = fx.total / fx.durations.length // uniform timing: the fixture is cut in equal segments
  const offset = roomOffset(roomKey)
  const t = Math.max(0, nowMs - epochMs) / 1000 + offset
  const current = Math.floor(t / segDur)
  const parts = Math.min(PARTS_PER_SEGMENT - 1, Math.floor((t - current * segDur) / PART_TARGET))
  return { current, parts, segDur, startOf: (seq) => epochMs + (seq * segDur - offset) * 1000 }
}

/** When part `part` of segment `msn` is complete (the whole segment when `part` is undefined), ms since the epoch. */
export function availableAt(roomKey: string, msn: number, part?: number, epochMs = LIVE_EPOCH_MS): number {
  const clock = liveClock(roomKey, epochMs, epochMs)
  return clock.startOf(msn) + (part === undefined ? clock.segDur : (part + 1) * PART_TARGET) * 1000
}

/**
 * The master playlist of a stream: one EXT-X-STREAM-INF per video rendition, its media playlist beside it. A live
 * stream's names its time-shift window (seconds) and passes the `start` it was asked with on to its renditions.
 */
export function masterPlaylist(o: { windowSeconds?: number; start?: LiveStart } = {}): string {
  const fx = loadFixture()
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS']
  if (o.windowSeconds !== undefined)
    lines.push(`#EXT-X-SESSION-DATA:DATA-ID="${TIMESHIFT_DATA_ID}",VALUE="${Math.round(o.windowSeconds)}"`)
  const query = o.start === undefined ? '' : `?start=${o.start}`
  for (const r of RENDITIONS) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${fx.renditions[r.name].bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="${r.codecs}",FRAME-RATE=24.000`,
      `${r.name}.m3u8${query}`
    )
  }
  return lines.join('\n') + '\n'
}

/** Where a live playlist starts: the edge (`live`) or a moment, ms since the epoch (contract/stream.ts). */
export type LiveStart = StreamStartLive | number

/** `start` as a query gives it: undefined when absent, null when it is neither `live` nor a whole number of ms. */
export function parseLiveStart(raw: unknown): LiveStart | null | undefined {
  if (raw === undefined) return undefined
  if (raw === START_LIVE) return START_LIVE
  return typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : null
}

export interface LiveOptions {
  nowMs?: number
  epochMs?: number
  /** seconds of time-shift the playlist keeps (at least MIN_WINDOW_SECONDS) */
  windowSeconds?: number
  /** low-latency HLS (parts, server control, preload hint) */
  lowLatency?: boolean
  /** a delta update (`_HLS_skip=YES`): segments older than SKIP_UNTIL_SECONDS from the end are skipped */
  skip?: boolean
  /**
   * the edge only (its last EDGE_WINDOW_SECONDS), or a time-shift playlist from the segment holding that moment (held
   * inside the window) to the edge, with EXT-X-START at the moment; the whole window when absent
   */
  start?: LiveStart
}

/**
 * Live media playlists built so far (this process): a two-hour window is ~330 KB of text, so the routes serve them from
 * a cache (playlist-cache.ts) and tests read this count to prove a request did not build one again.
 */
export const liveBuilds = { count: 0 }

/**
 * The inputs a live playlist is a function of, besides the room and its options: the segment being recorded and its
 * complete parts. Two requests with the same stamp (and room, rendition, options) get the same bytes.
 */
export function liveStamp(roomKey: string, nowMs = Date.now(), epochMs = LIVE_EPOCH_MS): string {
  const { current, parts } = liveClock(roomKey, nowMs, epochMs)
  return `${current}.${parts}`
}

/**
 * A rendition's live media playlist for a room (or channel) at wall-clock time `nowMs`, with `mark` after the query of
 * every URI (segments, parts, the preload hint): where a paid room's token goes (the cache splits the text there once
 * and joins it with each viewer's token; '' for the plain text).
 */
export function buildLive(roomKey: string, rendition: RenditionName, o: LiveOptions, mark: string): string {
  liveBuilds.count++
  const fx = loadFixture()
  const r = fx.renditions[rendition]
  const n = fx.durations.length
  const clock = liveClock(roomKey, o.nowMs ?? Date.now(), o.epochMs ?? LIVE_EPOCH_MS)
  const { current, segDur } = clock
  const last = current - 1 // newest complete segment
  const windowSegments = Math.max(MIN_WINDOW_SECONDS, o.windowSeconds ?? MIN_WINDOW_SECONDS) / segDur
  let first = Math.max(0, last - Math.ceil(windowSegments) + 1)
  let startOffset: number | null = null
  if (o.start === START_LIVE) first = Math.max(first, last - Math.ceil(EDGE_WINDOW_SECONDS / segDur) + 1)
  else if (o.start !== undefined) {
    const at = liveClock(roomKey, o.start, o.epochMs ?? LIVE_EPOCH_MS).current
    first = Math.max(first, Math.min(last, at))
    startOffset = Math.max(0, Math.min(segDur, (o.start - clock.startOf(first)) / 1000))
  }
  const ll = !!o.lowLatency
  const lines = ['#EXTM3U', `#EXT-X-VERSION:${ll ? 9 : 3}`, `#EXT-X-TARGETDURATION:${fx.target}`]
  if (startOffset !== null) lines.push(`#EXT-X-START:TIME-OFFSET=${startOffset.toFixed(3)},PRECISE=YES`)
  if (ll) {
    lines.push(
      `#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=${PART_HOLD_BACK.toFixed(3)},CAN-SKIP-UNTIL=${SKIP_UNTIL_SECONDS.toFixed(1)}`,
      `#EXT-X-PART-INF:PART-TARGET=${PART_TARGET.toFixed(3)}`
    )
  }
  lines.push(`#EXT-X-MEDIA-SEQUENCE:${first}`, `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / n)}`)
  // a delta update leaves out what the player has: every segment older than SKIP_UNTIL_SECONDS from the end
  let from = first
  if (ll && o.skip) {
    const keep = Math.ceil(SKIP_UNTIL_SECONDS / segDur)
    const skipped = Math.max(0, last - keep + 1 - first)
    if (skipped > 0) {
      lines.push(`#EXT-X-SKIP:SKIPPED-SEGMENTS=${skipped}`)
      from = first + skipped
    }
  }
  const iso = (seq: number) => new Date(clock.startOf(seq)).toISOString()
  const partLines = (seq: number, count: number) => {
    const idx = seq % n
    const out: string[] = []
    for (let k = 0; k < count; k++) {
      const d = r.partDurations[idx * PARTS_PER_SEGMENT + k]
      out.push(
        `#EXT-X-PART:DURATION=${d.toFixed(3)},URI="${rendition}-part${idx}.${k}.ts?seq=${seq}${mark}",INDEPENDENT=YES`
      )
    }
    return out
  }
  for (let seq = from; seq <= last; seq++) {
    const idx = seq % n
    if (idx === 0 && seq !== first) lines.push('#EXT-X-DISCONTINUITY')
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${iso(seq)}`)
    if (ll && seq > last - PART_SEGMENTS) lines.push(...partLines(seq, PARTS_PER_SEGMENT))
    lines.push(`#EXTINF:${r.durations[idx].toFixed(3)},`, `${rendition}-seg${idx}.ts?seq=${seq}${mark}`)
  }
  if (ll) {
    // the segment being recorded: its complete parts, then the next part to ask for ahead
    const idx = current % n
    if (idx === 0) lines.push('#EXT-X-DISCONTINUITY')
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${iso(current)}`, ...partLines(current, clock.parts))
    lines.push(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${rendition}-part${idx}.${clock.parts}.ts?seq=${current}${mark}"`)
  }
  return lines.join('\n') + '\n'
}

/**
 * A rendition's VOD media playlist (a playback, a programme, a video). Every segment names its place (`?seq=`), by
 * which a paid recording's trial is bounded (routes/hls); the fixture's segments repeat, so the file name alone does
 * not say where in the recording it is.
 */
export function vodPlaylist(rendition: RenditionName = '360p'): string {
  const fx = loadFixture()
  const r = fx.renditions[rendition]
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${fx.target}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-INDEPENDENT-SEGMENTS'
  ]
  for (let loop = 0; loop < LOOPS_VOD; loop++) {
    r.durations.forEach((d, idx) => {
      if (idx === 0 && loop > 0) lines.push('#EXT-X-DISCONTINUITY')
      lines.push(`#EXTINF:${d.toFixed(3)},`, `${rendition}-seg${idx}.ts?seq=${loop * r.durations.length + idx}`)
    })
  }
  lines.push('#EXT-X-ENDLIST')
  return lines.join('\n') + '\n'
}

/** A media file by its name: a segment (`720p-seg3.ts`) or a part (`720p-part3.2.ts`), or undefined. */
export function mediaFile(
  name: string
): { rendition: RenditionName; segment: number; part?: number; data: Buffer } | undefined {
  const m = /^(\d{3,4}p|audio)-(?:seg(\d{1,3})|part(\d{1,3})\.(\d))\.ts$/.exec(name)
  if (!m || !isRendition(m[1])) return undefined
  const rendition = m[1]
  const r = loadFixture().renditions[rendition]
  if (m[2] !== undefined) {
    const data = r.segments[Number(m[2])]
    return data ? { rendition, segment: Number(m[2]), data } : undefined
  }
  const segment = Number(m[3])
  const part = Number(m[4])
  if (part >= PARTS_PER_SEGMENT) return undefined
  const data = r.parts[segment * PARTS_PER_SEGMENT + part]
  return data ? { rendition, segment, part, data } : undefined
}

/** `720p.m3u8` → `720p`; undefined for any other name. */
export function mediaPlaylistName(name: string): RenditionName | undefined {
  const m = /^(\d{3,4}p|audio)\.m3u8$/.exec(name)
  return m && isRendition(m[1]) ? m[1] : undefined
}
