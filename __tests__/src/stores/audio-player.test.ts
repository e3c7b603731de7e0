/*
 * Radio and audio programmes in the background (src/stores/audio-player.ts) over a recording stand-in of the platform's
 * audio engine (the real ones are driven in weapp-sim, BackgroundAudioManager, and in Chromium, e2e/live-stream):
 * one track at a time, the same one not started twice, play/pause, a failed stream tried again after the backoff's
 * wait and 点击重试 after two minutes, the window a channel's programmes need.
 */
import { AudioPlayerStore } from '@/stores/audio-player'
import type { AudioEngine, AudioEvents, AudioTrack } from '@/platform/audio'

function recordingEngine() {
  const calls: string[] = []
  let events: AudioEvents | null = null
  let window: { from: number; to: number } | null = null
  const engine: AudioEngine = {
    load: (track: AudioTrack, e: AudioEvents) => {
      calls.push(`load ${track.src}`)
      events = e
    },
    play: () => calls.push('play'),
    pause: () => calls.push('pause'),
    stop: () => calls.push('stop'),
    seek: (t) => calls.push(`seek ${t}`),
    seekToDate: (ms) => (calls.push(`date ${ms}`), true),
    window: () => window
  }
  return { engine, calls, events: () => events!, setWindow: (w: typeof window) => (window = w) }
}

const radio = {
  src: 'https://h/hls/live/ch11/audio.m3u8',
  title: '新闻广播 FM93.7',
  artist: '广播直播',
  live: true,
  page: { type: 'channel' as const, id: 11 }
}
const programme = {
  src: 'https://h/hls/vod/7013/audio.m3u8',
  title: '吴语童谣',
  artist: '原创音频',
  live: false,
  page: { type: 'programme' as const, id: 7013, kind: 'audio' }
}

afterEach(() => jest.useRealTimers())

test('a track plays; the same one is not started again; another replaces it; play/pause and stop', () => {
  const r = recordingEngine()
  const p = new AudioPlayerStore(r.engine)
  expect(p.active).toBe(false)
  p.play(radio)
  expect(p.state).toBe('loading')
  expect(p.active).toBe(true)
  r.events().play()
  expect(p.state).toBe('playing')
  p.play({ ...radio })
  expect(r.calls).toEqual([`load ${radio.src}`])
  p.toggle()
  r.events().pause()
  expect(r.calls.at(-1)).toBe('pause')
  expect(p.state).toBe('paused')
  p.play({ ...radio }) // paused: the same track plays on
  expect(r.calls.at(-1)).toBe('play')
  p.play(programme)
  expect(r.calls.at(-1)).toBe(`load ${programme.src}`)
  p.stop()
  expect(r.calls.at(-1)).toBe('stop')
  expect(p.active).toBe(false)
})

test('a failed stream is loaded again after 1 s, 2 s …; 点击重试 (error) after two minutes; a toggle then starts it again', () => {
  jest.useFakeTimers()
  jest.spyOn(Math, 'random').mockReturnValue(0.5)
  const r = recordingEngine()
  const p = new AudioPlayerStore(r.engine)
  p.play(radio)
  r.events().error()
  expect(p.state).toBe('stalled')
  jest.advanceTimersByTime(999)
  expect(r.calls.filter((c) => c.startsWith('load'))).toHaveLength(1)
  jest.advanceTimersByTime(1)
  expect(r.calls.filter((c) => c.startsWith('load'))).toHaveLength(2)
  r.events().error()
  jest.advanceTimersByTime(2000)
  expect(r.calls.filter((c) => c.startsWith('load'))).toHaveLength(3)
  // playing again resets the count
  r.events().play()
  r.events().error()
  jest.advanceTimersByTime(1000)
  expect(r.calls.filter((c) => c.startsWith('load'))).toHaveLength(4)
  // two minutes of failures: it stops trying
  for (let i = 0; i < 20 && p.state !== 'error'; i++) {
    r.events().error()
    jest.advanceTimersByTime(30000)
  }
  expect(p.state).toBe('error')
  const loads = r.calls.filter((c) => c.startsWith('load')).length
  jest.advanceTimersByTime(120000)
  expect(r.calls.filter((c) => c.startsWith('load'))).toHaveLength(loads)
  p.toggle() // 点击重试
  expect(r.calls.filter((c) => c.startsWith('load'))).toHaveLength(loads + 1)
  jest.restoreAllMocks()
})

test('a live channel’s window follows its playback; 从头看 goes to the engine only for live sound', () => {
  const r = recordingEngine()
  const p = new AudioPlayerStore(r.engine)
  p.play(radio)
  r.setWindow({ from: 1000, to: 7_201_000 })
  r.events().time(10, 0)
  expect(p.window).toEqual({ from: 1000, to: 7_201_000 })
  expect(p.seekToDate(5000)).toBe(true)
  p.play(programme)
  expect(p.window).toBeNull()
  expect(p.seekToDate(5000)).toBe(false)
  r.events().time(42, 300)
  expect([p.position, p.duration]).toEqual([42, 300])
})
