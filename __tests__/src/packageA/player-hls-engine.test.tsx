/*
 * The H5 player's engine (src/packageA/components/player/use-hls-engine.h5.ts), through the hook as the player calls
 * it, on a fake media element and a fake hls.js: a quality change keeps the position (hls.js switches its next
 * fragment; native HLS switches its source and goes on from where it was), an on-demand position is saved every
 * SAVE_EVERY_MS of the injected clock, a fatal network error is retried after the backoff's wait, and a player that
 * goes tears its stream down.
 */
import { act } from 'preact/test-utils'
import type { HlsEngine } from '@/packageA/components/player/web-engine.h5'
import { PLAYER_TEXT, type PlayerState } from '@/packageA/components/player/play-state'
import { FROZEN_CHECK_MS, FROZEN_MS } from '@/packageA/components/player/frozen'
import { AUTO, qualityPreference } from '@/packageA/components/player/quality'
import { resumePosition } from '@/packageA/components/player/resume'
import { SAVE_EVERY_MS } from '@/packageA/components/player/rules'
import { FIRST_FRAME_CAP, afterFirstFrame } from '@/packageA/components/player/first-frame'
import { useHlsEngine, type EngineOptions } from '@/packageA/components/player/use-hls-engine.h5'
import { DRIFT_WAIT_MS, HOLE_JUMP_SECONDS, PAUSED_REST_MS } from '@/packageA/components/player/web-stream'
import { FakeVideo, timeRanges } from '../support/fake-video'
import { renderHook, run } from '../support/hook-host'

type Listener = (event: string, data: unknown) => void

/** hls.js as the engine drives it: its events, levels and calls, recorded. */
class FakeHls {
  static Events = {
    MANIFEST_PARSED: 'manifestParsed',
    LEVEL_SWITCHED: 'levelSwitched',
    BUFFER_APPENDED: 'bufferAppended',
    FRAG_BUFFERED: 'fragBuffered',
    LEVEL_LOADED: 'levelLoaded',
    LEVEL_UPDATED: 'levelUpdated',
    MEDIA_ATTACHED: 'mediaAttached',
    ERROR: 'error'
  }
  static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' }
  static ErrorDetails = { BUFFER_STALLED_ERROR: 'bufferStalledError' }
  static isSupported = () => true
  static made: FakeHls[] = []
  levels: Array<{ height: number }> = []
  nextLevel = -1
  startLevel = -1
  loadLevel = -1
  autoLevelCapping = -1
  latency = 0
  liveSyncPosition: number | null = null
  /** the live playlist as hls.js last loaded it: its fragments' times and where the stream ends */
  latestLevelDetails: {
    fragments: Array<{ start: number; end: number }>
    edge: number
    targetduration?: number
  } | null = null
  targetLatency: number | null = null
  config: Record<string, unknown>
  calls: string[] = []
  destroyed = false
  private listeners = new Map<string, Listener[]>()
  constructor(config: Record<string, unknown>) {
    this.config = { ...config }
    FakeHls.made.push(this)
  }
  on(event: string, l: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) || []), l])
  }
  once(event: string, l: Listener) {
    const one: Listener = (...args) => {
      this.listeners.set(
        event,
        (this.listeners.get(event) || []).filter((x) => x !== one)
      )
      l(...args)
    }
    this.on(event, one)
  }
  emit(event: string, data: unknown = {}) {
    for (const l of this.listeners.get(event) || []) l(event, data)
  }
  loadSource(src: string) {
    this.calls.push(`loadSource ${src}`)
  }
  attachMedia() {
    this.calls.push('attachMedia')
  }
  detachMedia() {
    this.calls.push('detachMedia')
  }
  startLoad(at: number) {
    this.calls.push(`startLoad ${at}`)
  }
  stopLoad() {
    this.calls.push('stopLoad')
  }
  recoverMediaError() {
    this.calls.push('recoverMediaError')
  }
  destroy() {
    this.destroyed = true
  }
}

const SRC = 'https://example.invalid/vod/1/index.m3u8'
const RENDITIONS = [
  { height: 360, bandwidth: 800000, url: 'https://example.invalid/vod/1/360.m3u8' },
  { height: 720, bandwidth: 2400000, url: 'https://example.invalid/vod/1/720.m3u8' }
]

