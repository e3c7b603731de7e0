/**
 * In-room activities: the activity documents (one per vote, quiz, rain, red packet or lottery) and what viewers did
 * with them (`act_entries`: a vote, an answer, a red packet taken, a rain draw, a lottery entry).
 */
import type { AppContext } from '../types/context'
import { CODE, biz, nowSec } from '../lib/util'
import type { Activity } from '../types'

// ---- the documents: each kind's own fields

type Flag = 0 | 1

export interface RainActivity extends Activity {
  kind: 'rain'
  /** the shortest time between two taps (ms) */
  throttle: number
  /** draws a viewer may make */
  count: number
  /** comma list of seconds */
  interval: string
  hs_time: number
  he_time: number
  istop: Flag
  immediately: Flag
  prizes: string[]
}

export interface VoteActivity extends Activity {
  kind: 'vote'
  options: Array<{ id: number; title: string; vote: number }>
}

export interface QuizActivity extends Activity {
  kind: 'quiz'
  options: Array<{ id: number; title: string }>
  /** the right option's id */
  answer: number
}

export interface RedpackActivity extends Activity {
  kind: 'redpack'
  total_gold: number
  /** what is left, one amount a packet */
  amounts: number[]
  /** packets taken */
  taken?: number
  end_time: number
}

export interface LotteryWinnerEntry {
  uid: number
  id: number
  uname: string
  nickname: string
  avatar: string
}

export interface LotteryActivity extends Activity {
  kind: 'lottery'
  prize: string
  winners_count: number
  lottery_type: Flag
  open_type: Flag
  userlist?: LotteryWinnerEntry[]
  end_time: number
}

// ---- the documents

/** A new running activity with the next id (from 9001). */
export function createActivity(ctx: AppContext, a: Omit<Activity, 'id' | 'created_at' | 'status'>): Activity {
  const id = ctx.store.nextDocId('activity', 9001)
  const act = { ...a, id, created_at: nowSec(), status: 1 } as Activity
  ctx.store.putDoc('activity', id, act)
  return act
}

/** Ends the room's running activities of `kind` (a new one replaces them). */
export function endRunning(ctx: AppContext, roomId: number, kind: Activity['kind']): void {
  for (const a of ctx.store.docs<Activity>('activity'))
    if (a.room_id === roomId && a.kind === kind && a.status === 1)
      ctx.store.patchDoc<Activity>('activity', a.id, { status: 0 })
}

/** The room's latest running activity of `kind`. */
export function runningActivity(ctx: AppContext, roomId: number, kind: Activity['kind']): Activity | undefined {
  return ctx.store
    .docs<Activity>('activity')
    .filter((x) => x.kind === kind && x.room_id === roomId && x.status === 1)
    .pop()
}

/** How many quizzes were ever started (the demo takes its next question from this). */
export function quizCount(ctx: AppContext): number {
  return ctx.store.docs<Activity>('activity').filter((x) => x.kind === 'quiz').length
}

/** R7.102: lookups by drawId, lotteryId, voteId or quizId are all accepted, as are act_id and id */
const ID_ALIASES = ['drawId', 'lotteryId', 'voteId', 'quizId'] as const

export type Lookup = {
  act_id?: number
  id?: number
  roomid?: number
  roomId?: number
} & Partial<Record<(typeof ID_ALIASES)[number], number>>

/**
 * The activity a lookup names: by act_id (or `alias`, id, another alias) when it has one, of `kind` only; else the
 * room's running activity of `kind`, else its latest. Neither id nor room: -1.
 */
export function findActivity(
  ctx: AppContext,
  kind: Activity['kind'],
  p: Lookup,
  alias: (typeof ID_ALIASES)[number]
): Activity | undefined {
  const id = p.act_id ?? p[alias] ?? p.id ?? ID_ALIASES.map((k) => p[k]).find((v) => v !== undefined)
  if (id) {
    const a = ctx.store.doc<Activity>('activity', Number(id))
    return a && a.kind === kind ? a : undefined
  }
  const room = p.roomid ?? p.roomId
  if (!room) throw biz(CODE.BAD_PARAM, '缺少参数：活动ID(act_id) 或 直播间ID(roomid)')
  const list = ctx.store.docs<Activity>('activity').filter((a) => a.kind === kind && a.room_id === Number(room))
  return list.filter((a) => a.status === 1).pop() ?? list.pop()
}

// ---- what viewers did

/** A viewer's entry of `kind` in an activity ('vote', 'quiz', 'redpack', 'join'). */
export function entryOf(ctx: AppContext, actId: number, uid: number, kind: string): { value: string } | undefined {
  return ctx.store.db
    .prepare('SELECT value FROM act_entries WHERE act_id = ? AND user_id = ? AND kind = ?')
    .get(actId, uid, kind) as { value: string } | undefined
}

