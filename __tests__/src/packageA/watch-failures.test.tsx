/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
/*
 * The 视听 player page opened by its link (a shared card, a reload) on a network that fails: what the page looks the
 * channel, programme or video up in never arrived, so it says the network failed (R8.5's failure, in the text every
 * screen shows for it) with 重新加载, never that the channel or video is gone; the retry, once the network is back,
 * shows it. Against the reference server, through a fault proxy that drops the calls.
 */
import { Current } from '@tarojs/runtime'
import TestUtils from '@tarojs/test-utils-react'
import WatchPage from '@/packageA/pages/watch/watch'
import { fetchChannels, fetchVideos } from '@/api/media'
import { setItem } from '@/platform/storage'
import { useFaultProxy } from '../support/fault-proxy'
import { useReferenceServer } from '../support/reference-server'
import { waitFor } from '../support/dom'

const server = useReferenceServer()
const proxy = useFaultProxy(server)

beforeAll(() => {
  setItem('fingerprint', 'fp-watch-failures')
  // jsdom lays nothing out and has no scrollIntoView, which Taro's scroll-view calls for the programme on air
  Element.prototype.scrollIntoView ??= () => undefined
})

/** Drops every call whose URL matches while `down.now` is true. */
function networkDown(match: RegExp) {
  const down = { now: true }
  proxy.fail((url) => down.now && match.test(url), 'drop-request', 1000)
  return down
}

const text = (selector: string) => document.querySelector(selector)?.textContent ?? ''

test.each([
  ['a TV channel', 'channel', /userapp\/index/, '频道不存在或已停播'],
  ['a video', 'video', /video_list_m2o/, '视频不存在或已下线']
] as const)(
  'R8.5 %s opened by its link while the network fails says 网络异常 with 重新加载, not that it is gone; the retry shows it',
  async (_what, type, calls, gone) => {
    const id =
      type === 'channel'
        ? (await fetchChannels()).channels.tv[0].id
        : (await fetchVideos({ page: 1, count: 10 })).list[0].id
    const down = networkDown(calls)
    Current.router = { params: { type, id: String(id) }, path: '/packageA/pages/watch/watch' } as never
    const t = new TestUtils()
    await t.mount(WatchPage)
    await waitFor(() => document.querySelector('.page-state--error'))
    expect(text('.page-state--error .page-state__text')).toBe('网络异常,请检查网络后重试')
    expect(document.body.textContent).not.toContain(gone)
    expect(proxy.requests(calls).length).toBeGreaterThan(0)

    down.now = false
    await t.act(() => (document.querySelector('.page-state__retry') as HTMLElement).click())
    await waitFor(() => !document.querySelector('.page-state') && document.querySelector('.player, video'))
    t.unmout() // (test-utils-react's own spelling)
  }
)