function engine(native: boolean, autoplayRefused = false): HlsEngine {
  return {
    load: () => Promise.resolve({ default: FakeHls as unknown as typeof import('hls.js').default }),
    takePrefetched: () => Promise.resolve(null),
    prefersNative: () => native,
    loadRenditions: () => Promise.resolve(RENDITIONS),
    autoplayRefused: () => Promise.resolve(autoplayRefused)
  }
}

function mount(video: FakeVideo, extra: Partial<EngineOptions> = {}) {
  const seen = { state: 'loading' as PlayerState, heights: [] as number[], reloads: 0 }
  const options: EngineOptions = {
    src: SRC,
    live: false,
    shiftAt: null,
    attempt: 0,
    hlsRef: { current: null },
    followsEdge: () => true,
    rateHeld: () => false,
    engine: engine(false),
    events: {
      state: (s) => (seen.state = typeof s === 'function' ? s(seen.state) : s),
      paused: () => undefined,
      heights: (h) => (seen.heights = h),
      playingHeight: () => undefined,
      rate: () => undefined,
      reload: () => seen.reloads++
    },
    ...extra
  }
  const host = renderHook((o: EngineOptions) => useHlsEngine({ current: video.element }, o), options)
  return { host, seen, options }
}

/** Lets the engine's chunk load and its instance attach (promises only). */
const settle = () => act(async () => undefined)

beforeAll(() => {
  ;(window as unknown as { __firstFrameMarked?: boolean }).__firstFrameMarked = true
})
beforeEach(() => {
  FakeHls.made = []
  qualityPreference.choose(AUTO)
})
afterEach(() => jest.useRealTimers())

test('hls.js: a quality change sends the next fragment in that rendition and keeps the position', async () => {
  const video = new FakeVideo()
  const { host, seen } = mount(video)
  await settle()
  const hls = FakeHls.made[0]
  expect(hls.calls).toEqual([`loadSource ${SRC}`, 'attachMedia'])
  hls.levels = [{ height: 360 }, { height: 720 }]
  run(() => hls.emit(FakeHls.Events.MANIFEST_PARSED, { sessionData: null }))
  expect(seen.heights).toEqual([360, 720])
  video.currentTime = 42
  run(() => host.current.applyQuality(720))
  expect(hls.nextLevel).toBe(1)
  expect(video.currentTime).toBe(42)
  expect(hls.calls).toEqual([`loadSource ${SRC}`, 'attachMedia'])
  run(() => host.current.applyQuality(AUTO))
  expect(hls.nextLevel).toBe(-1)
  host.unmount()
})

test('native HLS: a quality change switches the source to the rendition and goes on from the same position', async () => {
  const video = new FakeVideo()
  const { host, seen } = mount(video, { engine: engine(true) })
  await settle()
  expect(video.src).toBe(SRC)
  expect(seen.heights).toEqual([360, 720])
  // the video plays at 42 s
  video.fire('loadedmetadata')
  await video.play()
  video.currentTime = 42
  run(() => host.current.applyQuality(720))
  expect(video.src).toBe(RENDITIONS[1].url)
  // the new source starts at 0; once it knows its length the video goes back to 42 s
  video.currentTime = 0
  video.fire('loadedmetadata')
  expect(video.currentTime).toBe(42)
  host.unmount()
})

test('an on-demand position is saved every SAVE_EVERY_MS of the injected clock', async () => {
  let clock = 1_000_000
  const video = new FakeVideo()
  const { host } = mount(video, { resumeId: 'engine-save', now: () => clock })
  await settle()
  video.fire('loadedmetadata')
  video.playTo(10)
  expect(resumePosition('engine-save')).toBe(10)
  clock += SAVE_EVERY_MS - 1
  video.playTo(20)
  expect(resumePosition('engine-save')).toBe(10)
  clock += 1
  video.playTo(21)
  expect(resumePosition('engine-save')).toBe(21)
  // a pause saves at once
  video.currentTime = 22.5
  await video.play()
  video.pause()
  expect(resumePosition('engine-save')).toBe(22.5)
  host.unmount()
})

