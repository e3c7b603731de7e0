/**
 * The mall orders behind R7.86 (ours: the spec names only the pay call, `mall/order/pay`). A viewer orders a goods
 * item of a live room, which opens the order's pending payment; the pay call then pays it.
 */
import { Type } from 'typebox'
import { defineCall } from './call'
import { PasswordRefusal, RoomAccess } from './live'
import { F, Nullable, Obj, Payload, Seconds, Url } from './schema'

const U = '/api/v1/userapp'

/** At most this many of one goods item in an order. */
export const MAX_QUANTITY = 99

/** A mall order (R2.21): the goods, unit price (yuan), quantity, total and payment status. */
export const MallOrder = Obj({
  id: Type.Integer({ description: '订单 ID（随机，10 位以上）' }),
  goods: Obj({ id: Type.Integer(), title: Type.String(), cover: Url(), price: Type.Number({ minimum: 0 }) }),
  goods_id: Type.Integer(),
  roomid: Type.Integer({ description: '商品所在的直播间' }),
  title: Type.String(),
  cover: Url(),
  price: Type.Number({ minimum: 0, description: '单价（元）' }),
  quantity: Type.Integer({ minimum: 1, maximum: MAX_QUANTITY }),
  amount: Type.Number({ minimum: 0, description: '总价（元）' }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('paid')]),
  paid: Type.Union([Type.Literal(0), Type.Literal(1)]),
  paid_at: Nullable(Seconds()),
  time: Seconds()
})

const MALL = ['R7.86', 'R2.21', 'R3.41']

export const mallOrderCreate = defineCall({
  spec: MALL,
  summary: '商城下单（本服务自有，配合 mall/order/pay）',
  method: 'POST',
  path: `${U}/mall/order/create`,
  auth: true,
  refusal: PasswordRefusal,
  payload: Payload(
    {
      goods_id: F.int('商品ID', { minimum: 1 }),
      quantity: F.int('数量', {
        minimum: 1,
        maximum: MAX_QUANTITY,
        default: 1,
        errmsg: `购买数量须为 1 到 ${MAX_QUANTITY}`
      }),
      // the goods' room lets the buyer in as it does at its activities: a password room with its password or
      // room_key (code -3), a paid room bought or in its trial (code 0)
      ...RoomAccess
    },
    ['goods_id']
  ),
  data: MallOrder
})

export const mallOrderDetail = defineCall({
  spec: MALL,
  summary: '商城订单详情（本服务自有，只限下单人）',
  method: 'POST',
  path: `${U}/mall/order/detail`,
  auth: true,
  payload: Payload({ id: F.int('订单ID', { minimum: 1 }) }, ['id']),
  data: MallOrder
})
