import { autorun, makeAutoObservable } from 'mobx'
import { audioEngine, type AudioEngine, type AudioTrack } from '@/platform/audio'
import { Backoff } from '@/utils/backoff'
import { noticeCellular } from '@/ui/network-notice'
import { audioBar } from './audio-bar'

/** Where the mini player bar takes the viewer back to: the 视听 player page of the channel or programme. */
export interface AudioPage {
  type: 'channel' | 'programme'
  id: number
  kind?: string
}

export type AudioState = 'idle' | 'loading' | 'playing' | 'paused' | 'stalled' | 'error'

/**
 * Radio and audio programmes, playing in the background (src/platform/audio*.ts): what plays, its state and position,
 * for the 视听 player page and the mini player bar that stays on the other pages while it plays. A failed stream is
 * tried again by itself after the backoff's wait (网络不给力，正在重连…), and offers 点击重试 after two minutes, as
 * the video player does.
 */
export class AudioPlayerStore {
  track: (AudioTrack & { page: AudioPage }) | null = null
  state: AudioState = 'idle'
  position = 0
  duration = 0
  /** a live channel's time-shift window (wall clock), as its programmes' 从头看 / 回看 need it */
  window: { from: number; to: number } | null = null
  private backoff = new Backoff()
  private retry: ReturnType<typeof setTimeout> | null = null

  constructor(private readonly engine: AudioEngine = audioEngine) {
    makeAutoObservable<AudioPlayerStore, 'engine' | 'backoff' | 'retry'>(this, {
      engine: false,
      backoff: false,
      retry: false
    })
  }

  /** Plays a track (the same one already playing goes on). */
  play(track: AudioTrack & { page: AudioPage }) {
    if (this.track && this.track.src === track.src && this.state !== 'error' && this.state !== 'idle') {
      if (this.state === 'paused') this.engine.play()
      return
    }
    this.clearRetry()
    this.backoff.succeed()
    this.track = track
    this.state = 'loading'
    this.position = 0
    this.duration = 0
    this.window = null
    this.start()
  }

  toggle() {
    if (!this.track) return
    if (this.state === 'error') return this.play({ ...this.track })
    if (this.state === 'playing' || this.state === 'loading' || this.state === 'stalled') this.engine.pause()
    else this.engine.play()
  }

  /**
   * A video started playing: the radio pauses (WeChat's background audio otherwise plays on under the video's sound);
   * the viewer's play starts it again. A pending retry is dropped so it cannot start the sound under the video.
   */
  pauseForVideo() {
    if (!this.track || this.state === 'idle' || this.state === 'paused' || this.state === 'error') return
    this.clearRetry()
    this.engine.pause()
    this.state = 'paused'
  }

  stop() {
    this.clearRetry()
    this.engine.stop()
    this.track = null
    this.state = 'idle'
  }

  seek(seconds: number) {
    if (this.track && !this.track.live) this.engine.seek(seconds)
  }

  /** A live channel from a moment of the day (a programme's start) inside its window; false where it cannot. */
  seekToDate(ms: number): boolean {
    return !!this.track?.live && this.engine.seekToDate(ms)
  }

  /** Whether the bar shows: something is playing or paused. */
  get active(): boolean {
    return !!this.track && this.state !== 'idle'
  }

  private start() {
    const track = this.track
    if (!track) return
    this.engine.load(track, {
      play: () => {
        this.set('playing', true)
        void noticeCellular()
      },
      pause: () => this.set('paused'),
      ended: () => this.set('paused'),
      waiting: () => this.set('stalled'),
      error: () => this.failed(),
      time: (position, duration) => this.time(position, duration)
    })
  }

  private set(state: AudioState, ok = false) {
    if (ok) this.backoff.succeed()
    this.state = state
  }

  private time(position: number, duration: number) {
    this.position = position
    this.duration = duration
    if (this.track?.live) {
      const w = this.engine.window()
      if (
        !w !== !this.window ||
        (w && this.window && (Math.abs(w.from - this.window.from) > 2000 || Math.abs(w.to - this.window.to) > 2000))
      )
        this.window = w
    }
  }

  private failed() {
    if (this.retry) return
    const wait = this.backoff.fail(Date.now())
    if (wait === null) {
      this.state = 'error'
      return
    }
    this.state = 'stalled'
    this.retry = setTimeout(() => {
      this.retry = null
      this.start()
    }, wait)
  }

  private clearRetry() {
    if (this.retry) clearTimeout(this.retry)
    this.retry = null
  }
}

export const audioPlayer = new AudioPlayerStore()

// the pages' bar slots follow this store (src/stores/audio-bar.ts)
autorun(() => audioBar.set(audioPlayer.active))
