import type { StreamStartLive, TimeshiftDataId } from '../../../../contract/stream'
import { formatDuration } from '@/utils/format'
import { fragmentsOf, timeOfDate, type DatedFragment } from '@/utils/media-dates'
import { qualityShort } from './quality'

/**
 * What the web player reads of its stream (H5 only: its engine, time-shift and 播放信息): where the wall clock is in
 * the media time of a live stream (each segment's EXT-X-PROGRAM-DATE-TIME, which hls.js keeps on its fragments;
 * Safari's native HLS gives the date of time 0), the time-shift window, and the figures of 播放信息.
 */
type HlsInstance = import('hls.js').default

/** The media time of a wall-clock moment on this player: hls.js's fragments, or Safari's start date. */
export function mediaTimeOf(video: HTMLVideoElement, hls: HlsInstance | null, ms: number): number | null {
  if (hls) return timeOfDate(fragmentsOf(hls), ms)
  const start = (video as HTMLVideoElement & { getStartDate?: () => Date }).getStartDate?.()
  const origin = start ? start.getTime() : NaN
  if (!Number.isFinite(origin)) return null
  const t = (ms - origin) / 1000
  const { seekable } = video
  return seekable.length && t >= seekable.start(0) && t <= seekable.end(seekable.length - 1) ? t : null
}

/** The live window the viewer can seek in: [start, end] seconds of media time, end the live edge. */
export function liveWindow(video: HTMLVideoElement): { start: number; end: number } | null {
  const { seekable } = video
  if (!seekable.length) return null
  return { start: seekable.start(0), end: seekable.end(seekable.length - 1) }
}

const START_LIVE: StreamStartLive = 'live'
const TIMESHIFT_DATA_ID: TimeshiftDataId = 'org.m2.timeshift'

/**
 * What hls.js loads of a live stream (contract/stream.ts): its edge only (the last 30 s: a two-hour window is 3,600
 * segments that hls.js parses on every reload, half of the live room's long tasks at 4x), or from a moment of the wall
 * clock (ms) the viewer went back to, which the server's playlist starts playing at.
 */
export function liveSource(src: string, at: number | null): string {
  return `${src}${src.includes('?') ? '&' : '?'}start=${at === null ? START_LIVE : Math.round(at)}`
}

/** The time-shift window (seconds) a live master playlist names, from hls.js's MANIFEST_PARSED; null without one. */
export function announcedWindow(
  sessionData: Record<string, Record<string, unknown>> | null | undefined
): number | null {
  const seconds = Number(sessionData?.[TIMESHIFT_DATA_ID]?.VALUE)
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null
}

/**
 * The whole time-shift window of a stream of which hls.js loads the edge or a later part: [from, to] of the wall
 * clock (ms), `to` the loaded playlist's edge, and `start`, the media time `from` would have, counted back from the
 * first loaded fragment (a moment before it is played by a time-shift stream from there).
 */
export interface ShiftWindow {
  from: number
  to: number
  start: number
}
export function shiftWindow(fragments: readonly DatedFragment[], seconds: number): ShiftWindow | null {
  const dated = fragments.filter((f) => f.programDateTime !== null)
  if (!dated.length) return null
  const first = dated[0]
  const last = dated[dated.length - 1]
  const to = (last.programDateTime as number) + last.duration * 1000
  const from = to - seconds * 1000
  return { from, to, start: Math.min(first.start, first.start - ((first.programDateTime as number) - from) / 1000) }
}

/** The media time of a moment inside the window: the loaded fragments' own, else counted back from the first. */
export function timeInWindow(fragments: readonly DatedFragment[], w: ShiftWindow, ms: number): number | null {
  if (ms < w.from || ms > w.to) return null
  const t = timeOfDate(fragments, ms)
  if (t !== null) return t
  const first = fragments.find((f) => f.programDateTime !== null)
  return first && ms < (first.programDateTime as number)
    ? first.start - ((first.programDateTime as number) - ms) / 1000
    : null
}

/** The moment (ms) of a media time inside the window, the inverse of timeInWindow. */
export function dateInWindow(fragments: readonly DatedFragment[], w: ShiftWindow, t: number): number | null {
  const f =
    fragments.find((x) => x.programDateTime !== null && t < x.start + x.duration) ??
    [...fragments].reverse().find((x) => x.programDateTime !== null)
  if (!f) return null
  const ms = (f.programDateTime as number) + (t - f.start) * 1000
  return Math.max(w.from, Math.min(w.to, ms))
}

/** Seconds of video buffered ahead of the playhead. */
export function forwardBuffer(video: HTMLVideoElement): number {
  const t = video.currentTime
  for (let i = 0; i < video.buffered.length; i++) {
    if (video.buffered.start(i) <= t + 0.1 && t <= video.buffered.end(i)) return Math.max(0, video.buffered.end(i) - t)
  }
  return 0
}