test('a fatal network error says 网络不给力 and loads again after the backoff’s wait', async () => {
  jest.useFakeTimers()
  const video = new FakeVideo()
  const { host, seen } = mount(video)
  await settle()
  const hls = FakeHls.made[0]
  run(() => hls.emit(FakeHls.Events.ERROR, { fatal: true, type: 'networkError', details: 'fragLoadError' }))
  expect(seen.state).toBe('stalled')
  expect(hls.calls).not.toContain('startLoad -1')
  run(() => void jest.advanceTimersByTime(2000))
  expect(hls.calls).toContain('startLoad -1')
  // a fragment arrives: the stream plays again
  video.paused = false
  run(() => hls.emit(FakeHls.Events.FRAG_BUFFERED))
  expect(seen.state).toBe('playing')
  host.unmount()
})

test('a player that goes tears its stream down: hls.js destroyed, the video emptied', async () => {
  const video = new FakeVideo()
  const { host, options } = mount(video)
  await settle()
  expect(options.hlsRef.current).toBe(FakeHls.made[0])
  host.unmount()
  expect(FakeHls.made[0].destroyed).toBe(true)
  expect(options.hlsRef.current).toBeNull()
  expect(video.loads).toBe(1)
})

/** A live stream playing and waiting at `t` (readyState 1) with `ranges` buffered; the watch's clock is the fake one. */
async function waitingLive(t: number, ranges: Array<[number, number]>, extra: Partial<EngineOptions> = {}) {
  jest.useFakeTimers()
  const video = new FakeVideo()
  const mounted = mount(video, { live: true, ...extra })
  await settle()
  await video.play()
  video.readyState = 1
  video.currentTime = t
  video.buffered = timeRanges(...ranges)
  return { video, hls: FakeHls.made[0], ...mounted }
}
/** The fake clock on by `ms`, the engine's watch with it. */
const wait = (ms: number) => run(() => void jest.advanceTimersByTime(ms))

describe('a live picture waiting before a hole (WebKit after the jump to the edge or a new Media Source) or at a fragment’s tail', () => {
  test('goes on just past a hole of 1 s after HOLE_WAIT_MS at the same playhead, not before', async () => {
    const { video, host } = await waitingLive(154.83, [
      [119.72, 122.3],
      [155.81, 158.41]
    ])
    wait(750)
    expect(video.currentTime).toBe(154.83) // hls.js's own jump has its chance first
    wait(750)
    expect(video.currentTime).toBeCloseTo(155.91, 5)
    host.unmount()
  })

  test('a hole of HOLE_JUMP_SECONDS at most: one of 3.4 s is jumped, one wider is left to the stream', async () => {
    const near = await waitingLive(32.18, [[35.58, 38.09]])
    wait(1500)
    expect(near.video.currentTime).toBeCloseTo(35.68, 5)
    near.host.unmount()
    const far = await waitingLive(30, [[30 + HOLE_JUMP_SECONDS + 0.5, 40]])
    wait(3000)
    expect(far.video.currentTime).toBe(30)
    far.host.unmount()
  })

  test('no jump while the playhead moves, while data is at the playhead, while paused, or on demand', async () => {
    const moving = await waitingLive(154.83, [[155.81, 158.41]])
    for (let i = 0; i < 6; i++) {
      moving.video.currentTime += 0.01 // the picture crawls on: not stuck
      wait(250)
    }
    expect(moving.video.currentTime).toBeCloseTo(154.89, 5)
    moving.host.unmount()

    const decoding = await waitingLive(155, [[154.5, 155.4]])
    wait(3000)
    expect(decoding.video.currentTime).toBe(155)
    decoding.host.unmount()

    const paused = await waitingLive(154.83, [[155.81, 158.41]])
    paused.video.pause()
    wait(3000)
    expect(paused.video.currentTime).toBe(154.83)
    paused.host.unmount()

    const recording = await waitingLive(154.83, [[155.81, 158.41]], { live: false })
    wait(3000)
    expect(recording.video.currentTime).toBe(154.83)
    recording.host.unmount()
  })

  const lastHls = () => FakeHls.made[FakeHls.made.length - 1]
  /** The live playlist of fragments of 2 s from 26 s, up to `edge`, just loaded. */
  const playlist = (edge: number) => {
    lastHls().latestLevelDetails = {
      fragments: [26, 28, 30, 32].filter((start) => start + 2 <= edge).map((start) => ({ start, end: start + 2 })),
      edge
    }
    lastHls().emit(FakeHls.Events.LEVEL_LOADED)
  }

  test('at the tail of a fragment hls.js does not load past (its end 0.05 s on, the stream 2 s further), it goes on from the fragment’s end after 500 ms', async () => {
    const { video, host } = await waitingLive(31.9, [[29.58, 31.95]])
    playlist(34)
    wait(250)
    expect(video.currentTime).toBe(31.9)
    wait(250)
    expect(video.currentTime).toBe(31.9) // first seen at 250 ms: the wait runs from there
    wait(250)
    expect(video.currentTime).toBeCloseTo(32.02, 5) // just inside the next fragment, which hls.js then loads
    host.unmount()
  })

  test('no skip in an outage (no playlist for 2 s): the tail waits with the rest; a playlist again, and it goes on', async () => {
    const { video, host } = await waitingLive(31.9, [[29.58, 31.95]])
    video.readyState = 4 // still playing what it has
    playlist(34)
    wait(2250) // the network goes: no playlist since
    video.readyState = 1
    wait(3000)
    expect(video.currentTime).toBe(31.9)
    playlist(34.5)
    wait(750)
    expect(video.currentTime).toBeCloseTo(32.02, 5)
    host.unmount()
  })

  test('no skip at the stream’s edge (the next part is not out), past a tail wider than half a part, with data to play on, or on demand', async () => {
    const stays: Array<[string, number, Array<[number, number]>, number, Partial<EngineOptions>]> = [
      ['at the edge', 31.9, [[29.58, 31.95]], 32.25, {}],
      ['a part missing', 31.45, [[29.58, 31.5]], 34, {}],
      ['data to play on', 31.2, [[29.58, 31.95]], 34, {}],
      ['on demand', 31.9, [[29.58, 31.95]], 34, { live: false }]
    ]
    for (const [what, t, ranges, edge, extra] of stays) {
      const { video, host } = await waitingLive(t, ranges, extra)
      playlist(edge)
      wait(3000)
      expect([what, video.currentTime]).toEqual([what, t])
      host.unmount()
    }
  })
})

