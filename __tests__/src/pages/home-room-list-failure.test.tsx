/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
// home through the page, its store, the request core and the reference server behind a fault proxy that cuts home's
// room list alone while the index answers (a file of its own: home's store is the app's one, and here it must start
// with nothing loaded). The room list is below the index's sections: it says itself what became of it.
import TestUtils from '@tarojs/test-utils-react'
import HomePage from '@/pages/home/home'
import { useFaultProxy } from '../support/fault-proxy'
import { holdAnswers, useReferenceServer } from '../support/reference-server'
import { waitFor } from '../support/dom'
import { tapIn } from '../support/overlays'

const server = useReferenceServer()
const proxy = useFaultProxy(server)

const roomListState = (kind: 'error' | 'loading') =>
  document.querySelector<HTMLElement>(`.home__room-list .page-state--${kind}`)

test('R8.5 home whose room list alone is cut shows the index’s sections and, under 直播列表, 网络异常,请检查网络后重试 with 重新加载; the retry shows 加载中 until the rooms come', async () => {
  proxy.fail(/userapp\/living\/list/, 'drop-request', 1)
  const t = new TestUtils()
  try {
    await t.mount(HomePage)
    // the index answered: home shows its sections, not the whole-page error
    await waitFor(() => document.querySelectorAll('.home__menu-item').length > 0)
    const state = await waitFor(() => roomListState('error'))
    expect(proxy.requests(/userapp\/living\/list/).map((r) => r.fault)).toEqual(['drop-request'])
    expect(state.querySelector('.page-state__text')?.textContent).toBe('网络异常,请检查网络后重试')
    expect(document.querySelectorAll('.home .page-state--error')).toHaveLength(1)
    const retry = state.querySelector<HTMLElement>('.page-state__retry')
    expect(retry?.textContent).toBe('重新加载')
    // the retry's answer is held: the list shows it is loading, not a blank area under its header
    const held = holdAnswers(/userapp\/living\/list/)
    try {
      tapIn(t, retry)
      const loading = await waitFor(() => roomListState('loading'))
      expect(loading.querySelector('.page-state__text')?.textContent).toBe('加载中')
      expect(roomListState('error')).toBeNull()
      held.release()
      await waitFor(() => document.querySelectorAll('.home__rooms .card-item').length > 0)
    } finally {
      held.restore()
    }
    expect(document.querySelector('.home__room-list .page-state')).toBeNull()
    expect(proxy.requests(/userapp\/living\/list/)).toHaveLength(2)
    expect(proxy.requests(/userapp\/index/)).toHaveLength(1)
  } finally {
    t.unmout()
  }
})
