import Taro from '@tarojs/taro'

/**
 * Sound that keeps playing in the background: radio channels and audio programmes. Mini-program: WeChat's
 * BackgroundAudioManager (HLS protocol; app.json's requiredBackgroundModes has "audio"), whose title, episode,
 * singer and cover WeChat shows on the lock screen and in its own floating control. audio.h5.ts is the web's: an
 * audio element kept for the app's life, hls.js where the browser has no HLS, and the Media Session API.
 */
export interface AudioTrack {
  src: string
  title: string
  /** the channel or programme kind (广播直播, 原创音频 …), shown under the title */
  artist: string
  cover?: string
  live: boolean
}

export interface AudioEvents {
  play(): void
  pause(): void
  ended(): void
  waiting(): void
  error(): void
  time(position: number, duration: number): void
}

export interface AudioEngine {
  /** Starts a track (replacing any other); events go to `events` until the next load. */
  load(track: AudioTrack, events: AudioEvents): void
  play(): void
  pause(): void
  stop(): void
  seek(seconds: number): void
  /** A live channel from a moment of the day inside its time-shift window (从头看); false where it cannot. */
  seekToDate(ms: number): boolean
  /** The wall-clock span of a live channel's time-shift window, null without one. */
  window(): { from: number; to: number } | null
}

let manager: Taro.BackgroundAudioManager | null = null
let listeners: AudioEvents | null = null
/** The track loaded, to load again after WeChat stopped it. */
let loaded: AudioTrack | null = null
/**
 * WeChat stopped the sound (the viewer closed its floating control or notification, or the system took the audio):
 * the manager has forgotten its source, play() does nothing, and only setting `src` again plays.
 */
let stopped = false

function apply(m: Taro.BackgroundAudioManager, track: AudioTrack) {
  m.title = track.title
  m.epname = track.artist
  m.singer = track.artist
  m.coverImgUrl = track.cover || ''
  m.protocol = 'hls'
  stopped = false
  m.src = track.src // setting src starts it
}

function backgroundAudio(): Taro.BackgroundAudioManager {
  if (manager) return manager
  const m = Taro.getBackgroundAudioManager()
  m.onPlay(() => listeners?.play())
  m.onPause(() => listeners?.pause())
  m.onStop(() => {
    stopped = true
    listeners?.pause()
  })
  m.onEnded(() => listeners?.ended())
  m.onWaiting(() => listeners?.waiting())
  m.onError(() => listeners?.error())
  m.onTimeUpdate(() => listeners?.time(Number(m.currentTime) || 0, Number(m.duration) || 0))
  manager = m
  return m
}

export const audioEngine: AudioEngine = {
  load(track, events) {
    listeners = events
    loaded = track
    apply(backgroundAudio(), track)
  },
  play: () => {
    const m = backgroundAudio()
    if (stopped && loaded) apply(m, loaded)
    else m.play()
  },
  pause: () => backgroundAudio().pause(),
  stop: () => {
    backgroundAudio().stop()
    listeners = null
    loaded = null
  },
  seek: (seconds) => backgroundAudio().seek(seconds),
  // BackgroundAudioManager tells no playlist dates: a channel's programme time-shift is the web's (audio.h5.ts)
  seekToDate: () => false,
  window: () => null
}
