/*
 * The home banner on the mini-program target (src/components/banner/index.tsx: a <scroll-view> with paging-enabled
 * whose scroll-left the rotation moves), rendered over Taro's H5 components under jsdom. The scroll-view scrolls
 * (Taro's H5 one animates scroll-left itself); its scroll events, which jsdom never fires, are sent here as the
 * mini-program's would come. Paging, WeChat's animation and the built templates are weapp-sim's
 * (journeys.weapp-run.test.ts, a11y.weapp-run.test.ts).
 */
import TestUtils from '@tarojs/test-utils-react'
import { BANNER_INSET, Banner } from '@/components/banner'
import { systemInfo } from '@/platform/system'
import { DESIGN_WIDTH } from '@/theme'
import { $, $$, waitFor } from '../support/dom'

const INTERVAL = 900
const SLIDES = [
  { id: 1, title: '太湖鼋头渚 24小时慢直播', image: '/img/slide/1.svg' },
  { id: 2, title: '阳山水蜜桃 产地直播', image: '/img/slide/2.svg' },
  { id: 3, title: '无锡马拉松 全程回放', image: '/img/slide/3.svg' }
]
// one slide's width before the scroll-view has told it: the window less the banner's margins
const WIDTH = (systemInfo().windowWidth * (DESIGN_WIDTH - 2 * BANNER_INSET)) / DESIGN_WIDTH
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

let t: TestUtils
afterEach(() => t.unmout())

const activeDot = () => $$('.banner__dot').findIndex((d) => d.classList.contains('banner__dot--active'))

/** Waits until the scroll-view has scrolled to `slot` and sends its scroll event, as the mini-program's would come. */
async function scrolledTo(track: HTMLElement, slot: number) {
  await waitFor(() => Math.abs(track.scrollLeft - Math.round(slot * WIDTH)) < 1)
  t.act(() => {
    track.dispatchEvent(new Event('scroll'))
  })
}

test('R2.42 R2.27 the slides and a copy of the first after the last; one dot a slide; a tap opens the slide', async () => {
  const onOpen = jest.fn()
  t = new TestUtils()
  await t.mount(Banner, { props: { slides: SLIDES, label: '精选推荐', onOpen, interval: 60000 } })
  const slides = await waitFor(() => ($$('.banner__slide').length ? $$('.banner__slide') : null))
  expect(slides.map((s) => s.classList.contains('banner__slide--copy'))).toEqual([false, false, false, true])
  expect($$('.banner__dot')).toHaveLength(3)
  expect(activeDot()).toBe(0)
  t.act(() => slides[1].click())
  expect(onOpen).toHaveBeenLastCalledWith(SLIDES[1])
  t.act(() => slides[3].click())
  expect(onOpen).toHaveBeenLastCalledWith(SLIDES[0])
})

test('it turns one slide each interval by scroll-left, and from the copy at the end jumps back to the first', async () => {
  t = new TestUtils()
  await t.mount(Banner, { props: { slides: SLIDES, label: '精选推荐', onOpen: jest.fn(), interval: INTERVAL } })
  const track = await waitFor(() => $('.banner__track'))
  expect(track.scrollLeft).toBe(0)
  await scrolledTo(track, 1)
  expect(activeDot()).toBe(1)
  await scrolledTo(track, 2)
  expect(activeDot()).toBe(2)
  // onto the copy of the first: the first slide's dot, then the jump back once the scroll has ended
  await scrolledTo(track, 3)
  expect(activeDot()).toBe(0)
  await scrolledTo(track, 0)
  expect(activeDot()).toBe(0)
  await scrolledTo(track, 1)
  expect(activeDot()).toBe(1)
})

test('a finger on it holds it; letting go, it turns again', async () => {
  t = new TestUtils()
  await t.mount(Banner, { props: { slides: SLIDES, label: '精选推荐', onOpen: jest.fn(), interval: INTERVAL } })
  const track = await waitFor(() => $('.banner__track'))
  const root = $('.banner')!
  t.act(() => {
    root.dispatchEvent(new Event('touchstart', { bubbles: true }))
  })
  await sleep(INTERVAL * 2)
  expect(track.scrollLeft).toBe(0)
  t.act(() => {
    root.dispatchEvent(new Event('touchend', { bubbles: true }))
  })
  await scrolledTo(track, 1)
  expect(activeDot()).toBe(1)
})
