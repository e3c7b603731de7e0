/*
 * The H5 player's status layer (src/packageA/components/player/index.h5.tsx, overlay.ts) over the video: while the
 * stream loads or rebuffers it lets every tap through to the player's controls (pointer-events none on the layer
 * itself); it takes taps only as 点击播放 and 点击重试, and 点击播放 comes when no `playing` arrives within 3 s (an
 * autoplay that neither starts nor is refused).
 */
import TestUtils from '@tarojs/test-utils-react'
import { Player } from '@/packageA/components/player'
import { NEEDS_TAP_AFTER_MS } from '@/packageA/components/player/overlay'
import { $, waitFor } from '../support/dom'
import { watchTimeouts } from '../support/timers'

const SRC = 'https://example.invalid/hls/live/496/index.m3u8'
let plays = 0

beforeAll(() => {
  // the first frame's performance mark (jsdom has no performance.mark) counts as made
  ;(window as unknown as { __firstFrameMarked?: boolean }).__firstFrameMarked = true
  // jsdom has no media: play() neither starts nor fails (an autoplay that hangs); load() and pause() do nothing
  // (__tests__/setup/env.ts)
  Object.defineProperty(HTMLMediaElement.prototype, 'play', {
    configurable: true,
    value: () => {
      plays++
      return new Promise<void>(() => undefined)
    }
  })
})

const overlay = () => $('.player__overlay')
const takesTaps = (el: HTMLElement) => el.style.pointerEvents !== 'none'

test('the loading and rebuffering layer lets taps through to the controls; 点击播放 after 3 s with no play takes them', async () => {
  const t = new TestUtils()
  // the wait for 点击播放 is the player's own timer: read from the timers it asks for, not measured
  const timers = watchTimeouts()
  await t.mount(Player, { props: { src: SRC, live: true } })
  const loading = await waitFor(() => overlay())
  expect(loading.className).toContain('player__overlay--loading')
  expect(loading.style.pointerEvents).toBe('none')
  // no `playing` within NEEDS_TAP_AFTER_MS: 点击播放, which takes the tap and plays
  const needsTap = await waitFor(() => {
    const el = overlay()
    return el && el.className.includes('player__overlay--needs-tap') ? el : null
  }, NEEDS_TAP_AFTER_MS + 10000)
  timers.restore()
  expect(timers.asked).toContain(NEEDS_TAP_AFTER_MS)
  expect(needsTap.textContent).toContain('点击播放')
  expect(takesTaps(needsTap)).toBe(true)
  const before = plays
  needsTap.click()
  expect(plays).toBe(before + 1)
  // the video plays, then rebuffers: the layer is back, and lets taps through again
  const video = document.querySelector('video')!
  video.dispatchEvent(new Event('playing'))
  await waitFor(() => !overlay())
  Object.defineProperty(video, 'paused', { configurable: true, value: false })
  video.dispatchEvent(new Event('waiting'))
  const stalled = await waitFor(() => overlay())
  expect(stalled.className).toContain('player__overlay--stalled')
  expect(stalled.style.pointerEvents).toBe('none')
  t.unmout()
})
