// The home banner on H5 (src/components/banner/index.h5.tsx): a scroll-snap track with a copy of the last slide before
// the first and of the first after the last, turning by itself. jsdom lays nothing out, so the track is given a width
// (300 px, told through a ResizeObserver as a browser tells it after layout) and a scrollTo that scrolls at once and
// reports the scroll's end, as a browser does once its smooth scroll is over; what the browser does itself (snapping, the smooth scroll) is the browser tests' (e2e/links.e2e.ts,
// e2e/a11y.e2e.ts).
import TestUtils from '@tarojs/test-utils-react'
import { Banner } from '@/components/banner'
import { Autoplay } from '@/hooks/use-autoplay'
import { jumpFrom, slideAt, trackSlots } from '@/components/banner/track'
import { $, $$, waitFor } from '../support/dom'

const WIDTH = 300
const INTERVAL = 120
const SLIDES = [
  { id: 1, title: '太湖鼋头渚 24小时慢直播', image: '/img/slide/1.svg' },
  { id: 2, title: '阳山水蜜桃 产地直播', image: '/img/slide/2.svg' },
  { id: 3, title: '无锡马拉松 全程回放', image: '/img/slide/3.svg' }
]
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const isTrack = (el: Element) => el.classList?.contains('banner__track')
let scrolls: number[] = []
let reduce = false
const resizeObservers = new Set<() => void>()

class FakeResizeObserver {
  private readonly fire: () => void
  constructor(callback: () => void) {
    this.fire = () => callback()
  }
  observe() {
    resizeObservers.add(this.fire)
  }
  disconnect() {
    resizeObservers.delete(this.fire)
  }
}

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return isTrack(this) ? WIDTH : 0
    }
  })
  Object.defineProperty(HTMLElement.prototype, 'scrollTo', {
    configurable: true,
    writable: true,
    value(this: HTMLElement, o: ScrollToOptions) {
      scrolls.push(o.left ?? 0)
      this.scrollLeft = o.left ?? 0
      this.dispatchEvent(new Event('scroll'))
      this.dispatchEvent(new Event('scrollend'))
    }
  })
  Object.defineProperty(window, 'ResizeObserver', { configurable: true, writable: true, value: FakeResizeObserver })
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined
    })
  })
})

afterAll(() => {
  delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientWidth
  delete (HTMLElement.prototype as unknown as Record<string, unknown>).scrollTo
  delete (window as unknown as Record<string, unknown>).matchMedia
  delete (window as unknown as Record<string, unknown>).ResizeObserver
})

let mounted: TestUtils | null = null

beforeEach(() => {
  scrolls = []
  reduce = false
})

afterEach(() => {
  mounted?.unmout()
  mounted = null
})

async function mountBanner(onOpen = jest.fn(), interval = INTERVAL) {
  const t = new TestUtils()
  mounted = t
  await t.mount(Banner, { props: { slides: SLIDES, label: '精选推荐', onOpen, interval, className: 'home__slides' } })
  const track = await waitFor(() => $('.banner__track'))
  // laid out: the track has its width
  t.act(() => resizeObservers.forEach((fire) => fire()))
  return { t, track, onOpen }
}

const activeDot = () => $$('.banner__dot').findIndex((d) => d.classList.contains('banner__dot--active'))

