/**
 * @jest-environment ./__tests__/src/support/node-fetch-environment.js
 * @jest-environment-options {"url": "http://127.0.0.1/m2/packageB/pages/mall/payment"}
 */
/*
 * 订单支付 (spec R2.21, R3.41, R3.49, R3.50, R3.51, R7.86, R6.5) over Taro's H5 components against the
 * reference server: a goods card's link makes the viewer's order and moves to ?id=; the order shows goods, price,
 * quantity and total; paying sends id, fromtype, _sj_userid, _sj_token and the open id and leaves for the sandbox
 * payment page (the browser's navigation is recorded: jsdom has none); a repeated tap pays once; paid, cancelled and
 * failed each have their screen. No router runs under jest: the page's route is set as the router would.
 */
import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import { Current } from '@tarojs/runtime'
import { login as userLogin } from '@/api/user'
import { configureRequest } from '@/core/request'
import { COOKIES_KEY } from '@/core/cookies'
import { getToken, setToken } from '@/core/token'
import { env } from '@/env'
import MallPaymentPage from '@/packageB/pages/mall/payment'
import { getItem, removeItem, setItem } from '@/platform/storage'
import { launchPayment } from '@/stores/deposit-platform.h5'
import { MALL_LAUNCHED_KEY, mallStore } from '@/packageB/pages/mall/store'
import { sessionStore } from '@/stores/session'
import { serviceConfig } from '@/stores/service-config'
import { loginStore } from '@/stores/login'
import { countRequests, useReferenceServer } from '../support/reference-server'
import { $, waitFor } from '../support/dom'
import { hostsAt } from '../support/hosts'

const server = useReferenceServer()
let visited: string[]

beforeAll(async () => {
  setItem('fingerprint', 'fp-mall-page')
  sessionStore.configure({
    wait: () => Promise.resolve(),
    currentUrl: () => '/packageB/pages/mall/payment',
    platform: () => 'WEB',
    isIOS: () => false
  })
})

let t: TestUtils
let redirects: string[]
beforeEach(async () => {
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true } as never)
  jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
  jest.spyOn(Taro, 'showLoading').mockResolvedValue({ errMsg: 'showLoading:ok' })
  jest.spyOn(Taro, 'hideLoading').mockImplementation(() => undefined)
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([] as never)
  redirects = []
  // no router under jest: the redirect is recorded (the browser test follows it for real)
  jest.spyOn(Taro, 'redirectTo').mockImplementation(async (o: { url: string }) => {
    redirects.push(o.url)
    return { errMsg: 'redirectTo:ok' }
  })
  visited = []
  // the H5 payment launch, with the browser's navigation recorded instead of performed
  mallStore.configure({ launch: (o) => launchPayment(o, (url) => visited.push(url)) })
  removeItem(COOKIES_KEY)
  removeItem(MALL_LAUNCHED_KEY)
  t = new TestUtils()
})
afterEach(() => {
  t.unmout()
  jest.restoreAllMocks()
})

function routeTo(params: Record<string, string>) {
  ;(Current as unknown as { router: unknown }).router = { params, path: '/packageB/pages/mall/payment' }
}

function tap(el: HTMLElement | null) {
  if (!el) throw new Error('nothing to tap')
  t.act(() => el.click())
}

async function login() {
  expect(await loginStore.loginWithPassword('13800000001', 'demo1234')).toEqual({ ok: true })
}

/** An order of the demo viewer for a goods item, through the page (the goods link), answering its id. */
async function orderThroughGoodsLink(goodsId: string, quantity?: string): Promise<string> {
  routeTo(quantity ? { goods_id: goodsId, quantity } : { goods_id: goodsId })
  await t.mount(MallPaymentPage)
  await waitFor(() => redirects.length === 1)
  const id = new URL(redirects[0], 'http://x').searchParams.get('id') as string
  t.unmout()
  t = new TestUtils()
  return id
}

async function openOrder(id: string) {
  routeTo({ id })
  await t.mount(MallPaymentPage)
  await waitFor(() => $('.mall-order'))
}

