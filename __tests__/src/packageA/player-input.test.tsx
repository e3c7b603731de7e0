/*
 * The H5 player's input (src/packageA/components/player/use-input.h5.ts), through the hook as the player calls it, on a
 * fake media element with an injected clock: the controls show on a touch and hide CONTROLS_HIDE_MS later while the
 * video plays (never while paused); keys play, pause and seek on demand (not live); a long press plays at 2x while held
 * and gives the viewer's rate back; a double tap plays or pauses.
 */
import { DOUBLE_TAP_MS, LONG_PRESS_MS } from '@/packageA/components/player/gestures'
import { SEEK_STEP_SECONDS } from '@/packageA/components/player/keys'
import { HOLD_RATE } from '@/packageA/components/player/rules'
import { CONTROLS_HIDE_MS, useInput, type InputOptions } from '@/packageA/components/player/use-input.h5'
import { FakeVideo } from '../support/fake-video'
import { renderHook, run } from '../support/hook-host'

let clock = 0
const done: string[] = []

function options(video: FakeVideo, over: Partial<InputOptions> = {}): InputOptions {
  return {
    box: { current: null },
    video: { current: video.element },
    live: false,
    state: 'playing',
    paused: false,
    menu: null,
    rotated: false,
    holdRate: { current: null },
    togglePlay: () => void done.push('toggle-play'),
    seekTo: (t) => void done.push(`seek ${t}`),
    toggleFullscreen: () => void done.push('fullscreen'),
    now: () => clock,
    ...over
  }
}

/** The clock and the timers move on together. */
const wait = (ms: number) =>
  run(() => {
    clock += ms
    jest.advanceTimersByTime(ms)
  })

const key = (k: string) => run(() => void document.dispatchEvent(new KeyboardEvent('keydown', { key: k })))

beforeEach(() => {
  jest.useFakeTimers()
  done.length = 0
})
afterEach(() => jest.useRealTimers())

test('a touch shows the controls; they hide CONTROLS_HIDE_MS later while the video plays, never while paused', () => {
  const video = new FakeVideo()
  const host = renderHook((o: InputOptions) => useInput(o), options(video))
  run(() => host.current.showControls())
  wait(CONTROLS_HIDE_MS - 1)
  expect(host.current.controlsShown).toBe(true)
  wait(1)
  expect(host.current.controlsShown).toBe(false)
  host.rerender(options(video, { paused: true }))
  expect(host.current.controlsShown).toBe(true)
  // a paid room waiting to be bought has no controls
  host.rerender(options(video, { paused: true, blocked: true }))
  expect(host.current.controlsShown).toBe(false)
  host.unmount()
})

test('keys: Space plays or pauses, ← → seek on demand, F full screen; live, the arrows do nothing', () => {
  const video = new FakeVideo()
  video.currentTime = 60
  const host = renderHook((o: InputOptions) => useInput(o), options(video))
  key(' ')
  key('ArrowLeft')
  key('ArrowRight')
  key('f')
  expect(done).toEqual([
    'toggle-play',
    `seek ${60 - SEEK_STEP_SECONDS}`,
    `seek ${60 + SEEK_STEP_SECONDS}`,
    'fullscreen'
  ])
  done.length = 0
  host.rerender(options(video, { live: true }))
  key('ArrowLeft')
  expect(done).toEqual([])
  host.unmount()
})

test('a long press plays at 2x while held and gives the viewer’s rate back', () => {
  const video = new FakeVideo()
  video.playbackRate = 1.25
  const holdRate = { current: null as number | null }
  const host = renderHook((o: InputOptions) => useInput(o), options(video, { holdRate }))
  run(() => host.current.pointer.onPointerDown({ clientX: 100, clientY: 100 }))
  wait(LONG_PRESS_MS)
  expect(video.playbackRate).toBe(HOLD_RATE)
  expect(holdRate.current).toBe(1.25)
  expect(host.current.hint).toBe('2倍速播放中')
  run(() => host.current.pointer.onPointerUp({ clientX: 100, clientY: 100 }))
  expect(video.playbackRate).toBe(1.25)
  expect(holdRate.current).toBeNull()
  expect(host.current.hint).toBe('')
  host.unmount()
})

test('a double tap plays or pauses; a single tap hides the shown controls while playing', () => {
  const video = new FakeVideo()
  const host = renderHook((o: InputOptions) => useInput(o), options(video))
  const tap = () => {
    run(() => host.current.pointer.onPointerDown({ clientX: 50, clientY: 50 }))
    wait(50)
    run(() => host.current.pointer.onPointerUp({ clientX: 50, clientY: 50 }))
  }
  tap()
  tap()
  expect(done).toEqual(['toggle-play'])
  wait(DOUBLE_TAP_MS + LONG_PRESS_MS)
  expect(host.current.controlsShown).toBe(true)
  tap()
  wait(DOUBLE_TAP_MS)
  expect(host.current.controlsShown).toBe(false)
  host.unmount()
})
