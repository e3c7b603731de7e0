/*
 * The room's share poster in the mini-program (src/packageA/components/room: Poster, poster-code.ts): the live
 * page's mini-program code (wxacode.getUnlimited: page packageA/pages/live/live, scene roomid=<id>), which WeChat's
 * long-press opens in the mini-program, where a web QR code would open the H5 page in WeChat's browser. The H5
 * poster is poster.test.tsx.
 */
import TestUtils from '@tarojs/test-utils-react'
import type { RoomInfo } from '@/api/live'
import { configureRequest } from '@/core/request'
import { Poster } from '@/packageA/components/room'
import { $, waitFor } from '../support/dom'

const ROOM = {
  id: 496,
  title: '太湖鼋头渚 24小时慢直播',
  cover: '',
  streamer: { id: 1, name: '太湖台' }
} as unknown as RoomInfo

let t: TestUtils
beforeAll(() => configureRequest({ hosts: { api: 'https://api.example.test' } }))
afterAll(() => configureRequest({ hosts: null }))
afterEach(() => t.unmout())

test('R7.39 mini-program: the poster carries the live page’s mini-program code (scene roomid=496) and says 小程序码', async () => {
  t = new TestUtils()
  await t.mount(Poster, { props: { room: ROOM, onClose: () => undefined } })
  const code = await waitFor(() => $('.poster__qr'))
  const src = new URL(code.getAttribute('src')!)
  expect(src.origin + src.pathname).toBe('https://api.example.test/api/v1/userapp/wxacode')
  expect(Object.fromEntries(src.searchParams)).toEqual({
    page: 'packageA/pages/live/live',
    scene: 'roomid=496',
    width: '300'
  })
  expect(src.searchParams.get('scene')!.length).toBeLessThanOrEqual(32)
  expect($('.poster__hint')?.textContent).toBe('长按识别小程序码，进入直播间')
  expect(document.body.textContent).not.toContain('二维码')
})
