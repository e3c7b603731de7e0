import { makeAutoObservable, runInAction } from 'mobx'
import { createMallOrder, fetchMallOrder, fromtypeOf, payMallOrder, type MallOrder, type PaymentOrder } from '@/api/pay'
import { savedCookies } from '@/core/cookies'
import { settle } from '@/core/call'
import { getToken } from '@/core/token'
import { env } from '@/env'
import { getItem, removeItem, setItem } from '@/platform/storage'
import { depositMethods, launchPayment, type PaymentOutcome } from '@/stores/deposit-platform'
import { EVENTS, analyticsStore, roomDetails } from '@/stores/analytics'
import { sessionStore } from '@/stores/session'
import { serviceConfig } from '@/stores/service-config'
import { loginPrompt } from '@/stores/login-prompt'

/**
 * What the viewer sees of the payment: the order with its pay button (idle), the payment under way (paying), left
 * for the payment page (redirected, H5), or one of the three outcomes — paid, cancelled, failed — each its own screen.
 */
export type MallPhase = 'idle' | 'paying' | 'redirected' | 'paid' | 'cancelled' | 'failed'

export const MALL_PAID_TEXT = '支付成功'
export const MALL_CANCELLED_TEXT = '已取消支付'
export const MALL_FAILED_TEXT = '支付失败'
export const MALL_NOT_FOUND_TEXT = '订单不存在'
/** The business code of an order the server does not know (or that is not the viewer's). */
const MALL_ORDER_UNKNOWN = -4
/** The order whose payment page the browser left for (H5): coming back unpaid is a cancel. */
export const MALL_LAUNCHED_KEY = 'mall_pay_launched'

/**
 * R3.50: the open id of the mall's pay call. The spec hard-codes one open id for every viewer; that is a security
 * finding (every payment would name the same messenger account, and the id ships in the code), so here it is the
 * viewer's own `openid` cookie (R4.10, set by the messenger logins) or else the build's TARO_APP_MALL_OPENID.
 */
export function mallOpenid(): string {
  return savedCookies().openid || env.TARO_APP_MALL_OPENID || ''
}

/** R3.49: the platform's payment method gives the fromtype (the mini-program xcx, the web h5). */
export function mallFromtype(): string {
  return fromtypeOf(depositMethods()[0]?.key || 'weixin_h5') || 'h5'
}

/** How the answer of the pay call is paid on this platform: the method key launchPayment understands. */
export function launchMethod(fromtype: string, pay: Pick<PaymentOrder, 'payment'>): string {
  if (fromtype === 'xcx') return 'weixin_mini'
  if (fromtype === 'alipay') return 'alipay_web'
  return pay.payment?.appId ? 'weixin_mp' : 'weixin_h5'
}

/** R7.111: a paid mall order is a purchase, with its room and goods. */
function trackPurchase(o: MallOrder) {
  analyticsStore.track(EVENTS.purchase, {
    ...roomDetails(o.roomid),
    kind: 'mall',
    order_id: o.id,
    goods_id: o.goods_id,
    goods_title: o.title,
    quantity: o.quantity,
    price: o.amount
  })
}

export interface MallDeps {
  fromtype: () => string
  launch: (order: PaymentOrder) => Promise<PaymentOutcome>
}

/**
 * 订单支付 (spec R2.21, R3.50, R3.51, R7.86): a goods card's order — made from the goods (goods_id) or opened by id —
 * shown with goods, price and quantity, and paid through the platform's method. One payment at a time: taps while a
 * payment runs or after it is paid do nothing.
 */
export class MallStore {
  order: MallOrder | null = null
  loading = false
  error = ''
  phase: MallPhase = 'idle'
  failure = ''
  private deps: MallDeps

  constructor(deps: Partial<MallDeps> = {}) {
    this.deps = { fromtype: mallFromtype, launch: launchPayment, ...deps }
    makeAutoObservable<MallStore, 'deps'>(this, { deps: false })
  }

  configure(deps: Partial<MallDeps>): this {
    this.deps = { ...this.deps, ...deps }
    return this
  }

  get paid(): boolean {
    return this.phase === 'paid' || this.order?.status === 'paid'
  }

  /** A pay tap is taken only from the order screen or an outcome that offers paying again. */
  get canPay(): boolean {
    return (
      !!this.order && !this.paid && (this.phase === 'idle' || this.phase === 'cancelled' || this.phase === 'failed')
    )
  }