describe('a live picture too far behind the edge for hls.js to catch up (a start on a loaded machine left one 6.4 s behind)', () => {
  /** Playing 6.4 s behind a 1.5 s target with 2 s segments: hls.js's 1.1x acts only under 1.5 + 1.5 + 2 = 5 s. */
  const drifting = async (latency: number, extra: Partial<EngineOptions> = {}) => {
    const live = await waitingLive(100, [[99, 110]], extra)
    live.video.readyState = 4
    live.hls.latestLevelDetails = { fragments: [], edge: 100 + latency, targetduration: 2 }
    live.hls.targetLatency = 1.5
    live.hls.latency = latency
    live.hls.liveSyncPosition = 100 + latency - 1.5
    return live
  }

  test('goes to the edge once it has played there for DRIFT_WAIT_MS', async () => {
    const { video, host } = await drifting(6.4)
    wait(250 + DRIFT_WAIT_MS - 250) // first seen at the first look, 250 ms in
    expect(video.currentTime).toBe(100)
    wait(250)
    expect(video.currentTime).toBeCloseTo(104.9, 5)
    host.unmount()
  })

  test('stays where hls.js catches up itself, where the viewer chose the past, while paused or waiting, and on demand', async () => {
    const stays: Array<[string, number, Partial<EngineOptions>, (v: FakeVideo) => void]> = [
      ['within hls.js’s range', 4.9, {}, () => undefined],
      ['the viewer chose the past', 6.4, { followsEdge: () => false }, () => undefined],
      ['paused', 6.4, {}, (v) => v.pause()],
      ['waiting', 6.4, {}, (v) => (v.readyState = 2)],
      ['on demand', 6.4, { live: false }, () => undefined]
    ]
    for (const [what, latency, extra, set] of stays) {
      const { video, host } = await drifting(latency, extra)
      set(video)
      wait(3 * DRIFT_WAIT_MS)
      expect([what, video.currentTime]).toEqual([what, 100])
      host.unmount()
    }
  })
})

