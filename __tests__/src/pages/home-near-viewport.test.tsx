/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
// Home on H5 through the page, its store, the request core and the reference server, with an IntersectionObserver
// the test drives (jsdom has no layout): the first screen (slides, menu, notices, rooms on air) is drawn as the data
// arrives, the sections further down only when the viewer nears them, in place of placeholders that keep the
// page's length.
import TestUtils from '@tarojs/test-utils-react'
import HomePage from '@/pages/home/home'
import { configureRequest } from '@/core/request'
import { useReferenceServer } from '../support/reference-server'
import { waitFor } from '../support/dom'
import { hostsAt } from '../support/hosts'

const server = useReferenceServer()

/** The observers the page made, with the elements they watch; `near` tells them those elements are in range. */
const observers: Array<{ callback: IntersectionObserverCallback; targets: Element[]; margin?: string }> = []
class DrivenObserver {
  private entry: (typeof observers)[number]
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.entry = { callback, targets: [], margin: options?.rootMargin }
    observers.push(this.entry)
  }
  observe(target: Element) {
    this.entry.targets.push(target)
  }
  unobserve() {}
  disconnect() {
    this.entry.targets = []
  }
  takeRecords() {
    return []
  }
}
function near(section: Element) {
  for (const o of observers)
    if (o.targets.includes(section))
      o.callback([{ target: section, isIntersecting: true } as IntersectionObserverEntry], o as never)
}

const saved = window.IntersectionObserver
beforeAll(() => {
  configureRequest({ hosts: hostsAt(server.origin) })
  Object.assign(window, { IntersectionObserver: DrivenObserver })
})
afterAll(() => Object.assign(window, { IntersectionObserver: saved }))

test('home draws its first screen at once and the sections further down as the viewer nears them', async () => {
  const t = new TestUtils()
  try {
    await t.mount(HomePage)
    await waitFor(() => document.querySelectorAll('.home__top-rooms .card-item').length > 0)
    await waitFor(() => document.querySelectorAll('[id^="near-viewport-"]').length === 3)
    // nothing below the first screen yet: three placeholders of about their sections' height, hidden from readers
    const placeholders = Array.from(document.querySelectorAll<HTMLElement>('[id^="near-viewport-"]'))
    expect(placeholders.map((p) => p.style.minHeight)).toEqual(['35rem', '37rem', '48rem'])
    expect(placeholders.every((p) => p.getAttribute('aria-hidden') === 'true')).toBe(true)
    expect(document.querySelector('.home__streamer')).toBeNull()
    expect(document.querySelector('.home__events')).toBeNull()
    expect(document.querySelector('.home__rooms')).toBeNull()
    // half a screen ahead of what is seen
    const watching = () => observers.filter((o) => o.targets.some((el) => placeholders.includes(el as HTMLElement)))
    await waitFor(() => watching().length === 3)
    expect(watching().map((o) => o.margin)).toEqual(Array(3).fill('0px 0px 50% 0px'))

    // the viewer scrolls: each section arrives when its placeholder comes within range, the others wait
    t.act(() => near(placeholders[0]))
    await waitFor(() => document.querySelectorAll('.home__streamer').length > 0)
    expect(document.querySelector('.home__rooms')).toBeNull()
    t.act(() => near(placeholders[1]))
    t.act(() => near(placeholders[2]))
    await waitFor(() => document.querySelectorAll('.home__rooms .card-item').length > 0)
    await waitFor(() => document.querySelectorAll('.home__events .event-item').length > 0)
    expect(document.querySelectorAll('[id^="near-viewport-"]').length).toBe(0)
  } finally {
    t.unmout()
  }
})