export function addEntry(ctx: AppContext, actId: number, uid: number, kind: string, value: string): void {
  ctx.store.db
    .prepare('INSERT INTO act_entries (act_id, user_id, kind, value, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(actId, uid, kind, value, nowSec())
}

/**
 * Whether a lottery still takes entries: running, and its draw time (end_time, which the card counts down to 开奖) not
 * yet come. The operator draws after it; an entry made between the two would join a draw already announced.
 */
export function lotteryOpen(a: LotteryActivity): boolean {
  return a.status === 1 && !(a.end_time > 0 && nowSec() >= a.end_time)
}

/**
 * Enters a viewer in a lottery that still takes entries (lotteryOpen), once (a second entry changes nothing); false,
 * and nothing written, when it takes none.
 */
export function joinLottery(ctx: AppContext, a: LotteryActivity, uid: number): boolean {
  if (!lotteryOpen(a)) return false
  ctx.store.db
    .prepare('INSERT OR IGNORE INTO act_entries (act_id, user_id, kind, value, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(a.id, uid, 'join', '1', nowSec())
  return true
}

/** The users who joined a lottery, first come first. */
export function lotteryEntrants(ctx: AppContext, actId: number): number[] {
  const rows = ctx.store.db
    .prepare("SELECT user_id FROM act_entries WHERE act_id = ? AND kind = 'join' ORDER BY created_at")
    .all(actId) as Array<{ user_id: number }>
  return rows.map((r) => r.user_id)
}

/**
 * Gives a viewer the red packet's next `amount` in one transaction: the entry, the gold, and what is left of the
 * packet (`amounts`, without the one taken; the packet ends with its last amount).
 */
export function takeRedpack(ctx: AppContext, a: Activity, uid: number, amount: number, amounts: number[]): void {
  const db = ctx.store.db
  db.transaction(() => {
    addEntry(ctx, a.id, uid, 'redpack', String(amount))
    db.prepare('UPDATE users SET gold = gold + ? WHERE id = ?').run(amount, uid)
    ctx.store.patchDoc<Activity>('activity', a.id, {
      amounts,
      taken: Number(a.taken ?? 0) + 1,
      status: amounts.length ? 1 : 0
    })
  })()
}

/** Who took a red packet and how much, first taken first. */
export function redpackTakers(
  ctx: AppContext,
  actId: number
): Array<{ user_id: number; value: string; name: string; avatar: string }> {
  return ctx.store.db
    .prepare(
      "SELECT e.user_id, e.value, u.name, u.avatar FROM act_entries e JOIN users u ON u.id = e.user_id WHERE e.act_id = ? AND e.kind = 'redpack' ORDER BY e.created_at"
    )
    .all(actId) as Array<{ user_id: number; value: string; name: string; avatar: string }>
}

/** A viewer's draws of a rain so far. */
export function rainDrawsOf(ctx: AppContext, actId: number, uid: number): number {
  return (
    ctx.store.db
      .prepare("SELECT COUNT(*) AS n FROM act_entries WHERE act_id = ? AND user_id = ? AND kind LIKE 'rain%'")
      .get(actId, uid) as { n: number }
  ).n
}

/** A viewer's own draws of a rain, first drawn first: the prize of each ('' for a miss). Only that viewer's rows. */
export function myRainDraws(ctx: AppContext, actId: number, uid: number): string[] {
  const rows = ctx.store.db
    .prepare(
      "SELECT value FROM act_entries WHERE act_id = ? AND user_id = ? AND kind LIKE 'rain%' ORDER BY created_at, rowid"
    )
    .all(actId, uid) as Array<{ value: string }>
  return rows.map((r) => r.value)
}

/** Whether a viewer has already won a prize of a rain. */
export function wonRain(ctx: AppContext, actId: number, uid: number): boolean {
  return !!ctx.store.db
    .prepare("SELECT 1 FROM act_entries WHERE act_id = ? AND user_id = ? AND kind LIKE 'rain%' AND value <> ''")
    .get(actId, uid)
}

/** A viewer's `n`-th draw of a rain (from 0), with the prize won ('' when none). */
export function addRainDraw(ctx: AppContext, actId: number, uid: number, n: number, prize: string): void {
  addEntry(ctx, actId, uid, `rain${n}`, prize)
}

/** A rain's winning draws, latest first. */
export function rainWinners(
  ctx: AppContext,
  actId: number
): Array<{ id: number; user_id: number; value: string; name: string }> {
  return ctx.store.db
    .prepare(
      "SELECT e.rowid AS id, e.user_id, e.value, u.name FROM act_entries e JOIN users u ON u.id = e.user_id WHERE e.act_id = ? AND e.kind LIKE 'rain%' AND e.value <> '' ORDER BY e.created_at DESC"
    )
    .all(actId) as Array<{ id: number; user_id: number; value: string; name: string }>
}

/** Every answer given to a quiz (the chosen option ids, as text). */
export function quizAnswers(ctx: AppContext, actId: number): string[] {
  const rows = ctx.store.db
    .prepare("SELECT value FROM act_entries WHERE act_id = ? AND kind = 'quiz'")
    .all(actId) as Array<{ value: string }>
  return rows.map((r) => r.value)
}