/** The widest hole ahead of a waiting live picture that it jumps (holeAhead): two of the reference stream's segments. */
export const HOLE_JUMP_SECONDS = 4
/** How far into the range past the hole the picture lands (a frame or two, as hls.js's skipBufferHolePadding). */
const HOLE_LANDING_SECONDS = 0.1

/**
 * Where a waiting picture goes past a hole, or null: nothing is buffered at the playhead `t` (every track together,
 * the element's `buffered`) and the next buffered range starts within HOLE_JUMP_SECONDS of it. hls.js jumps such a
 * hole itself only while nothing it loads starts before the playhead, which at a low-latency stream's edge is never
 * (the part it waits for is always in flight): in WebKit, after the jump back to the edge or a new Media Source, the
 * picture stood before a hole of one to three seconds for good (readyState 1, 网络不给力，正在重连…) while the stream
 * filled the range past it.
 */
export function holeAhead(buffered: TimeRanges, t: number): number | null {
  for (let i = 0; i < buffered.length; i++) {
    const start = buffered.start(i)
    if (start <= t + 0.05 && t < buffered.end(i)) return null // data at the playhead: a wait for the decoder, not a hole
    if (start > t)
      return start - t <= HOLE_JUMP_SECONDS
        ? Math.min(start + HOLE_LANDING_SECONDS, (start + buffered.end(i)) / 2)
        : null
  }
  return null
}

/** The widest tail of a fragment left unbuffered that a waiting live picture skips (tailSkip): half a part. */
const TAIL_SKIP_SECONDS = 0.25
/** How far past that fragment's end the stream must reach: something is there for hls.js to load. */
const TAIL_EDGE_SECONDS = 0.5
/** Past the fragment's end, so that the position is inside the next fragment for hls.js's lookup. */
const TAIL_LANDING_SECONDS = 0.02

/**
 * Where a waiting live picture goes on, or null, when what is buffered ends (at the playhead) just short of the end of
 * the fragment it came from and the stream reaches on past that end. Its last frames of audio or video end up to a
 * frame or two before the fragment's end, so the buffer ends there; when the fragment's first parts came in another
 * rendition (自动 climbing at the first frame), hls.js 1.7 looks for the next load at that buffer end, finds the
 * fragment it has (its parts of this rendition not all loaded) and, its next load position already past the buffer end,
 * loads nothing as a loop guard (`getFragmentAtPosition`, `isLoopLoading`), until the playlist no longer lists those
 * parts: the picture stood about 4 s on 网络不给力，正在重连… in about one live room entry in eight. From the fragment's
 * end hls.js loads the next one. `fragments` are the playlist's (start and end in the element's time); `edge` is where
 * the stream ends (its last part).
 */
export function tailSkip(
  buffered: TimeRanges,
  t: number,
  fragments: ReadonlyArray<{ start: number; end: number }>,
  edge: number
): number | null {
  let end: number | null = null
  for (let i = 0; i < buffered.length; i++) {
    if (buffered.start(i) > t + 0.05) return null // more ahead: a hole (holeAhead), not a tail
    if (t <= buffered.end(i) + 0.05) end = buffered.end(i)
  }
  if (end === null || end - t > TAIL_SKIP_SECONDS) return null // data to play on: a wait for the decoder
  const from = fragments.find((f) => f.start <= end && end < f.end)
  if (!from || from.end - end > TAIL_SKIP_SECONDS || edge < from.end + TAIL_EDGE_SECONDS) return null
  return from.end + TAIL_LANDING_SECONDS
}

/** Seconds of a track ahead of the playhead that its silent partner cannot match: the element is starved by one. */
export const STARVED_AHEAD_SECONDS = 1
/** What a track holds after the playhead and still counts as nothing (a frame or two). */
const STARVED_BELOW_SECONDS = 0.25
/** How far past the starved track's last data a new Media Source starts, so that its first append comes after it. */
const RESTART_PAST_SECONDS = 0.1

/** Seconds a SourceBuffer holds after `t` (all its ranges' time past t). */
function heldAfter(ranges: TimeRanges, t: number): number {
  let held = 0
  for (let i = 0; i < ranges.length; i++) held += Math.max(0, ranges.end(i) - Math.max(t, ranges.start(i)))
  return held
}

