/**
 * @jest-environment ./__tests__/src/support/node-fetch-environment.js
 * @jest-environment-options {"url": "http://127.0.0.1/m2/packageB/pages/consume/consume"}
 */
/*
 * 消费记录 (R2.46, R1.4, R1.6) over Taro's H5 components against the reference server: a visitor is asked to log in
 * (no error state, no call); a viewer sees the unlock and the gift, each with its time and amount.
 */
import TestUtils from '@tarojs/test-utils-react'
import ConsumePage from '@/packageB/pages/consume/consume'
import { setItem } from '@/platform/storage'
import { clearCookies } from '@/core/cookies'
import { clearToken } from '@/core/token'
import { sessionStore } from '@/stores/session'
import { loginStore } from '@/stores/login'
import { countRequests, useReferenceServer } from '../support/reference-server'
import { waitFor, $, $$ } from '../support/dom'
import { stubOverlays } from '../support/overlays'

const server = useReferenceServer()

beforeAll(() => {
  setItem('fingerprint', 'fp-consume-page')
  sessionStore.configure({
    wait: () => Promise.resolve(),
    currentUrl: () => '/packageB/pages/consume/consume',
    platform: () => 'WEB',
    isIOS: () => false
  })
})

let t: TestUtils
beforeEach(() => {
  stubOverlays()
  t = new TestUtils()
})
afterEach(() => {
  t.unmout()
  jest.restoreAllMocks()
})

test('R2.46 a visitor is asked to log in: 登录后查看消费记录 and 去登录, no error state, no call', async () => {
  // a visitor whichever test ran before (the viewer's test logs in)
  clearToken()
  clearCookies()
  const calls = countRequests(/consume\/log/)
  try {
    await t.mount(ConsumePage)
    await waitFor(() => $('.consume__login'))
    expect($('.page-state--empty')?.textContent?.trim()).toBe('登录后查看消费记录')
    expect($('.consume__login')?.textContent).toBe('去登录')
    expect($('.page-state--error')).toBeNull()
    expect(calls.count).toBe(0)
  } finally {
    calls.restore()
  }
})

test('R2.46 R1.6 R1.4 a viewer sees the unlock and the gift with time and amount, latest first', async () => {
  expect(await loginStore.loginWithPassword('13800000001', 'demo1234')).toEqual({ ok: true })
  const post = (path: string, body: object) =>
    fetch(`${server.origin}/api/v1/userapp/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Authorization: `Bearer ${sessionStore.token}` },
      body: JSON.stringify(body)
    }).then((r) => r.json() as Promise<{ code: number }>)
  expect((await post('premium_pay', { id: 308 })).code).toBe(1)
  expect((await post('send_gifts', { roomid: 307, giftid: 3, combo: 2 })).code).toBe(1)
  await t.mount(ConsumePage)
  await waitFor(() => $$('.consume__row').length === 2)
  // the page's bar, as 充值记录's and 送礼记录's: its heading and the way back (R2.40)
  expect($('.top-bar .top-bar__action')).not.toBeNull()
  expect($('.top-bar__title')?.getAttribute('role')).toBe('heading')
  const rows = $$('.consume__row').map((r) => ({
    title: r.querySelector('.consume__title')?.textContent,
    sub: r.querySelector('.consume__sub')?.textContent,
    gold: r.querySelector('.consume__gold')?.textContent
  }))
  expect(rows.map((r) => [r.title, r.gold]).sort()).toEqual([
    ['解锁付费直播', '−50 慧币'],
    ['送出 小笼包 ×2', '−20 慧币']
  ])
  for (const r of rows) expect(r.sub).toMatch(/^.+ · \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
})