/** The sandbox provider takes the money: the payment page's confirmation, as the owner's browser would send it. */
async function confirmPayment(url: string) {
  const orderId = new URL(url).searchParams.get('order_id')
  const r = await fetch(`${server.origin}/sandbox/pay/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${getToken()}` },
    body: JSON.stringify({ order_id: orderId })
  })
  return (await r.json()) as { code: number; data: { credited: number } }
}

test('R2.21 R3.41 a goods card’s link makes the viewer’s order and moves to ?id=; goods, price, quantity and total show', async () => {
  await login()
  const goods = (
    await (
      await fetch(`${server.origin}/api/v1/userapp/living/goods`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"roomid":306}'
      })
    ).json()
  ).data
  const g = goods.find((x: { id: number }) => x.id === 6002)
  const link = new URL(g.url)
  expect(link.pathname).toBe('/m2/pages/mall/payment') // R2.21's route; config/routes.ts maps it to the page
  const id = await orderThroughGoodsLink(link.searchParams.get('goods_id') as string, '2')
  expect(redirects[0]).toBe(`/packageB/pages/mall/payment?id=${id}`)
  await openOrder(id)
  expect($('.mall-order__title')?.textContent).toBe(g.title)
  expect($('.mall-order__price')?.textContent).toBe(`¥${g.price.toFixed(2)}`)
  expect($('.mall-order__quantity')?.textContent).toBe('×2')
  expect($('.mall-order__amount')?.textContent).toBe(`¥${(g.price * 2).toFixed(2)}`)
  expect($('.mall-pay')?.textContent).toBe(`立即支付 ¥${(g.price * 2).toFixed(2)}`)
})

test('R7.86 R3.50 R3.51 R3.49 paying sends id, fromtype h5, _sj_userid, _sj_token and the configured open id; a repeated tap pays once; back from the payment page it is paid', async () => {
  await login()
  const id = await orderThroughGoodsLink('6001')
  await openOrder(id)
  const configured = env.TARO_APP_MALL_OPENID
  env.TARO_APP_MALL_OPENID = 'o_configured_mall'
  const calls = countRequests(/mall\/order\/pay$/)
  try {
    tap($('.mall-pay'))
    tap($('.mall-pay'))
    tap($('.mall-pay'))
    await waitFor(() => visited.length === 1)
    await new Promise((r) => setTimeout(r, 300))
    expect(calls.count).toBe(1)
    expect(visited).toHaveLength(1)
    expect(JSON.parse(calls.bodies[0])).toMatchObject({
      id,
      fromtype: 'h5',
      _sj_userid: '10001',
      _sj_token: getToken(),
      openid: 'o_configured_mall'
    })
  } finally {
    calls.restore()
    env.TARO_APP_MALL_OPENID = configured
  }
  expect($('.mall-pay')?.textContent).toBe('支付中…')
  const page = new URL(visited[0])
  expect(page.pathname).toBe('/sandbox/pay')
  expect(page.searchParams.get('redirect_url')).toBe(`${window.location.pathname}${window.location.search}`)
  // the page shows the order to its owner (the browser sends the login cookies; here the token)
  expect(
    await fetch(visited[0], { headers: { authorization: `Bearer ${getToken()}` } }).then((r) => r.text())
  ).toContain(`商城订单 ${id}`)
  expect((await confirmPayment(visited[0])).data.credited).toBe(1)
  // the payment page sends the browser back: the page loads the order again
  t.unmout()
  t = new TestUtils()
  await openOrder(id)
  await waitFor(() => $('.mall-result--paid'))
  expect($('.mall-result__title')?.textContent).toBe('支付成功')
  expect($('.mall-pay')).toBeNull()
  // the server refuses a second payment of the order
  const again = await fetch(`${server.origin}/api/v1/userapp/mall/order/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${getToken()}` },
    body: JSON.stringify({ id, fromtype: 'h5' })
  }).then((r) => r.json())
  expect(again.code).toBe(0)
})

