/*
 * The H5 player's time-shift (回看, src/packageA/components/player/use-time-shift.h5.ts), through the hook as the player
 * calls it, on a fake media element (the browser's seekable window) and a fake hls.js where loading restarts: a live
 * window of a minute or more gives the 回看 bar, behind the edge once the viewer is; a drag inside what is loaded goes
 * there and keeps the viewer in the past after an outage; 回到直播 goes to the edge and loads from there.
 */
import type { HlsInstance } from '@/packageA/components/player/hls-engine.h5'
import { BEHIND_SECONDS, TIMESHIFT_MIN_SECONDS } from '@/packageA/components/player/play-state'
import { useTimeShift, type TimeShiftOptions } from '@/packageA/components/player/use-time-shift.h5'
import { FakeVideo, timeRanges } from '../support/fake-video'
import { renderHook, run } from '../support/hook-host'

const SRC = 'https://example.invalid/hls/live/496/index.m3u8'

function mount(video: FakeVideo, hls: Partial<HlsInstance> | null = null) {
  const options: TimeShiftOptions = { live: true, src: SRC, hlsRef: { current: hls as HlsInstance | null } }
  return renderHook((o: TimeShiftOptions) => useTimeShift({ current: video.element }, video.element, o), options)
}

test('a live window of a minute or more gives the 回看 bar, behind the edge once the viewer is', () => {
  const video = new FakeVideo()
  video.seekable = timeRanges([0, 120])
  video.currentTime = 118
  const host = mount(video)
  expect(host.current.timeshift).toMatchObject({ start: 0, end: 120, current: 118, behind: false })
  run(() => video.playTo(120 - BEHIND_SECONDS - 10))
  expect(host.current.timeshift).toMatchObject({ current: 105, behind: true })
  host.unmount()
})

test('a window under a minute offers no 回看', () => {
  const video = new FakeVideo()
  video.seekable = timeRanges([0, TIMESHIFT_MIN_SECONDS - 1])
  const host = mount(video)
  expect(host.current.timeshift).toBeNull()
  host.unmount()
})

test('a drag inside what is loaded goes there; the viewer stays in the past until 回到直播', () => {
  const video = new FakeVideo()
  video.seekable = timeRanges([0, 120])
  video.currentTime = 118
  const host = mount(video)
  expect(host.current.followsEdge()).toBe(true)
  run(() => host.current.seek(50))
  expect(video.currentTime).toBe(50)
  expect(host.current.followsEdge()).toBe(false)
  // past the edge: the edge's last second
  run(() => host.current.seek(500))
  expect(video.currentTime).toBe(119)
  run(() => host.current.goLive())
  expect(host.current.followsEdge()).toBe(true)
  expect(host.current.shiftAt).toBeNull()
  host.unmount()
})

test('回到直播 goes to the edge hls.js keeps and loads from there at once', () => {
  const video = new FakeVideo()
  video.seekable = timeRanges([0, 120])
  video.currentTime = 30
  const calls: string[] = []
  const hls = {
    levels: [],
    currentLevel: -1,
    loadLevel: -1,
    liveSyncPosition: 117,
    stopLoad: () => void calls.push('stopLoad'),
    startLoad: (at?: number) => void calls.push(`startLoad ${at}`)
  }
  const host = mount(video, hls)
  run(() => host.current.goLive())
  expect(video.currentTime).toBe(117)
  expect(calls).toEqual(['stopLoad', 'startLoad 117'])
  // paused, it plays again
  expect(video.paused).toBe(false)
  host.unmount()
})

test('on demand there is no 回看 bar', () => {
  const video = new FakeVideo()
  video.seekable = timeRanges([0, 600])
  const host = renderHook((o: TimeShiftOptions) => useTimeShift({ current: video.element }, video.element, o), {
    live: false,
    src: SRC,
    hlsRef: { current: null }
  })
  expect(host.current.timeshift).toBeNull()
  expect(host.current.seekToDate(Date.now())).toBe(false)
  host.unmount()
})
