/*
 * The top-up on the mini-program target (weapp jest project: the deposit store's `./deposit-platform` resolves to
 * deposit-platform.ts): the store offers weixin_mini only (R3.43, R3.44), orders with pay_gold {m: weixin_mini, gold}
 * against the reference server and pays through wx.requestPayment with the order's fields
 * (R7.84, R3.48). The wx stand-in plays the payment sheet: paying confirms the sandbox order, as the provider would.
 */
import Taro from '@tarojs/taro'
import { getToken } from '@/core/token'
import { sessionStore } from '@/stores/session'
import { loginStore } from '@/stores/login'
import { DEPOSIT_CANCELLED_TEXT, DEPOSIT_SUCCESS_TEXT, DepositStore } from '@/packageB/pages/deposit/store'
import { balanceStore } from '@/stores/balance'
import { setItem } from '@/platform/storage'
import { countRequests, useReferenceServer } from '../support/reference-server'
import { wx } from '../../setup/wx'

const server = useReferenceServer()
beforeAll(async () => {
  setItem('fingerprint', 'fp-deposit-weapp')
  sessionStore.configure({ wait: () => Promise.resolve(), currentUrl: () => '/packageB/pages/deposit/deposit' })
  expect(await loginStore.loginWithPassword('13800000001', 'demo1234')).toEqual({ ok: true })
})

let toast: jest.SpyInstance
beforeEach(() => {
  toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true } as never)
  jest.spyOn(Taro, 'showLoading').mockResolvedValue({ errMsg: 'showLoading:ok' })
  jest.spyOn(Taro, 'hideLoading').mockImplementation(() => undefined)
})
afterEach(() => jest.restoreAllMocks())

/** The payment sheet paid: the sandbox provider confirms the order named in the prepay package, for its owner. */
function payOnTheSheet() {
  wx().answer('requestPayment', async (options) => {
    const orderId = /^prepay_id=wx_sandbox_(.+)$/.exec(String(options.package))?.[1]

    if (!orderId) throw { errMsg: 'requestPayment:fail invalid package' }
    const headers = { Authorization: `Bearer ${getToken()}` }
    const r = await fetch(`${server.origin}/sandbox/pay/confirm?order_id=${orderId}`, { method: 'POST', headers }).then(
      (res) => res.json()
    )

    if (r.code !== 1) throw { errMsg: `requestPayment:fail ${r.msg}` }
    return { errMsg: 'requestPayment:ok' }
  })
}

test('R3.43 R3.44 the mini-program offers only weixin_mini, chosen on load', async () => {
  const store = new DepositStore()
  await store.load()
  expect(store.error).toBe('')
  expect(store.methods.map((m) => m.key)).toEqual(['weixin_mini'])
  expect(store.method).toBe('weixin_mini')
  store.chooseMethod('weixin_h5')
  expect(store.method).toBe('weixin_mini')
})

test('R7.84 R3.48 paying: pay_gold {m: weixin_mini, gold}, wx.requestPayment with the order’s fields, then the new balance', async () => {
  payOnTheSheet()
  const store = new DepositStore()
  await store.load()
  const before = store.balance as number
  expect(typeof before).toBe('number')
  const pkg = store.prices.find((p) => p.gold === 300)!
  store.select(pkg.id)
  const calls = countRequests(/pay_gold$/)
  try {
    expect(await store.pay()).toBe(true)
    expect(JSON.parse(calls.bodies[0])).toMatchObject({ m: 'weixin_mini', gold: 300 })
  } finally {
    calls.restore()
  }
  const [options] = wx().callsTo('requestPayment')
  expect(wx().callsTo('requestPayment')).toHaveLength(1)
  expect(options).toEqual({
    timeStamp: expect.stringMatching(/^\d+$/),
    nonceStr: expect.any(String),
    package: expect.stringMatching(/^prepay_id=wx_sandbox_SB\d+$/),
    signType: 'MD5',
    paySign: expect.stringMatching(/^[0-9A-F]{32}$/)
  })
  expect(store.balance).toBe(before + 300)
  expect(balanceStore.gold).toBe(before + 300)
  expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: DEPOSIT_SUCCESS_TEXT }))
})

test('R7.84 closing the payment sheet (requestPayment:fail cancel) is a cancel: 已取消支付, the balance stays', async () => {
  const store = new DepositStore()
  await store.load()
  const before = store.balance
  expect(await store.pay()).toBe(false) // the stand-in's default sheet is closed by the user
  expect(wx().callsTo('requestPayment')).toHaveLength(1)
  expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: DEPOSIT_CANCELLED_TEXT }))
  expect(DEPOSIT_CANCELLED_TEXT).toBe('已取消支付')
  expect(await balanceStore.loadBalance()).toBe(before)
})