test('R3.50 the viewer’s own open id (the openid cookie, R4.10) goes before the configured one', async () => {
  await login()
  const id = await orderThroughGoodsLink('6003')
  await openOrder(id)
  setItem(COOKIES_KEY, { openid: 'o_viewer_own' })
  const calls = countRequests(/mall\/order\/pay$/)
  try {
    tap($('.mall-pay'))
    await waitFor(() => calls.count === 1 && visited.length === 1)
    expect(JSON.parse(calls.bodies[0]).openid).toBe('o_viewer_own')
  } finally {
    calls.restore()
  }
})

test('R7.86 back from the payment page without paying is the cancelled screen; 重新支付 pays the same order', async () => {
  await login()
  const id = await orderThroughGoodsLink('6004')
  await openOrder(id)
  tap($('.mall-pay'))
  await waitFor(() => visited.length === 1)
  expect(getItem(MALL_LAUNCHED_KEY)).toBe(id)
  t.unmout()
  t = new TestUtils()
  await openOrder(id)
  await waitFor(() => $('.mall-result--cancelled'))
  expect($('.mall-result__title')?.textContent).toBe('已取消支付')
  tap($('.mall-result__retry'))
  await waitFor(() => visited.length === 2)
  expect(new URL(visited[1]).searchParams.get('order_id')).toBe(new URL(visited[0]).searchParams.get('order_id'))
})

test('R7.86 R8.5 a pay call that fails in transit is the failed screen with 网络异常,请检查网络后重试; 重新支付 tries again', async () => {
  await login()
  const id = await orderThroughGoodsLink('6005')
  await openOrder(id)
  configureRequest({
    hosts: {
      api: 'http://127.0.0.1:9',
      live: 'http://127.0.0.1:9',
      stats: 'http://127.0.0.1:9',
      mobile: 'http://127.0.0.1:9'
    }
  })
  try {
    tap($('.mall-pay'))
    await waitFor(() => $('.mall-result--failed'))
    expect($('.mall-result__title')?.textContent).toBe('支付失败')
    // the -100 envelope's msg is the transport's own text (request:fail …); the viewer reads the catalogue's
    expect($('.mall-result__desc')?.textContent).toBe('网络异常,请检查网络后重试')
    expect(visited).toHaveLength(0)
  } finally {
    configureRequest({
      hosts: hostsAt(server.origin)
    })
  }
  tap($('.mall-result__retry'))
  await waitFor(() => visited.length === 1)
})

test('R2.21 another viewer’s order, or an unknown one, is 订单不存在; a visitor is asked to log in', async () => {
  await login()
  const id = await orderThroughGoodsLink('6006')
  // the user without a mobile (the sandbox's mini-program code) is someone else
  expect(await loginStore.login(() => userLogin({ code: 'dev', encryptedData: 'x', iv: 'y' }))).toEqual({ ok: true })
  expect(sessionStore.user.id).not.toBe(10001)
  routeTo({ id })
  await t.mount(MallPaymentPage)
  await waitFor(() => $('.page-state--error'))
  expect($('.page-state__text')?.textContent).toBe('订单不存在')
  t.unmout()
  setToken('')
  t = new TestUtils()
  routeTo({ id })
  await t.mount(MallPaymentPage)
  await waitFor(() => $('.mall__login'))
  expect($('.page-state__text')?.textContent).toBe('登录后查看订单')
})

test('R6.5 under iOS review the money screen shows the restriction instead of the pay button (mini-program, WXBB)', async () => {
  await login()
  const id = await orderThroughGoodsLink('6007')
  await fetch(`${server.origin}/dev/config?iOSDisabled=1`)
  sessionStore.configure({ platform: () => 'WXBB', isIOS: () => true })
  try {
    await serviceConfig.loadConfig()
    routeTo({ id })
    await t.mount(MallPaymentPage)
    await waitFor(() => $('.page-state--error'))
    expect($('.page-state__text')?.textContent).toBe(serviceConfig.iosRestrictedMessage)
    expect($('.mall-pay')).toBeNull()
  } finally {
    sessionStore.configure({ platform: () => 'WEB', isIOS: () => false })
    await fetch(`${server.origin}/dev/config?iOSDisabled=0`)
    await serviceConfig.loadConfig()
  }
})
