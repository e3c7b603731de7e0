/*
 * The H5 player's full screen and 画中画 (src/packageA/components/player/use-fullscreen.h5.ts, use-pip.h5.ts), through
 * the hooks as the player calls them: the Fullscreen API on the player's box, left when the browser leaves it (Esc,
 * the back gesture); the page's own layer where there is no API, turned for a landscape video in a portrait window;
 * 画中画 offered only where the browser has it, and shown on while the video is in its window.
 */
import { act } from 'preact/test-utils'
import { useFullscreen } from '@/packageA/components/player/use-fullscreen.h5'
import { usePip } from '@/packageA/components/player/use-pip.h5'
import { FakeVideo } from '../support/fake-video'
import { renderHook, run } from '../support/hook-host'

let fullscreenElement: Element | null = null
beforeAll(() => {
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreenElement })
  Object.defineProperty(document, 'exitFullscreen', {
    configurable: true,
    value: () => {
      fullscreenElement = null
      return Promise.resolve()
    }
  })
})

test('the Fullscreen API on the box; the player leaves full screen when the browser does', async () => {
  const box = document.createElement('div')
  box.requestFullscreen = () => {
    fullscreenElement = box
    return Promise.resolve()
  }
  const host = renderHook((landscape: boolean) => useFullscreen({ current: box }, landscape), true)
  expect(host.current.full).toBe('off')
  await act(() => host.current.toggle())
  expect(host.current.full).toBe('api')
  // Esc: the browser leaves full screen and tells
  fullscreenElement = null
  run(() => void document.dispatchEvent(new Event('fullscreenchange')))
  expect(host.current.full).toBe('off')
  host.unmount()
})

test('no Fullscreen API: the page’s own layer, turned for a landscape video in a portrait window', async () => {
  const box = document.createElement('div')
  Object.defineProperty(box, 'requestFullscreen', { value: undefined })
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 })
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 844 })
  const host = renderHook((landscape: boolean) => useFullscreen({ current: box }, landscape), true)
  await act(() => host.current.toggle())
  expect(host.current.full).toBe('page')
  expect(host.current.rotated).toBe(true)
  // a fullscreenchange of another element does not end the page's layer
  run(() => void document.dispatchEvent(new Event('fullscreenchange')))
  expect(host.current.full).toBe('page')
  await act(() => host.current.toggle())
  expect(host.current.full).toBe('off')
  expect(host.current.rotated).toBe(false)
  host.unmount()
})

test('画中画: none without the API; off, then on while the video is in its window', () => {
  const none = renderHook((v: HTMLVideoElement) => usePip(v), new FakeVideo().element)
  expect(none.current.pip).toBe('none')
  none.unmount()

  Object.defineProperty(document, 'pictureInPictureEnabled', { configurable: true, value: true })
  const video = new FakeVideo()
  let asked = 0
  Object.assign(video, { requestPictureInPicture: () => Promise.resolve(void asked++) })
  const host = renderHook((v: HTMLVideoElement) => usePip(v), video.element)
  expect(host.current.pip).toBe('off')
  run(() => host.current.toggle())
  expect(asked).toBe(1)
  run(() => video.fire('enterpictureinpicture'))
  expect(host.current.pip).toBe('on')
  run(() => video.fire('leavepictureinpicture'))
  expect(host.current.pip).toBe('off')
  host.unmount()
})
