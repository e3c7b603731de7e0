import { isIOS } from '@/platform/kinds'
import type { BufferAppendedData } from 'hls.js'
import type { DatedFragment } from '@/utils/media-dates'
import { soundAutoplayRefused } from './autoplay.h5'
import { TIMESHIFT_MIN_SECONDS, type PlayerState } from './play-state'
import { levelFor, qualityPreference } from './quality'
import type { Retry } from './rules'
import * as stream from './web-stream'

/**
 * H5 only (index.h5.tsx and use-hls-engine.h5.ts; the mini-program's <video> loads its own stream): hls.js, loaded on
 * demand, its settings and the rules it is driven by, and the stream started ahead of the player (the engine the
 * player's hook takes, which a test replaces with a fake: web-engine.h5.ts).
 */
export type HlsModule = typeof import('hls.js')
export type HlsInstance = import('hls.js').default

/** Safari on iOS plays HLS natively; elsewhere hls.js drives MSE, with native HLS as the last resort. */
export function prefersNativeHls(video: HTMLVideoElement): boolean {
  return isIOS(navigator.userAgent) && video.canPlayType('application/vnd.apple.mpegurl') !== ''
}

/**
 * hls.js (its own chunk, which the page's template preloads: config/route-chunks.ts), run once: as soon as this module
 * loads on a browser that will need it (MSE, not iOS) and would not refuse a sound autoplay, so it is ready while the
 * room info is still on its way instead of after it (first video frame). Where the browser would refuse, a live room
 * loads nothing before the viewer's tap (use-hls-engine.h5.ts), and hls.js is run by the first stream that needs it
 * (the tap, or an on-demand video's first frame): a viewer who never taps does not pay for its compile and start,
 * which were one of the refused room's long tasks (docs/performance.md).
 */
const usesHlsJs = () => typeof window !== 'undefined' && 'MediaSource' in window && !isIOS(navigator.userAgent)
let hlsChunk: Promise<typeof import('hls.js')> | null = null
export function loadHls(): Promise<typeof import('hls.js')> {
  if (hlsChunk) return hlsChunk
  const chunk = import(/* webpackChunkName: "hls" */ 'hls.js')
  // a chunk that failed to arrive is asked for again by the next stream (点击重试)
  chunk.catch(() => {
    if (hlsChunk === chunk) hlsChunk = null
  })
  return (hlsChunk = chunk)
}
if (usesHlsJs()) void soundAutoplayRefused().then((refused) => (refused ? undefined : loadHls()))

/**
 * The buffer hls.js fills before the first frame, then its default. Chromium completes the start-up seek only once the
 * appends queued behind it are done, so a 30 s target (hls.js's default: every fragment in the live window) made the
 * first frame wait for more fragments to be fetched, transmuxed and appended: about 300 ms at 4x CPU. Measured with
 * hls.js alone on this machine at 1x: 247 ms to the first frame with the default, 192 ms with 1 s; a 2 s target still
 * fetched a second fragment (the first holds 1.98 s from its first frame).
 */
const START_BUFFER_SECONDS = 1
const BUFFER_SECONDS = 30
/**
 * hls.js's own ceiling of the buffer (its default). A stream whose renditions name their bandwidth gets a buffer
 * target of maxBufferSize / bitrate (60 MB: minutes of video) under this ceiling, whatever maxBufferLength says, so
 * the start-up buffer is held by the ceiling itself until the first frame.
 */
const MAX_BUFFER_SECONDS = 600
/**
 * After each stall hls.js plays a second further behind the live edge (liveSyncOnStallIncrease, up to a segment) and
 * stays there for good: one stall (a quality climb on a busy phone, a second of lost network) left a 1.5 s stream
 * 2.5 to 3.5 s behind for the rest of the visit. Once the picture has played this long without another stall, the
 * target goes back to the stream's own hold-back and hls.js catches up at up to 1.1x (10 s of play gains 1 s).
 */
const CALM_AFTER_STALL_MS = 10000

