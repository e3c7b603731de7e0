import { observer } from 'mobx-react-lite'
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState, type ForwardedRef } from 'react'
import { danmakuSettings } from '@/packageA/components/danmaku/settings'
import { isIOS, isWechat } from '@/platform/kinds'
import { showToast } from '@/ui/overlay'
import { PlayerContext } from './context'
import { markFirstFrame, resetFirstFrame } from './first-frame'
import { GestureRecognizer, LONG_PRESS_MS, DOUBLE_TAP_MS, type GestureAction } from './gestures'
import { keyAction, SEEK_STEP_SECONDS } from './keys'
import { clearLatencyProbe, setLatencyProbe, setStreamLatency, streamLatency } from './latency'
import { MenuHost } from './menu-host'
import { overlayStyle, useTapToPlayAfterWait } from './overlay'
import {
  BEHIND_SECONDS,
  TIMESHIFT_MIN_SECONDS,
  playerText,
  type PlayerHandle,
  type PlayerMenu,
  type PlayerProps,
  type PlayerState
} from './play-state'
import { Backoff } from '@/utils/backoff'
import { noticeCellular } from '@/ui/network-notice'
import { AUTO, levelFor, qualityOptions, qualityPreference, qualityShort } from './quality'
import type { Rendition } from './renditions'
import { resumePosition, resumeToast, savePosition } from './resume'
import { Controls, type Timeshift } from './web-controls'
import { dateWindow, fragmentsOf, type DatedFragment } from '@/utils/media-dates'
import {
  announcedWindow,
  dateInWindow,
  liveSource,
  liveWindow,
  mediaTimeOf,
  playbackInfo,
  shiftWindow,
  starvedRestart,
  timeInWindow
} from './web-stream'
import {
  exitFullscreen,
  fullscreenElement,
  hasFullscreenApi,
  lockLandscape,
  onFullscreenChange,
  portraitWindow,
  requestFullscreen,
  unlockOrientation
} from './web-fullscreen'
import { formatDuration } from '@/utils/format'
import './index.scss'

type HlsInstance = import('hls.js').default
type BufferAppendedData = import('hls.js').BufferAppendedData

/** Safari on iOS plays HLS natively; elsewhere hls.js drives MSE, with native HLS as the last resort. */
function prefersNativeHls(video: HTMLVideoElement): boolean {
  return isIOS(navigator.userAgent) && video.canPlayType('application/vnd.apple.mpegurl') !== ''
}

/**
 * hls.js (its own chunk), asked for once: as soon as this module loads on a browser that will need it (MSE, not
 * iOS), so it downloads while the room info is still on its way instead of after it (first video frame).
 */
