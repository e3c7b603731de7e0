import type { FastifyPluginAsync } from 'fastify'
import crypto from 'node:crypto'
import { Envelope, UNAUTHORIZED } from '../../plugins/app/calls'
import { baseOf } from '../../lib/absolute'
import { tokenOf, userBySign, userByToken } from '../../plugins/app/identity'
import type { AppContext } from '../../types/context'
import { CODE, biz, escapeXml, nowSec, paginate, parseCookies, randomToken } from '../../lib/util'
import { hasPurchased } from '../../services/stream-access'
import { limit } from '../../services/limits'
import { safeLocation, safeRedirect } from '../../lib/redirect'
import type { Playback, Room, UserRow } from '../../types'
import type { DataOf } from '../../../contract/call'
import * as pay from '../../../contract/pay'
import { mallPaymentFor } from '../mall'
import { userById } from '../../repositories/users'
import {
  buyWithGold,
  chargesOf,
  confirmOrder,
  goldOrdersOf,
  insertOrder,
  newOrderId,
  orderById,
  type OrderRow
} from '../../repositories/payments'

// other files import the confirmation from here (routes/dev.ts)
export { confirmOrder } from '../../repositories/payments'

/** R3.43–R3.49: deposit method → fromtype. */
export const METHODS: Record<string, { fromtype: string; name: string }> = {
  weixin_mp: { fromtype: 'h5', name: '微信支付（公众号）' },
  weixin_mini: { fromtype: 'xcx', name: '微信支付（小程序）' },
  weixin_h5: { fromtype: 'h5', name: '微信支付（H5）' },
  alipay_web: { fromtype: 'alipay', name: '支付宝' }
} satisfies Record<(typeof pay.DEPOSIT_METHODS)[number], { fromtype: string; name: string }>

/**
 * The payment routes pay through the sandbox stand-in only (paymentPayload's fake links, /sandbox/pay): without the
 * sandbox no provider is configured, so they answer a clear refusal before creating an order instead of fake values.
 */
function requireSandboxPayments(ctx: AppContext): void {
  if (!ctx.sandbox) throw biz(CODE.FAIL, '支付服务未配置')
}

/** A fake but correctly shaped payment payload for each method (sandbox only: requireSandboxPayments). */
export function paymentPayload(method: string, order: OrderRow, base: string): pay.Payment {
  const nonceStr = randomToken(8)
  const timeStamp = String(nowSec())
  const pkg = `prepay_id=wx_sandbox_${order.id}`
  const paySign = crypto.createHash('md5').update(`${order.id}${nonceStr}${timeStamp}`).digest('hex').toUpperCase()
  const confirmPage = `/sandbox/pay?order_id=${order.id}`
  switch (method) {
    case 'weixin_mini':
      return { timeStamp, nonceStr, package: pkg, signType: 'MD5', paySign, sandbox_confirm_url: confirmPage }
    case 'weixin_mp':
      return {
        appId: 'wx_sandbox_appid',
        timeStamp,
        nonceStr,
        package: pkg,
        signType: 'MD5',
        paySign,
        sandbox_confirm_url: confirmPage
      }
    case 'weixin_h5':
      return { mweb_url: confirmPage }
    case 'alipay_web': {
      const url = `${base}${confirmPage}&m=alipay_web`
      return {
        url,
        form: `<form id="alipaysubmit" name="alipaysubmit" action="${escapeXml(url)}" method="get"><input type="hidden" name="order_id" value="${order.id}"/><input type="hidden" name="m" value="alipay_web"/></form><script>document.forms['alipaysubmit'].submit();</script>`
      }
    }
    default:
      return { mweb_url: confirmPage }
  }
}

function orderView(o: OrderRow): pay.Order {
  return {
    id: o.id,
    order_id: o.id,
    kind: o.kind,
    m: o.method,
    fromtype: METHODS[o.method]?.fromtype ?? o.method,
    gold: o.gold,
    price: o.amount / 100,
    amount: o.amount,
    status: o.status,
    paid: o.status === 'paid' ? 1 : 0,
    time: o.created_at,
    paid_at: o.paid_at
  }
}

