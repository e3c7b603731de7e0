/** Payment orders (慧币 deposits and mall payments) and purchases of paid rooms and playbacks with 慧币. */
import crypto from 'node:crypto'
import type { AppContext } from '../types/context'
import { CODE, biz, nowSec } from '../lib/util'
import { userById } from './users'

export interface OrderRow {
  id: string
  kind: 'gold' | 'mall'
  user_id: number
  method: string
  gold: number
  amount: number
  target: string | null
  status: 'pending' | 'paid'
  created_at: number
  paid_at: number | null
}

/** SB + China time (yyyyMMddHHmmss) + 6 random digits. */
export function newOrderId(): string {
  const d = new Date(Date.now() + 8 * 3600 * 1000).toISOString().replace(/\D/g, '').slice(0, 14)
  return `SB${d}${crypto.randomInt(100000, 999999)}`
}

export function insertOrder(ctx: AppContext, order: OrderRow): void {
  ctx.store.db
    .prepare(
      'INSERT INTO orders (id, kind, user_id, method, gold, amount, target, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'
    )
    .run(
      order.id,
      order.kind,
      order.user_id,
      order.method,
      order.gold,
      order.amount,
      order.target,
      order.status,
      order.created_at
    )
}

export function orderById(ctx: AppContext, id: string): OrderRow | undefined {
  return ctx.store.db.prepare('SELECT * FROM orders WHERE id = ?').get(id) as OrderRow | undefined
}

/** A user's deposits, the latest first. */
export function goldOrdersOf(ctx: AppContext, userId: number): OrderRow[] {
  return ctx.store.db
    .prepare("SELECT * FROM orders WHERE user_id = ? AND kind = 'gold' ORDER BY created_at DESC, id DESC")
    .all(userId) as OrderRow[]
}

/** Marks an order paid and credits its gold exactly once, however often it is called. */
export function confirmOrder(ctx: AppContext, orderId: string): { order: OrderRow; credited: boolean; gold: number } {
  const db = ctx.store.db
  const result = db.transaction(() => {
    const order = orderById(ctx, orderId)
    if (!order) return null
    const r = db
      .prepare("UPDATE orders SET status = 'paid', paid_at = ? WHERE id = ? AND status = 'pending'")
      .run(nowSec(), orderId)
    const credited = r.changes === 1
    if (credited && order.kind === 'gold')
      db.prepare('UPDATE users SET gold = gold + ? WHERE id = ?').run(order.gold, order.user_id)
    return { order: orderById(ctx, orderId) as OrderRow, credited }
  })()
  if (!result) throw biz(CODE.NOT_FOUND, '订单不存在')
  return { ...result, gold: userById(ctx, result.order.user_id)?.gold ?? 0 }
}

/**
 * Buys a paid room or playback with 慧币: takes `price` from the user's gold and records the purchase, both or
 * neither; false (nothing taken) when the balance is short.
 */
export function buyWithGold(
  ctx: AppContext,
  userId: number,
  kind: 'room' | 'playback',
  targetId: number,
  price: number
): boolean {
  const db = ctx.store.db
  return db.transaction(() => {
    const r = db.prepare('UPDATE users SET gold = gold - ? WHERE id = ? AND gold >= ?').run(price, userId, price)
    if (r.changes !== 1) return false
    db.prepare('INSERT INTO purchases (user_id, kind, target_id, gold, created_at, seq) VALUES (?, ?, ?, ?, ?, ?)').run(
      userId,
      kind,
      targetId,
      price,
      nowSec(),
      nextChargeSeq(ctx)
    )
    return true
  })()
}

/**
 * The next number of the charges' sequence (an unlock or a gift), which orders charges of the same second as they
 * came; called inside the charge's own transaction.
 */
export function nextChargeSeq(ctx: AppContext): number {
  const next = ctx.store.db.prepare(
    "INSERT INTO sequences (name, n) VALUES ('charge', 1) ON CONFLICT (name) DO UPDATE SET n = n + 1 RETURNING n"
  )
  return (next.get() as { n: number }).n
}

/** Whether `userId` bought the paid room or playback `targetId` (kind `room` or `playback`). */
export function hasPurchase(ctx: AppContext, userId: number, kind: string, targetId: number): boolean {
  return !!ctx.store.db
    .prepare('SELECT 1 FROM purchases WHERE user_id = ? AND kind = ? AND target_id = ?')
    .get(userId, kind, targetId)
}

/** A charge of a user's 慧币: an unlock (purchases) or a gift (gift_log). */
export interface ChargeRow {
  kind: 'unlock' | 'gift'
  target: 'room' | 'playback'
  target_id: number
  gift_name: string | null
  combo: number | null
  gold: number
  created_at: number
  /** the charges' sequence (nextChargeSeq): charges of one second in the order they came */
  seq: number
  row_id: number
}

const CHARGES = `
  SELECT 'unlock' AS kind, kind AS target, target_id, NULL AS gift_name, NULL AS combo, gold, created_at, seq,
      rowid AS row_id
    FROM purchases WHERE user_id = @uid
  UNION ALL
  SELECT 'gift' AS kind, 'room' AS target, room_id AS target_id, gift_name, combo, gold, created_at, seq,
      id AS row_id
    FROM gift_log WHERE user_id = @uid`

/** A page of a user's own charges (unlocks and gifts), the latest first, and how many there are in all. */
export function chargesOf(
  ctx: AppContext,
  userId: number,
  page: number,
  count: number
): { rows: ChargeRow[]; total: number } {
  const db = ctx.store.db
  return db.transaction(() => {
    const total = (db.prepare(`SELECT COUNT(*) AS n FROM (${CHARGES})`).get({ uid: userId }) as { n: number }).n
    const rows = db
      .prepare(`${CHARGES} ORDER BY created_at DESC, seq DESC, kind DESC, row_id DESC LIMIT @count OFFSET @offset`)
      .all({ uid: userId, count, offset: (page - 1) * count }) as ChargeRow[]
    return { rows, total }
  })()
}
