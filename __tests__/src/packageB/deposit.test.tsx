/**
 * @jest-environment ./__tests__/src/support/node-fetch-environment.js
 * @jest-environment-options {"url": "http://127.0.0.1/m2/packageB/pages/deposit/deposit"}
 */
/*
 * The 充值 page (spec R1.4, R9.1, R3.43, R7.67, R7.84) over Taro's H5 components against the
 * reference server: balance, packages in 慧币, the browser's methods, the pay button; loading, empty and error states.
 */
import TestUtils from '@tarojs/test-utils-react'
import DepositPage from '@/packageB/pages/deposit/deposit'
import { configureRequest } from '@/core/request'
import { setToken } from '@/core/token'
import { setItem } from '@/platform/storage'
import { depositStore } from '@/packageB/pages/deposit/store'
import { sessionStore } from '@/stores/session'
import { loginStore } from '@/stores/login'
import { countRequests, requestUrl, useReferenceServer } from '../support/reference-server'
import { waitFor, $, $$ } from '../support/dom'
import { stubOverlays, tapIn } from '../support/overlays'
import { hostsAt } from '../support/hosts'

const server = useReferenceServer()

beforeAll(async () => {
  setItem('fingerprint', 'fp-deposit-page')
  sessionStore.configure({
    wait: () => Promise.resolve(),
    currentUrl: () => '/packageB/pages/deposit/deposit',
    platform: () => 'WEB',
    isIOS: () => false
  })
})

let t: TestUtils
let visited: string[]
beforeEach(() => {
  stubOverlays()
  visited = []
  depositStore.prices = []
  depositStore.selectedId = null
  t = new TestUtils()
})
afterEach(() => {
  t.unmout()
  jest.restoreAllMocks()
})

const tap = (el: HTMLElement | null) => tapIn(t, el)

test('R1.4 R9.1 R7.67 R3.43 a logged-in viewer sees the balance, packages in 慧币 and the browser’s methods', async () => {
  expect(await loginStore.loginWithPassword('13800000001', 'demo1234')).toEqual({ ok: true })
  await t.mount(DepositPage)
  await waitFor(() => $$('.deposit__price').length > 0)
  expect($('.deposit__label')?.textContent).toBe('我的慧币')
  await waitFor(() => $('.deposit__balance')?.textContent === '500')
  expect($$('.deposit__gold')[0]?.textContent).toMatch(/^\d+ 慧币$/)
  expect($$('.deposit__yuan')[0]?.textContent).toMatch(/^¥\d+/)
  expect($$('.deposit__method').map((e) => e.dataset.method)).toEqual(['weixin_h5', 'alipay_web'])
  expect($('.deposit__price--on .deposit__hot')?.textContent).toBe('热门')
})

test('R7.84 R3.48 choosing a package and Alipay, then paying (a double tap: once), orders {m, gold} and leaves for the payment page', async () => {
  await loginStore.loginWithPassword('13800000001', 'demo1234')
  const calls = countRequests(/pay_gold$/)
  depositStore.configure({
    launch: async (o) => {
      visited.push(o.payment.url || o.payment.mweb_url || '')
      return { status: 'redirected' }
    }
  })
  try {
    await t.mount(DepositPage)
    await waitFor(() => $$('.deposit__price').length > 0)
    tap($$('.deposit__price').find((e) => e.textContent?.startsWith('680'))!)
    tap($('[data-method="alipay_web"]'))
    expect($('.deposit__pay')?.textContent).toBe('立即支付 ¥68')
    tap($('.deposit__pay'))
    tap($('.deposit__pay')) // a double tap: the second while the first checks the login places no second order
    await waitFor(() => visited.length >= 1)
    await waitFor(() => !depositStore.paying)
    expect(calls.count).toBe(1)
    expect(visited).toHaveLength(1)
    expect(JSON.parse(calls.bodies[0])).toMatchObject({ m: 'alipay_web', gold: 680 })
    expect(visited[0]).toContain('/sandbox/pay')
  } finally {
    calls.restore()
    depositStore.configure({ launch: (await import('@/stores/deposit-platform')).launchPayment })
  }
})

test('R6.1 a visitor sees the packages and no balance', async () => {
  setToken('')
  await t.mount(DepositPage)
  await waitFor(() => $$('.deposit__price').length > 0)
  expect($('.deposit__balance')?.textContent).toBe('--')
  expect($('.deposit__login')?.textContent).toContain('登录')
})

test('R8.21 loading, then an error with a retry when the server cannot be reached', async () => {
  configureRequest({
    hosts: {
      api: 'http://127.0.0.1:9',
      live: 'http://127.0.0.1:9',
      stats: 'http://127.0.0.1:9',
      mobile: 'http://127.0.0.1:9'
    }
  })
  try {
    await t.mount(DepositPage)
    await waitFor(() => $('.page-state--error'))
    expect($('.page-state__retry')).not.toBeNull()
  } finally {
    configureRequest({
      hosts: hostsAt(server.origin)
    })
  }
  tap($('.page-state__retry'))
  await waitFor(() => $$('.deposit__price').length > 0)
})

test('R8.21 an empty package list shows the empty state', async () => {
  const original = globalThis.fetch
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = requestUrl(input)
    if (/pay_gold_list/.test(url))
      return Promise.resolve(new Response(JSON.stringify({ code: 1, msg: '', data: [] }), { status: 200 }))
    return original(input, init)
  }
  try {
    await t.mount(DepositPage)
    await waitFor(() => $('.page-state--empty'))
    expect($('.page-state--empty')?.textContent).toBe('暂无充值套餐')
  } finally {
    globalThis.fetch = original
  }
})
