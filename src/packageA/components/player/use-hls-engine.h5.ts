import { useEffect, useRef, type Dispatch, type MutableRefObject, type SetStateAction } from 'react'
import { isWechat } from '@/platform/kinds'
import { showToast } from '@/ui/overlay'
import {
  attachHlsJs,
  type HlsControl,
  firstFramePlayed,
  HLS_CONFIG,
  releaseStartCap,
  type HlsInstance
} from './hls-engine.h5'
import { webEngine, type HlsEngine } from './web-engine.h5'
import { FROZEN_CHECK_MS, FrozenWatch } from './frozen'
import { clearLatencyProbe, setLatencyProbe, setStreamLatency } from './latency'
import type { PlayerState } from './play-state'
import { AUTO, levelFor, qualityPreference } from './quality'
import type { Rendition } from './renditions'
import { resumePosition, resumeToast, savePosition } from './resume'
import { Retry, SaveCadence, sourceFor, streamAwaitsTap, streamPlaying, streamStarting } from './rules'
import { liveSource, PAUSED_REST_MS } from './web-stream'

/**
 * H5 only (index.h5.tsx): the player's engine. One stream per source, time-shift, retry and unlock: hls.js attached
 * to the video (or Safari's native HLS, switched by source for 清晰度), the media element's events read into the
 * player's state, resuming and saving an on-demand position, the live latency, and the way a failed stream is tried
 * again. A paid room waiting to be bought loads nothing (the poster stands); bought, it starts again at the edge.
 */

/** In WeChat's browser a refused autoplay is tried again once its JS bridge is ready (WeChat then allows it). */
type WeixinWindow = Window & { WeixinJSBridge?: { invoke(name: string, args: object, cb: () => void): void } }
function whenWechatReady(play: () => void): () => void {
  if (!isWechat(navigator.userAgent)) return () => undefined
  const w = window as WeixinWindow
  if (w.WeixinJSBridge) w.WeixinJSBridge.invoke('getNetworkType', {}, play)
  document.addEventListener('WeixinJSBridgeReady', play)
  return () => document.removeEventListener('WeixinJSBridgeReady', play)
}

/** What the engine tells the player as the stream goes. */
export interface EngineEvents {
  state: Dispatch<SetStateAction<PlayerState>>
  paused: (paused: boolean) => void
  /** the renditions' heights (清晰度) */
  heights: (heights: number[]) => void
  /** the rendition playing */
  playingHeight: (height: number) => void
  /** the viewer's 倍速, as the video plays it */
  rate: (rate: number) => void
  /** the source again, from a new player */
  reload: () => void
  time?: (seconds: number) => void
  playingChange?: (playing: boolean) => void
}

export interface EngineOptions {
  src: string
  live: boolean
  blocked?: boolean
  /** a live stream played from this moment (ms) by a time-shift stream, or null for its edge (use-time-shift.h5.ts) */
  shiftAt: number | null
  /** a new try of the same source (点击重试, a media error) */
  attempt: number
  resumeId?: string
  /** the hls.js instance playing, for the player's other parts (time-shift, 播放信息) */
  hlsRef: MutableRefObject<HlsInstance | null>
  /** a live viewer who has not chosen the past is brought back to the edge after an outage */
  followsEdge: () => boolean
  /** a long press holds the rate: a ratechange then is not the viewer's 倍速 */
  rateHeld: () => boolean
  events: EngineEvents
  /** hls.js and the browser's HLS (a test's fake stands in) */
  engine?: HlsEngine
  /** the clock of the save cadence and the retries */
  now?: () => number
}

export interface Engine {
  /** Plays the chosen 清晰度: hls.js's next fragment comes in it; native HLS switches its source to the rendition. */
  applyQuality: (height: number) => void
  /**
   * The viewer's pause (the 暂停 button, a key, a double tap). It holds until the viewer plays again: none of the
   * engine's own plays (the first `canplay`, WeChat's bridge, a new Media Source, a retry's reload) undoes it, so a
   * pause before the first frame stays a pause.
   */
  pause: () => void
}

