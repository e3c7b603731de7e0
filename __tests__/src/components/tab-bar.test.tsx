/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { TabBar } from '@/components/tab-bar'
import { PageState } from '@/components/page-state'
import { uiStore } from '@/stores/ui'
import HomePage from '@/pages/home/home'
import MediaPage from '@/pages/media/media'
import { useReferenceServer } from '../support/reference-server'
import { waitFor } from '../support/dom'

describe('custom tab bar', () => {
  test('R2.2–R2.5 four tabs 直播 主播 视听 我的, the current one marked in #ff8300 (R1.20) with text at AA contrast', async () => {
    uiStore.setTab('streamer')
    const t = new TestUtils()
    await t.mount(TabBar)
    const items = Array.from(document.querySelectorAll<HTMLElement>('.tab-bar__item'))
    expect(items.map((i) => i.textContent?.replace(/[^\u4e00-\u9fa5]/g, ''))).toEqual(['直播', '主播', '视听', '我的'])
    // the theme colour marks the current tab (the bar above it); its text is the theme's AA shade #b34f00 (5.2:1 on
    // white, #ff8300 is 2.5:1), the others #6b6b6b (5.3:1)
    expect(items[1].style.borderTopColor).toBe('#ff8300')
    expect(items[1].style.color).toBe('rgb(179, 79, 0)')
    expect(items[0].style.color).toBe('rgb(107, 107, 107)')
    expect(items[0].style.borderTopColor).toBe('transparent')
    expect(items.map((i) => i.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false', 'false'])
    expect(document.querySelector('.tab-bar')?.getAttribute('role')).toBe('tablist')
    t.unmout()
  })

  test('R2.6 tapping a tab switches tab and highlights it', async () => {
    uiStore.setTab('home')
    // No router runs under jest: the navigation call is observed here and performed for real in e2e/.
    const switchTab = jest
      .spyOn(Taro, 'switchTab')
      .mockImplementation(() => Promise.resolve({ errMsg: 'switchTab:ok' }))
    const t = new TestUtils()
    await t.mount(TabBar)
    const media = document.querySelector('[data-tab="media"]') as HTMLElement
    t.act(() => media.click())
    expect(switchTab).toHaveBeenCalledWith({ url: '/pages/media/media' })
    expect(uiStore.currentTab).toBe('media')
    await new Promise((r) => requestAnimationFrame(r))
    expect((document.querySelector('[data-tab="media"]') as HTMLElement).style.borderTopColor).toBe('#ff8300')
    expect((document.querySelector('[data-tab="media"]') as HTMLElement).getAttribute('aria-selected')).toBe('true')
    switchTab.mockRestore()
    t.unmout()
  })
})

describe('page frames', () => {
  // The tab pages load their data on mount: they talk to the reference server, and each test waits for the loaded
  // page before unmounting, so no request is left in flight.
  useReferenceServer()
  test('R2.4 a tab page renders its title, the H5 tab bar and an empty state', async () => {
    const t = new TestUtils()
    await t.mount(MediaPage)
    expect(document.querySelector('.page__title')?.textContent).toBe('视听')
    expect(document.querySelectorAll('.tab-bar__item')).toHaveLength(4)
    expect(uiStore.currentTab).toBe('media')
    await waitFor(() => document.querySelector('.media-channels__name'))
    t.unmout()
  })
  test('R2.2 the home page marks the live tab current', async () => {
    const t = new TestUtils()
    await t.mount(HomePage)
    expect(uiStore.currentTab).toBe('home')
    await waitFor(() => document.querySelectorAll('.home__rooms .card-item').length > 0)
    t.unmout()
  })
  test('R8.21 the loading state reads 加载中; errors offer a retry', async () => {
    const t = new TestUtils()
    await t.mount(PageState, { props: { loading: true } })
    expect(document.body.textContent).toContain('加载中')
    t.unmout()
    const retry = jest.fn()
    await t.mount(PageState, { props: { error: '网络不给力', onRetry: retry } })
    expect(document.body.textContent).toContain('网络不给力')
    t.act(() => (document.querySelector('.page-state__retry') as HTMLElement).click())
    expect(retry).toHaveBeenCalled()
    t.unmout()
  })
})