describe('banner (H5)', () => {
  test('R2.42 the slides between a copy of the last and of the first, the first in view; a11y of the carousel pattern', async () => {
    const { track } = await mountBanner(jest.fn(), 60000)
    const slides = $$('.banner__slide')
    expect(slides).toHaveLength(SLIDES.length + 2)
    // the copies at both ends: hidden from screen readers, their links out of the tab order
    expect(slides[0].classList.contains('banner__slide--copy')).toBe(true)
    expect(slides[slides.length - 1].classList.contains('banner__slide--copy')).toBe(true)
    for (const copy of [slides[0], slides[slides.length - 1]]) {
      expect(copy.getAttribute('aria-hidden')).toBe('true')
      expect(copy.querySelector('.banner__link')?.getAttribute('tabindex')).toBe('-1')
    }
    expect(slides[0].querySelector('img')?.getAttribute('src')).toBe(SLIDES[2].image)
    // the first slide in view before anything moves
    expect(track.scrollLeft).toBe(WIDTH)
    const root = $('.banner')!
    expect(root.classList.contains('home__slides')).toBe(true)
    expect(root.getAttribute('role')).toBe('region')
    expect(root.getAttribute('aria-roledescription')).toBe('轮播')
    expect(root.getAttribute('aria-label')).toBe('精选推荐')
    // a turning carousel does not announce each slide
    expect(track.getAttribute('aria-live')).toBe('off')
    const real = $$('.banner__slide:not(.banner__slide--copy)')
    expect(
      real.map((s) => [s.getAttribute('role'), s.getAttribute('aria-roledescription'), s.getAttribute('aria-label')])
    ).toEqual(SLIDES.map((_, i) => ['group', '幻灯片', `${i + 1} / ${SLIDES.length}`]))
    // each slide holds a link (named by its image's alternative text: AltImage, checked in the build by e2e/a11y.e2e.ts)
    expect(real.map((s) => s.querySelector('.banner__link')?.getAttribute('role'))).toEqual(['link', 'link', 'link'])
    expect(real.map((s) => s.querySelector('.banner__link')?.getAttribute('tabindex'))).toEqual(['0', '0', '0'])
    expect(real.map((s) => s.querySelector('img')?.getAttribute('src'))).toEqual(SLIDES.map((s) => s.image))
    // one dot a slide, the first current; the dots are decoration (the slides say 1 / 3)
    expect($$('.banner__dot')).toHaveLength(SLIDES.length)
    expect(activeDot()).toBe(0)
    expect($('.banner__dots')?.getAttribute('aria-hidden')).toBe('true')
  })

  test('R2.27 tapping a slide opens that slide, a copy the slide it copies', async () => {
    const { t, onOpen } = await mountBanner(jest.fn(), 60000)
    const links = $$('.banner__link')
    t.act(() => links[2].click())
    expect(onOpen).toHaveBeenLastCalledWith(SLIDES[1])
    t.act(() => links[links.length - 1].click())
    expect(onOpen).toHaveBeenLastCalledWith(SLIDES[0])
    t.act(() => links[0].click())
    expect(onOpen).toHaveBeenLastCalledWith(SLIDES[2])
  })

  test('it turns by itself, one slide each interval, and round from the last to the first without end', async () => {
    const { track } = await mountBanner()
    await waitFor(() => scrolls.length >= 3)
    // on to slides 2 and 3, then onto the copy of the first, from which it jumps back to the first without animation
    expect(scrolls.slice(0, 3)).toEqual([2 * WIDTH, 3 * WIDTH, 4 * WIDTH])
    await waitFor(() => track.scrollLeft === WIDTH && activeDot() === 0)
    await waitFor(() => scrolls.length >= 4)
    expect(scrolls[3]).toBe(2 * WIDTH)
    await waitFor(() => activeDot() === 1)
  })

  test('a swipe back past the first slide shows the last, and the dots follow the swipe', async () => {
    const { t, track } = await mountBanner(jest.fn(), 60000)
    t.act(() => {
      track.scrollLeft = 0
      track.dispatchEvent(new Event('scroll'))
    })
    expect(activeDot()).toBe(2)
    t.act(() => {
      track.dispatchEvent(new Event('scrollend'))
    })
    expect(track.scrollLeft).toBe(3 * WIDTH)
    expect(activeDot()).toBe(2)
  })

  test('a finger, the mouse or keyboard focus on it holds it; letting go, it turns again', async () => {
    const { t } = await mountBanner()
    const root = $('.banner')!
    const hover = (type: string, pointerType: string) => {
      const e = new Event(type)
      Object.defineProperty(e, 'pointerType', { value: pointerType })
      root.dispatchEvent(e)
    }
    for (const [hold, release] of [
      [() => root.dispatchEvent(new Event('touchstart')), () => root.dispatchEvent(new Event('touchend'))],
      [() => hover('pointerenter', 'mouse'), () => hover('pointerleave', 'mouse')],
      [
        () => $('.banner__link')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true })),
        () => $('.banner__link')!.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
      ]
    ]) {
      t.act(hold)
      const before = scrolls.length
      await sleep(INTERVAL * 3)
      expect(scrolls.length).toBe(before)
      t.act(release)
      await waitFor(() => scrolls.length > before)
    }
    // a phone's tap sends pointerenter with a touch pointer and never its leave: that holds nothing
    hover('pointerenter', 'touch')
    const before = scrolls.length
    await waitFor(() => scrolls.length > before)
  })

  test('R9.15 with prefers-reduced-motion it does not turn by itself and its slides are announced', async () => {
    reduce = true
    const { track } = await mountBanner()
    await sleep(INTERVAL * 4)
    expect(scrolls).toEqual([])
    expect(track.getAttribute('aria-live')).toBe('polite')
  })

  test('one slide: no copies, no dots, nothing turns', async () => {
    const t = new TestUtils()
    mounted = t
    await t.mount(Banner, {
      props: { slides: SLIDES.slice(0, 1), label: '精选推荐', onOpen: jest.fn(), interval: INTERVAL }
    })
    await waitFor(() => $('.banner__track'))
    expect($$('.banner__slide')).toHaveLength(1)
    expect($$('.banner__dot')).toHaveLength(0)
    await sleep(INTERVAL * 3)
    expect(scrolls).toEqual([])
  })
})

