import type { Static } from 'typebox'
import type { DataOf, PostAt } from '../../contract'
import type * as L from '../../contract/live'
import type { MallOrder as MallOrderSchema } from '../../contract/mall'
import type { DEPOSIT_METHODS, Payment } from '../../contract/pay'
import { callPost } from '@/core/call'
import { roomKey } from '@/core/room-access'

/** A deposit order (R7.85): method m, gold amount, price in yuan. */
export type DepositLogItem = DataOf<PostAt<'/userapp/deposit/log'>>['list'][number]

/** A sent gift (R7.78). */
export type GiftLogItem = Static<typeof L.GiftLogItem>

/** POST /userapp/deposit/log (R7.85), login required. */
export function fetchDepositLog(q: { page: number; count: number }) {
  return callPost('/userapp/deposit/log', q)
}

/** A charge of the viewer's 慧币 (消费记录): an unlock of a paid room or playback, or a gift. */
export type ConsumeLogItem = DataOf<PostAt<'/userapp/consume/log'>>['list'][number]

/** POST /userapp/consume/log (ours, R2.46): the viewer's own charges, unlocks and gifts, login required. */
export function fetchConsumeLog(q: { page: number; count: number }) {
  return callPost('/userapp/consume/log', q)
}

/** POST /userapp/pay/log (R7.78): the user's gifts, login required. */
export function fetchGiftLog(q: { page: number; count: number }) {
  return callPost('/userapp/pay/log', q)
}

/** A gold package of the deposit page (R7.67): gold in 慧币, price in yuan. */
export type { GoldPrice } from '../../contract/pay'

/** A payment method entry (R3.42): key, icon, name, nameEn. */
export interface PayMethod {
  key: PayMethodKey
  icon: string
  name: string
  nameEn: string
}

/** The deposit methods the server takes (R3.43–R3.47). */
export type PayMethodKey = (typeof DEPOSIT_METHODS)[number]

/**
 * The payment methods (R3.43–R3.47): weixin_mp (the messenger's in-app browser), weixin_mapp with the key weixin_mini
 * (the mini-program), weixin_web with the key weixin_h5 (a plain mobile browser) and alipay_web. The icon is the
 * view's icon class.
 */
export const PAY_METHODS: Record<'weixin_mp' | 'weixin_mapp' | 'weixin_web' | 'alipay_web', PayMethod> = {
  weixin_mp: { key: 'weixin_mp', icon: 'weixin', name: '微信支付', nameEn: 'WeChat Pay' },
  weixin_mapp: { key: 'weixin_mini', icon: 'weixin', name: '微信支付', nameEn: 'WeChat Pay' },
  weixin_web: { key: 'weixin_h5', icon: 'weixin', name: '微信支付', nameEn: 'WeChat Pay' },
  alipay_web: { key: 'alipay_web', icon: 'alipay', name: '支付宝', nameEn: 'Alipay' }
}

/** R3.49: the deposit methods weixin_mp, weixin_mini and weixin_h5 map to the fromtype h5, xcx and h5. */
export const FROMTYPE: Record<'weixin_mp' | 'weixin_mini' | 'weixin_h5', 'h5' | 'xcx'> = {
  weixin_mp: 'h5',
  weixin_mini: 'xcx',
  weixin_h5: 'h5'
}

export function fromtypeOf(method: string): 'h5' | 'xcx' | undefined {
  return (FROMTYPE as Record<string, 'h5' | 'xcx'>)[method]
}

/** Every field name of a union's members. */
type KeysOf<U> = U extends unknown ? keyof U : never
/** The type of a field in the union's members that have it. */
type FieldOf<U, K extends PropertyKey> = U extends unknown ? (K extends keyof U ? U[K] : never) : never

/**
 * The platform payment fields of an order, each optional: the mini-program's requestPayment fields, the messenger's
 * JSAPI fields (with appId), an H5 payment page (mweb_url) or an Alipay page (url / form); the contract's Payment is
 * one of them by method, and the launcher reads the fields of the order's method. The reference server adds
 * sandbox_confirm_url.
 */
export type PaymentPayload = { [K in KeysOf<Payment>]?: FieldOf<Payment, K> }

/** The answer of pay_gold: the order and its payment fields. */
export type GoldOrder = DataOf<PostAt<'/userapp/pay_gold'>>

/** What launching a payment reads: a deposit's order, or a mall order's payment (gold 0). */
export type PaymentOrder = Pick<GoldOrder, 'order_id' | 'm' | 'gold' | 'price' | 'sandbox'> & {
  payment: PaymentPayload
}

/** POST /userapp/pay_gold_list (R7.67). */
export function fetchGoldPrices() {
  return callPost('/userapp/pay_gold_list', {})
}

/** POST /userapp/pay_gold {m, gold} (R7.84, R3.48), login required. */
export function payGold(q: { m: string; gold: number }): Promise<GoldOrder> {
  return callPost('/userapp/pay_gold', { m: q.m, gold: q.gold })
}

/** A mall order (R2.21): the goods, unit price (yuan), quantity, total and payment status. */
export type MallOrder = Static<typeof MallOrderSchema>

/** The answer of the mall's pay call: the payment order and its platform fields. */
export type MallPayment = DataOf<PostAt<'/userapp/mall/order/pay'>>

/**
 * POST /userapp/mall/order/create {goods_id, quantity} (ours, login): a goods card's order. The goods id is the page's
 * query value, sent as it is: a string where the contract has an integer (the server reads a numeric string as the
 * integer), so the call stays on the hand-typed overload with the contract's answer.
 */
export function createMallOrder(q: {
  goodsId: number | string
  quantity?: number
  roomid?: number | string
}): Promise<MallOrder> {
  // the goods' password room lets the buyer order with the room_key its room info answered (R3.9)
  const key = q.roomid ? roomKey(q.roomid) : undefined
  return callPost<MallOrder>('/userapp/mall/order/create', {
    goods_id: q.goodsId,
    quantity: q.quantity ?? 1,
    ...(key ? { room_key: key } : {})
  })
}

/** POST /userapp/mall/order/detail {id} (ours, login): the viewer's own order, by the id as the page's query has it. */
export function fetchMallOrder(id: number | string): Promise<MallOrder> {
  return callPost<MallOrder>('/userapp/mall/order/detail', { id })
}

/**
 * POST /userapp/mall/order/pay {id, fromtype, _sj_userid, _sj_token, openid} (R7.86, R3.50, R3.51): the mall's user
 * is our user (userId, userToken = the access token). R3.50's "hard-coded open id" is configuration here (see
 * mallOpenid in src/packageB/pages/mall/store.ts and docs/security.md).
 */
export function payMallOrder(q: {
  id: string
  fromtype: string
  userId: string
  userToken: string
  openid: string
}): Promise<MallPayment> {
  return callPost('/userapp/mall/order/pay', {
    id: q.id,
    fromtype: q.fromtype,
    _sj_userid: q.userId,
    _sj_token: q.userToken,
    openid: q.openid
  })
}