  private reset() {
    this.order = null
    this.error = ''
    this.failure = ''
    this.phase = 'idle'
  }

  /** A goods card's link: the viewer's new order for the goods of room `roomid`; its id, or null (the error says why). */
  async create(goodsId: string, quantity = 1, roomid?: string): Promise<string | null> {
    this.reset()
    this.loading = true
    const res = await settle(createMallOrder({ goodsId, quantity, roomid }))
    runInAction(() => {
      this.loading = false
      if (!res.ok || !res.data) this.error = (!res.ok && res.error.msg) || '下单失败，请稍后再试'
      else this.order = res.data
    })
    return this.order ? String(this.order.id) : null
  }

  /** The order by id. Back from the payment page (H5): paid is the paid screen, still unpaid the cancelled one. */
  async load(id: string): Promise<void> {
    const keep = this.order && String(this.order.id) === id ? this.order : null
    const wasPaid = !!keep && this.phase === 'paid'
    // taken now: a payment started while this load is under way sets it afresh
    const launched = getItem<string>(MALL_LAUNCHED_KEY) === id
    if (launched) removeItem(MALL_LAUNCHED_KEY)
    this.reset()
    this.order = keep
    this.loading = !keep
    if (wasPaid) this.phase = 'paid'
    const res = await settle(fetchMallOrder(id))
    runInAction(() => {
      this.loading = false
      const fetched = res.ok ? res.data : null
      // the viewer tapped 支付 on the order shown meanwhile: the payment decides the screen
      if (this.phase !== 'idle' && !wasPaid) {
        if (fetched) this.order = fetched
        return
      }
      if (!fetched) {
        this.order = null
        const refusal = res.ok ? null : res.error
        this.error =
          refusal?.kind === 'business' && refusal.code === MALL_ORDER_UNKNOWN
            ? MALL_NOT_FOUND_TEXT
            : refusal?.msg || '加载失败，请稍后再试'
        return
      }
      this.order = fetched
      if (fetched.status === 'paid' || wasPaid) this.phase = 'paid'
      else if (launched) this.phase = 'cancelled'
      // back from the payment page, paid: the purchase (R7.111)
      if (launched && fetched.status === 'paid') trackPurchase(fetched)
    })
  }

  /**
   * Pay the order (R7.86): login (R6.2), the iOS rule (R6.5), the pay call with fromtype, _sj_userid, _sj_token and
   * openid (R3.50, R3.51), then the platform's payment. The phase leaves idle before anything is awaited, so a second
   * tap in the meantime is ignored; the server refuses paying a paid order.
   */
  async pay(): Promise<boolean> {
    const order = this.order
    if (!order || !this.canPay) return false
    this.phase = 'paying'
    this.failure = ''
    const back = (phase: MallPhase, failure = '') =>
      runInAction(() => {
        this.phase = phase
        this.failure = failure
      })
    if (!(await loginPrompt.requireLogin()) || !serviceConfig.ensureIosAllowed()) {
      back('idle')
      return false
    }
    const fromtype = this.deps.fromtype()
    const res = await settle(
      payMallOrder({
        id: String(order.id),
        fromtype,
        userId: String(sessionStore.user.id),
        userToken: getToken(),
        openid: mallOpenid()
      })
    )
    const payment = res.ok ? res.data : null
    if (!payment) {
      const refusal = res.ok ? null : res.error
      // already paid (another tap, another device): show the order as it is
      if (refusal?.kind === 'business' && refusal.code === 0 && /已支付/.test(refusal.msg || '')) {
        await this.load(String(order.id))
        return this.paid
      }
      back('failed', refusal?.msg || '支付失败，请稍后再试')
      return false
    }
    const m = launchMethod(fromtype, payment)
    if (m !== 'weixin_mini') setItem(MALL_LAUNCHED_KEY, String(order.id))
    const outcome = await this.deps.launch({
      order_id: payment.order_id,
      m,
      gold: 0,
      price: Number(payment.price ?? order.amount),
      payment: payment.payment || {},
      sandbox: payment.sandbox
    })
    if (outcome.status !== 'redirected') removeItem(MALL_LAUNCHED_KEY)
    if (outcome.status === 'redirected') back('redirected')
    else if (outcome.status === 'paid') {
      back('paid')
      void this.load(String(order.id))
    } else if (outcome.status === 'cancelled') back('cancelled')
    else back('failed', outcome.msg)
    return outcome.status === 'paid' || outcome.status === 'redirected'
  }
}

export const mallStore = new MallStore()
