/*
 * The room's share poster on H5 (src/packageA/components/room: Poster, poster-code.h5.ts): the web QR code of the
 * room's H5 page and the hint to long-press it. The mini-program's poster is poster.weapp.test.tsx.
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

test('R7.39 R9.8 H5: the poster keeps the web QR code of the room page (roomid, width 300) and its long-press hint', async () => {
  t = new TestUtils()
  await t.mount(Poster, { props: { room: ROOM, onClose: () => undefined } })
  const qr = await waitFor(() => $('.poster__qr'))
  expect(qr.getAttribute('src')).toBe('https://api.example.test/api/v1/userapp/qrcode?roomid=496&width=300')
  expect($('.poster__hint')?.textContent).toBe('长按识别二维码，进入直播间')
})
