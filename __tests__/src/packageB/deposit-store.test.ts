/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
/*
 * The top-up (spec R1.4, R3.42–R3.50, R7.67, R7.84, R7.86): payment methods and fromtype, the platform
 * method lists, the order against the reference server and the H5 payment pages. The mini-program's top-up (weixin_mini,
 * wx.requestPayment, the balance afterwards) is deposit.weapp.test.ts, where the store gets the mini-program variant.
 */
import Taro from '@tarojs/taro'
import { FROMTYPE, PAY_METHODS, fromtypeOf } from '@/api/pay'
import { getToken, setToken } from '@/core/token'
import { setItem } from '@/platform/storage'
import { DepositStore } from '@/packageB/pages/deposit/store'
import { depositMethods, launchPayment, paymentPageUrl, paymentTarget, returnUrl } from '@/stores/deposit-platform.h5'
import { sessionStore } from '@/stores/session'
import { loginStore } from '@/stores/login'
import { countRequests, useReferenceServer } from '../support/reference-server'

useReferenceServer()

describe('methods (pure)', () => {
  test('R3.42 R3.43 R3.44 R3.45 R3.46 R3.47 four methods with key, icon, name, nameEn; weixin_mapp is weixin_mini, weixin_web is weixin_h5', () => {
    expect(Object.keys(PAY_METHODS)).toEqual(['weixin_mp', 'weixin_mapp', 'weixin_web', 'alipay_web'])
    for (const m of Object.values(PAY_METHODS)) expect(Object.keys(m).sort()).toEqual(['icon', 'key', 'name', 'nameEn'])
    expect(PAY_METHODS.weixin_mp.key).toBe('weixin_mp')
    expect(PAY_METHODS.weixin_mapp.key).toBe('weixin_mini')
    expect(PAY_METHODS.weixin_web.key).toBe('weixin_h5')
    expect(PAY_METHODS.alipay_web.key).toBe('alipay_web')
  })

  test('R3.49 weixin_mp, weixin_mini and weixin_h5 map to fromtype h5, xcx and h5', () => {
    expect(FROMTYPE).toEqual({ weixin_mp: 'h5', weixin_mini: 'xcx', weixin_h5: 'h5' })
    expect(fromtypeOf('weixin_mini')).toBe('xcx')
    expect(fromtypeOf('nothing')).toBeUndefined()
  })

  // the mini-program's weixin_mini: deposit.weapp.test.ts
  test('R3.43 each H5 platform offers its own methods: messenger weixin_mp, browsers weixin_h5 and alipay_web', () => {
    expect(depositMethods('WECHAT').map((m) => m.key)).toEqual(['weixin_mp'])
    expect(depositMethods('WEB').map((m) => m.key)).toEqual(['weixin_h5', 'alipay_web'])
  })

  test('R7.84 H5 payment pages get the way back (redirect_url): a path in the sandbox, the full address otherwise', () => {
    const loc = {
      href: 'https://live.example.com/m2/packageB/pages/deposit/deposit?x=1',
      pathname: '/m2/packageB/pages/deposit/deposit',
      search: '?x=1'
    }
    expect(returnUrl({ sandbox: 1 }, loc)).toBe('/m2/packageB/pages/deposit/deposit?x=1')
    expect(returnUrl({}, loc)).toBe(loc.href)
    expect(paymentPageUrl('https://pay/x?order_id=1', '/back')).toBe('https://pay/x?order_id=1&redirect_url=%2Fback')
    expect(paymentTarget('weixin_h5', { mweb_url: 'm' })).toBe('m')
    expect(paymentTarget('alipay_web', { url: 'a', mweb_url: 'm' })).toBe('a')
    expect(paymentTarget('weixin_mp', {})).toBeNull()
  })
})

describe('against the reference server', () => {
  beforeAll(async () => {
    setItem('fingerprint', 'fp-deposit-tests')
    sessionStore.configure({
      wait: () => Promise.resolve(),
      currentUrl: () => '/packageB/pages/deposit/deposit',
      platform: () => 'WEB',
      isIOS: () => false
    })
  })

  let modal: jest.SpyInstance
  beforeEach(() => {
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
    modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true } as never)
    jest.spyOn(Taro, 'showLoading').mockResolvedValue({ errMsg: 'showLoading:ok' })
    jest.spyOn(Taro, 'hideLoading').mockImplementation(() => undefined)
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([] as never)
  })
  afterEach(() => jest.restoreAllMocks())

  test('R7.67 R1.4 the packages load with gold and yuan; the hot one is chosen; a visitor has no balance', async () => {
    setToken('')
    const store = new DepositStore({ methods: () => depositMethods('WEB') })
    await store.load()
    expect(store.error).toBe('')
    expect(store.prices.length).toBeGreaterThan(0)
    expect(store.prices[0]).toMatchObject({ gold: expect.any(Number), price: expect.any(Number) })
    expect(store.selected?.hot).toBe(1)
    expect(store.method).toBe('weixin_h5')
    expect(store.balance).toBeNull()
  })

  test('R6.2 paying asks a visitor to log in', async () => {
    setToken('')
    const store = new DepositStore({ methods: () => depositMethods('WEB') })
    await store.load()
    const calls = countRequests(/pay_gold$/)
    try {
      expect(await store.pay()).toBe(false)
      expect(modal).toHaveBeenCalledWith(expect.objectContaining({ confirmText: '去登录' }))
      expect(calls.count).toBe(0)
    } finally {
      calls.restore()
    }
  })

  test('R7.84 H5: weixin_h5 sends the browser to the payment page (mweb_url) with the way back', async () => {
    await loginStore.loginWithPassword('13800000001', 'demo1234')
    const visited: string[] = []
    const store = new DepositStore({
      methods: () => depositMethods('WEB'),
      launch: (o) => launchPayment(o, (url) => visited.push(url))
    })
    await store.load()
    expect(await store.pay()).toBe(true)
    expect(visited).toHaveLength(1)
    const url = new URL(visited[0])
    expect(url.pathname).toBe('/sandbox/pay')
    expect(url.searchParams.get('redirect_url')).toBe(`${window.location.pathname}${window.location.search}`)
    // the sandbox payment page shows an order to its owner only (the browser sends the login cookies)
    const page = await fetch(visited[0], { headers: { authorization: `Bearer ${getToken()}` } }).then((r) => r.text())
    expect(page).toContain('慧币')
  })

  test('R7.84 H5: alipay_web goes to the Alipay page', async () => {
    expect(await loginStore.loginWithPassword('13800000001', 'demo1234')).toEqual({ ok: true })
    const visited: string[] = []
    const store = new DepositStore({
      methods: () => depositMethods('WEB'),
      launch: (o) => launchPayment(o, (url) => visited.push(url))
    })
    await store.load()
    store.chooseMethod('alipay_web')
    expect(await store.pay()).toBe(true)
    expect(new URL(visited[0]).searchParams.get('m')).toBe('alipay_web')
  })
})