/**
 * Live: low-latency HLS where the stream has parts (hls.js then plays PART-HOLD-BACK behind the edge, about 1.5 s, and
 * catches up at up to 1.1x when it falls behind while near the edge; a stream without parts plays three segments
 * behind, hls.js's default: no liveSyncDurationCount here, which would override the part hold-back), and fetch that
 * first fragment while the media element is still being set up; no bandwidth test on the lowest level first (the
 * viewer's 清晰度, or the first rendition). A fatal error is the player's to retry (rules.ts, Retry): hls.js's own
 * retries are kept short so the viewer's backoff decides.
 */
const RETRY = { maxNumRetry: 2, retryDelayMs: 500, maxRetryDelayMs: 2000 }
const LOAD_POLICY = {
  default: { maxTimeToFirstByteMs: 8000, maxLoadTimeMs: 15000, timeoutRetry: RETRY, errorRetry: RETRY }
}
export const HLS_CONFIG = {
  // hls.js's ES module build has no worker inside it (its worker is a file of its own, `workerPath`), so it transmuxes
  // on the main thread whatever this says; a worker was measured and left (docs/performance.md, the lever table)
  enableWorker: false,
  lowLatencyMode: true,
  maxLiveSyncPlaybackRate: 1.1,
  startFragPrefetch: true,
  testBandwidth: false,
  maxBufferLength: START_BUFFER_SECONDS,
  maxMaxBufferLength: START_BUFFER_SECONDS,
  manifestLoadPolicy: LOAD_POLICY,
  playlistLoadPolicy: LOAD_POLICY,
  fragLoadPolicy: LOAD_POLICY
}

/**
 * The viewer's 清晰度 on a new stream: the rendition of the remembered height from its first fragment. 自动 starts on
 * the lowest and stays there until the first frame (capped), so the first frame comes from the first fragment rather
 * than wait for a better one the bandwidth estimate asks for at once; then it climbs (releaseStartCap).
 */
export function applyPreferredLevel(hls: HlsInstance) {
  const level = levelFor(
    hls.levels.map((l) => l.height),
    qualityPreference.height
  )
  if (level >= 0) {
    hls.startLevel = level
    hls.loadLevel = level
  } else if (hls.levels.length > 1) {
    hls.startLevel = 0
    hls.autoLevelCapping = 0
  }
}

/** The time-shift window (seconds) each live stream's master playlist named (web-stream.ts, announcedWindow). */
const windows = new WeakMap<HlsInstance, number>()
export function keepWindow(hls: HlsInstance, sessionData: Parameters<typeof stream.announcedWindow>[0]) {
  const seconds = stream.announcedWindow(sessionData)
  if (seconds !== null) windows.set(hls, seconds)
}
/** That window on the wall clock and in media time, from the fragments hls.js has loaded; null without one. */
export function namedWindow(hls: HlsInstance | null, fragments: DatedFragment[]) {
  const seconds = hls ? windows.get(hls) : undefined
  return seconds && seconds >= TIMESHIFT_MIN_SECONDS ? stream.shiftWindow(fragments, seconds) : null
}

/** The first frame is up: 自动 may choose any rendition now. */
export function releaseStartCap(hls: HlsInstance) {
  if (hls.autoLevelCapping === 0) hls.autoLevelCapping = -1
}

/**
 * The stream, started as soon as the room info names it (first video frame): an hls.js instance loading the
 * playlist (and, with startFragPrefetch, the first fragment) while the room renders and paints, handed to the player
 * when it mounts. One at a time; one the player has not taken within PREFETCH_TTL is destroyed (the viewer left).
 */
const PREFETCH_TTL = 5000
let prefetched: { src: string; hls: Promise<HlsInstance | null>; timer: ReturnType<typeof setTimeout> } | null = null

function dropPrefetched() {
  if (!prefetched) return
  clearTimeout(prefetched.timer)
  void prefetched.hls.then((h) => h?.destroy())
  prefetched = null
}

