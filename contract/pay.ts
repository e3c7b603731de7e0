/** Payments (spec section 7, "Payments"): 慧币 deposits, mall orders, paid rooms and playbacks. */
import { Type } from 'typebox'
import { defineCall } from './call'
import { F, Flag, Nullable, Obj, Paged, Payload, Seconds, Url, type Static } from './schema'

/** The deposit methods (R3.43–R3.47), in the order the server lists them. */
export const DEPOSIT_METHODS = ['weixin_mp', 'weixin_mini', 'weixin_h5', 'alipay_web'] as const

/** A gold package of the deposit page (R7.67). */
export const GoldPrice = Obj({
  id: Type.Integer(),
  gold: Type.Integer({ minimum: 1, description: '慧币数量' }),
  price: Type.Number({ minimum: 0, description: '价格（元）' }),
  label: Type.String({ description: '显示文字，如 300慧币' }),
  hot: Flag()
})
export type GoldPrice = Static<typeof GoldPrice>

const signed = {
  timeStamp: Type.String({ description: 'Unix 秒（字符串）' }),
  nonceStr: Type.String(),
  package: Type.String({ description: 'prepay_id=…' }),
  signType: Type.String(),
  paySign: Type.String(),
  sandbox_confirm_url: Type.Optional(Url())
}

/**
 * The platform payment fields of an order, by method: the mini-program's requestPayment fields (weixin_mini), the
 * messenger's JSAPI fields with appId (weixin_mp), an H5 payment page (weixin_h5) or an Alipay page (alipay_web). The
 * reference server adds sandbox_confirm_url, its stand-in for the provider's page.
 */
export const Payment = Type.Union(
  [
    Obj(signed, { description: '小程序 wx.requestPayment 的参数（weixin_mini）' }),
    Obj({ appId: Type.String(), ...signed }, { description: '公众号 JSAPI 支付参数（weixin_mp）' }),
    Obj({ mweb_url: Url() }, { description: 'H5 支付页（weixin_h5）' }),
    Obj(
      { url: Url(), form: Type.String({ description: '自动提交到 url 的表单 HTML' }) },
      { description: '支付宝页面（alipay_web）' }
    )
  ],
  { description: '支付参数' }
)
export type Payment = Static<typeof Payment>

const orderFields = {
  id: Type.String({ description: '订单号' }),
  order_id: Type.String({ description: '订单号（同 id）' }),
  kind: Type.Union([Type.Literal('gold'), Type.Literal('mall')], { description: 'gold 充值，mall 商城订单' }),
  m: Type.String({ description: '支付方式（weixin_mp、weixin_mini、weixin_h5、alipay_web）' }),
  fromtype: Type.String({ description: '支付来源（h5、xcx、alipay，R3.49）' }),
  gold: Type.Integer({ minimum: 0, description: '充值的慧币数量（商城订单为 0）' }),
  price: Type.Number({ minimum: 0, description: '金额（元）' }),
  amount: Type.Integer({ minimum: 0, description: '金额（分）' }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('paid')], { description: 'pending 待支付，paid 已支付' }),
  paid: Flag(),
  time: Seconds(),
  paid_at: Nullable(Seconds())
}

/** A payment order (a deposit of R7.85, or a mall order's payment). */
export const Order = Obj(orderFields)
export type Order = Static<typeof Order>

export const goldPrices = defineCall({
  spec: ['R7.67'],
  summary: '充值档位（10 慧币 1 元）',
  method: 'POST',
  path: '/api/v1/userapp/pay_gold_list',
  payload: Payload({}),
  data: Type.Array(GoldPrice)
})

export const payGold = defineCall({
  spec: ['R7.84', 'R3.48', 'R3.49'],
  summary: '充值慧币：下单并答支付参数',
  method: 'POST',
  path: '/api/v1/userapp/pay_gold',
  auth: true,
  payload: Payload(
    {
      m: F.str('支付方式', { enum: [...DEPOSIT_METHODS], errmsg: '不支持的支付方式' }),
      gold: F.int('充值数量', { minimum: 1, maximum: 1000000, errmsg: '请选择正确的充值数量' })
    },
    ['m', 'gold']
  ),
  data: Obj({
    order_id: Type.String({ description: '订单号' }),
    m: Type.String({ description: '支付方式' }),
    fromtype: Type.String({ description: '支付来源（h5、xcx、alipay，R3.49）' }),
    gold: Type.Integer({ minimum: 1, description: '充值的慧币数量' }),
    price: Type.Number({ minimum: 0, description: '金额（元）' }),
    payment: Payment,
    sandbox: Type.Optional(Type.Literal(1, { description: '沙箱订单（参考服务器）' }))
  })
})

export const depositLog = defineCall({
  spec: ['R7.85', 'R3.28'],
  summary: '充值记录（最新的在前）',
  method: 'POST',
  path: '/api/v1/userapp/deposit/log',
  auth: true,
  payload: Payload({ page: F.page(), count: F.count() }),
  data: Paged(Order)
})

