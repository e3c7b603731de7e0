/** Chat messages: stored with the room's next msg_id, pushed, and answered in their push and history forms. */
import type { AppContext } from '../types/context'
import { CODE, biz } from '../lib/util'
import type { Activity, Room, UserRow } from '../types'
import { joinLottery, type LotteryActivity } from './activities'
import { ctxHasSensitive } from './users'

export interface DanmakuRow {
  id: number
  room_id: number
  msg_id: number
  user_id: number
  nickname: string
  avatar: string
  content: string
  created_at: number
}

/** the history refusal when messages after `after_msg_id` are no longer kept (data: {after_msg_id, oldest_msg_id}). */
export const HISTORY_GONE = '部分消息已过期，无法加载'

/** The push form of a chat message (R3.14). */
export function danmakuPush(r: DanmakuRow) {
  return {
    msg_id: r.msg_id,
    room_id: r.room_id,
    user_id: r.user_id,
    nickname: r.nickname,
    avatar: r.avatar,
    content: r.content,
    time: r.created_at
  }
}

/** The history form of a chat message (R3.15): content is JSON text. */
export function danmakuHistory(r: DanmakuRow, base = '') {
  const avatar = r.avatar.startsWith('/') ? base + r.avatar : r.avatar
  return {
    id: r.msg_id,
    msg_id: r.msg_id,
    user_id: r.user_id,
    content: JSON.stringify({ text: r.content, nickname: r.nickname, avatar, user_id: r.user_id }),
    msgTimestamp: r.created_at
  }
}

/** Checks a chat text against the sensitive words and the room's chat switch (R5.7, R5.8). */
export function checkChat(ctx: AppContext, room: Room | null, text: string): void {
  if (ctxHasSensitive(ctx, text)) throw biz(CODE.SENSITIVE, '发送失败：内容包含敏感词，请文明发言')
  if (room?.chat_closed) throw biz(CODE.CHAT_CLOSED, '聊天暂时关闭')
}

/**
 * Stores a chat message with the room's next msg_id and pushes it to the room. `joinsLottery`: the caller may take
 * part in the room's activities (a paid room: bought or in the trial), so the room's text lottery enters a chat that
 * sends its title.
 */
export function postDanmaku(
  ctx: AppContext,
  roomId: number,
  user: Pick<UserRow, 'id' | 'name' | 'avatar'>,
  text: string,
  joinsLottery: boolean
): DanmakuRow {
  const db = ctx.store.db
  const row = db.transaction(() => {
    const next =
      ((db.prepare('SELECT MAX(msg_id) AS m FROM danmaku WHERE room_id = ?').get(roomId) as { m: number | null }).m ??
        0) + 1
    const createdAt = Date.now()
    const info = db
      .prepare(
        'INSERT INTO danmaku (room_id, msg_id, user_id, nickname, avatar, content, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)'
      )
      .run(roomId, next, user.id, user.name, user.avatar, text, createdAt)
    return {
      id: Number(info.lastInsertRowid),
      room_id: roomId,
      msg_id: next,
      user_id: user.id,
      nickname: user.name,
      avatar: user.avatar,
      content: text,
      created_at: createdAt
    }
  })()
  ctx.hub.broadcast(roomId, 'danmaku', danmakuPush(row))
  if (joinsLottery) textLotteryHook(ctx, roomId, user.id, text)
  return row
}

/** A text lottery (R4.36) enters a user who sends its title as a chat message. */
function textLotteryHook(ctx: AppContext, roomId: number, userId: number, text: string): void {
  const act = ctx.store
    .docs<Activity>('activity')
    .find((a) => a.kind === 'lottery' && a.room_id === roomId && a.status === 1 && a.lottery_type === 0)
  if (act && act.title === text.trim()) joinLottery(ctx, act as LotteryActivity, userId)
}

/** The oldest msg_id the room's history still keeps (null: none kept). */
export function oldestMsgId(ctx: AppContext, roomId: number): number | null {
  return (
    ctx.store.db.prepare('SELECT MIN(msg_id) AS m FROM danmaku WHERE room_id = ?').get(roomId) as { m: number | null }
  ).m
}

/** Up to `count` messages after `afterMsgId`, oldest first (a gap after a reconnect). */
export function danmakuAfter(ctx: AppContext, roomId: number, afterMsgId: number, count: number): DanmakuRow[] {
  return ctx.store.db
    .prepare('SELECT * FROM danmaku WHERE room_id = ? AND msg_id > ? ORDER BY msg_id ASC LIMIT ?')
    .all(roomId, afterMsgId, count) as DanmakuRow[]
}

/** The latest `count` messages sent since `sinceMs` (Unix ms) and before `beforeMsgId`, oldest first. */
export function danmakuBefore(
  ctx: AppContext,
  roomId: number,
  sinceMs: number,
  beforeMsgId: number,
  count: number
): DanmakuRow[] {
  return (
    ctx.store.db
      .prepare(
        'SELECT * FROM danmaku WHERE room_id = ? AND created_at >= ? AND msg_id < ? ORDER BY msg_id DESC LIMIT ?'
      )
      .all(roomId, sinceMs, beforeMsgId, count) as DanmakuRow[]
  ).reverse()
}

/** The room's newest msg_id (0 without messages): the socket's welcome says it, so a client knows what it missed. */
export function lastMsgId(ctx: AppContext, roomId: number): number {
  return (
    (ctx.store.db.prepare('SELECT MAX(msg_id) AS m FROM danmaku WHERE room_id = ?').get(roomId) as { m: number | null })
      .m ?? 0
  )
}