const payRoutes: FastifyPluginAsync = async (app) => {
  const { api, ctx } = app
  const { store } = ctx

  // R7.67: the gold price list (10 慧币 per yuan)
  api.call(pay.goldPrices, () => store.docs<pay.GoldPrice>('price'))

  // R7.84, R3.48, R3.49
  api.call(pay.payGold, (p, call): DataOf<typeof pay.payGold> => {
    requireSandboxPayments(ctx)
    // each order is a pending payment row: 30 a user an hour (code -8)
    limit(ctx, 'pay.order', call.user!.id)
    const amount = Math.ceil(p.gold * 10) // fen: 10 慧币 = 1 元
    const order: OrderRow = {
      id: newOrderId(),
      kind: 'gold',
      user_id: call.user!.id,
      method: p.m,
      gold: p.gold,
      amount,
      target: null,
      status: 'pending',
      created_at: nowSec(),
      paid_at: null
    }
    insertOrder(ctx, order)
    return {
      order_id: order.id,
      m: p.m,
      fromtype: METHODS[p.m].fromtype,
      gold: p.gold,
      price: amount / 100,
      payment: paymentPayload(p.m, order, call.base),
      sandbox: 1
    }
  })

  // R7.85, R3.28
  api.call(pay.depositLog, (p, call) =>
    // page and count have defaults: the validated payload always has them
    paginate(goldOrdersOf(ctx, call.user!.id).map(orderView), p.page, p.count)
  )

  // 消费记录 (R2.46): the caller's own charges only, unlocks and gifts, paged in SQL
  api.call(pay.consumeLog, (p, call) => {
    const { rows, total } = chargesOf(ctx, call.user!.id, p.page, p.count)
    const titleOf = (target: 'room' | 'playback', id: number) =>
      (target === 'room' ? store.doc<Room>('room', id) : store.doc<Playback>('playback', id))?.title ?? ''
    return {
      currentPage: p.page,
      totalPage: Math.max(1, Math.ceil(total / p.count)),
      total,
      list: rows.map((r) => ({
        id: `${r.kind}-${r.row_id}`,
        kind: r.kind,
        target: r.target,
        target_id: r.target_id,
        target_title: titleOf(r.target, r.target_id),
        gift_name: r.gift_name,
        combo: r.combo,
        gold: r.gold,
        time: r.created_at
      }))
    }
  })

  // R7.86, R3.50, R3.51: the payer is the logged-in user, or the mall's user (_sj_userid) whose _sj_token is one of
  // our access tokens of that user (the mall shares our login); anyone else gets HTTP 401. Only an existing mall order
  // of the payer is paid, through the one payment row made with it, for its own total (routes/mall/index.ts); any other id,
  // made yet or not, someone else's or nobody's, is 订单不存在.
  api.call(pay.mallOrderPay, (p, call) => {
    requireSandboxPayments(ctx)
    const mallUser = p._sj_token ? userByToken(ctx, p._sj_token) : null
    const payer = call.user ?? (mallUser && String(mallUser.id) === String(p._sj_userid) ? mallUser : null)
    if (!payer) {
      call.reply.code(401)
      return new Envelope(UNAUTHORIZED.code, UNAUTHORIZED.msg, null)
    }
    const { payment } = mallPaymentFor(ctx, p.id, payer.id)
    const order = orderById(ctx, payment.id) as OrderRow
    if (order.status === 'paid') return new Envelope(CODE.FAIL, '订单已支付，请勿重复支付', orderView(order))
    const method = p.fromtype === 'xcx' ? 'weixin_mini' : p.fromtype === 'alipay' ? 'alipay_web' : 'weixin_h5'
    return {
      order_id: order.id,
      mall_order_id: p.id,
      fromtype: p.fromtype,
      price: order.amount / 100,
      payment: paymentPayload(method, order, call.base),
      sandbox: 1 as const
    }
  })

  // R7.87, R5.17: anonymous → purchased 0
  const premiumTarget = (p: { id?: number; review_id?: number }) => {
    if (p.review_id) {
      const pb = store.doc<Playback>('playback', p.review_id)
      if (!pb) throw biz(CODE.NOT_FOUND, '回放不存在')
      return {
        kind: 'playback' as const,
        id: pb.id,
        is_premium: pb.is_premium,
        price: pb.price,
        trial_seconds: pb.trial_seconds,
        title: pb.title
      }
    }
    if (!p.id) throw biz(CODE.BAD_PARAM, '缺少参数：直播间ID(id)')
    const room = store.doc<Room>('room', p.id)
    if (!room) throw biz(CODE.NOT_FOUND, '直播间不存在')
    return {
      kind: 'room' as const,
      id: room.id,
      is_premium: room.is_premium,
      price: room.price,
      trial_seconds: room.trial_seconds,
      title: room.title
    }
  }
  const purchased = (uid: number | undefined, kind: 'room' | 'playback', id: number) => hasPurchased(ctx, uid, kind, id)
  api.call(pay.isPremium, (p, call): DataOf<typeof pay.isPremium> => {
    const t = premiumTarget(p)
    return {
      id: t.id,
      kind: t.kind,
      is_premium: t.is_premium,
      purchased: t.is_premium && !purchased(call.user?.id, t.kind, t.id) ? 0 : 1,
      price: t.price,
      trial_seconds: t.trial_seconds
    }
  })
  // R7.88, R8.13, R8.14
  api.call(pay.premiumPay, (p, call) => {
    const t = premiumTarget(p)
    const uid = call.user!.id
    if (!t.is_premium) throw biz(CODE.FAIL, '该内容无需购买')
    if (purchased(uid, t.kind, t.id))
      return new Envelope(CODE.OK, '已购买', { purchased: 1, charged: 0, gold: (userById(ctx, uid) as UserRow).gold })
    const ok = buyWithGold(ctx, uid, t.kind, t.id, t.price)
    const gold = (userById(ctx, uid) as UserRow).gold
    if (!ok) throw biz(CODE.NO_BALANCE, `慧币余额不足，解锁需要 ${t.price} 慧币`, { gold, price: t.price })
    return new Envelope(CODE.OK, '购买成功', { purchased: 1, charged: t.price, gold })
  })

  // ---- sandbox payment confirmation (sandbox mode only; not part of spec section 7). it stands in for
  // the provider's callback, so it is bound to the order's owner: login required (token or id/sign cookies), and
  // another user's order answers as not found. Redirects go to this site only, non-ASCII percent-encoded (safeLocation).
  // Access: public (owner only), not loopback. It pays the caller's own order, as the provider would after charging
  // them, so from another machine it gives nothing a sandbox login does not already give (sandbox money), and a phone
  // trying the demo over the network must be able to finish a payment. (Confirming any order is /dev/orders/:id/confirm,
  // loopback-only.)
  if (!ctx.sandbox) return
  // POST only: a GET (a link, an image, a prefetch) must not pay. The page's form posts here and is sent back.
  api.call(pay.sandboxPayConfirm, (p, call) => {
    const owner = orderById(ctx, p.order_id)
    if (!owner || owner.user_id !== call.user!.id) throw biz(CODE.NOT_FOUND, '订单不存在')
    const r = confirmOrder(ctx, p.order_id)
    if (p.redirect && String(call.req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      call.reply.redirect(safeLocation(p.redirect, call.base, '/m2/'), 303)
      return undefined
    }
    return new Envelope(CODE.OK, r.credited ? '支付成功' : '订单已支付', {
      ...orderView(r.order),
      credited: r.credited ? 1 : 0,
      balance: r.gold
    })
  })
  // the order page: its owner only (the login cookies the H5 app's browser sends, or a token); anyone else is told
  // it does not exist, as the confirmation does
  api.app.get('/sandbox/pay', { config: { access: 'public' } }, async (req, reply) => {
    const q = req.query as { order_id?: string; redirect_url?: string }
    const order = q.order_id ? orderById(ctx, String(q.order_id)) : undefined
    const cookies = parseCookies(req.headers.cookie)
    const viewer = userByToken(ctx, tokenOf(req, {})) ?? userBySign(ctx, cookies.id, cookies.sign)
    reply.type('text/html; charset=utf-8')
    if (!order || !viewer || viewer.id !== order.user_id)
      return page('订单不存在', '<p>找不到这个沙箱订单（请先登录下单的账号）。</p>')
    const back = safeRedirect(q.redirect_url, baseOf(req), '/m2/packageB/pages/deposit/deposit')
    const what = order.kind === 'gold' ? `充值 ${order.gold} 慧币` : `商城订单 ${escapeXml(order.target ?? '')}`
    return page(
      '沙箱支付',
      `<p>${what}</p><p class="amt">¥ ${(order.amount / 100).toFixed(2)}</p><p>订单号 ${order.id}</p>
<p>状态：${order.status === 'paid' ? '已支付' : '待支付'}</p>
<form method="post" action="/sandbox/pay/confirm"><input type="hidden" name="order_id" value="${escapeXml(order.id)}"/><input type="hidden" name="redirect" value="${escapeXml(back)}"/>
<button type="submit">确认支付（沙箱）</button></form><p class="tip">这是本地沙箱，不会产生真实扣款。</p>`
    )
  })
}

export default payRoutes

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px;text-align:center;color:#333}.amt{font-size:32px;color:#ff8300}button{background:#ff8300;color:#fff;border:0;border-radius:6px;padding:12px 32px;font-size:16px}.tip{color:#999;font-size:12px}</style>
</head><body><h2>${title}</h2>${body}</body></html>`
}
