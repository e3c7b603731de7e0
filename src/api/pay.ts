import { callPost } from '@/core/call'
import type { PagedData } from './types'

/** A deposit order (R7.85): method m, gold amount, price in yuan. */
export interface DepositLogItem {
  id: number | string
  m: string
  gold: number
  price: number
  status: string
  paid: number
  time: number
}

/** A sent gift (R7.78). */
export interface GiftLogItem {
  id: number
  roomid: number
  room_title?: string
  gift_name: string
  combo: number
  gold: number
  time: number
}

/** POST /userapp/deposit/log (R7.85), login required. */
export function fetchDepositLog(q: { page: number; count: number }): Promise<PagedData<DepositLogItem>> {
  return callPost<PagedData<DepositLogItem>>('/userapp/deposit/log', q)
}

/** POST /userapp/pay/log (R7.78): the user's gifts, login required. */
export function fetchGiftLog(q: { page: number; count: number }): Promise<PagedData<GiftLogItem>> {
  return callPost<PagedData<GiftLogItem>>('/userapp/pay/log', q)
}

/** A gold package of the deposit page (R7.67): gold in 慧币, price in yuan. */
export interface GoldPrice {
  id: number
  gold: number
  price: number
  label?: string
  hot?: number
}

/** A payment method entry (R3.42): key, icon, name, nameEn. */
export interface PayMethod {
  key: PayMethodKey
  icon: string
  name: string
  nameEn: string
}

export type PayMethodKey = 'weixin_mp' | 'weixin_mini' | 'weixin_h5' | 'alipay_web'

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

/**
 * The platform payment fields of an order: the mini-program's requestPayment fields, the messenger's JSAPI fields
 * (with appId), an H5 payment page (mweb_url) or an Alipay page (url / form). The reference server adds
 * sandbox_confirm_url.
 */
export interface PaymentPayload {
  appId?: string
  timeStamp?: string
  nonceStr?: string
  package?: string
  signType?: string
  paySign?: string
  mweb_url?: string
  url?: string
  form?: string
  sandbox_confirm_url?: string
}

/** The answer of pay_gold: the order and its payment fields. */
export interface GoldOrder {
  order_id: string
  m: string
  fromtype?: string
  gold: number
  price: number
  payment: PaymentPayload
  sandbox?: number
}

/** POST /userapp/pay_gold_list (R7.67). */
export function fetchGoldPrices(): Promise<GoldPrice[]> {
  return callPost<GoldPrice[]>('/userapp/pay_gold_list')
}

/** POST /userapp/pay_gold {m, gold} (R7.84, R3.48), login required. */
export function payGold(q: { m: string; gold: number }): Promise<GoldOrder> {
  return callPost<GoldOrder>('/userapp/pay_gold', { m: q.m, gold: q.gold })
}

/** A mall order (R2.21): the goods, unit price (yuan), quantity, total and payment status. */
export interface MallOrder {
  id: number | string
  goods_id: number
  roomid?: number
  title: string
  cover: string
  price: number
  quantity: number
  amount: number
  status: 'pending' | 'paid' | (string & {})
  paid_at?: number | null
  time?: number
}

/** The answer of the mall's pay call: the payment order and its platform fields. */
export interface MallPayment {
  order_id: string
  mall_order_id?: string
  fromtype?: string
  price?: number
  payment: PaymentPayload
  sandbox?: number
}

/** POST /userapp/mall/order/create {goods_id, quantity} (ours, login): a goods card's order. */
export function createMallOrder(q: { goodsId: number | string; quantity?: number }): Promise<MallOrder> {
  return callPost<MallOrder>('/userapp/mall/order/create', { goods_id: q.goodsId, quantity: q.quantity ?? 1 })
}

/** POST /userapp/mall/order/detail {id} (ours, login): the viewer's own order. */
export function fetchMallOrder(id: number | string): Promise<MallOrder> {
  return callPost<MallOrder>('/userapp/mall/order/detail', { id })
}

/**
 * POST /userapp/mall/order/pay {id, fromtype, _sj_userid, _sj_token, openid} (R7.86, R3.50, R3.51): the mall's user
 * is our user (userId, userToken = the access token). R3.50's "hard-coded open id" is configuration here (see
 * mallOpenid in src/stores/mall.ts and docs/security.md).
 */
export function payMallOrder(q: {
  id: string
  fromtype: string
  userId: string
  userToken: string
  openid: string
}): Promise<MallPayment> {
  return callPost<MallPayment>('/userapp/mall/order/pay', {
    id: q.id,
    fromtype: q.fromtype,
    _sj_userid: q.userId,
    _sj_token: q.userToken,
    openid: q.openid
  })
}
