/**
 * @jest-environment ./__tests__/src/support/node-fetch-environment.js
 * @jest-environment-options {"url": "http://127.0.0.1/m2/"}
 *
 * The share toast (R9.17: 3 seconds) through the live room page against the reference server: tapping 分享 in the
 * room header opens the share sheet with no toast over its poster; 复制链接 copies the room's link and shows the share
 * toast, which starts fading 3 s later.
 */
import TestUtils from '@tarojs/test-utils-react'
import { Current } from '@tarojs/runtime'
import LivePage from '@/packageA/pages/live/live'
import { SHARE_TIP } from '@/packageA/components/room'
import { setItem } from '@/platform/storage'
import { sessionStore } from '@/stores/session'
import { useReferenceServer } from '../support/reference-server'
import { $, waitFor } from '../support/dom'
import { SEED_IDS } from '../../../server/db/seed-ids'
import { watchTimeouts } from '../support/timers'

const ROOM = SEED_IDS.rooms.onAirWithHistory
useReferenceServer()

beforeAll(async () => {
  setItem('fingerprint', 'fp-share-toast-tests')
  sessionStore.configure({
    wait: () => Promise.resolve(),
    currentUrl: () => `/packageA/pages/live/live?roomid=${ROOM}`,
    platform: () => 'WEB',
    isIOS: () => false
  })
})

test('R9.17 分享 opens the share sheet without a toast; 复制链接 shows a share toast that lasts 3 seconds', async () => {
  Current.router = {
    params: { roomid: String(ROOM) },
    path: '/packageA/pages/live/live',
    onReady: '',
    onHide: '',
    onShow: '',
    shareTicket: '',
    scene: 0,
    exitState: undefined
  } as never
  const t = new TestUtils()
  await t.mount(LivePage)
  // The toast's time on screen is read from the timers the page asks for after the tap, not measured with the wall
  // clock (a loaded machine stretches it); a MutationObserver sees it show and fade.
  let faded = false
  let shown = false
  const fade = new MutationObserver(() => {
    const toast = $('.taro__toast')
    if (toast?.textContent !== SHARE_TIP) return
    if (toast.style.opacity === '1') shown = true
    else if (shown && toast.style.opacity === '0') faded = true
  })
  try {
    const share = await waitFor(() => $('.room-header__share'))
    expect(share.textContent).toBe('分享')
    t.act(() => share.click())
    await waitFor(() => $('.share-sheet .poster__title'))
    // opening the sheet shows no toast over the poster
    expect($('.taro__toast')?.style.opacity === '1').toBe(false)
    fade.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] })
    // jsdom has no clipboard command: the browser's, as Taro's setClipboardData calls it, is given here
    const copied: string[] = []
    document.execCommand = (cmd: string) => (copied.push(cmd), true)
    const timers = watchTimeouts()
    t.act(() => $('.share-sheet__copy')?.click())
    await waitFor(() => shown)
    expect($('.taro__toast')?.textContent).toBe(SHARE_TIP)
    await waitFor(() => faded)
    timers.restore()
    // the toast asked for 3 s on screen (not the platform's own 1.5 s default), and it faded
    expect(timers.asked).toContain(3000)
    expect(copied).toContain('copy')
  } finally {
    fade.disconnect()
    t.unmout()
  }
})
