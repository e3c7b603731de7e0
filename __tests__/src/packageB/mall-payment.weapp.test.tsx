/*
 * 订单支付 on the mini-program target (weapp jest project: the mall store's `./deposit-platform` is the mini-program
 * variant): the pay call carries fromtype xcx (R3.49: weixin_mini → xcx) and the order is paid with wx.requestPayment
 * and the answer's fields (R7.86, R3.50, R3.51). The wx stand-in plays the payment sheet: paid (the sandbox provider
 * confirms the order), closed (cancel) or failing — each its own screen.
 */
import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import { Current } from '@tarojs/runtime'
import { createMallOrder } from '@/api/pay'
import { getToken } from '@/core/token'
import MallPaymentPage from '@/packageB/pages/mall/payment'
import { setItem } from '@/platform/storage'
import { sessionStore } from '@/stores/session'
import { loginStore } from '@/stores/login'
import { countRequests, useReferenceServer } from '../support/reference-server'
import { $, waitFor } from '../support/dom'
import { wx } from '../../setup/wx'

const server = useReferenceServer()
beforeAll(async () => {
  setItem('fingerprint', 'fp-mall-weapp')
  sessionStore.configure({
    wait: () => Promise.resolve(),
    currentUrl: () => '/packageB/pages/mall/payment',
    isIOS: () => false
  })
  expect(await loginStore.loginWithPassword('13800000001', 'demo1234')).toEqual({ ok: true })
})

let t: TestUtils
beforeEach(() => {
  jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true } as never)
  jest.spyOn(Taro, 'showLoading').mockResolvedValue({ errMsg: 'showLoading:ok' })
  jest.spyOn(Taro, 'hideLoading').mockImplementation(() => undefined)
  t = new TestUtils()
})
afterEach(() => {
  t.unmout()
  jest.restoreAllMocks()
})

async function openNewOrder(goodsId: number): Promise<string> {
  const id = String((await createMallOrder({ goodsId })).id)
  ;(Current as unknown as { router: unknown }).router = { params: { id }, path: '/packageB/pages/mall/payment' }
  await t.mount(MallPaymentPage)
  await waitFor(() => $('.mall-pay'))
  return id
}

test('R7.86 R3.49 R3.50 R3.51 the mini-program pays with fromtype xcx and wx.requestPayment; a repeated tap pays once; the order is paid', async () => {
  wx().answer('requestPayment', async (options) => {
    const orderId = /^prepay_id=wx_sandbox_(.+)$/.exec(String(options.package))?.[1]
    const r = await fetch(`${server.origin}/sandbox/pay/confirm?order_id=${orderId}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${getToken()}` }
    }).then((res) => res.json())
    if (r.code !== 1) throw { errMsg: `requestPayment:fail ${r.msg}` }
    return { errMsg: 'requestPayment:ok' }
  })
  const id = await openNewOrder(6009)
  const calls = countRequests(/mall\/order\/pay$/)
  try {
    t.act(() => $('.mall-pay')!.click())
    t.act(() => $('.mall-pay')!.click())
    await waitFor(() => $('.mall-result--paid'))
    expect(calls.count).toBe(1)
    expect(JSON.parse(calls.bodies[0])).toMatchObject({
      id,
      fromtype: 'xcx',
      _sj_userid: '10001',
      _sj_token: getToken()
    })
  } finally {
    calls.restore()
  }
  expect(wx().callsTo('requestPayment')).toHaveLength(1)
  expect(wx().callsTo('requestPayment')[0]).toEqual({
    timeStamp: expect.stringMatching(/^\d+$/),
    nonceStr: expect.any(String),
    package: expect.stringMatching(/^prepay_id=wx_sandbox_SB\d+$/),
    signType: 'MD5',
    paySign: expect.stringMatching(/^[0-9A-F]{32}$/)
  })
  expect($('.mall-result__title')?.textContent).toBe('支付成功')
  const detail = await fetch(`${server.origin}/api/v1/userapp/mall/order/detail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: `Bearer ${getToken()}` },
    body: JSON.stringify({ id })
  }).then((r) => r.json())
  expect(detail.data.status).toBe('paid')
})

test('R7.86 closing the payment sheet is the cancelled screen, a failing sheet the failed one', async () => {
  await openNewOrder(6010)
  t.act(() => $('.mall-pay')!.click()) // the stand-in's default sheet is closed by the user
  await waitFor(() => $('.mall-result--cancelled'))
  expect($('.mall-result__title')?.textContent).toBe('已取消支付')
  wx().answer('requestPayment', () => {
    throw { errMsg: 'requestPayment:fail 签名错误' }
  })
  t.act(() => $('.mall-result__retry')!.click())
  await waitFor(() => $('.mall-result--failed'))
  expect($('.mall-result__desc')?.textContent).toBe('requestPayment:fail 签名错误')
})