/**
 * One charge of the viewer's 慧币 (our extension to section 7): an unlock of a paid room or playback (R7.88), or a
 * gift (R7.77). What 消费记录 lists, beside the deposits of R7.85.
 */
export const ConsumeItem = Obj({
  id: Type.String({ description: '记录编号：unlock-… 解锁，gift-… 送礼' }),
  kind: Type.Union([Type.Literal('unlock'), Type.Literal('gift')], { description: 'unlock 解锁付费内容，gift 送礼' }),
  target: Type.Union([Type.Literal('room'), Type.Literal('playback')], { description: '直播间或回放' }),
  target_id: Type.Integer({ description: '直播间ID或回放ID' }),
  target_title: Type.String({ description: '直播间或回放的标题（已不存在时为空）' }),
  gift_name: Nullable(Type.String({ description: '礼物名（送礼）' })),
  combo: Nullable(Type.Integer({ minimum: 1, description: '礼物个数（送礼）' })),
  gold: Type.Integer({ minimum: 0, description: '花费（慧币）' }),
  time: Seconds()
})
export type ConsumeItem = Static<typeof ConsumeItem>

export const consumeLog = defineCall({
  spec: ['R2.46', 'R1.4', 'R1.6'],
  summary: '消费记录：本人的慧币支出（解锁付费直播、付费回放与送礼），最新的在前',
  method: 'POST',
  path: '/api/v1/userapp/consume/log',
  auth: true,
  payload: Payload({ page: F.page(), count: F.count() }),
  data: Paged(ConsumeItem)
})

export const mallOrderPay = defineCall({
  spec: ['R7.86', 'R3.50', 'R3.51'],
  summary: '支付商城订单：登录用户，或商城用户（_sj_userid + _sj_token = 本站访问令牌）；已支付时 code 0 并答订单',
  method: 'POST',
  path: '/api/v1/userapp/mall/order/pay',
  payload: Payload(
    {
      id: F.str('订单ID', { minLength: 1, maxLength: 64 }),
      fromtype: F.str('来源', { enum: ['h5', 'xcx', 'alipay'], default: 'xcx' }),
      _sj_userid: F.str(),
      _sj_token: F.str(),
      openid: F.str()
    },
    ['id']
  ),
  data: Obj({
    order_id: Type.String({ description: '支付单号' }),
    mall_order_id: Type.String({ description: '商城订单ID' }),
    fromtype: Type.String({ description: 'h5、xcx 或 alipay' }),
    price: Type.Number({ minimum: 0, description: '金额（元）' }),
    payment: Payment,
    sandbox: Type.Optional(Type.Literal(1, { description: '沙箱订单（参考服务器）' }))
  }),
  refusal: Order
})

const premiumTarget = {
  id: F.int('直播间ID', { minimum: 1 }),
  review_id: F.int('回放ID', { minimum: 1 })
}

export const isPremium = defineCall({
  spec: ['R7.87', 'R5.17'],
  summary: '付费直播间（id）或回放（review_id）是否已购买（免费的、未登录的答法见字段说明）',
  method: 'POST',
  path: '/api/v1/userapp/ispremium',
  payload: Payload(premiumTarget),
  data: Obj({
    id: Type.Integer({ description: '直播间ID或回放ID' }),
    kind: Type.Union([Type.Literal('room'), Type.Literal('playback')]),
    is_premium: Flag(),
    purchased: Type.Union([Type.Literal(0), Type.Literal(1)], {
      description: '1 可以观看（免费，或已购买）；0 需购买（未登录也是 0）'
    }),
    price: Type.Integer({ minimum: 0, description: '价格（慧币）' }),
    trial_seconds: Type.Integer({ minimum: 0, description: '试看秒数' })
  })
})

export const premiumPay = defineCall({
  spec: ['R7.88', 'R8.13', 'R8.14'],
  summary: '用慧币购买付费直播间（id）或回放（review_id）；余额不足 code -7 并答余额与价格',
  method: 'POST',
  path: '/api/v1/userapp/premium_pay',
  auth: true,
  payload: Payload(premiumTarget),
  data: Obj({
    purchased: Type.Literal(1),
    charged: Type.Integer({ minimum: 0, description: '本次扣除的慧币（已购买过为 0）' }),
    gold: Type.Integer({ description: '慧币余额' })
  }),
  refusal: Obj({
    gold: Type.Integer({ description: '慧币余额' }),
    price: Type.Integer({ description: '价格（慧币）' })
  })
})

export const sandboxPayConfirm = defineCall({
  spec: ['R7.84', 'R7.86'],
  summary: '沙箱支付确认（仅沙箱：代替支付平台的回调；只能确认自己的订单）',
  method: 'POST',
  path: '/sandbox/pay/confirm',
  access: 'public',
  auth: true,
  payload: Payload({ order_id: F.str('订单号', { minLength: 1, maxLength: 64 }), redirect: F.str() }, ['order_id']),
  data: Obj({
    ...orderFields,
    credited: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '1 本次确认入账，0 之前已支付' }),
    balance: Type.Integer({ description: '下单用户的慧币余额' })
  })
})
