/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
// home through the page, its store, the request core and the reference server behind a fault proxy that cuts home's
// index and room-list calls before they reach the server: the request core resolves its -100 envelope (R8.5), whose
// msg is the transport's own text (request:fail …); the viewer reads the catalogue's Chinese text and a retry.
import TestUtils from '@tarojs/test-utils-react'
import HomePage from '@/pages/home/home'
import { useFaultProxy } from '../support/fault-proxy'
import { useReferenceServer } from '../support/reference-server'
import { waitFor } from '../support/dom'
import { tapIn } from '../support/overlays'

const server = useReferenceServer()
const proxy = useFaultProxy(server)

test('R8.5 home whose index and room list are cut in transit shows 网络异常,请检查网络后重试 and 重新加载, which loads home', async () => {
  // home shows what it has when one of them answers; with neither it is the error state
  proxy.fail(/userapp\/(index|living\/list)/, 'drop-request', 2)
  const t = new TestUtils()
  try {
    await t.mount(HomePage)
    const state = await waitFor(() => document.querySelector<HTMLElement>('.home .page-state--error'))
    expect(proxy.requests(/userapp\/(index|living\/list)/).map((r) => r.fault)).toEqual([
      'drop-request',
      'drop-request'
    ])
    expect(state.querySelector('.page-state__text')?.textContent).toBe('网络异常,请检查网络后重试')
    const retry = state.querySelector<HTMLElement>('.page-state__retry')
    expect(retry?.textContent).toBe('重新加载')
    tapIn(t, retry)
    await waitFor(() => document.querySelectorAll('.home__rooms .card-item').length > 0)
    expect(document.querySelector('.home .page-state--error')).toBeNull()
  } finally {
    t.unmout()
  }
})
