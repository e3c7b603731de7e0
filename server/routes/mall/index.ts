import type { FastifyPluginAsync } from 'fastify'
import type { AppContext } from '../../types/context'
import { CODE, biz } from '../../lib/util'
import type { Goods, Room } from '../../types'
import { checkActivityAccess } from '../../services/room-access'
import { limit } from '../../services/limits'
import * as mall from '../../../contract/mall'
import { type MallOrder, amountFen, createMallOrder, mallOrderOf, paymentOf } from '../../repositories/mall'

/** pay.ts pays a mall order through its payment row. */
export { mallPaymentFor } from '../../repositories/mall'

/** The answer shape: the goods, unit price and quantity, the total, and the payment status (pending | paid). */
function mallOrderView(ctx: AppContext, o: MallOrder) {
  const pay = paymentOf(ctx, o)
  const paid = pay?.status === 'paid'
  return {
    id: o.id,
    goods: { id: o.goods_id, title: o.title, cover: o.cover, price: o.price },
    goods_id: o.goods_id,
    roomid: o.room_id,
    title: o.title,
    cover: o.cover,
    price: o.price,
    quantity: o.quantity,
    amount: amountFen(o) / 100,
    status: paid ? ('paid' as const) : ('pending' as const),
    paid: paid ? (1 as const) : (0 as const),
    paid_at: pay?.paid_at ?? null,
    time: o.created_at
  }
}

/**
 * The mall orders behind R7.86 (ours: the spec names only the pay call). A viewer orders a goods item of a live room
 * (`mall/order/create {goods_id, quantity}`), which also opens the order's pending payment row (kind `mall`, target =
 * the mall order id, the buyer as owner, the goods' total as amount). `mall/order/pay {id}` (routes/pay/index.ts) then
 * pays that row: only its owner may (anyone else is told the order does not exist), a paid order is refused, and
 * the sandbox confirmation marks it paid once. An id that is no order of the caller's is not paid (no row is written
 * for it), so no id can be paid before it exists or taken from its buyer.
 */
const mallRoutes: FastifyPluginAsync = async (app) => {
  const { api, ctx } = app
  api.call(mall.mallOrderCreate, (p, call) => {
    const g = ctx.store.doc<Goods>('goods', p.goods_id)
    if (!g) throw biz(CODE.NOT_FOUND, '商品不存在')
    // a goods item of a password or paid room is ordered only by a viewer that room lets in, as its goods list
    const room = ctx.store.doc<Room>('room', g.room_id)
    if (room) checkActivityAccess(ctx, call, room, p)
    // each order opens a payment row: 30 a user an hour (code -8)
    limit(ctx, 'mall.order', call.user!.id)
    return mallOrderView(ctx, createMallOrder(ctx, call.user!.id, g, p.quantity))
  })

  api.call(mall.mallOrderDetail, (p, call) => mallOrderView(ctx, mallOrderOf(ctx, p.id, call.user!.id)))
}

export default mallRoutes
