/** What viewers do in a room besides chatting: reports, blocks, gifts (charged in 慧币) and playback comments. */
import type { AppContext } from '../types/context'
import { nowSec } from '../lib/util'
import { nextChargeSeq } from './payments'
import type { Gift } from '../types'

/** A report of a message or a user (R7.74). */
export function addReport(
  ctx: AppContext,
  r: { userId: number; msgId: number | null; targetUserId: number | null; reason: string }
): void {
  ctx.store.db
    .prepare('INSERT INTO reports (user_id, msg_id, target_user_id, reason, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(r.userId, r.msgId, r.targetUserId, r.reason, nowSec())
}

/** `uid` blocks `blockedId` (once: blocking again changes nothing). */
export function addBlock(ctx: AppContext, uid: number, blockedId: number): void {
  ctx.store.db
    .prepare('INSERT OR IGNORE INTO blocks (user_id, blocked_user_id, created_at) VALUES (?, ?, ?)')
    .run(uid, blockedId, nowSec())
}

/**
 * Charges `cost` 慧币 for `combo` of `gift` sent to a room and logs it, in one transaction: false (nothing charged)
 * when the balance does not cover it.
 */
export function chargeGift(
  ctx: AppContext,
  uid: number,
  roomId: number,
  gift: Gift,
  combo: number,
  cost: number
): boolean {
  const db = ctx.store.db
  return db.transaction(() => {
    const r = db.prepare('UPDATE users SET gold = gold - ? WHERE id = ? AND gold >= ?').run(cost, uid, cost)
    if (r.changes !== 1) return false
    db.prepare(
      'INSERT INTO gift_log (user_id, room_id, gift_id, gift_name, combo, gold, created_at, seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'
    ).run(uid, roomId, gift.id, gift.name, combo, cost, nowSec(), nextChargeSeq(ctx))
    return true
  })()
}

export interface GiftLogRow {
  id: number
  room_id: number
  gift_id: number
  gift_name: string
  combo: number
  gold: number
  created_at: number
}

/** A user's gifts, latest first. */
export function giftLogOf(ctx: AppContext, uid: number): GiftLogRow[] {
  return ctx.store.db.prepare('SELECT * FROM gift_log WHERE user_id = ? ORDER BY id DESC').all(uid) as GiftLogRow[]
}

export interface CommentRow {
  id: number
  content: string
  created_at: number
  uid: number
  name: string
  avatar: string
}

/** How many comments a playback has. */
export function playbackCommentCount(ctx: AppContext, playbackId: number): number {
  return (
    ctx.store.db.prepare('SELECT COUNT(*) AS n FROM comments WHERE playback_id = ?').get(playbackId) as { n: number }
  ).n
}

/** A playback's comments with their authors, latest first. */
export function playbackComments(ctx: AppContext, playbackId: number): CommentRow[] {
  return ctx.store.db
    .prepare(
      'SELECT c.id, c.content, c.created_at, u.id AS uid, u.name, u.avatar FROM comments c JOIN users u ON u.id = c.user_id WHERE c.playback_id = ? ORDER BY c.id DESC'
    )
    .all(playbackId) as CommentRow[]
}

/** Stores a playback comment; answers its id. */
export function addPlaybackComment(ctx: AppContext, playbackId: number, uid: number, text: string): number {
  const info = ctx.store.db
    .prepare('INSERT INTO comments (playback_id, user_id, content, created_at) VALUES (?, ?, ?, ?)')
    .run(playbackId, uid, text, nowSec())
  return Number(info.lastInsertRowid)
}
