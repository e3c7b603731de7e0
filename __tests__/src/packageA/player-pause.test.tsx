/*
 * The viewer's pause in the H5 player (src/packageA/components/player/index.h5.tsx, use-hls-engine.h5.ts), through the
 * player as a page mounts it: a pause before the first frame stays a pause when the video then says it can play (the
 * engine's own play at its first `canplay`, which starts a video whose autoplay the browser held), and the viewer's
 * next play is a play.
 */
import TestUtils from '@tarojs/test-utils-react'
import { Player } from '@/packageA/components/player'
import { $, waitFor } from '../support/dom'

const SRC = 'https://example.invalid/vod/7/index.m3u8'
const calls: string[] = []
const paused = new WeakMap<HTMLMediaElement, boolean>()

beforeAll(() => {
  // the first frame's performance mark (jsdom has no performance.mark) counts as made
  ;(window as unknown as { __firstFrameMarked?: boolean }).__firstFrameMarked = true
  // jsdom has no media: the element plays and pauses as a browser's does before its first frame (play() fires `play`
  // at once and its promise waits for data; pause() fires `pause`), and records each call
  Object.defineProperty(HTMLMediaElement.prototype, 'paused', {
    configurable: true,
    get(this: HTMLMediaElement) {
      return paused.get(this) ?? true
    }
  })
  Object.defineProperty(HTMLMediaElement.prototype, 'play', {
    configurable: true,
    value(this: HTMLMediaElement) {
      calls.push('play')
      if (paused.get(this) !== false) {
        paused.set(this, false)
        this.dispatchEvent(new Event('play'))
      }
      return new Promise<void>(() => undefined)
    }
  })
  Object.defineProperty(HTMLMediaElement.prototype, 'pause', {
    configurable: true,
    value(this: HTMLMediaElement) {
      calls.push('pause')
      if (paused.get(this) === false) {
        paused.set(this, true)
        this.dispatchEvent(new Event('pause'))
      }
    }
  })
})

const button = (label: string) => $(`button[aria-label="${label}"]`)

test('R1.1 a pause before the first frame stays a pause when the video can play; the next tap on 播放 plays', async () => {
  const t = new TestUtils()
  await t.mount(Player, { props: { src: SRC, live: false } })
  const video = await waitFor(() => document.querySelector('video'))
  // before the first frame the viewer taps 播放 (the video is to play: 暂停), then 暂停
  await waitFor(() => video.getAttribute('src') && button('播放'))
  button('播放')!.click()
  await waitFor(() => button('暂停'))
  expect(calls).toEqual(['play'])
  button('暂停')!.click()
  await waitFor(() => button('播放'))
  expect(video.paused).toBe(true)
  expect(calls).toEqual(['play', 'pause'])
  const before = calls.length
  // the first frame's data arrives: the engine's play at its first canplay (its listener runs in the dispatch) leaves
  // the viewer's pause alone
  video.dispatchEvent(new Event('canplay'))
  expect(calls.slice(before)).toEqual([])
  expect(video.paused).toBe(true)
  expect(button('播放')).toBeTruthy()
  // the viewer plays: a play, and 暂停 again
  button('播放')!.click()
  expect(calls.slice(before)).toEqual(['play'])
  await waitFor(() => button('暂停'))
  expect(video.paused).toBe(false)
  t.unmout()
})