describe('banner track and rotation clock', () => {
  test('the slots, the jumps off the copies and the slide at a position, with and without the leading copy', () => {
    expect(trackSlots(['a', 'b', 'c'], true).map((s) => `${s.slide}${s.copy ? '*' : ''}`)).toEqual([
      'c*',
      'a',
      'b',
      'c',
      'a*'
    ])
    expect(trackSlots(['a', 'b', 'c'], false).map((s) => `${s.slide}${s.copy ? '*' : ''}`)).toEqual([
      'a',
      'b',
      'c',
      'a*'
    ])
    expect(trackSlots(['a'], true)).toHaveLength(1)
    expect([0, 1, 2, 3, 4].map((p) => jumpFrom(p, 3, true))).toEqual([3, null, null, null, 1])
    expect([0, 1, 2, 3].map((p) => jumpFrom(p, 3, false))).toEqual([null, null, null, 0])
    expect([0, 1, 2, 3, 4, 1.4, 1.6].map((p) => slideAt(p, 3, true))).toEqual([2, 0, 1, 2, 0, 0, 1])
    expect([0, 1, 2, 3].map((p) => slideAt(p, 3, false))).toEqual([0, 1, 2, 0])
  })

  test('the clock steps while nothing holds it, and counts again from a restart', () => {
    jest.useFakeTimers()
    try {
      const step = jest.fn()
      const clock = new Autoplay(1000, step)
      jest.advanceTimersByTime(5000)
      expect(step).not.toHaveBeenCalled() // not mounted yet
      clock.set('unmounted', false)
      jest.advanceTimersByTime(1000)
      expect(step).toHaveBeenCalledTimes(1)
      clock.set('hidden', true)
      jest.advanceTimersByTime(5000)
      expect(step).toHaveBeenCalledTimes(1)
      clock.set('touch', true)
      clock.set('hidden', false)
      jest.advanceTimersByTime(5000)
      expect(step).toHaveBeenCalledTimes(1)
      clock.set('touch', false)
      jest.advanceTimersByTime(600)
      clock.restart()
      jest.advanceTimersByTime(600)
      expect(step).toHaveBeenCalledTimes(1)
      jest.advanceTimersByTime(400)
      expect(step).toHaveBeenCalledTimes(2)
    } finally {
      jest.useRealTimers()
    }
  })
})