export function useHlsEngine(videoRef: { current: HTMLVideoElement | null }, options: EngineOptions): Engine {
  const latest = useRef(options)
  latest.current = options
  const quality = useRef<((height: number) => void) | null>(null)
  /** the viewer paused, and has not played since: the engine's own plays wait for the viewer's */
  const held = useRef(false)
  const { src, live, blocked, shiftAt, attempt, resumeId, hlsRef } = options

  useEffect(() => {
    const video = videoRef.current
    if (!video || !src || blocked) return
    const { engine = webEngine, now = Date.now } = latest.current
    const events = () => latest.current.events
    let hls: HlsInstance | null = null
    let disposed = false
    let resumed = false
    const saves = new SaveCadence()
    const retry = new Retry({ waiting: () => events().state('stalled'), gaveUp: () => events().state('error') }, now)
    events().state('loading')
    events().heights([])
    streamStarting()
    const start = resumeId ? resumePosition(resumeId) : null
    // a new stream (another source, 点击重试, a bought room) starts playing whatever the viewer paused before
    held.current = false

    /** The engine's own play: at the start, and as it brings the stream back; never over the viewer's pause. */
    const tryPlay = () => {
      if (disposed || held.current) return
      video.play().catch((e: unknown) => {
        // an AbortError is a play interrupted by a new source (a restart, a quality), which plays it again: no refusal
        if (disposed || (e as Error | null)?.name === 'AbortError') return
        events().state((s) => (s === 'playing' ? s : 'needs-tap'))
        streamAwaitsTap()
        session?.rest()
      })
    }
    const offWechat = whenWechatReady(tryPlay)
    /** The picture ran out of data since the last fragment arrived (hls.js rode the outage out itself). */
    const stall = { stalled: false }
    /** hls.js: its watch of a starved track and its rest after a refused autoplay (hls-engine.h5.ts); null with native HLS. */
    let session: HlsControl | null = null
    // a picture that stands still while it plays, or seeks that long, with no `waiting` (frozen.ts): told as a stall,
    // and playing again once it moves with data ahead (no `playing` comes after a stall the browser never announced).
    // Watched from the first frame on (before it, loading and 点击播放 say what the stream does), so not during the
    // page's load
    const frozen = new FrozenWatch(now)
    let frozenWatch: ReturnType<typeof setInterval> | undefined
    const watchFrozen = () => {
      if (frozenWatch !== undefined) return
      frozenWatch = setInterval(() => {
        const change = frozen.check(video)
        if (change === 'froze') {
          stall.stalled = true
          events().state((s) => (s === 'playing' ? 'stalled' : s))
        } else if (change === 'moved') events().state((s) => (s === 'stalled' ? 'playing' : s))
      }, FROZEN_CHECK_MS)
    }
    const onPlaying = () => {
      frozen.playing()
      watchFrozen()
      streamPlaying(retry)
      events().state('playing')
      events().paused(false)
      events().playingChange?.(true)
      if (hls) firstFramePlayed(hls)
      if (!(window as unknown as { __firstFrameMarked?: boolean }).__firstFrameMarked) {
        ;(window as unknown as { __firstFrameMarked?: boolean }).__firstFrameMarked = true
        performance.mark('first-frame')
      }
    }
    // a stall is the player's own to ride out (hls.js keeps loading; Safari too): the viewer is told
    const onWaiting = () => {
      if (video.paused) return
      events().state('stalled')
      stall.stalled = true
    }
    // native HLS (Safari): a failed stream is loaded again after the backoff's wait
    const onError = () => {
      if (hls) return
      retry.fail(() => {
        video.load()
        tryPlay()
      })
    }
    const save = () => {
      if (resumeId && resumed && video.currentTime > 0) savePosition(resumeId, video.currentTime, video.duration)
    }
    // a live viewer's pause, at the edge: loading rests after PAUSED_REST_MS (web-stream.ts)
    let pausedRest: ReturnType<typeof setTimeout> | undefined
    // (rest() itself leaves a picture that plays again, or one that is not live, alone)
    const restWhilePaused = () => latest.current.followsEdge() && session?.rest()
    const onPause = () => {
      events().paused(true)
      events().playingChange?.(false)
      save()
      clearTimeout(pausedRest)
      if (live && latest.current.followsEdge()) pausedRest = setTimeout(restWhilePaused, PAUSED_REST_MS)
    }
    const onPlay = () => {
      held.current = false
      clearTimeout(pausedRest)
      events().paused(false)
    }
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
      video.paused || !video.seekable.length ? null : video.seekable.end(video.seekable.length - 1) - video.currentTime
    if (live) setLatencyProbe(readLatency)
    // the measured live latency, which the activity stage waits before showing a push; a playback's position
    const onTimeUpdate = () => {
      events().time?.(video.currentTime)
      if (!live) {
        if (saves.due(now())) save()
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
      if (!latest.current.rateHeld()) events().rate(video.playbackRate)
    }
    const onResize = () => video.videoHeight && events().playingHeight(video.videoHeight)
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

    /** Native HLS: the renditions of its master playlist, and the source playing (the master for 自动, or one). */
    let renditions: Rendition[] = []
    let playing = src
    /** Native HLS: play another source from where the video is (on-demand) or at the live edge. */
    const switchSource = (next: string) => {
      if (playing === next) return
      const at = video.currentTime
      const wasPaused = video.paused && resumed
      playing = next
      video.src = next
      if (!live && at > 0) video.addEventListener('loadedmetadata', () => (video.currentTime = at), { once: true })
      if (!wasPaused) tryPlay()
    }

    /** hls.js for the stream: the instance prefetched for a live room, or a new one, attached to the video. */
    const hlsJs = () => {
      void Promise.all([
        engine.load(),
        live && shiftAt === null ? engine.takePrefetched(src) : Promise.resolve(null)
      ]).then(([{ default: Hls }, early]) => {
        if (disposed) {
          early?.destroy()
          return
        }
        if (!Hls.isSupported()) {
          video.src = src
          return
        }
        const instance = early ?? new Hls({ ...HLS_CONFIG, ...(start !== null ? { startPosition: start } : {}) })
        hls = instance
        hlsRef.current = instance
        // the next fragment comes in the chosen rendition; what is buffered plays on (no black frame, no jump back)
        quality.current = (height) => {
          releaseStartCap(instance)
          instance.nextLevel =
            height === AUTO
              ? -1
              : levelFor(
                  instance.levels.map((l) => l.height),
                  height
                )
        }
        session = attachHlsJs(Hls, instance, {
          video,
          source: live ? liveSource(src, shiftAt) : src,
          early,
          live,
          retry,
          now,
          disposed: () => disposed,
          stall,
          followsEdge: () => latest.current.followsEdge(),
          heights: (h) => events().heights(h),
          playingHeight: (h) => events().playingHeight(h),
          state: (s) => {
            // the stream is back (a fragment came): the picture has FROZEN_MS from here to move on
            if (s === 'playing') frozen.playing()
            events().state(s)
          },
          play: tryPlay,
          reload: () => events().reload()
        })
      })
    }
    const tapped = () => {
      if (disposed) return
      events().state('loading')
      hlsJs()
    }

    if (engine.prefersNative(video)) {
      video.src = src
      // Safari picks a rendition itself; 清晰度 switches the source to one (renditions.ts reads the master playlist)
      quality.current = (height) => switchSource(sourceFor(src, renditions, height))
      engine
        .loadRenditions(src)
        .then((list) => {
          if (disposed) return
          renditions = list
          events().heights(list.map((r) => r.height))
          if (
            levelFor(
              list.map((r) => r.height),
              qualityPreference.height
            ) >= 0
          )
            switchSource(sourceFor(src, list, qualityPreference.height))
        })
        .catch(() => undefined)
    } else if (!live || shiftAt !== null) hlsJs()
    else {
      // A live room at the edge whose autoplay the browser would refuse loads nothing until the viewer's tap: its cover
      // stands under 点击播放 (no picture to rest on, no playlist reloads, no transmuxing: docs/performance.md), and the
      // tap's play() on the empty video fires `play`, which starts the stream at the edge.
      void engine.autoplayRefused().then((refused) => {
        if (disposed) return
        if (!refused) return hlsJs()
        events().state('needs-tap')
        streamAwaitsTap()
        video.addEventListener('play', tapped, { once: true })
      })
    }

    return () => {
      disposed = true
      save()
      clearTimeout(pausedRest)
      clearInterval(frozenWatch)
      video.removeEventListener('play', tapped)
      offWechat()
      retry.stop()
      session?.stop()
      listeners.forEach(([e, l]) => video.removeEventListener(e, l))
      window.removeEventListener('pagehide', save)
      setStreamLatency(null, '')
      clearLatencyProbe(readLatency)
      hls?.destroy()
      hlsRef.current = null
      quality.current = null
      video.removeAttribute('src')
      video.load()
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new stream per source, time-shift, retry and unlock; live and resumeId belong to that source
  }, [src, shiftAt, attempt, blocked])

  return {
    applyQuality: (height) => quality.current?.(height),
    pause: () => {
      held.current = true
      videoRef.current?.pause()
    }
  }
}