export function prefetchStream(src: string): void {
  if (!src || !usesHlsJs() || prefetched?.src === src) return
  dropPrefetched()
  // where the browser would refuse its autoplay, the stream waits for the viewer's tap (use-hls-engine.h5.ts)
  const hls = soundAutoplayRefused()
    .then((refused) => (refused ? null : loadHls()))
    .then((module) => {
      const Hls = module?.default
      if (!Hls?.isSupported()) return null
      const instance = new Hls(HLS_CONFIG)
      instance.on(Hls.Events.MANIFEST_PARSED, (_e, data) => {
        keepWindow(instance, data.sessionData)
        applyPreferredLevel(instance)
      })
      instance.loadSource(stream.liveSource(src, null))
      return instance
    })
    .catch(() => null)
  prefetched = { src, hls, timer: setTimeout(dropPrefetched, PREFETCH_TTL) }
}

/** The prefetched instance for `src`, now the caller's; null when there is none. */
export function takePrefetched(src: string): Promise<HlsInstance | null> {
  if (prefetched?.src !== src) return Promise.resolve(null)
  clearTimeout(prefetched.timer)
  const { hls } = prefetched
  prefetched = null
  return hls
}

/** The first frame is up: hls.js buffers as usual from now on, and 自动 may climb. */
export function firstFramePlayed(hls: HlsInstance): void {
  hls.config.maxBufferLength = BUFFER_SECONDS
  hls.config.maxMaxBufferLength = MAX_BUFFER_SECONDS
  releaseStartCap(hls)
}

/** One stream's hls.js, as the engine hook (use-hls-engine.h5.ts) attaches it to the video, and what it tells back. */
export interface HlsSession {
  video: HTMLVideoElement
  /** the playlist it loads: a live stream's edge or a time-shift stream (web-stream.ts, liveSource), or the video */
  source: string
  /** the instance prefetchStream started (its playlist loading already), or null for a new one */
  early: HlsInstance | null
  live: boolean
  retry: Retry
  now: () => number
  disposed: () => boolean
  /** the picture ran out of data (its `waiting`) since the last fragment arrived (hls.js rode the outage out itself) */
  stall: { stalled: boolean }
  /** a live viewer who has not chosen the past is brought back to the edge after an outage */
  followsEdge: () => boolean
  heights: (heights: number[]) => void
  playingHeight: (height: number) => void
  state: (state: PlayerState) => void
  /** plays the video; a refusal offers 点击播放 (the engine hook's own start) */
  play: () => void
  /** the source again, from a new player */
  reload: () => void
}

/** What the engine hook keeps of a session attachHlsJs started. */
export interface HlsControl {
  /** stops the watch it keeps (the caller destroys the instance) */
  stop(): void
  /** a live stream's autoplay was refused, or its viewer paused it: loading stops until the video plays */
  rest(): void
}

/**
 * Drives `instance` for the session and attaches it to the video: its renditions, a starved track's recovery, the
 * way back to the edge after an outage and to the stream's own hold-back after a stall, a refused autoplay's rest,
 * and its fatal errors (retried after the backoff's wait: network; recovered once, then loaded again: media; else
 * 点击重试).
 */
