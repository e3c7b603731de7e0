/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
/*
 * The 视听 tab against the reference server: segments, channels with the schedule of a day and the current
 * programme marked, programmes, and the video list through a virtual list.
 */
import { Current } from '@tarojs/runtime'
import TestUtils from '@tarojs/test-utils-react'
import MediaPage from '@/pages/media/media'
import { setItem } from '@/platform/storage'
import { mediaStore } from '@/stores/media'
import { addDays, cnDate } from '@/stores/media-schedule'
import { uiStore } from '@/stores/ui'
import { useReferenceServer } from '../support/reference-server'
import { waitFor } from '../support/dom'

useReferenceServer()

beforeAll(async () => {
  setItem('fingerprint', 'fp-media-pages')
})

const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent || '')
const click = (t: TestUtils, selector: string) => t.act(() => (document.querySelector(selector) as HTMLElement).click())

describe('视听 tab', () => {
  // the store outlives a mount: each test opens the tab as a viewer first sees it, on 电视
  beforeEach(() => mediaStore.setSegment('tv'))

  test('R1.8 R2.4 R2.43 R2.45 R3.25 segments 电视 广播 原创音频 视频; a TV channel schedule with the 7-day strip and the programme on air', async () => {
    const t = new TestUtils()
    await t.mount(MediaPage)
    expect(uiStore.currentTab).toBe('media')
    expect(texts('.media__segment')).toEqual(['电视', '广播', '原创音频', '视频'])
    expect(document.querySelector('.media__segment--active')?.textContent).toBe('电视')
    await waitFor(() => document.querySelectorAll('.media-channels__item').length > 0)
    const today = cnDate(Date.now())
    expect(
      Array.from(document.querySelectorAll('.media-days__item')).map((e) => (e as HTMLElement).dataset.day)
    ).toHaveLength(7)
    expect(document.querySelector('.media-days__item--active .media-days__label')?.textContent).toBe('今天')
    await waitFor(() => document.querySelectorAll('.media-schedule__row').length > 3)
    const tv = mediaStore.selectedChannel.tv
    expect(mediaStore.scheduleOf(tv, today)?.length).toBe(document.querySelectorAll('.media-schedule__row').length)
    const current = mediaStore.currentOf(tv, today)
    if (current >= 0) {
      expect(document.querySelectorAll('.media-schedule__row--current')).toHaveLength(1)
      expect(document.querySelector('.media-schedule__row--current .media-schedule__now')?.textContent).toBe('正在播出')
    }
    await waitFor(() => document.querySelectorAll('.media-programs__item').length > 0)
    expect(document.body.textContent).toContain('电视栏目')

    // another day of the strip loads that day's schedule, kept per channel id
    const tomorrow = addDays(today, 1)
    click(t, `[data-day="${tomorrow}"]`)
    await waitFor(() => mediaStore.scheduleOf(tv, tomorrow))
    expect(Object.keys(mediaStore.channelSchedule.get(tv)!)).toEqual(expect.arrayContaining([today, tomorrow]))
    await waitFor(() => document.querySelectorAll('.media-schedule__row--current').length === 0)

    // 广播: the radio channels
    click(t, '[data-segment="radio"]')
    await waitFor(
      () => mediaStore.selectedChannel.radio && mediaStore.scheduleOf(mediaStore.selectedChannel.radio, tomorrow)
    )
    expect(mediaStore.channelsRadio.map((c) => c.id)).toContain(
      Number((document.querySelector('.media-channels__item--active') as HTMLElement).dataset.channel)
    )
    mediaStore.selectDay(today)
    t.unmout()
  })

  test('R3.27 R7.25 原创音频 lists the original-audio programmes', async () => {
    const t = new TestUtils()
    await t.mount(MediaPage)
    click(t, '[data-segment="audio"]')
    await waitFor(() => document.querySelectorAll('.media-programs__item').length > 0)
    expect(document.querySelectorAll('.media-programs__item')).toHaveLength(mediaStore.programAudioOriginal.length)
    t.unmout()
  })

  test('R7.18 R7.24 视频: the paged video list renders through a virtual list, rows bounded as pages load', async () => {
    // The virtual list measures itself with a selector query inside the current page, which the router provides in
    // the app; here the document body stands in for the page element.
    document.body.id = 'jest-media-page'
    const current = Current as unknown as { page: unknown }
    const page = current.page
    current.page = { path: 'jest-media-page' }
    const t = new TestUtils()
    await t.mount(MediaPage)
    click(t, '[data-segment="video"]')
    await waitFor(() => document.querySelectorAll('.media-video').length > 0)
    const list = mediaStore.videoList
    while (list.hasMore && list.currentPage < list.totalPage) await list.load()
    expect(list.list.length).toBe(list.total)
    await new Promise((r) => setTimeout(r, 50))
    const rendered = document.querySelectorAll('.media-video').length
    expect(rendered).toBeGreaterThan(0)
    expect(rendered).toBeLessThan(list.list.length)
    expect(document.querySelector('.media-videos__more')?.textContent).toBe('没有更多了')
    t.unmout()
    current.page = page
  })
})
