// Home's notices (src/components/ticker): one line whose items move up in turn, a copy of the first after the last.
// The movement itself (the CSS transition, where each item lands) is the browser tests' (e2e/banner.e2e.ts).
import TestUtils from '@tarojs/test-utils-react'
import { TICKER_MOVE_MS, Ticker } from '@/components/ticker'
import { $, $$, waitFor } from '../support/dom'

const INTERVAL = TICKER_MOVE_MS * 2
const NOTICES = [
  { id: 1, title: '鼋头渚樱花进入盛花期，慢直播全天在线' },
  { id: 2, title: '充值慧币享首充加赠活动（沙箱演示）' },
  { id: 3, title: '文明发言，共建清朗直播间' }
]

let t: TestUtils
afterEach(() => t.unmout())

const offset = () => /translateY\((-?\d+)%\)/.exec($('.ticker__list')?.style.transform ?? '')?.[1]

test('R2.42 the notices with a copy of the first, hidden; a tap opens the notice', async () => {
  const onOpen = jest.fn()
  t = new TestUtils()
  await t.mount(Ticker, { props: { items: NOTICES, onOpen, interval: 60000, textClassName: 'home__notice-text' } })
  const items = await waitFor(() => ($$('.ticker__item').length ? $$('.ticker__item') : null))
  expect(items.map((i) => i.textContent)).toEqual([...NOTICES, NOTICES[0]].map((n) => n.title))
  expect(items.map((i) => i.getAttribute('role'))).toEqual(['link', 'link', 'link', 'link'])
  expect(items.map((i) => i.getAttribute('aria-hidden'))).toEqual([null, null, null, 'true'])
  expect(items.map((i) => i.getAttribute('tabindex'))).toEqual(['0', '0', '0', '-1'])
  expect($$('.home__notice-text')).toHaveLength(4)
  t.act(() => items[1].click())
  expect(onOpen).toHaveBeenLastCalledWith(NOTICES[1])
  expect(offset()).toBe('0')
})

test('the notices move up one each interval, and from the copy back to the first without animation', async () => {
  t = new TestUtils()
  await t.mount(Ticker, { props: { items: NOTICES, onOpen: jest.fn(), interval: INTERVAL } })
  await waitFor(() => offset() === '-100')
  expect($('.ticker__list')?.style.transition).toContain(`${TICKER_MOVE_MS}ms`)
  await waitFor(() => offset() === '-200')
  await waitFor(() => offset() === '-300')
  await waitFor(() => offset() === '0')
  expect($('.ticker__list')?.style.transition).toBe('none')
  await waitFor(() => offset() === '-100')
})

test('keyboard focus on a notice shows it and holds the turning', async () => {
  t = new TestUtils()
  await t.mount(Ticker, { props: { items: NOTICES, onOpen: jest.fn(), interval: INTERVAL } })
  const items = await waitFor(() => ($$('.ticker__item').length ? $$('.ticker__item') : null))
  t.act(() => {
    items[2].dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
  })
  expect(offset()).toBe('-200')
  await new Promise((r) => setTimeout(r, INTERVAL * 3))
  expect(offset()).toBe('-200')
})