/**
 * Whether the media element is starved by one of hls.js's SourceBuffers (its BUFFER_APPENDED `timeRanges`, by track),
 * and if so where to start again: one holds STARVED_AHEAD_SECONDS or more after the playhead `t` while another holds
 * next to nothing, so the element, which plays only where every track has data, waits for good though hls.js has loaded
 * what comes next. WebKitGTK's Media Source does this: past a discontinuity of the live stream (the reference stream's
 * loop) its audio SourceBuffer takes the appends and keeps none of them (e2e/mse-audio-discontinuity.webkit.ts), while
 * the video goes on filling, and a new Media Source keeps them only when it starts after the discontinuity. So the
 * answer is just past the starved track's last data (the discontinuity); null when no track starves the element. A
 * stall for want of network leaves every track short alike, and is not this.
 */
export function starvedRestart(tracks: Partial<Record<string, TimeRanges>>, t: number): number | null {
  const held = Object.values(tracks)
    .filter((r): r is TimeRanges => !!r)
    .map((r) => heldAfter(r, t))
  if (held.length < 2 || Math.max(...held) < STARVED_AHEAD_SECONDS) return null
  const starved = Math.min(...held)
  return starved < STARVED_BELOW_SECONDS ? t + starved + RESTART_PAST_SECONDS : null
}

export interface InfoRow {
  label: string
  value: string
}

/** 播放信息: what viewers of the players they know can read about what plays. */
export function playbackInfo(
  video: HTMLVideoElement,
  hls: HlsInstance | null,
  live: boolean,
  latency: number | null,
  quality: number
): InfoRow[] {
  const rows: InfoRow[] = []
  const level = hls ? hls.levels[hls.currentLevel] : undefined
  const height = video.videoHeight || level?.height || 0
  const details = level?.details
  if (live) rows.push({ label: '延迟', value: latency !== null ? `${latency.toFixed(1)} 秒` : '—' })
  rows.push({
    label: '清晰度',
    value: `${quality ? qualityShort(quality) : '自动'}${height ? `（播放 ${height}P）` : ''}`
  })
  if (video.videoWidth) rows.push({ label: '分辨率', value: `${video.videoWidth}×${video.videoHeight}` })
  if (level?.bitrate) rows.push({ label: '码率', value: `${Math.round(level.bitrate / 1000)} kbps` })
  rows.push({ label: '缓冲', value: `${forwardBuffer(video).toFixed(1)} 秒` })
  const q = typeof video.getVideoPlaybackQuality === 'function' ? video.getVideoPlaybackQuality() : null
  if (q) rows.push({ label: '丢帧', value: `${q.droppedVideoFrames} / ${q.totalVideoFrames}` })
  if (live) rows.push({ label: '协议', value: details?.partList?.length ? '低延迟 HLS（LL-HLS）' : 'HLS' })
  if (!live && Number.isFinite(video.duration)) rows.push({ label: '时长', value: formatDuration(video.duration) })
  return rows
}

/** How long a live picture plays past hls.js's catch-up range (pastCatchUp) before it goes to the edge. */
export const DRIFT_WAIT_MS = 2000
/**
 * How long a live picture the viewer paused (following the edge) goes on loading. hls.js would go on asking for the
 * low-latency playlist at every part, twice a second, and for the parts after it, for as long as the page stays
 * paused: a phone's data and battery. After this it rests as a refused autoplay does (hls-engine.h5.ts), and the next
 * play starts again at the edge; a shorter pause plays on from what is buffered.
 */
export const PAUSED_REST_MS = 10000

/**
 * A picture waiting while one track holds a second or more past the playhead and another nothing (starvedRestart: WebKit's Media Source dropping the audio after a discontinuity) is looked for every STARVED_CHECK_MS;
 * seen for STARVED_WAIT_MS (an append of one track runs ahead of the other's for a moment only), the media gets a new
 * Media Source that starts just past the starved track's data, at most once in STARVED_RECOVER_EVERY_MS.
 */
export const STARVED_CHECK_MS = 250
export const STARVED_WAIT_MS = 500
export const STARVED_RECOVER_EVERY_MS = 3000
/** How long a live picture waits before a hole, at the same playhead, before it goes on past it (holeAhead). */
export const HOLE_WAIT_MS = 1000
/** How long a live picture waits at a fragment's tail hls.js will not load past (tailSkip) before it goes on. */
export const TAIL_WAIT_MS = 500
/** A live playlist loaded this recently says the network answers: a low-latency one reloads at every part (0.5 s). */
export const PLAYLIST_FRESH_MS = 2000

/**
 * A live picture too far behind for hls.js to catch up: its 1.1x rate acts only while the picture is less than one
 * target duration further back than twice its target latency (hls.js's latency controller; further back counts as a
 * viewer's own seek back), and nothing brings such a picture nearer. A start on a loaded machine left a 1.5 s stream
 * 6.4 s behind the edge for good.
 */
export function pastCatchUp(latency: number, target: number, targetDuration: number): boolean {
  return target > 0 && latency - target >= target + targetDuration
}
