import { View, Text } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'
import { isIOS } from '@/platform/kinds'
import { setStreamLatency } from './latency'
import { markFirstFrame, resetFirstFrame } from './first-frame'
import { PLAYER_TEXT, STALL_RECOVERY_MS, type PlayerProps, type PlayerState } from './phase'
import './index.scss'

type HlsInstance = import('hls.js').default

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
 * Live: start three segments from the live edge (latency.ts) and fetch that first fragment while the media element is
 * still being set up; one quality level, so no bandwidth test on the lowest level first.
 */
const HLS_CONFIG = {
  liveSyncDurationCount: 3,
  enableWorker: true,
  lowLatencyMode: false,
  startFragPrefetch: true,
  testBandwidth: false,
  maxBufferLength: START_BUFFER_SECONDS
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
      instance.loadSource(src)
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

/**
 * The H5 player: a plain <video> with hls.js loaded on demand (its own chunk), autoplay with a tap-to-play fallback,
 * recovery from network and media errors and from stalls, and a retry after a fatal error.
 */
export function Player({ src, poster, live, blocked }: PlayerProps) {
  const ref = useRef<HTMLVideoElement | null>(null)
  const [state, setState] = useState<PlayerState>('loading')
  const [attempt, setAttempt] = useState(0)
  const blockedRef = useRef(blocked)
  blockedRef.current = blocked

  useEffect(() => {
    const video = ref.current
    if (!video || !src) return
    let hls: HlsInstance | null = null
    let disposed = false
    let stallTimer: ReturnType<typeof setTimeout> | null = null
    setState('loading')
    resetFirstFrame()

    const clearStall = () => {
      if (stallTimer) clearTimeout(stallTimer)
      stallTimer = null
    }
    const tryPlay = () => {
      if (blockedRef.current) return
      video.play().catch(() => {
        if (!disposed) setState('needs-tap')
      })
    }
    const recover = () => {
      if (disposed) return
      if (hls) {
        hls.stopLoad()
        hls.startLoad(-1)
      } else {
        video.load()
      }
      tryPlay()
    }
    const onPlaying = () => {
      clearStall()
      setState('playing')
      markFirstFrame()
      if (hls) hls.config.maxBufferLength = BUFFER_SECONDS
      if (!(window as unknown as { __firstFrameMarked?: boolean }).__firstFrameMarked) {
        ;(window as unknown as { __firstFrameMarked?: boolean }).__firstFrameMarked = true
        performance.mark('first-frame')
      }
    }
    const onWaiting = () => {
      if (video.paused) return
      setState('stalled')
      clearStall()
      stallTimer = setTimeout(recover, STALL_RECOVERY_MS)
    }
    const onError = () => {
      if (!hls) setState('error')
    }
    // the measured live latency, which the activity stage waits before showing a push
    const onTimeUpdate = () => {
      if (!live || video.paused) return
      if (hls) setStreamLatency(hls.latency, 'hls.js')
      else if (video.seekable.length) setStreamLatency(video.seekable.end(video.seekable.length - 1) - video.currentTime, 'native')
    }
    video.addEventListener('timeupdate', onTimeUpdate)
    video.addEventListener('playing', onPlaying)
    video.addEventListener('waiting', onWaiting)
    video.addEventListener('stalled', onWaiting)
    video.addEventListener('error', onError)
    video.addEventListener('canplay', tryPlay, { once: true })

    if (prefersNativeHls(video)) {
      video.src = src
    } else {
      Promise.all([loadHls(), takePrefetched(src)]).then(([{ default: Hls }, early]) => {
        if (disposed) {
          early?.destroy()
          return
        }
        if (!Hls.isSupported()) {
          video.src = src
          return
        }
        hls = early ?? new Hls(HLS_CONFIG)
        let mediaRecoveries = 0
        hls.on(Hls.Events.ERROR, (_e, data) => {
          if (!data.fatal || disposed) return
          if (data.type === Hls.ErrorTypes.NETWORK_ERROR) {
            setState('stalled')
            setTimeout(() => hls && !disposed && hls.startLoad(-1), 2000)
          } else if (data.type === Hls.ErrorTypes.MEDIA_ERROR && mediaRecoveries++ < 3) {
            hls?.recoverMediaError()
          } else {
            setState('error')
          }
        })
        if (!early) hls.loadSource(src)
        hls.attachMedia(video)
      })
    }
    return () => {
      disposed = true
      clearStall()
      video.removeEventListener('playing', onPlaying)
      video.removeEventListener('waiting', onWaiting)
      video.removeEventListener('stalled', onWaiting)
      video.removeEventListener('error', onError)
      video.removeEventListener('timeupdate', onTimeUpdate)
      setStreamLatency(null, '')
      hls?.destroy()
      video.removeAttribute('src')
      video.load()
    }
  }, [src, attempt])

  // A paid room's trial ended: pause; unlocked again: play on.
  useEffect(() => {
    const video = ref.current
    if (!video) return
    if (blocked) video.pause()
    else if (video.paused && video.readyState > 0) video.play().catch(() => setState('needs-tap'))
  }, [blocked])

  return (
    <View className='player' data-state={state}>
      <video
        ref={ref}
        className='player__video'
        poster={poster}
        playsInline
        webkit-playsinline='true'
        x5-playsinline='true'
        controls={!live && state === 'playing'}
        autoPlay
        preload='auto'
      />
      {state !== 'playing' && !blocked && (
        <View
          className={`player__overlay player__overlay--${state}`}
          onClick={() => {
            if (state === 'needs-tap') ref.current?.play().catch(() => undefined)
            if (state === 'error') setAttempt((n) => n + 1)
          }}
        >
          {state === 'loading' || state === 'stalled' ? <View className='player__spinner' /> : null}
          <Text className='player__text'>{PLAYER_TEXT[state]}</Text>
          {state === 'error' && <Text className='player__retry'>点击重试</Text>}
        </View>
      )}
    </View>
  )
}
