import crypto from 'node:crypto'
import type { Api } from '../../api'
import type { AppContext } from '../../context'
import { CODE, biz, nowSec } from '../../lib/util'
import { S } from '../../lib/validate'
import type { Goods } from '../../types'

const U = '/api/v1/userapp'

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
export const MAX_QUANTITY = 99

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
function paymentOf(ctx: AppContext, o: MallOrder): PaymentRow | undefined {
  return ctx.store.db
    .prepare("SELECT id, status, paid_at, amount FROM orders WHERE kind = 'mall' AND target = ? AND user_id = ?")
    .get(String(o.id), o.user_id) as PaymentRow | undefined
}

/** The total in fen: price (yuan) × quantity. */
const amountFen = (o: Pick<MallOrder, 'price' | 'quantity'>) => Math.round(o.price * o.quantity * 100)

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

/** The answer shape: the goods, unit price and quantity, the total, and the payment status (pending | paid). */
export function mallOrderView(ctx: AppContext, o: MallOrder) {
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
    status: paid ? 'paid' : 'pending',
    paid: paid ? 1 : 0,
    paid_at: pay?.paid_at ?? null,
    time: o.created_at
  }
}

/**
 * The mall orders behind R7.86 (ours: the spec names only the pay call). A viewer orders a goods item of a live room
 * (`mall/order/create {goods_id, quantity}`), which also opens the order's pending payment row (kind `mall`, target =
 * the mall order id, the buyer as owner, the goods' total as amount). `mall/order/pay {id}` (routes/pay.ts) then
 * pays that row: only its owner may (anyone else is told the order does not exist), a paid order is refused, and
 * the sandbox confirmation marks it paid once. An id that is no order of the caller's is not paid (no row is written
 * for it), so no id can be paid before it exists or taken from its buyer.
 */
export function registerMall(api: Api, ctx: AppContext): void {
  const { store } = ctx
  const db = store.db

  api.post(
    `${U}/mall/order/create`,
    {
      auth: true,
      schema: S.obj(
        {
          goods_id: S.int('商品ID', { minimum: 1 }),
          quantity: S.int('数量', {
            minimum: 1,
            maximum: MAX_QUANTITY,
            default: 1,
            errmsg: `购买数量须为 1 到 ${MAX_QUANTITY}`
          })
        },
        ['goods_id']
      )
    },
    (p, call) => {
      const g = store.doc<Goods>('goods', p.goods_id)
      if (!g) throw biz(CODE.NOT_FOUND, '商品不存在')
      const uid = call.user!.id
      const order: MallOrder = {
        id: newMallOrderId(ctx),
        user_id: uid,
        goods_id: g.id,
        room_id: g.room_id,
        title: g.title,
        cover: g.cover,
        price: g.price,
        quantity: p.quantity,
        created_at: nowSec()
      }
      db.transaction(() => {
        store.putDoc(KIND, order.id, order)
        db.prepare(
          'INSERT INTO orders (id, kind, user_id, method, gold, amount, target, status, created_at) VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?)'
        ).run(
          paymentOrderId(),
          'mall',
          uid,
          'weixin_h5',
          amountFen(order),
          String(order.id),
          'pending',
          order.created_at
        )
      })()
      return mallOrderView(ctx, order)
    }
  )

  api.post(
    `${U}/mall/order/detail`,
    { auth: true, schema: S.obj({ id: S.int('订单ID', { minimum: 1 }) }, ['id']) },
    (p, call) => {
      const o = store.doc<MallOrder>(KIND, p.id)
      if (!o || o.user_id !== call.user!.id) throw biz(CODE.NOT_FOUND, '订单不存在')
      return mallOrderView(ctx, o)
    }
  )
}
