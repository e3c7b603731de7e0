/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
// The streamer detail opened by room id (its streamer found through the search call, R7.38) when that call fails on
// its way: the page says it could not load and offers 重新加载, which finds the streamer; 主播不存在 is kept for a room
// the server knows no streamer of. Through the page, its store, the request core and a fault proxy in front of the
// reference server.
import TestUtils from '@tarojs/test-utils-react'
import { Current } from '@tarojs/runtime'
import { fetchStreamers } from '@/api/streamer'
import StreamerDetailPage from '@/packageA/pages/streamer/streamer'
import { setItem } from '@/platform/storage'
import { SERVER_ERROR_MESSAGE } from '@/utils/errors'
import { useFaultProxy } from '../support/fault-proxy'
import { useReferenceServer } from '../support/reference-server'
import { waitFor } from '../support/dom'
import { tapIn } from '../support/overlays'

const server = useReferenceServer()
const proxy = useFaultProxy(server)

beforeAll(() => {
  setItem('fingerprint', 'fp-streamer-failure')
})

const routeTo = (params: Record<string, string>) => {
  ;(Current as unknown as { router: unknown }).router = { params, path: '/packageA/pages/streamer/streamer' }
}
const SEARCH = /\/userapp\/search\/host$/

// each case a streamer the page has not met yet (a streamer found once is known to the store)
test.each([
  ['cut in transit', 0, 'drop-request' as const, '网络异常,请检查网络后重试'],
  // the proxy's own text body (not the API's answer) is no message for a viewer (R8.2)
  ['answered by a gateway error', 1, { status: 502 }, SERVER_ERROR_MESSAGE]
])(
  'R2.13 R7.38 R8.17 a streamer search %s shows the error state with 重新加载 (not 主播不存在), and 重新加载 finds the streamer',
  async (_how, which, fault, text) => {
    const target = (await fetchStreamers({ tag: 0, page: 1, count: 100 })).list.filter((x) => x.roomId > 0)[which]
    routeTo({ roomid: String(target.roomId) })
    const before = proxy.requests(SEARCH).length
    proxy.fail(SEARCH, fault, 1)
    const t = new TestUtils()
    try {
      await t.mount(StreamerDetailPage)
      const state = await waitFor(() => document.querySelector<HTMLElement>('.page-state--error'))
      expect(
        proxy
          .requests(SEARCH)
          .slice(before)
          .map((r) => r.fault)
      ).toEqual([fault === 'drop-request' ? 'drop-request' : 'status'])
      expect(document.body.textContent).not.toContain('主播不存在')
      const shown = state.querySelector('.page-state__text')?.textContent ?? ''
      expect(shown).toBe(text)
      const retry = state.querySelector<HTMLElement>('.page-state__retry')
      expect(retry?.textContent).toBe('重新加载')
      tapIn(t, retry)
      await waitFor(() => document.querySelector('.streamer-detail__name')?.textContent === target.nickName)
      expect(document.querySelector('.page-state--error')).toBeNull()
    } finally {
      t.unmout()
    }
  }
)

test('R2.13 R8.17 a room the server knows no streamer of says 主播不存在, with no error toast', async () => {
  routeTo({ roomid: '987654' })
  const t = new TestUtils()
  try {
    await t.mount(StreamerDetailPage)
    await waitFor(() => document.querySelector('.page-state--empty'))
    expect(document.querySelector('.page-state--empty')?.textContent).toContain('主播不存在')
    expect(document.querySelector('.page-state--error')).toBeNull()
  } finally {
    t.unmout()
  }
})
