/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
import TestUtils from '@tarojs/test-utils-react'
import HomePage from '@/pages/home/home'
import SearchPage from '@/packageB/pages/search/search'
import { homeStore } from '@/stores/home'
import { searchStore } from '@/packageB/pages/search/store'
import { countRequests, useReferenceServer } from '../support/reference-server'
import { waitFor } from '../support/dom'

const server = useReferenceServer()

describe('home page', () => {
  test('R2.42 R4.11 R9.20 shows the server rooms with status badges and counts in 万', async () => {
    const t = new TestUtils()
    await t.mount(HomePage)
    await waitFor(() => document.querySelectorAll('.home__rooms .card-item').length >= 10)
    const badges = Array.from(document.querySelectorAll('.home__rooms .card-item__badge')).map((b) => b.textContent)
    expect(badges.every((b) => ['直播中', '预告', '已结束'].includes(b || ''))).toBe(true)
    expect(badges).toContain('直播中')
    expect(document.body.textContent).toMatch(/[\d.]+万人气/)
    expect(homeStore.slides.length).toBeGreaterThan(0)
    t.unmout()
  })

  test('R3.26 R4.11 the 正在直播 strip shows the index liveRooms that are on air', async () => {
    const r = await fetch(`${server.origin}/api/v1/userapp/index`, { method: 'POST' })
    const index = ((await r.json()) as { data: { liveRooms: { id: number; onair: number }[] } }).data
    const onAir = index.liveRooms.filter((room) => room.onair === 1)
    expect(onAir.length).toBeGreaterThan(0)
    const t = new TestUtils()
    await t.mount(HomePage)
    const strip = await waitFor(
      () =>
        document.querySelectorAll('.home__top-rooms .card-item').length > 0 &&
        document.querySelector('.home__top-rooms')
    )
    expect(strip.parentElement?.textContent).toContain('正在直播')
    const cards = Array.from(strip.querySelectorAll('.card-item'))
    expect(cards.map((c) => Number(c.getAttribute('data-room')))).toEqual(onAir.map((room) => room.id))
    expect(cards.every((c) => c.querySelector('.card-item__badge')?.textContent === '直播中')).toBe(true)
    t.unmout()
  })
})

describe('search page', () => {
  test('R9.16 R5.5 suggestions follow the typing at most every 300 ms (throttle default): the first keystroke asks at once, the last keyword is asked last', async () => {
    const calls = countRequests(/\/userapp\/search\/living/)
    const asked = () => calls.bodies.map((b) => String(JSON.parse(b || '{}').keywords))
    const t = new TestUtils()
    try {
      await t.mount(SearchPage)
      await waitFor(() => document.querySelector('.search__input input'))
      const input = document.querySelector('.search__input input') as HTMLInputElement
      const typeText = (value: string) =>
        t.act(() => {
          input.value = value
          input.dispatchEvent(new Event('input', { bubbles: true }))
        })
      // Four keystrokes inside 300 ms: the first asks at once (leading edge), the last once the 300 ms are over
      // (trailing edge); nothing in between, and no keystroke is lost at the end. The throttle reads the time from
      // Date.now: held at one instant while typing, so a busy machine's slow renders cannot spread the keystrokes.
      const at = Date.now()
      const clock = jest.spyOn(Date, 'now').mockReturnValue(at)
      try {
        typeText('太')
        typeText('太 ')
        typeText('太湖 ')
        typeText('太湖')
      } finally {
        clock.mockRestore()
      }
      await waitFor(() => asked().length === 2)
      expect(asked()).toEqual(['太', '太湖'])
      await waitFor(() => document.querySelectorAll('.search__suggestion').length > 0)
      await new Promise((r) => setTimeout(r, 400))
      expect(asked()).toHaveLength(2)
    } finally {
      t.unmout()
      calls.restore()
    }
  })

  test('R2.18 R4.43 R2.48 searching opens on 综合 with a count on every tab and keeps the keyword in history', async () => {
    localStorage.clear()
    const t = new TestUtils()
    await t.mount(SearchPage)
    await waitFor(() => document.querySelectorAll('.search__chip--hot').length > 0)
    const hot = document.querySelector('.search__chip--hot') as HTMLElement
    const word = hot.textContent || ''
    t.act(() => hot.click())
    await waitFor(() => document.querySelector('.search__tabs'))
    expect(searchStore.history[0]).toBe(word)
    // every kind answered: each tab shows its count after its label, 综合 first and open
    await waitFor(() => searchStore.count('all') !== null)
    await waitFor(() =>
      /视频 \d+$/.test(document.querySelector('.search__tab[data-kind="playback"]')?.textContent ?? '')
    )
    const tabs = Array.from(document.querySelectorAll('.search__tab')).map((e) =>
      e.textContent?.replace(/ \d+\+?$/, '')
    )
    expect(tabs).toEqual(['综合', '主播', '直播', '活动', '视频'])
    const counted = Array.from(document.querySelectorAll('.search__tab')).map((e) => e.textContent)
    for (const label of counted) expect(label).toMatch(/ \d+\+?$/)
    expect(document.querySelector('.search__tab--active')?.getAttribute('data-kind')).toBe('all')
    t.act(() => (document.querySelector('.search__tab[data-kind="live"]') as HTMLElement).click())
    await waitFor(() => searchStore.results.live.currentPage > 0 && !searchStore.results.live.loading)
    expect(document.querySelector('.search__tab--active')?.textContent).toBe(`直播 ${searchStore.results.live.total}`)
    t.unmout()
  })
})