describe('a live room whose autoplay the browser would refuse loads nothing until the viewer’s tap', () => {
  test('its cover stands under 点击播放 with no hls.js at all; the tap’s play starts the stream at the edge', async () => {
    const video = new FakeVideo()
    const { seen, host } = mount(video, { live: true, engine: engine(false, true) })
    await settle()
    expect(seen.state).toBe('needs-tap')
    expect(FakeHls.made).toHaveLength(0)
    await act(() => video.play()) // the tap: a play() on the empty video, which fires `play`
    await settle()
    expect(seen.state).toBe('loading')
    expect(FakeHls.made).toHaveLength(1)
    expect(FakeHls.made[0].calls).toEqual([expect.stringMatching(/^loadSource .*start=live/), 'attachMedia'])
    await act(() => video.play()) // a later play is the picture's own: no second stream
    expect(FakeHls.made).toHaveLength(1)
    host.unmount()
  })

  test('what waits for the first frame (the room’s tabs, chat and bar, its activities, the group’s rooms) goes at the refusal, not after FIRST_FRAME_CAP: no picture is coming until the tap', async () => {
    jest.useFakeTimers() // the cap's timer never fires here
    const { seen, host } = mount(new FakeVideo(), { live: true, engine: engine(false, true) })
    // a part asks as the room renders, before the browser's answer on autoplay
    const waited = jest.fn()
    void afterFirstFrame().then(waited)
    await settle()
    expect(seen.state).toBe('needs-tap')
    // the waiting parts go a task apart (first-frame.ts): no more time than that, far from the cap
    await act(async () => void jest.advanceTimersByTime(0))
    expect(waited).toHaveBeenCalledTimes(1)
    // and a part that asks only now goes at once too
    const later = jest.fn()
    await act(() => afterFirstFrame().then(later))
    expect(later).toHaveBeenCalledTimes(1)
    host.unmount()
  })

  test('an allowed autoplay keeps them waiting for the picture', async () => {
    jest.useFakeTimers()
    const { host } = mount(new FakeVideo(), { live: true })
    const waited = jest.fn()
    void afterFirstFrame().then(waited)
    await settle()
    await settle()
    expect(FakeHls.made).toHaveLength(1)
    expect(waited).not.toHaveBeenCalled()
    // until the cap, which also leaves no waiter behind for the next test
    await act(async () => void jest.advanceTimersByTime(FIRST_FRAME_CAP))
    expect(waited).toHaveBeenCalledTimes(1)
    host.unmount()
  })

  test('a browser that allows it, an on-demand video, and a viewer who chose the past start at once; a player gone before the tap starts nothing', async () => {
    for (const [what, extra] of [
      ['allowed', { live: true }],
      ['on demand', { live: false, engine: engine(false, true) }],
      ['the past', { live: true, shiftAt: 1700000000000, engine: engine(false, true) }]
    ] as Array<[string, Partial<EngineOptions>]>) {
      FakeHls.made = []
      const { host } = mount(new FakeVideo(), extra)
      await settle() // the answer of autoplayRefused, then hls.js's chunk
      await settle()
      expect([what, FakeHls.made.length]).toEqual([what, 1])
      host.unmount()
    }
    FakeHls.made = []
    const video = new FakeVideo()
    const { host } = mount(video, { live: true, engine: engine(false, true) })
    await settle()
    host.unmount()
    await act(() => video.play())
    await settle()
    expect(FakeHls.made).toHaveLength(0)
  })
})