export function attachHlsJs(Hls: HlsModule['default'], instance: HlsInstance, s: HlsSession): HlsControl {
  let mediaErrors = 0
  const levelsKnown = (_e: unknown, data: { sessionData: Parameters<typeof keepWindow>[1] }) => {
    s.heights(instance.levels.map((l) => l.height))
    if (s.early) return
    keepWindow(instance, data.sessionData)
    applyPreferredLevel(instance)
  }
  if (instance.levels?.length) s.heights(instance.levels.map((l) => l.height))
  instance.on(Hls.Events.MANIFEST_PARSED, levelsKnown)
  instance.on(Hls.Events.LEVEL_SWITCHED, (_e, data) => s.playingHeight(instance.levels[data.level]?.height || 0))
  // A picture waiting on a starved track, not on the network (web-stream.ts, starvedRestart): in WebKit the audio
  // SourceBuffer keeps nothing appended after a discontinuity, so the element waits at the end of its audio for
  // good while hls.js, which has the next seconds of video, waits for the element; the jump to the edge below
  // then only moved the wait seconds past the buffer. A new Media Source (hls.js's detach and attach, as its
  // recoverMediaError) takes the audio again when it starts after the discontinuity: loading starts just past
  // the starved track's data (a few frames further). What each SourceBuffer holds comes with every append.
  let tracks: BufferAppendedData['timeRanges'] = {}
  let starvedSince = 0
  let recoveredAt = 0
  instance.on(Hls.Events.BUFFER_APPENDED, (_e, data) => {
    tracks = data.timeRanges
  })
  /**
   * A new Media Source for the playing picture (a starved track's, a media error's): the new source pauses the element
   * (the media element's load algorithm), and its `autoplay` waits for HAVE_ENOUGH_DATA, which a starved WebKit may
   * never reach. On a loaded machine WebKitGTK stood paused at readyState 3 with 2 s of both tracks buffered for
   * minutes, and every watch here leaves a paused picture alone. It plays on once the new Media Source is attached,
   * and again at its first `canplay` if it stands paused there (a play() at the attach did not always take in WebKitGTK
   * under load); a refused play offers 点击播放, as at the start.
   */
  const playOnAttached = () =>
    instance.once(Hls.Events.MEDIA_ATTACHED, () => {
      if (s.disposed()) return
      s.play()
      s.video.addEventListener('canplay', () => s.video.paused && s.play(), { once: true })
    })
  /** The picture to the live edge (hls.js's target behind it) when that is more than `margin` seconds ahead. */
  const toEdge = (margin: number) => {
    const edge = instance.liveSyncPosition
    if (edge !== null && edge > s.video.currentTime + margin) s.video.currentTime = edge
  }
  /** The video plays but has no picture to go on with: what the starved track's and the hole's watches look into. */
  const waiting = () => !s.video.paused && s.video.readyState < HTMLMediaElement.HAVE_FUTURE_DATA
  const starved = () => (waiting() ? stream.starvedRestart(tracks, s.video.currentTime) : null)
  // A live picture waiting before a hole (web-stream.ts, holeAhead), still there after HOLE_WAIT_MS at the same
  // playhead (hls.js jumps the holes it can within a poll or two): it goes on past the hole, where the stream plays.
  // One waiting at the tail of a fragment that hls.js will not load past (web-stream.ts, tailSkip), after TAIL_WAIT_MS
  // (hls.js would wait seconds): it goes on from the fragment's end. Only while the playlist keeps coming (a stuck
  // load, not an outage: in an outage nothing past the tail would come either, and hls.js's retries are its own).
  let playlistAt = 0
  instance.on(Hls.Events.LEVEL_LOADED, () => (playlistAt = s.now()))
  const aheadOf = (v: HTMLVideoElement, now: number): [to: number, afterMs: number] | null => {
    const hole = stream.holeAhead(v.buffered, v.currentTime)
    if (hole !== null) return [hole, stream.HOLE_WAIT_MS]
    const details = instance.latestLevelDetails
    if (!details || now - playlistAt > stream.PLAYLIST_FRESH_MS) return null
    const tail = stream.tailSkip(v.buffered, v.currentTime, details.fragments, details.edge)
    return tail === null ? null : [tail, stream.TAIL_WAIT_MS]
  }
  let aheadSince = 0
  let aheadAt = -1
  const goAhead = (now: number) => {
    const v = s.video
    const ahead = s.live && waiting() ? aheadOf(v, now) : null
    if (ahead === null) {
      aheadSince = 0
    } else if (!aheadSince || aheadAt !== v.currentTime) {
      aheadSince = now // first seen here: the wait starts
      aheadAt = v.currentTime
    } else if (now - aheadSince >= ahead[1]) {
      aheadSince = 0
      v.currentTime = ahead[0]
    }
  }
  // a live viewer at the edge, playing, too far behind for hls.js's catch-up (pastCatchUp) for DRIFT_WAIT_MS: to the edge
  let driftSince = 0
  const catchUp = (now: number) => {
    const v = s.video
    const details = instance.latestLevelDetails
    const drifted =
      s.live && s.followsEdge() && !v.paused && v.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA && !!details
    if (!drifted || !stream.pastCatchUp(instance.latency, instance.targetLatency ?? 0, details.targetduration))
      driftSince = 0
    else if (!driftSince) driftSince = now
    else if (now - driftSince >= stream.DRIFT_WAIT_MS && now - recoveredAt >= stream.STARVED_RECOVER_EVERY_MS) {
      driftSince = 0
      toEdge(1)
    }
  }
  const starvedWatch = setInterval(() => {
    const now = s.now()
    const restart = starved()
    if (restart === null) {
      starvedSince = 0
      goAhead(now)
      catchUp(now)
      return
    }
    starvedSince ||= now
    if (now - starvedSince < stream.STARVED_WAIT_MS || now - recoveredAt < stream.STARVED_RECOVER_EVERY_MS) return
    starvedSince = 0
    recoveredAt = now
    tracks = {}
    playOnAttached()
    instance.detachMedia()
    instance.attachMedia(s.video)
    instance.startLoad(restart)
  }, stream.STARVED_CHECK_MS)
  // a fragment arrived: the stream is back, whatever failed before; a live viewer who had not chosen the past
  // goes back to the edge (the outage put them behind it), after a fatal error and after a stall alike. Not
  // while a track is starved or its new Media Source starts: the edge would be as far out of the element's
  // reach as the playhead, and hls.js loads from the playhead on the new one
  instance.on(Hls.Events.FRAG_BUFFERED, () => {
    const failing = s.retry.failing
    if (!failing && !s.stall.stalled) return
    if (starved() !== null || s.now() - recoveredAt < stream.STARVED_RECOVER_EVERY_MS) return
    s.stall.stalled = false
    if (failing) s.retry.succeed()
    if (s.live && s.followsEdge()) toEdge(3)
    if (!failing || s.video.paused) return
    // a jump to the edge plays once it has its data there (an outage starting again may leave it seeking)
    if (!s.video.seeking) s.state('playing')
    else s.video.addEventListener('seeked', () => s.disposed() || s.video.paused || s.state('playing'), { once: true })
  })
  let stalledAt = 0 // the last stall hls.js told of (its ERROR handler below), 0 once its target is back
  if (s.live)
    instance.on(Hls.Events.FRAG_BUFFERED, () => {
      if (!stalledAt || s.now() - stalledAt < CALM_AFTER_STALL_MS) return
      stalledAt = 0
      const details = instance.latestLevelDetails
      const own = details ? details.partHoldBack || details.holdBack : 0
      if (own > 0 && (instance.targetLatency ?? 0) > own) instance.targetLatency = own
    })
  // non-fatal errors are hls.js's own to recover from; fatal ones are retried after the backoff's wait (network),
  // recovered once then loaded again (media), or end in 点击重试
  instance.on(Hls.Events.ERROR, (_e, data) => {
    if (data.details === Hls.ErrorDetails.BUFFER_STALLED_ERROR) stalledAt = s.now()
    if (!data.fatal || s.disposed()) return
    if (data.type === Hls.ErrorTypes.NETWORK_ERROR) {
      const manifest = /^manifest/i.test(String(data.details))
      s.retry.fail(() => (manifest ? instance.loadSource(s.source) : instance.startLoad(-1)))
    } else if (data.type === Hls.ErrorTypes.MEDIA_ERROR && mediaErrors++ === 0) {
      if (!s.video.paused) playOnAttached()
      instance.recoverMediaError()
    } else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
      s.reload() // the source again, from a new player
    } else {
      s.state('error')
    }
  })
  // A live stream whose play was refused (点击播放) after it had started loading, or that its viewer keeps paused
  // (PAUSED_REST_MS), rests: hls.js stops loading, where it went on asking for the live playlist at every part (twice
  // a second) for as long as the page stayed unplayed: a phone's data and battery, and main-thread work that kept a
  // first visit's page from settling (docs/performance.md). The first `play` loads again, and the picture goes to the
  // live edge: what it rested on is as old as the rest.
  let resting = false
  const wake = () => {
    if (!resting) return
    resting = false
    instance.once(Hls.Events.LEVEL_UPDATED, () => toEdge(1))
    instance.startLoad(-1)
  }
  s.video.addEventListener('play', wake)
  const rest = () => {
    if (!s.live || resting || s.disposed() || !s.video.paused) return
    resting = true
    instance.stopLoad()
  }
  if (!s.early) instance.loadSource(s.source)
  instance.attachMedia(s.video)
  return {
    stop: () => {
      clearInterval(starvedWatch)
      s.video.removeEventListener('play', wake)
    },
    rest
  }
}
