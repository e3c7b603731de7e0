/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
// home through the page, its store, the request core and the reference server behind a fault proxy that cuts home's
// index call alone (a file of its own: home's store is the app's one, and here it must start with nothing loaded).
import TestUtils from '@tarojs/test-utils-react'
import HomePage from '@/pages/home/home'
import { useFaultProxy } from '../support/fault-proxy'
import { useReferenceServer } from '../support/reference-server'
import { waitFor } from '../support/dom'
import { tapIn } from '../support/overlays'

const server = useReferenceServer()
const proxy = useFaultProxy(server)

test('R8.5 home whose index alone is cut shows its room list, and in place of the index’s sections 网络异常,请检查网络后重试 with 重新加载, which brings them', async () => {
  proxy.fail(/userapp\/index/, 'drop-request', 1)
  const t = new TestUtils()
  try {
    await t.mount(HomePage)
    // the room list answered: home shows it, not the whole-page error
    await waitFor(() => document.querySelectorAll('.home__rooms .card-item').length > 0)
    const state = await waitFor(() => document.querySelector<HTMLElement>('.home .page-state--error'))
    expect(proxy.requests(/userapp\/index/).map((r) => r.fault)).toEqual(['drop-request'])
    expect(state.querySelector('.page-state__text')?.textContent).toBe('网络异常,请检查网络后重试')
    expect(document.querySelector('.home__menu')).toBeNull()
    // it sits where the index's sections go: after the slides, before the room list
    const rooms = document.querySelector('.home__rooms')!
    expect(state.compareDocumentPosition(rooms) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    const retry = state.querySelector<HTMLElement>('.page-state__retry')
    expect(retry?.textContent).toBe('重新加载')
    tapIn(t, retry)
    await waitFor(() => document.querySelectorAll('.home__menu-item').length > 0)
    expect(document.querySelector('.home .page-state--error')).toBeNull()
    // the index alone was asked again; the room list kept what it had
    expect(proxy.requests(/userapp\/index/)).toHaveLength(2)
    expect(proxy.requests(/userapp\/living\/list/)).toHaveLength(1)
  } finally {
    t.unmout()
  }
})