describe('a live picture its viewer paused at the edge stops loading after PAUSED_REST_MS, and plays again at the edge', () => {
  /** A live picture playing at 100 s, the edge moving on while it is paused. */
  const playingLive = async (extra: Partial<EngineOptions> = {}) => {
    const live = await waitingLive(100, [[99, 101]], extra)
    live.video.readyState = 4
    return live
  }

  test('a pause of PAUSED_REST_MS rests hls.js; the next play loads again and goes to the edge', async () => {
    const { video, hls, host } = await playingLive()
    video.pause()
    wait(PAUSED_REST_MS - 1)
    expect(hls.calls).not.toContain('stopLoad')
    wait(1)
    expect(hls.calls.at(-1)).toBe('stopLoad')
    hls.liveSyncPosition = 130 // the stream went on meanwhile
    await act(() => video.play())
    expect(hls.calls.at(-1)).toBe('startLoad -1')
    run(() => hls.emit(FakeHls.Events.LEVEL_UPDATED))
    expect(video.currentTime).toBe(130)
    host.unmount()
  })

  test('no rest for a shorter pause, for a viewer who chose the past, or on demand; none after the player goes', async () => {
    const short = await playingLive()
    short.video.pause()
    wait(PAUSED_REST_MS - 1000)
    await act(() => short.video.play())
    short.video.pause()
    wait(PAUSED_REST_MS - 1000)
    expect(short.hls.calls).not.toContain('stopLoad')
    short.host.unmount()

    for (const extra of [{ followsEdge: () => false }, { live: false }]) {
      const { video, hls, host } = await playingLive(extra)
      video.pause()
      wait(2 * PAUSED_REST_MS)
      expect(hls.calls).not.toContain('stopLoad')
      host.unmount()
    }

    const gone = await playingLive()
    gone.video.pause()
    gone.host.unmount()
    wait(2 * PAUSED_REST_MS)
    expect(gone.hls.calls).not.toContain('stopLoad')
  })
})

describe('a new Media Source for the playing picture: it plays on once attached (the new source paused the element)', () => {
  /** The media element's load algorithm as a new source runs it: paused, with no `pause` event, and no data yet. */
  const newSource = (video: FakeVideo) => {
    video.paused = true
    video.readyState = 0
  }

  test('a track starved past a discontinuity (WebKit): a new Media Source from just past its data after STARVED_WAIT_MS, and play once it is attached', async () => {
    const { video, hls, host } = await waitingLive(32.09, [[30.08, 32.09]])
    hls.emit(FakeHls.Events.BUFFER_APPENDED, {
      timeRanges: { audio: timeRanges([30, 32.09]), video: timeRanges([30.08, 36.08]) }
    })
    wait(500)
    expect(hls.calls).not.toContain('detachMedia') // a track may run ahead of the other for a moment
    wait(250)
    expect(hls.calls.slice(-3)).toEqual(['detachMedia', 'attachMedia', expect.stringMatching(/^startLoad 32\.19/)])
    newSource(video)
    wait(1000)
    expect(video.paused).toBe(true) // nothing to play before the new Media Source is there
    run(() => hls.emit(FakeHls.Events.MEDIA_ATTACHED))
    expect(video.paused).toBe(false)
    host.unmount()
  })

  test('a media error: recovered once, and the picture that was playing plays once attached; a paused one stays paused', async () => {
    const { video, hls, host } = await waitingLive(40, [[30, 40]])
    run(() => hls.emit(FakeHls.Events.ERROR, { type: FakeHls.ErrorTypes.MEDIA_ERROR, fatal: true }))
    expect(hls.calls.at(-1)).toBe('recoverMediaError')
    newSource(video)
    run(() => hls.emit(FakeHls.Events.MEDIA_ATTACHED))
    expect(video.paused).toBe(false)
    host.unmount()

    const paused = await waitingLive(40, [[30, 40]])
    paused.video.pause()
    run(() => paused.hls.emit(FakeHls.Events.ERROR, { type: FakeHls.ErrorTypes.MEDIA_ERROR, fatal: true }))
    expect(paused.hls.calls.at(-1)).toBe('recoverMediaError')
    run(() => paused.hls.emit(FakeHls.Events.MEDIA_ATTACHED))
    expect(paused.video.paused).toBe(true)
    paused.host.unmount()
  })

  /** A media error on a playing picture, recovered: the new Media Source attached. */
  const recovered = async () => {
    const live = await waitingLive(40, [[30, 40]])
    live.video.fire('canplay') // the start's, long gone by
    run(() => live.hls.emit(FakeHls.Events.ERROR, { type: FakeHls.ErrorTypes.MEDIA_ERROR, fatal: true }))
    newSource(live.video)
    return live
  }

  test('a play at the attach that did not take (the element paused again): it plays at the new source’s first canplay', async () => {
    const { video, hls, host } = await recovered()
    const plays = jest.spyOn(video, 'play')
    run(() => hls.emit(FakeHls.Events.MEDIA_ATTACHED))
    expect(plays).toHaveBeenCalledTimes(1)
    video.paused = true // as WebKitGTK left it under load: paused at readyState 3, its data there
    video.readyState = 3
    await act(async () => video.fire('canplay'))
    expect(plays).toHaveBeenCalledTimes(2)
    expect(video.paused).toBe(false)
    await act(async () => video.fire('canplay')) // once: a later canplay is the picture's own
    expect(plays).toHaveBeenCalledTimes(2)
    host.unmount()
  })

  test('a play the browser refuses after the new source offers 点击播放, not 网络不给力 for good; one a new source interrupted (AbortError) is no refusal', async () => {
    const refused = await recovered()
    refused.video.refusePlay = true
    await act(async () => refused.hls.emit(FakeHls.Events.MEDIA_ATTACHED))
    expect(refused.seen.state).toBe('needs-tap')
    refused.host.unmount()

    const interrupted = await recovered()
    interrupted.seen.state = 'stalled'
    jest.spyOn(interrupted.video, 'play').mockRejectedValue(new DOMException('interrupted', 'AbortError'))
    await act(async () => interrupted.hls.emit(FakeHls.Events.MEDIA_ATTACHED))
    expect(interrupted.seen.state).toBe('stalled')
    interrupted.host.unmount()
  })
})

