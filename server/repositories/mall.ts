/**
 * Mall orders (R2.21, R7.86): each is a document (kind `mall_order`) with one payment row in `orders` (kind `mall`,
 * target = the order id, the buyer as owner, the total in fen), written together.
 */
import crypto from 'node:crypto'
import type { AppContext } from '../types/context'
import { CODE, biz, nowSec } from '../lib/util'
import type { Goods } from '../types'

/** A mall order made from a goods item of a live room (R2.21, R3.41): the buyer, the goods, price and quantity. */
export interface MallOrder {
  id: number
  user_id: number
  goods_id: number
  room_id: number
  title: string
  cover: string
  /** unit price in yuan, as the goods list answers it */
  price: number
  quantity: number
  created_at: number
}

const KIND = 'mall_order'
/**
 * Mall order ids are random numbers in [10^9, 10^12): never guessable from another viewer's (sequential ids let one
 * viewer take the next buyer's id), never a goods id (6001…) or a payment order id, and safe integers for the client.
 */
const ID_MIN = 1_000_000_000
const ID_MAX = 1_000_000_000_000

function newMallOrderId(ctx: AppContext): number {
  for (;;) {
    const id = crypto.randomInt(ID_MIN, ID_MAX)
    if (!ctx.store.doc(KIND, id)) return id
  }
}

function paymentOrderId(): string {
  const d = new Date(Date.now() + 8 * 3600 * 1000).toISOString().replace(/\D/g, '').slice(0, 14)
  return `SB${d}${crypto.randomInt(100000, 999999)}`
}

interface PaymentRow {
  id: string
  status: 'pending' | 'paid'
  paid_at: number | null
  amount: number
}

/** The order's own payment row: written with the order, for its buyer and its total; the only one it ever has. */
export function paymentOf(ctx: AppContext, o: MallOrder): PaymentRow | undefined {
  return ctx.store.db
    .prepare("SELECT id, status, paid_at, amount FROM orders WHERE kind = 'mall' AND target = ? AND user_id = ?")
    .get(String(o.id), o.user_id) as PaymentRow | undefined
}

/** The total in fen: price (yuan) × quantity. */
export const amountFen = (o: Pick<MallOrder, 'price' | 'quantity'>) => Math.round(o.price * o.quantity * 100)

/** A new order of `uid` for `quantity` of the goods item, and its pending payment row, written together. */
export function createMallOrder(ctx: AppContext, uid: number, g: Goods, quantity: number): MallOrder {
  const { store } = ctx
  const order: MallOrder = {
    id: newMallOrderId(ctx),
    user_id: uid,
    goods_id: g.id,
    room_id: g.room_id,
    title: g.title,
    cover: g.cover,
    price: g.price,
    quantity,
    created_at: nowSec()
  }
  store.db.transaction(() => {
    store.putDoc(KIND, order.id, order)
    store.db
      .prepare(
        'INSERT INTO orders (id, kind, user_id, method, gold, amount, target, status, created_at) VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?)'
      )
      .run(paymentOrderId(), 'mall', uid, 'weixin_h5', amountFen(order), String(order.id), 'pending', order.created_at)
  })()
  return order
}

/** The order `id` of `uid`, or -4 订单不存在 (also for someone else's: the same answer, so ids tell nothing). */
export function mallOrderOf(ctx: AppContext, id: number, uid: number): MallOrder {
  const o = ctx.store.doc<MallOrder>(KIND, id)
  if (!o || o.user_id !== uid) throw biz(CODE.NOT_FOUND, '订单不存在')
  return o
}

/**
 * The payment of an existing mall order of `uid` (R7.86): its own row, or -4 订单不存在 for an id that is no order of
 * theirs (not made yet, or someone else's: the same answer, so ids tell nothing).
 */
export function mallPaymentFor(ctx: AppContext, id: string, uid: number): { order: MallOrder; payment: PaymentRow } {
  const o = /^\d{1,15}$/.test(id) ? ctx.store.doc<MallOrder>(KIND, Number(id)) : undefined
  const payment = o && o.user_id === uid ? paymentOf(ctx, o) : undefined
  if (!o || !payment) throw biz(CODE.NOT_FOUND, '订单不存在')
  return { order: o, payment }
}
