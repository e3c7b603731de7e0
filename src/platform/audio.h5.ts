import { env } from '@/env'
import { dateWindow, fragmentsOf, timeOfDate } from '@/utils/media-dates'
import { isIOS } from './kinds'
import type { AudioEngine, AudioEvents, AudioTrack } from './audio'

/**
 * H5 variant of audio.ts: one audio element for the app's life (outside any page, so it plays on while the viewer
 * moves between pages), HLS through hls.js where the browser has MediaSource and no HLS of its own (its own chunk,
 * loaded when sound first plays), and the Media Session API: the title, the channel or programme kind, the artwork
 * and play/pause (and seeking on demand) on the lock screen, the notification and headphones.
 */
type HlsInstance = import('hls.js').default

let element: HTMLAudioElement | null = null
let hls: HlsInstance | null = null
let listeners: AudioEvents | null = null
let current: AudioTrack | null = null

function audio(): HTMLAudioElement {
  if (element) return element
  const a = document.createElement('audio')
  a.className = 'app-audio'
  a.preload = 'auto'
  a.addEventListener('playing', () => listeners?.play())
  a.addEventListener('pause', () => listeners?.pause())
  a.addEventListener('ended', () => listeners?.ended())
  a.addEventListener('waiting', () => listeners?.waiting())
  a.addEventListener('error', () => listeners?.error())
  a.addEventListener('timeupdate', () =>
    listeners?.time(a.currentTime || 0, Number.isFinite(a.duration) ? a.duration : 0)
  )
  document.body.appendChild(a)
  element = a
  return a
}

function mediaSession(track: AudioTrack | null) {
  const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined
  if (!session) return
  if (!track) {
    session.metadata = null
    for (const action of ['play', 'pause', 'seekbackward', 'seekforward', 'seekto'] as MediaSessionAction[])
      session.setActionHandler(action, null)
    return
  }
  if (typeof MediaMetadata !== 'undefined') {
    session.metadata = new MediaMetadata({
      title: track.title,
      artist: track.artist,
      album: env.TARO_APP_BRAND,
      artwork: track.cover ? [{ src: track.cover, sizes: '512x512' }] : []
    })
  }
  const a = audio()
  session.setActionHandler('play', () => void a.play().catch(() => undefined))
  session.setActionHandler('pause', () => a.pause())
  const seek = (t: number) => {
    if (Number.isFinite(a.duration)) a.currentTime = Math.max(0, Math.min(a.duration - 0.5, t))
  }
  // on demand the lock screen may seek too; a live channel has nothing to seek to
  session.setActionHandler('seekbackward', track.live ? null : (d) => seek(a.currentTime - (d.seekOffset || 10)))
  session.setActionHandler('seekforward', track.live ? null : (d) => seek(a.currentTime + (d.seekOffset || 10)))
  session.setActionHandler('seekto', track.live ? null : (d) => d.seekTime !== undefined && seek(d.seekTime))
}

/** Safari on iOS plays HLS itself; elsewhere hls.js does (as the video player decides). */
const nativeHls = (a: HTMLAudioElement) =>
  isIOS(navigator.userAgent) && a.canPlayType('application/vnd.apple.mpegurl') !== ''

export const audioEngine: AudioEngine = {
  load(track, events) {
    listeners = events
    current = track
    const a = audio()
    hls?.destroy()
    hls = null
    mediaSession(track)
    if (nativeHls(a) || !('MediaSource' in window)) {
      a.src = track.src
      void a.play().catch(() => listeners?.pause())
      return
    }
    const loading = track
    void import(/* webpackChunkName: "hls" */ 'hls.js').then(({ default: Hls }) => {
      if (current !== loading) return
      hls = new Hls({ lowLatencyMode: true })
      hls.on(Hls.Events.ERROR, (_e, data) => {
        if (data.fatal) listeners?.error()
      })
      hls.loadSource(track.src)
      hls.attachMedia(a)
      void a.play().catch(() => listeners?.pause())
    })
  },
  play: () =>
    void audio()
      .play()
      .catch(() => listeners?.pause()),
  pause: () => audio().pause(),
  stop() {
    const a = audio()
    a.pause()
    hls?.destroy()
    hls = null
    a.removeAttribute('src')
    a.load()
    current = null
    listeners = null
    mediaSession(null)
  },
  seek(seconds) {
    const a = audio()
    a.currentTime = seconds
  },
  seekToDate(ms) {
    const a = audio()
    const t = hls ? timeOfDate(fragmentsOf(hls), ms) : null
    if (t === null) return false
    a.currentTime = t
    void a.play().catch(() => undefined)
    return true
  },
  window: () => (hls ? dateWindow(fragmentsOf(hls)) : null)
}
