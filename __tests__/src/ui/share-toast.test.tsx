/**
 * @jest-environment ./__tests__/src/core/node-fetch-environment.js
 * @jest-environment-options {"url": "http://127.0.0.1/m2/"}
 *
 * The share toast (R9.17: 3 seconds) through the live room page against the reference server: tapping 分享 in the
 * room header opens the poster and shows the share toast, which starts fading 3 s later.
 */
import TestUtils from '@tarojs/test-utils-react'
import { Current } from '@tarojs/runtime'
import LivePage from '@/packageA/pages/live/live'
import { SHARE_TIP } from '@/packageA/components/room'
import { setItem } from '@/platform/storage'
import { sessionStore } from '@/stores/session'
import { useReferenceServer } from '../support/reference-server'
import { $, waitFor } from '../support/dom'
import { SEED_IDS } from '../../../server/seed-ids'

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
}, 40000)

test('R9.17 分享 in the live room opens the poster with a share toast that lasts 3 seconds', async () => {
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
  try {
    const share = await waitFor(() => $('.room-header__share'), 15000)
    expect(share.textContent).toBe('分享')
    const tapped = Date.now()
    t.act(() => share.click())
    await waitFor(() => $('.poster'))
    const toast = await waitFor(() => $('.taro__toast'))
    await waitFor(() => toast.style.opacity === '1')
    expect(toast.textContent).toBe(SHARE_TIP)
    await new Promise((r) => setTimeout(r, 2700 - (Date.now() - tapped)))
    expect(toast.style.opacity).toBe('1') // still up at 2.7 s
    await waitFor(() => toast.style.opacity === '0', 1500)
    const faded = Date.now() - tapped
    expect(faded).toBeGreaterThanOrEqual(3000)
    expect(faded).toBeLessThan(3600)
  } finally {
    t.unmout()
  }
})