const usesHlsJs = () => typeof window !== 'undefined' && 'MediaSource' in window && !isIOS(navigator.userAgent)
let hlsChunk: Promise<typeof import('hls.js')> | null = null
const loadHls = () => (hlsChunk ??= import(/* webpackChunkName: "hls" */ 'hls.js'))
if (usesHlsJs()) loadHls().catch(() => (hlsChunk = null))

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
 * A picture waiting while one track holds a second or more past the playhead and another nothing (web-stream.ts,
 * starvedRestart: WebKit's Media Source dropping the audio after a discontinuity) is looked for every STARVED_CHECK_MS;
 * seen for STARVED_WAIT_MS (an append of one track runs ahead of the other's for a moment only), the media gets a new
 * Media Source that starts just past the starved track's data, at most once in STARVED_RECOVER_EVERY_MS.
 */
const STARVED_CHECK_MS = 250
const STARVED_WAIT_MS = 500
const STARVED_RECOVER_EVERY_MS = 3000
/**
 * A drag of the 回看 bar past what hls.js has loaded asks for a time-shift stream once it rests this long (a drag
 * fires an input event per step); the bar holds the chosen place until that stream plays, at most SHIFT_HOLD_MS.
 */
const SHIFT_SETTLE_MS = 250
const SHIFT_HOLD_MS = 10000
/** Controls hide this long after the last touch while the video plays. */
const CONTROLS_HIDE_MS = 3000
/** Where an on-demand video's position is saved while it plays (and on pause, end and leaving). */
const SAVE_EVERY_MS = 5000
/** A swipe across the whole width seeks this many seconds (or the whole video, if shorter). */
const SWIPE_SPAN_SECONDS = 90
/** The rate a long press plays at while held. */
const HOLD_RATE = 2

/**
 * Live: low-latency HLS where the stream has parts (hls.js then plays PART-HOLD-BACK behind the edge, about 1.5 s, and
 * catches up at up to 1.1x when it falls behind while near the edge; a stream without parts plays three segments
 * behind, hls.js's default: no liveSyncDurationCount here, which would override the part hold-back), and fetch that
 * first fragment while the media element is still being set up; no bandwidth test on the lowest level first (the
 * viewer's 清晰度, or the first rendition). A fatal error is the player's to retry (recovery.ts): hls.js's own
 * retries are kept short so the viewer's backoff decides.
 */
const RETRY = { maxNumRetry: 2, retryDelayMs: 500, maxRetryDelayMs: 2000 }
const LOAD_POLICY = {
  default: { maxTimeToFirstByteMs: 8000, maxLoadTimeMs: 15000, timeoutRetry: RETRY, errorRetry: RETRY }
}
const HLS_CONFIG = {
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
function applyPreferredLevel(hls: HlsInstance) {
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
function keepWindow(hls: HlsInstance, sessionData: Parameters<typeof announcedWindow>[0]) {
  const seconds = announcedWindow(sessionData)
  if (seconds !== null) windows.set(hls, seconds)
}
/** That window on the wall clock and in media time, from the fragments hls.js has loaded; null without one. */
function namedWindow(hls: HlsInstance | null, fragments: DatedFragment[]) {
  const seconds = hls ? windows.get(hls) : undefined
  return seconds && seconds >= TIMESHIFT_MIN_SECONDS ? shiftWindow(fragments, seconds) : null
}

/** The first frame is up: 自动 may choose any rendition now. */
function releaseStartCap(hls: HlsInstance) {
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
  const hls = loadHls()
    .then(({ default: Hls }) => {
      if (!Hls.isSupported()) return null
      const instance = new Hls(HLS_CONFIG)
      instance.on(Hls.Events.MANIFEST_PARSED, (_e, data) => {
        keepWindow(instance, data.sessionData)
        applyPreferredLevel(instance)
      })
      instance.loadSource(liveSource(src, null))
      return instance
    })
    .catch(() => null)
  prefetched = { src, hls, timer: setTimeout(dropPrefetched, PREFETCH_TTL) }
}

/** The prefetched instance for `src`, now the caller's; null when there is none. */
function takePrefetched(src: string): Promise<HlsInstance | null> {
  if (prefetched?.src !== src) return Promise.resolve(null)
  clearTimeout(prefetched.timer)
  const { hls } = prefetched
  prefetched = null
  return hls
}

/** In WeChat's browser a refused autoplay is tried again once its JS bridge is ready (WeChat then allows it). */
type WeixinWindow = Window & { WeixinJSBridge?: { invoke(name: string, args: object, cb: () => void): void } }
function whenWechatReady(play: () => void): () => void {
  if (!isWechat(navigator.userAgent)) return () => undefined
  const w = window as WeixinWindow
  if (w.WeixinJSBridge) w.WeixinJSBridge.invoke('getNetworkType', {}, play)
  document.addEventListener('WeixinJSBridgeReady', play)
  return () => document.removeEventListener('WeixinJSBridgeReady', play)
}

/** A quality switch on a player that switches by source (native HLS): where to go on, and the renditions. */
interface SourceSwitch {
  renditions: Rendition[]
  /** the source playing: the master (自动) or a rendition's playlist */
  current: string
}

/**
 * The H5 player: the video (hls.js loaded on demand, Safari's native HLS on iOS) in a box that goes full screen with
 * what is drawn over it, its own controls (清晰度, 倍速 for on-demand, 弹幕 and 弹幕设置, 画中画 where the browser has
 * it, 全屏), touch gestures and keys, resuming where the viewer stopped, autoplay with a tap-to-play cover, and
 * recovery from network and media errors and from stalls.
 */
export const Player = observer(
  forwardRef(function Player(
    {
      src,
      poster,
      live,
      blocked,
      orientation = 'landscape',
      resumeId,
      danmaku,
      onTime,
      onPlayingChange,
      children,
      chapters,
      onWindow
    }: PlayerProps,
    handle: ForwardedRef<PlayerHandle>
  ) {
    const box = useRef<HTMLDivElement | null>(null)
    const ref = useRef<HTMLVideoElement | null>(null)
    const [video, setVideo] = useState<HTMLVideoElement | null>(null)
    const hlsRef = useRef<HlsInstance | null>(null)
    const [state, setState] = useState<PlayerState>('loading')
    const [attempt, setAttempt] = useState(0)
    const [paused, setPaused] = useState(true)
    const [heights, setHeights] = useState<number[]>([])
    const [playingHeight, setPlayingHeight] = useState(0)
    const [rate, setRate] = useState(1)
    const [menu, setMenu] = useState<PlayerMenu>(null)
    const [controls, setControls] = useState(true)
    const [full, setFull] = useState<'off' | 'api' | 'page'>('off')
    const [rotated, setRotated] = useState(false)
    const [pip, setPip] = useState<'none' | 'off' | 'on'>('none')
    const [hint, setHint] = useState('')
    const sourceSwitch = useRef<SourceSwitch | null>(null)
    const onTimeRef = useRef(onTime)
    onTimeRef.current = onTime
    const onPlayingRef = useRef(onPlayingChange)
    onPlayingRef.current = onPlayingChange
    const onWindowRef = useRef(onWindow)
    onWindowRef.current = onWindow
    const holdRate = useRef<number | null>(null)
    const seekable = !live
    const [timeshift, setTimeshift] = useState<Timeshift | null>(null)
    /** The viewer chose to watch the past (回看): a recovered stream stays there rather than return to the edge. */
    const chosePast = useRef(false)
    /**
     * hls.js loads a live stream's edge only; a moment before it (回看 further back than the edge's 30 s, a programme's
     * 从头看) is played by a time-shift stream from that moment (web-stream.ts, liveSource), until 回到直播.
     */
    const [shift, setShift] = useState<{ src: string; at: number } | null>(null)
    const shiftAt = live && shift?.src === src ? shift.at : null
    // no `playing` within 3 s of loading (autoplay refused without a rejection, a stream that never starts): 点击播放
    useTapToPlayAfterWait(
      state === 'loading' && !blocked && !!src,
      () => setState((s) => (s === 'loading' ? 'needs-tap' : s)),
      `${src}#${attempt}#${shiftAt}`
    )
    /** A stream switch under way: the instance it leaves, and when the bar stops waiting for the next. */
    const switching = useRef<{ from: HlsInstance | null; until: number } | null>(null)
    const shiftTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
    /**
     * Plays the moment `at` (ms) from a time-shift stream, or the edge's own stream (null); `position` is where the
     * bar shows it meanwhile, in the media time of the bar.
     */
    const switchStream = (at: number | null, position: number | null) => {
      chosePast.current = at !== null
      switching.current = { from: hlsRef.current, until: Date.now() + SHIFT_HOLD_MS }
      setTimeshift((prev) => prev && { ...prev, current: position ?? prev.end, behind: at !== null })
      if (shiftTimer.current) clearTimeout(shiftTimer.current)
      shiftTimer.current = setTimeout(
        () => {
          shiftTimer.current = null
          setShift(at === null ? null : { src, at })
        },
        at === null ? 0 : SHIFT_SETTLE_MS
      )
    }
    // a paid room's trial over: bought, the stream starts again at the edge
    useEffect(() => {
      if (blocked) setShift(null)
    }, [blocked])
    useEffect(
      () => () => {
        if (shiftTimer.current) clearTimeout(shiftTimer.current)
      },
      []
    )

    const bindVideo = useCallback((el: HTMLVideoElement | null) => {
      ref.current = el
      setVideo(el)
    }, [])

    // ---- the stream: loaded only while the room lets it play (a paid room waiting to be bought loads nothing and
    // shows the poster; bought, it starts again at the live edge)
    useEffect(() => {
      const video = ref.current
      if (!video || !src || blocked) return
      let hls: HlsInstance | null = null
      let disposed = false
      let lastSave = 0
      let resumed = false
      let retryTimer: ReturnType<typeof setTimeout> | null = null
      const backoff = new Backoff()
      setState('loading')
      setHeights([])
      resetFirstFrame()
      sourceSwitch.current = null
      const start = resumeId ? resumePosition(resumeId) : null

      const tryPlay = () => {
        if (disposed) return
        video.play().catch(() => {
          if (!disposed) setState((s) => (s === 'playing' ? s : 'needs-tap'))
        })
      }
      const offWechat = whenWechatReady(tryPlay)
      /** The picture ran out of data since the last fragment arrived (hls.js rode the outage out itself). */
      let stalled = false
      /** hls.js: the watch for a track that starves the picture (below); null with native HLS. */
      let starvedWatch: ReturnType<typeof setInterval> | null = null
      /** A fatal failure: try again after the backoff's wait (网络不给力，正在重连…), or give up after two minutes (点击重试). */
      const retryLater = (again: () => void) => {
        if (disposed || retryTimer) return
        const wait = backoff.fail(Date.now())
        if (wait === null) {
          setState('error')
          return
        }
        setState('stalled')
        retryTimer = setTimeout(() => {
          retryTimer = null
          if (!disposed) again()
        }, wait)
      }
      const onPlaying = () => {
        backoff.succeed()
        void noticeCellular()
        setState('playing')
        setPaused(false)
        onPlayingRef.current?.(true)
        markFirstFrame()
        if (hls) {
          hls.config.maxBufferLength = BUFFER_SECONDS
          hls.config.maxMaxBufferLength = MAX_BUFFER_SECONDS
          releaseStartCap(hls)
        }
        if (!(window as unknown as { __firstFrameMarked?: boolean }).__firstFrameMarked) {
          ;(window as unknown as { __firstFrameMarked?: boolean }).__firstFrameMarked = true
          performance.mark('first-frame')
        }
      }
      // a stall is the player's own to ride out (hls.js keeps loading; Safari too): the viewer is told
      const onWaiting = () => {
        if (video.paused) return
        setState('stalled')
        stalled = true
      }
      // native HLS (Safari): a failed stream is loaded again after the backoff's wait
      const onError = () => {
        if (hls) return
        retryLater(() => {
          video.load()
          tryPlay()
        })
      }
      const save = () => {
        if (resumeId && resumed && video.currentTime > 0) savePosition(resumeId, video.currentTime, video.duration)
      }
      const onPause = () => {
        setPaused(true)
        onPlayingRef.current?.(false)
        save()
      }
      const onPlay = () => setPaused(false)
      // resume: the native player seeks once it knows the length (hls.js starts there by its startPosition)
      const onMetadata = () => {
        if (resumed) return
        resumed = true
        if (start !== null) {
          if (!hls && Math.abs(video.currentTime - start) > 1) video.currentTime = start
          void showToast(resumeToast(start))
        }
      }
      // the live window's end (hls.js keeps it at the playlist's edge) minus the position: native HLS's latency, and
      // a push's delay read at the push, stalled or not (latency.ts)
      const readLatency = () =>
        video.paused || !video.seekable.length
          ? null
          : video.seekable.end(video.seekable.length - 1) - video.currentTime
      if (live) setLatencyProbe(readLatency)
      // the measured live latency, which the activity stage waits before showing a push; a playback's position
      const onTimeUpdate = () => {
        onTimeRef.current?.(video.currentTime)
        if (!live) {
          const now = Date.now()
          if (now - lastSave >= SAVE_EVERY_MS) {
            lastSave = now
            save()
          }
          return
        }
        if (video.paused) return
        if (hls) setStreamLatency(hls.latency, 'hls.js')
        else {
          const lag = readLatency()
          if (lag !== null) setStreamLatency(lag, 'native')
        }
      }
      const onRate = () => {
        if (holdRate.current === null) setRate(video.playbackRate)
      }
      const onResize = () => video.videoHeight && setPlayingHeight(video.videoHeight)
      const listeners: Array<[string, EventListener]> = [
        ['timeupdate', onTimeUpdate],
        ['playing', onPlaying],
        ['waiting', onWaiting],
        ['error', onError],
        ['pause', onPause],
        ['play', onPlay],
        ['ended', save],
        ['loadedmetadata', onMetadata],
        ['ratechange', onRate],
        ['resize', onResize]
      ]
      listeners.forEach(([e, l]) => video.addEventListener(e, l))
      video.addEventListener('canplay', tryPlay, { once: true })
      window.addEventListener('pagehide', save)

      /** Native HLS: play another source from where the video is (on-demand) or at the live edge. */
      const switchSource = (next: string) => {
        const sw = sourceSwitch.current
        if (!sw || sw.current === next) return
        const at = video.currentTime
        const wasPaused = video.paused && resumed
        sw.current = next
        video.src = next
        if (!live && at > 0) video.addEventListener('loadedmetadata', () => (video.currentTime = at), { once: true })
        if (!wasPaused) tryPlay()
      }
      switchSourceRef.current = switchSource

      if (prefersNativeHls(video)) {
        video.src = src
        sourceSwitch.current = { renditions: [], current: src }
        // Safari picks a rendition itself; 清晰度 switches the source to one (renditions.ts reads the master playlist)
        import(/* webpackChunkName: "renditions" */ './renditions')
          .then(({ loadRenditions }) => loadRenditions(src))
          .then((renditions) => {
            if (disposed || !sourceSwitch.current) return
            sourceSwitch.current.renditions = renditions
            setHeights(renditions.map((r) => r.height))
            const level = levelFor(
              renditions.map((r) => r.height),
              qualityPreference.height
            )
            if (level >= 0) switchSource(renditions[level].url)
          })
          .catch(() => undefined)
      } else {
        void Promise.all([loadHls(), live && shiftAt === null ? takePrefetched(src) : Promise.resolve(null)]).then(
          ([{ default: Hls }, early]) => {
            if (disposed) {
              early?.destroy()
              return
            }
            if (!Hls.isSupported()) {
              video.src = src
              return
            }
            hls = early ?? new Hls({ ...HLS_CONFIG, ...(start !== null ? { startPosition: start } : {}) })
            const source = live ? liveSource(src, shiftAt) : src
            hlsRef.current = hls
            let mediaErrors = 0
            const instance = hls
            const levelsKnown = (_e: unknown, data: { sessionData: Parameters<typeof keepWindow>[1] }) => {
              setHeights(instance.levels.map((l) => l.height))
              if (early) return
              keepWindow(instance, data.sessionData)
              applyPreferredLevel(instance)
            }
            if (instance.levels?.length) setHeights(instance.levels.map((l) => l.height))
            instance.on(Hls.Events.MANIFEST_PARSED, levelsKnown)
            instance.on(Hls.Events.LEVEL_SWITCHED, (_e, data) =>
              setPlayingHeight(instance.levels[data.level]?.height || 0)
            )
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
            const starved = () =>
              !video.paused && video.readyState < HTMLMediaElement.HAVE_FUTURE_DATA
                ? starvedRestart(tracks, video.currentTime)
                : null
            starvedWatch = setInterval(() => {
              const now = Date.now()
              const restart = starved()
              if (restart === null) {
                starvedSince = 0
                return
              }
              starvedSince ||= now
              if (now - starvedSince < STARVED_WAIT_MS || now - recoveredAt < STARVED_RECOVER_EVERY_MS) return
              starvedSince = 0
              recoveredAt = now
              tracks = {}
              instance.detachMedia()
              instance.attachMedia(video)
              instance.startLoad(restart)
            }, STARVED_CHECK_MS)
            // a fragment arrived: the stream is back, whatever failed before; a live viewer who had not chosen the past
            // goes back to the edge (the outage put them behind it), after a fatal error and after a stall alike. Not
            // while a track is starved or its new Media Source starts: the edge would be as far out of the element's
            // reach as the playhead, and hls.js loads from the playhead on the new one
            instance.on(Hls.Events.FRAG_BUFFERED, () => {
              const failing = backoff.failing
              if (!failing && !stalled) return
              if (starved() !== null || Date.now() - recoveredAt < STARVED_RECOVER_EVERY_MS) return
              stalled = false
              if (failing) backoff.succeed()
              const edge = instance.liveSyncPosition
              if (live && !chosePast.current && edge !== null && edge > video.currentTime + 3) video.currentTime = edge
              if (failing && !video.paused) setState('playing')
            })
            let stalledAt = 0 // the last stall hls.js told of (its ERROR handler below), 0 once its target is back
            if (live)
              instance.on(Hls.Events.FRAG_BUFFERED, () => {
                if (!stalledAt || Date.now() - stalledAt < CALM_AFTER_STALL_MS) return
                stalledAt = 0
                const details = instance.latestLevelDetails
                const own = details ? details.partHoldBack || details.holdBack : 0
                if (own > 0 && (instance.targetLatency ?? 0) > own) instance.targetLatency = own
              })
            // non-fatal errors are hls.js's own to recover from; fatal ones are retried after the backoff's wait (network),
            // recovered once then loaded again (media), or end in 点击重试
            instance.on(Hls.Events.ERROR, (_e, data) => {
              if (data.details === Hls.ErrorDetails.BUFFER_STALLED_ERROR) stalledAt = Date.now()
              if (!data.fatal || disposed) return
              if (data.type === Hls.ErrorTypes.NETWORK_ERROR) {
                const manifest = /^manifest/i.test(String(data.details))
                retryLater(() => (manifest ? instance.loadSource(source) : instance.startLoad(-1)))
              } else if (data.type === Hls.ErrorTypes.MEDIA_ERROR && mediaErrors++ === 0) {
                instance.recoverMediaError()
              } else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
                setAttempt((n) => n + 1) // the source again, from a new player
              } else {
                setState('error')
              }
            })
            if (!early) instance.loadSource(source)
            instance.attachMedia(video)
          }
        )
      }

      return () => {
        disposed = true
        save()
        offWechat()
        if (retryTimer) clearTimeout(retryTimer)
        if (starvedWatch) clearInterval(starvedWatch)
        listeners.forEach(([e, l]) => video.removeEventListener(e, l))
        window.removeEventListener('pagehide', save)
        setStreamLatency(null, '')
        clearLatencyProbe(readLatency)
        hls?.destroy()
        hlsRef.current = null
        switchSourceRef.current = null
        video.removeAttribute('src')
        video.load()
      }
      // eslint-disable-next-line react-hooks/exhaustive-deps -- a new stream per source, time-shift, retry and unlock; live and resumeId belong to that source
    }, [src, shiftAt, attempt, blocked])
    const switchSourceRef = useRef<((next: string) => void) | null>(null)

    // ---- time-shift (回看): a live stream with a window can be dragged back; 回到直播 returns to the edge
    useEffect(() => {
      if (!live || !video) {
        setTimeshift(null)
        return undefined
      }
      let told: { from: number; to: number } | null = null
      const tell = (next: { from: number; to: number } | null) => {
        if (next && told && Math.abs(next.from - told.from) < 2000 && Math.abs(next.to - told.to) < 2000) return
        if (!next && !told) return
        told = next
        onWindowRef.current?.(next)
      }
      const update = () => {
        const w = liveWindow(video)
        const hls = hlsRef.current
        const fragments = fragmentsOf(hls)
        // a switch under way: the bar stays as the viewer left it until the new stream has dated fragments
        const sw = switching.current
        if (sw) {
          const ready = hls !== sw.from && w && fragments.some((f) => f.programDateTime !== null)
          if (!ready && Date.now() < sw.until) return
          switching.current = null
        }
        // the window the master playlist names, of which hls.js loads the edge (or a time-shift stream's part)
        const whole = w ? namedWindow(hls, fragments) : null
        if (!w || (!whole && w.end - w.start < TIMESHIFT_MIN_SECONDS)) {
          tell(null)
          return setTimeshift(null)
        }
        tell(whole ? { from: whole.from, to: whole.to } : dateWindow(fragments))
        const edge = hls?.liveSyncPosition ?? w.end
        const behind = Math.max(0, edge - video.currentTime)
        const marks = (chapters || [])
          .map((c) => ({
            title: c.title,
            at: whole ? timeInWindow(fragments, whole, c.startAt) : mediaTimeOf(video, hls, c.startAt)
          }))
          .filter((m): m is { title: string; at: number } => m.at !== null)
        setTimeshift((prev: Timeshift | null) => {
          const next = {
            start: whole ? whole.start : w.start,
            end: w.end,
            current: video.currentTime,
            behind: behind > BEHIND_SECONDS,
            marks
          }
          // re-render at most once a second of media time
          if (
            prev &&
            Math.abs(prev.current - next.current) < 1 &&
            prev.behind === next.behind &&
            Math.abs(prev.end - next.end) < 1 &&
            prev.marks.length === next.marks.length
          )
            return prev
          return next
        })
      }
      update()
      video.addEventListener('timeupdate', update)
      video.addEventListener('seeked', update)
      const timer = setInterval(update, 2000)
      return () => {
        video.removeEventListener('timeupdate', update)
        video.removeEventListener('seeked', update)
        clearInterval(timer)
      }
    }, [live, video, chapters])
    const goLive = () => {
      const v = ref.current
      if (!v) return
      chosePast.current = false
      if (shiftAt !== null || shiftTimer.current) return switchStream(null, null) // the edge's own stream again
      const hls = hlsRef.current
      const w = liveWindow(v)
      const edge = hls?.liveSyncPosition ?? (w ? w.end - 3 : null)
      if (edge === null || edge === undefined) return
      v.currentTime = edge
      // loading starts again from the edge at once (hls.js was filling the buffer where the viewer was, and reloads a
      // playlist it is not playing the edge of less often)
      if (hls) {
        hls.stopLoad()
        hls.startLoad(edge)
      }
      if (v.paused) v.play().catch(() => undefined)
    }
    useImperativeHandle(
      handle,
      () => ({
        seekToDate(ms: number) {
          const v = ref.current
          if (!v || !live) return false
          const hls = hlsRef.current
          const t = mediaTimeOf(v, hls, ms)
          if (t === null) {
            // before what hls.js has loaded: a time-shift stream from that moment, inside the named window
            const fragments = fragmentsOf(hls)
            const whole = namedWindow(hls, fragments)
            if (!whole || ms < whole.from || ms > whole.to) return false
            switchStream(ms, timeInWindow(fragments, whole, ms))
            return true
          }
          chosePast.current = true
          v.currentTime = t
          if (v.paused) v.play().catch(() => undefined)
          return true
        }
      }),
      // eslint-disable-next-line react-hooks/exhaustive-deps -- switchStream reads refs, setters and src only
      [live, src]
    )

    // ---- 清晰度
    const qualities = qualityOptions(heights)
    const chooseQuality = (height: number) => {
      qualityPreference.choose(height)
      setMenu(null)
      const hls = hlsRef.current
      if (hls) {
        // the next fragment comes in the chosen rendition; what is buffered plays on (no black frame, no jump back)
        releaseStartCap(hls)
        hls.nextLevel =
          height === AUTO
            ? -1
            : levelFor(
                hls.levels.map((l) => l.height),
                height
              )
      } else if (sourceSwitch.current) {
        const sw = sourceSwitch.current
        const level = levelFor(
          sw.renditions.map((r) => r.height),
          height
        )
        switchSourceRef.current?.(level < 0 ? src : sw.renditions[level].url)
      }
      void showToast(`已切换到${height === AUTO ? '自动' : qualityShort(height)}`)
    }

    // ---- 倍速 (on-demand only)
    const chooseRate = (r: number) => {
      setMenu(null)
      if (live || !ref.current) return
      ref.current.playbackRate = r
      setRate(r)
    }

    // ---- play / pause, seek
    const togglePlay = () => {
      const v = ref.current
      if (!v) return
      if (v.paused) v.play().catch(() => setState('needs-tap'))
      else v.pause()
    }
    const seekTo = (t: number) => {
      const v = ref.current
      if (!v) return
      if (live) {
        // time-shift: anywhere inside the window; before what hls.js has loaded, a time-shift stream from that moment
        const w = liveWindow(v)
        if (!w || !timeshift) return
        chosePast.current = true
        if (t >= w.start) {
          // back inside what is loaded: a time-shift asked for a moment ago is not wanted any more
          if (shiftTimer.current) clearTimeout(shiftTimer.current)
          shiftTimer.current = null
          switching.current = null
          v.currentTime = Math.min(w.end - 1, t)
          return
        }
        const fragments = fragmentsOf(hlsRef.current)
        const whole = namedWindow(hlsRef.current, fragments)
        const at = whole && dateInWindow(fragments, whole, t)
        if (at) switchStream(at, t)
        return
      }
      if (!Number.isFinite(v.duration)) return
      v.currentTime = Math.max(0, Math.min(v.duration - 0.5, t))
    }

    // ---- full screen: the box with what is drawn over the video; a landscape video turns landscape
    const landscape = orientation !== 'portrait'
    useEffect(
      () =>
        onFullscreenChange(() => {
          const el = fullscreenElement()
          if (el && el === box.current) return
          // left by the browser (Esc, the system's back gesture)
          setFull((f) => (f === 'api' ? 'off' : f))
          unlockOrientation()
        }),
      []
    )
    useEffect(() => {
      if (full === 'off') {
        setRotated(false)
        return undefined
      }
      const update = () => setRotated(landscape && portraitWindow())
      update()
      window.addEventListener('resize', update)
      return () => window.removeEventListener('resize', update)
    }, [full, landscape])
    const toggleFullscreen = async () => {
      const el = box.current
      if (!el) return
      if (full !== 'off') {
        if (full === 'api') await exitFullscreen()
        unlockOrientation()
        setFull('off')
        return
      }
      if (hasFullscreenApi(el) && (await requestFullscreen(el))) {
        setFull('api')
        if (landscape) await lockLandscape()
      } else {
        setFull('page')
      }
    }

    // ---- 画中画 (where the browser has the Picture-in-Picture API)
    useEffect(() => {
      if (!video) return undefined
      const d = document as Document & { pictureInPictureEnabled?: boolean }
      if (
        !d.pictureInPictureEnabled ||
        typeof video.requestPictureInPicture !== 'function' ||
        video.disablePictureInPicture
      ) {
        setPip('none')
        return undefined
      }
      setPip('off')
      const on = () => setPip('on')
      const off = () => setPip('off')
      video.addEventListener('enterpictureinpicture', on)
      video.addEventListener('leavepictureinpicture', off)
      return () => {
        video.removeEventListener('enterpictureinpicture', on)
        video.removeEventListener('leavepictureinpicture', off)
      }
    }, [video])
    const togglePip = () => {
      const v = ref.current
      if (!v) return
      const d = document as Document & {
        pictureInPictureElement?: Element | null
        exitPictureInPicture?: () => Promise<void>
      }
      const done = d.pictureInPictureElement ? d.exitPictureInPicture?.() : v.requestPictureInPicture()
      Promise.resolve(done).catch(() => void showToast('当前无法开启画中画'))
    }

    // ---- controls shown on a touch, hidden again while playing
    const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
    const showControls = useCallback(() => {
      setControls(true)
      if (hideTimer.current) clearTimeout(hideTimer.current)
      hideTimer.current = setTimeout(() => setControls(false), CONTROLS_HIDE_MS)
    }, [])
    useEffect(() => () => void (hideTimer.current && clearTimeout(hideTimer.current)), [])
    // a paid room waiting to be bought has nothing to control: the poster stands and the banner asks for the unlock
    const controlsShown = !blocked && (controls || paused || state !== 'playing' || menu !== null)

    // ---- keys: Space, ← →, F, D
    const keysRef = useRef<(e: KeyboardEvent) => void>(() => undefined)
    keysRef.current = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return
      const target = e.target as HTMLElement | null
      const action = keyAction(
        {
          key: e.key,
          ctrlKey: e.ctrlKey,
          metaKey: e.metaKey,
          altKey: e.altKey,
          targetTag: target?.tagName,
          targetEditable: target?.isContentEditable,
          targetRole: target?.getAttribute?.('role')
        },
        seekable
      )
      if (!action) return
      // a range input (the progress bar, 不透明度) takes its arrows itself
      if ((action === 'seek-back' || action === 'seek-forward') && target?.tagName === 'INPUT') return
      e.preventDefault()
      showControls()
      const v = ref.current
      if (action === 'toggle-play') togglePlay()
      else if (action === 'seek-back' && v) seekTo(v.currentTime - SEEK_STEP_SECONDS)
      else if (action === 'seek-forward' && v) seekTo(v.currentTime + SEEK_STEP_SECONDS)
      else if (action === 'fullscreen') void toggleFullscreen()
      else if (action === 'danmaku' && danmaku) danmakuSettings.update({ on: !danmakuSettings.settings.on })
    }
    useEffect(() => {
      const listener = (e: KeyboardEvent) => keysRef.current(e)
      document.addEventListener('keydown', listener)
      return () => document.removeEventListener('keydown', listener)
    }, [])

    // ---- gestures: tap shows the controls, double tap plays or pauses; on-demand: swipe seeks, long press 2x
    const gestures = useRef<GestureRecognizer | null>(null)
    const gestureTimers = useRef<ReturnType<typeof setTimeout>[]>([])
    const swipeBase = useRef(0)
    const runGestures = (actions: GestureAction[]) => {
      const v = ref.current
      for (const a of actions) {
        if (a.type === 'tap') {
          if (controlsShown && controls && state === 'playing' && !paused) setControls(false)
          else showControls()
        } else if (a.type === 'double-tap') togglePlay()
        else if (a.type === 'seek-preview' && v)
          setHint(`${formatDuration(Math.max(0, swipeBase.current + a.seconds))} / ${formatDuration(v.duration || 0)}`)
        else if (a.type === 'seek') {
          setHint('')
          seekTo(swipeBase.current + a.seconds)
        } else if (a.type === 'hold-start' && v && !live) {
          holdRate.current = v.playbackRate
          v.playbackRate = HOLD_RATE
          setHint('2倍速播放中')
        } else if (a.type === 'hold-end' && v) {
          if (holdRate.current !== null) v.playbackRate = holdRate.current
          holdRate.current = null
          setHint('')
        }
      }
    }
    const point = (e: React.PointerEvent) => {
      const r = box.current?.getBoundingClientRect()
      const x = e.clientX - (r?.left || 0)
      const y = e.clientY - (r?.top || 0)
      // the page's own full-screen layer turned a quarter: the video's horizontal is the screen's vertical
      return rotated ? { x: y, y: (r?.width || 0) - x } : { x, y }
    }
    const later = (ms: number) =>
      gestureTimers.current.push(setTimeout(() => runGestures(gestures.current?.tick(Date.now()) || []), ms))
    const onPointerDown = (e: React.PointerEvent) => {
      const v = ref.current
      const r = box.current?.getBoundingClientRect()
      const width = (rotated ? r?.height : r?.width) || 0
      const duration = v && Number.isFinite(v.duration) ? v.duration : 0
      gestures.current ??= new GestureRecognizer({ width, seekable, span: SWIPE_SPAN_SECONDS })
      gestures.current.options = {
        width,
        seekable,
        span: duration ? Math.min(duration, SWIPE_SPAN_SECONDS) : SWIPE_SPAN_SECONDS
      }
      swipeBase.current = v?.currentTime || 0
      const p = point(e)
      runGestures(gestures.current.down(p.x, p.y, Date.now()))
      later(LONG_PRESS_MS)
    }
    const onPointerMove = (e: React.PointerEvent) => {
      if (!gestures.current) return
      const p = point(e)
      runGestures(gestures.current.move(p.x, p.y, Date.now()))
    }
    const onPointerUp = (e: React.PointerEvent) => {
      if (!gestures.current) return
      const p = point(e)
      runGestures(gestures.current.up(p.x, p.y, Date.now()))
      later(DOUBLE_TAP_MS)
    }
    const onPointerCancel = () => runGestures(gestures.current?.cancel() || [])
    useEffect(() => () => gestureTimers.current.forEach(clearTimeout), [])

    const on = danmakuSettings.settings.on
    const className = [
      'player',
      `player--${live ? 'live' : 'vod'}`,
      full !== 'off' ? 'player--full' : '',
      full === 'page' ? 'player--page-full' : '',
      rotated ? 'player--rotated' : '',
      controlsShown ? 'player--controls' : ''
    ]
      .filter(Boolean)
      .join(' ')
    return (
      <div
        ref={box}
        className={className}
        data-state={state}
        data-fullscreen={full}
        data-quality={qualityPreference.height}
      >
        <div className='player__frame'>
          <video
            ref={bindVideo}
            className='player__video'
            poster={poster}
            playsInline
            webkit-playsinline='true'
            x5-playsinline='true'
            x5-video-player-type='h5-page'
            autoPlay
            preload='auto'
          />
          <PlayerContext.Provider value={{ fullscreen: full !== 'off' }}>{children}</PlayerContext.Provider>
          <div
            className='player__gestures'
            aria-hidden='true'
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerCancel}
            onContextMenu={(e) => e.preventDefault()}
          />
          {hint ? <div className='player__hint'>{hint}</div> : null}
          {timeshift?.behind && !controlsShown ? (
            // watching the past with the controls hidden: the way back stays in reach
            <button type='button' className='player__go-live player__go-live--float' onClick={goLive}>
              回到直播
            </button>
          ) : null}
          {state !== 'playing' && !blocked && (
            <div
              className={`player__overlay player__overlay--${state}`}
              // taps only for 点击播放 and 点击重试; loading or rebuffering, they reach the controls (overlay.ts)
              style={overlayStyle(state)}
              onClick={() => {
                if (state === 'needs-tap') ref.current?.play().catch(() => undefined)
                if (state === 'error') setAttempt((n) => n + 1)
              }}
            >
              {state === 'loading' || state === 'stalled' ? <div className='player__spinner' /> : null}
              {state === 'needs-tap' ? <div className='player__big-play' aria-hidden='true' /> : null}
              <span
                className='player__text'
                role={state === 'needs-tap' || state === 'error' ? 'button' : undefined}
                tabIndex={state === 'needs-tap' || state === 'error' ? 0 : undefined}
              >
                {playerText(state, live)}
              </span>
              {state === 'error' && <span className='player__retry'>点击重试</span>}
            </div>
          )}
          <Controls
            video={video}
            live={live}
            visible={controlsShown}
            paused={paused}
            fullscreen={full !== 'off'}
            danmaku={!!danmaku}
            danmakuOn={on}
            qualities={qualities}
            quality={qualityPreference.height}
            playingHeight={playingHeight}
            rate={rate}
            timeshift={timeshift}
            menu={menu}
            onTogglePlay={togglePlay}
            onSeek={seekTo}
            onLive={goLive}
            onMenu={(m) => {
              setMenu(m)
              showControls()
            }}
            onDanmaku={() => danmakuSettings.update({ on: !on })}
            onFullscreen={() => void toggleFullscreen()}
            onActivity={showControls}
          />
          {menu ? (
            <div className='player__menu-layer' onClick={() => setMenu(null)}>
              <MenuHost
                menu={menu}
                qualities={qualities}
                quality={qualityPreference.height}
                rate={rate}
                pip={pip}
                onQuality={chooseQuality}
                onRate={chooseRate}
                onPip={() => {
                  setMenu(null)
                  togglePip()
                }}
                onInfo={() => setMenu('info')}
                readInfo={() =>
                  ref.current
                    ? playbackInfo(ref.current, hlsRef.current, live, streamLatency.seconds, qualityPreference.height)
                    : []
                }
                onClose={() => setMenu(null)}
              />
            </div>
          ) : null}
        </div>
      </div>
    )
  })
)
