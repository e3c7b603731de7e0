import { action, observable } from 'mobx'

/**
 * How far the viewer's picture is behind the live edge, in seconds: what the activity stage waits
 * before it shows a pushed activity, so a pop-up appears when the video reaches the moment it was pushed.
 *
 * - H5 with hls.js: `hls.latency` (the live playlist's edge minus the playback position), read on every timeupdate.
 * - H5 with native HLS (Safari on iOS): the end of `video.seekable` minus `currentTime`, the same quantity.
 * - Mini-program: WeChat's <video> exposes neither the playlist nor the buffer, so the player sets an estimate when it
 *   starts playing: 3 target durations (players start an HLS live stream three segments from the edge, as the HLS
 *   spec advises and hls.js does with liveSyncDurationCount 3) of the reference stream's 2 s segments.
 * Nothing plays (phase card, paid room blocked, not started): null, and activities show at once.
 */
export const streamLatency = observable<{ seconds: number | null; source: '' | 'hls.js' | 'native' | 'estimate' }>({
  seconds: null,
  source: ''
})

export const SEGMENT_SECONDS = 2
export const MINIPROGRAM_LATENCY_ESTIMATE = 3 * SEGMENT_SECONDS

/** Changes under a quarter second are noise: they do not touch the store (no re-render per timeupdate). */
export const setStreamLatency = action((seconds: number | null, source: typeof streamLatency.source) => {
  if (seconds !== null && !(Number.isFinite(seconds) && seconds >= 0)) return
  const prev = streamLatency.seconds
  if (seconds !== null && prev !== null && Math.abs(prev - seconds) < 0.25 && streamLatency.source === source) return
  streamLatency.seconds = seconds === null ? null : Math.round(seconds * 100) / 100
  streamLatency.source = seconds === null ? '' : source
})

/**
 * The playing player's reading of its latency at this moment (null when it has none, or is paused). The store above
 * moves on timeupdate, and none comes while the picture stalls waiting for data: a push arriving then is waited for
 * as far behind as the picture has fallen, not as far as it was when it last moved.
 */
let probe: (() => number | null) | null = null
export function setLatencyProbe(read: () => number | null): void {
  probe = read
}
/** A player leaving takes its probe away (not a newer player's). */
export function clearLatencyProbe(read: () => number | null): void {
  if (probe === read) probe = null
}

/** The stage's delay for a push arriving now, in ms. */
export function latencyDelayMs(): number {
  const now = probe ? probe() : null
  const s = now !== null && Number.isFinite(now) && now >= 0 ? now : streamLatency.seconds
  return s && s > 0 ? Math.round(s * 1000) : 0
}