describe('a playing picture that stands still with no `waiting` from the browser (frozen.ts)', () => {
  /** A stream playing at `t`: its first frame shown, data ahead (readyState 4), the watch on the fake clock. */
  async function playingAt(t: number, extra: Partial<EngineOptions> = {}) {
    jest.useFakeTimers()
    const video = new FakeVideo()
    const mounted = mount(video, { now: () => Date.now(), ...extra })
    await settle()
    await video.play()
    video.readyState = 4
    video.currentTime = t
    video.fire('playing')
    return { video, ...mounted }
  }

  test('a live picture frozen at readyState 4 through an outage says 网络不给力，正在重连… after FROZEN_MS, and plays again once it moves', async () => {
    // as Chromium's Media Source left room 307 in a 15 s outage: 0.17 s short of its data, HAVE_ENOUGH_DATA, playing
    const { video, seen, host } = await playingAt(53.84, { live: true })
    video.buffered = timeRanges([52.09, 54.015])
    expect(seen.state).toBe('playing')
    wait(FROZEN_MS - FROZEN_CHECK_MS)
    expect(seen.state).toBe('playing')
    wait(FROZEN_CHECK_MS * 2)
    expect(seen.state).toBe('stalled')
    expect(PLAYER_TEXT[seen.state as 'stalled']).toBe('网络不给力，正在重连…')
    // the stream is back: a fragment arrives (a live viewer at the edge is brought there) and the picture moves on
    run(() => FakeHls.made[0].emit(FakeHls.Events.FRAG_BUFFERED))
    wait(FROZEN_CHECK_MS * 4)
    expect(seen.state).toBe('stalled')
    video.playTo(54.3)
    wait(FROZEN_CHECK_MS)
    expect(seen.state).toBe('playing')
    host.unmount()
  })

  test('an on-demand picture frozen the same way says so too; one that moves to where it has no data yet waits for its own `playing`', async () => {
    const { video, seen, host } = await playingAt(12)
    wait(FROZEN_MS + FROZEN_CHECK_MS)
    expect(seen.state).toBe('stalled')
    video.readyState = 1
    video.playTo(12.1)
    wait(FROZEN_CHECK_MS)
    expect(seen.state).toBe('stalled')
    video.readyState = 4
    video.fire('playing')
    expect(seen.state).toBe('playing')
    host.unmount()
  })

  test('a frozen picture moved within its data (the jump to the edge once the stream is back) plays on: no event comes for it', async () => {
    const { video, seen, host } = await playingAt(40, { live: true })
    wait(FROZEN_MS + FROZEN_CHECK_MS)
    expect(seen.state).toBe('stalled')
    const seeking = video as unknown as { seeking: boolean }
    seeking.seeking = true
    video.currentTime = 48
    wait(FROZEN_CHECK_MS)
    expect(seen.state).toBe('stalled')
    seeking.seeking = false
    wait(FROZEN_CHECK_MS)
    expect(seen.state).toBe('playing')
    host.unmount()
  })

  test('a picture that moves, one the viewer paused, a seek done within FROZEN_MS and one that has not shown its first frame are not frozen', async () => {
    const moving = await playingAt(5)
    for (let i = 1; i <= 10; i++) {
      moving.video.playTo(5 + i * 0.5)
      wait(FROZEN_CHECK_MS)
    }
    expect(moving.seen.state).toBe('playing')
    moving.video.pause()
    wait(FROZEN_MS * 3)
    expect(moving.seen.state).toBe('playing')
    moving.host.unmount()

    const seeking = await playingAt(30)
    const seek = seeking.video as unknown as { seeking: boolean }
    seek.seeking = true
    seeking.video.currentTime = 60
    wait(FROZEN_MS - FROZEN_CHECK_MS * 2)
    seek.seeking = false
    for (let i = 1; i <= 6; i++) {
      seeking.video.playTo(60 + i * 0.5)
      wait(FROZEN_CHECK_MS)
    }
    expect(seeking.seen.state).toBe('playing')
    seeking.host.unmount()

    jest.useFakeTimers()
    const starting = new FakeVideo()
    const { seen, host } = mount(starting, { live: true, now: () => Date.now() })
    await settle()
    await starting.play() // playing, its first frame not yet come: 正在加载直播…
    wait(FROZEN_MS * 3)
    expect(seen.state).toBe('loading')
    host.unmount()
  })

  test('a live picture brought to the edge as its stream comes back, seeking there as a new outage starts, says 网络不给力 after FROZEN_MS and plays once it moves there', async () => {
    // as room 307 in a CI run: after a 503 outage the first fragment brought the picture to the edge (45.68), which
    // it had no data for; the stream was cut again at once, and it sought there for 15 s with nothing said
    const { video, seen, host } = await playingAt(30, { live: true })
    const hls = FakeHls.made[0]
    run(() => hls.emit(FakeHls.Events.ERROR, { fatal: true, type: 'networkError', details: 'fragLoadError' }))
    expect(seen.state).toBe('stalled')
    const seek = video as unknown as { seeking: boolean }
    hls.liveSyncPosition = 45.68
    // the engine's jump to the edge: the fake element's seek starts (the real one's is started by currentTime)
    const at = Object.getOwnPropertyDescriptor(video, 'currentTime')!
    Object.defineProperty(video, 'currentTime', {
      configurable: true,
      get: () => at.value as number,
      set: (t: number) => {
        at.value = t
        seek.seeking = true
      }
    })
    video.readyState = 1
    run(() => hls.emit(FakeHls.Events.FRAG_BUFFERED))
    expect(video.currentTime).toBe(45.68)
    expect(seen.state).toBe('stalled') // not playing before it has its data there
    wait(FROZEN_MS * 2)
    expect(seen.state).toBe('stalled')
    // the data comes: the seek is done and the picture goes on
    seek.seeking = false
    video.readyState = 4
    run(() => video.fire('seeked'))
    expect(seen.state).toBe('playing')
    Object.defineProperty(video, 'currentTime', { ...at, value: at.value as number })
    video.playTo(46.2)
    wait(FROZEN_CHECK_MS)
    expect(seen.state).toBe('playing')
    host.unmount()
  })

  test('a stall said `playing` again as its stream comes back, the picture standing on all the same, is a stall again after FROZEN_MS', async () => {
    const { video, seen, host } = await playingAt(20, { live: true })
    const hls = FakeHls.made[0]
    wait(FROZEN_MS + FROZEN_CHECK_MS)
    expect(seen.state).toBe('stalled')
    run(() => hls.emit(FakeHls.Events.ERROR, { fatal: true, type: 'networkError', details: 'fragLoadError' }))
    // a fragment comes: the engine says playing (no seek: the picture is at the edge), and the picture stands
    run(() => hls.emit(FakeHls.Events.FRAG_BUFFERED))
    expect(seen.state).toBe('playing')
    wait(FROZEN_MS - FROZEN_CHECK_MS)
    expect(seen.state).toBe('playing')
    wait(FROZEN_CHECK_MS * 2)
    expect(seen.state).toBe('stalled')
    video.playTo(20.5)
    wait(FROZEN_CHECK_MS)
    expect(seen.state).toBe('playing')
    host.unmount()
  })
})
