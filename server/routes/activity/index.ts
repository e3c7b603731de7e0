import type { FastifyPluginAsync } from 'fastify'
import { Envelope } from '../../plugins/app/calls'
import type { AppContext, Call } from '../../types/context'
import { biz, chinaDay, CODE, nowSec } from '../../lib/util'
import { callerKey } from '../../plugins/app/identity'
import { checkActivityAccess } from '../../services/room-access'
import { countOnce } from '../../repositories/counted'
import type { Activity, Goods, Room, UserRow } from '../../types'
import * as act from '../../../contract/activity'
import {
  type LotteryActivity,
  type QuizActivity,
  type RainActivity,
  type RedpackActivity,
  type VoteActivity,
  type Lookup,
  addEntry,
  addRainDraw,
  entryOf,
  findActivity,
  joinLottery,
  myRainDraws,
  quizAnswers,
  rainDrawsOf,
  rainWinners,
  redpackTakers,
  takeRedpack,
  wonRain
} from '../../repositories/activities'
import { userById } from '../../repositories/users'
import { goodsList, lotteryView, quizView, rainView, redpackExpired, redpackView, voteView } from './views'

export { goodsList, lotteryView, quizView, rainView, redpackView, voteView } from './views'
export { demo } from './demo'

/** A lottery's entry after its draw time (lotteryOpen), which its card showed counting down to 开奖. */
const LOTTERY_CLOSED = '已到开奖时间，停止参与'

/** 1 when `x` holds, else 0 (the answers' flags). */
const flag = (x: unknown): 0 | 1 => (x ? 1 : 0)

type Access = { password?: unknown; room_key?: unknown }

/** The room `roomId` lets this caller at its activities (services/room-access.ts checkActivityAccess: password, paid room). */
function enterRoom(ctx: AppContext, call: Call, p: Access, roomId: number): void {
  const room = ctx.store.doc<Room>('room', roomId)
  if (room) checkActivityAccess(ctx, call, room, p)
}

/**
 * The activity a lookup names (findActivity), once its room has let the caller in: the activity's own room (an id
 * names its room through the activity's row), or, when nothing is found, the room the lookup named.
 */
function activityIn(
  ctx: AppContext,
  call: Call,
  kind: Activity['kind'],
  p: Lookup & Access,
  alias: Parameters<typeof findActivity>[3]
): Activity | undefined {
  const a = findActivity(ctx, kind, p, alias)
  const roomId = a ? a.room_id : (p.roomid ?? p.roomId)
  if (roomId) enterRoom(ctx, call, p, roomId)
  return a
}

/** activityIn, or -4 活动不存在或已结束. */
function activityInOr404(
  ctx: AppContext,
  call: Call,
  kind: Activity['kind'],
  p: Lookup & Access,
  alias: Parameters<typeof findActivity>[3]
): Activity {
  const a = activityIn(ctx, call, kind, p, alias)
  if (!a) throw biz(CODE.NOT_FOUND, '活动不存在或已结束')
  return a
}

// Lookups (R7.102) take act_id, drawId, lotteryId, voteId, quizId or id, else the room's running (else latest)
// activity of the call's kind: see findActivity. Every call, read or write, needs the activity's room's access: a
// password room's password or room_key, a paid room bought or in its trial (checkActivityAccess).
const activityRoutes: FastifyPluginAsync = async (app) => {
  const { api, ctx } = app
  api.call(act.redpackDetail, (p, call) => {
    const a = activityIn(ctx, call, 'redpack', p, 'drawId')
    return a ? redpackView(a) : null
  })

  api.call(act.redpackDraw, (p, call) => {
    const a = activityInOr404(ctx, call, 'redpack', p, 'drawId') as RedpackActivity
    const uid = call.user!.id
    // idempotent per user: a repeated draw (a double tap, a retry) answers the first draw again
    const drawn = entryOf(ctx, a.id, uid, 'redpack')
    if (drawn)
      return new Envelope(CODE.OK, '您已经领取过这个红包了', {
        act_id: a.id,
        amount: Number(drawn.value),
        gold: (userById(ctx, uid) as UserRow).gold,
        repeat: 1
      })
    const amounts = [...a.amounts]
    if (a.status !== 1 || amounts.length === 0) throw biz(CODE.FAIL, '手慢了，红包已抢完')
    // what is left expires at end_time (the card counts down to 失效)
    if (redpackExpired(a)) throw biz(CODE.FAIL, '红包已过期')
    const amount = amounts.shift() as number
    takeRedpack(ctx, a, uid, amount, amounts)
    // the last one taken: every viewer's card says so (已抢完) rather than offering 抢 until a tap is refused
    if (!amounts.length)
      ctx.hub.broadcast(a.room_id, 'redpack', redpackView(ctx.store.doc<Activity>('activity', a.id)!))
    return { act_id: a.id, amount, gold: (userById(ctx, uid) as UserRow).gold }
  })

  api.call(act.redpackResult, (p, call) => {
    const a = activityInOr404(ctx, call, 'redpack', p, 'drawId')
    const list = redpackTakers(ctx, a.id).map((r) => ({
      uid: r.user_id,
      uname: r.name,
      avatar: r.avatar,
      amount: Number(r.value)
    }))
    const mine = call.user ? (list.find((x) => x.uid === call.user!.id)?.amount ?? 0) : 0
    return { ...redpackView(a), list, mine }
  })

  api.call(act.rain, (p, call) => {
    const a = activityIn(ctx, call, 'rain', p, 'lotteryId')
    return a ? rainView(a) : null
  })

  // up to `count` draws per user during the window; about one in three wins
  api.call(act.rainDraw, (p, call) => {
    const a = activityInOr404(ctx, call, 'rain', p, 'lotteryId') as RainActivity
    const now = nowSec()
    if (a.status !== 1 || now < Number(a.hs_time) || now > Number(a.he_time)) throw biz(CODE.FAIL, '红包雨已结束')
    const uid = call.user!.id
    const used = rainDrawsOf(ctx, a.id, uid)
    if (used >= Number(a.count)) throw biz(CODE.FAIL, '本轮抽奖次数已用完')
    const win = !wonRain(ctx, a.id, uid) && Math.random() < 0.34
    const prizes = a.prizes
    const title = win ? prizes[Math.floor(Math.random() * prizes.length)] : ''
    addRainDraw(ctx, a.id, uid, used, title)
    return { act_id: a.id, win: flag(win), title, prize: win ? { title } : null, remain: Number(a.count) - used - 1 }
  })

  // the caller's own draws (a reload restores the chances left): only the caller's rows
  api.call(act.rainMine, (p, call) => {
    const a = activityInOr404(ctx, call, 'rain', p, 'lotteryId') as RainActivity
    const draws = myRainDraws(ctx, a.id, call.user!.id).map((value) => ({ win: flag(value !== ''), title: value }))
    const count = Number(a.count)
    return { act_id: a.id, count, used: draws.length, remain: Math.max(0, count - draws.length), draws }
  })

  // R4.34: winners only while now is inside the rain's window
  api.call(act.rainWinner, (p, call) => {
    const a = activityIn(ctx, call, 'rain', p, 'lotteryId')
    if (!a) return []
    const now = nowSec()
    if (now < Number(a.hs_time) || now > Number(a.he_time)) return []
    return rainWinners(ctx, a.id).map((r) => ({ id: r.id, uid: r.user_id, uname: r.name, title: r.value }))
  })

  api.call(act.voteDetail, (p, call) => {
    const a = activityIn(ctx, call, 'vote', p, 'voteId')
    if (!a) return null
    return voteView(a, call.user ? Number(entryOf(ctx, a.id, call.user.id, 'vote')?.value ?? 0) : 0)
  })

  // answers the option's new count
  api.call(act.votePost, (p, call) => {
    const a = activityInOr404(ctx, call, 'vote', p, 'voteId') as VoteActivity
    if (a.status !== 1) throw biz(CODE.FAIL, '投票已结束')
    const options = a.options
    const opt = options.find((o) => o.id === p.option_id)
    if (!opt) throw biz(CODE.BAD_PARAM, '投票选项不存在')
    const uid = call.user!.id
    if (entryOf(ctx, a.id, uid, 'vote')) throw biz(CODE.FAIL, '您已经投过票了')
    addEntry(ctx, a.id, uid, 'vote', String(opt.id))
    const next = options.map((o) => (o.id === opt.id ? { ...o, vote: o.vote + 1 } : o))
    const updated = ctx.store.patchDoc<Activity>('activity', a.id, { options: next }) as Activity
    ctx.hub.broadcast(a.room_id, 'vote', voteView(updated))
    return { act_id: a.id, option_id: opt.id, vote: opt.vote + 1 }
  })

  api.call(act.puzzleDetail, (p, call) => {
    const a = activityIn(ctx, call, 'quiz', p, 'quizId')
    if (!a) return null
    const mine = call.user ? entryOf(ctx, a.id, call.user.id, 'quiz') : undefined
    return { ...quizView(a, !!mine), my_answer: mine ? Number(mine.value) : 0 }
  })

  // answer = option id (option_id accepted too)
  api.call(act.puzzlePost, (p, call) => {
    const a = activityInOr404(ctx, call, 'quiz', p, 'quizId') as QuizActivity
    const answer = p.answer ?? p.option_id
    if (!answer) throw biz(CODE.BAD_PARAM, '请选择答案')
    if (a.status !== 1) throw biz(CODE.FAIL, '答题已结束')
    // one of the quiz's own options, as a vote's (an answer outside them would be kept as the viewer's one answer)
    if (!a.options.some((o) => o.id === Number(answer))) throw biz(CODE.BAD_PARAM, '答案选项不存在')
    const uid = call.user!.id
    if (entryOf(ctx, a.id, uid, 'quiz')) throw biz(CODE.FAIL, '您已经答过这道题了')
    addEntry(ctx, a.id, uid, 'quiz', String(answer))
    return { act_id: a.id, answer, correct: flag(answer === a.answer) }
  })

  // /puzzle/result?act_id=1
  api.call(act.puzzleResult, (p, call) => {
    const a = activityInOr404(ctx, call, 'quiz', p, 'quizId') as QuizActivity
    const mine = entryOf(ctx, a.id, call.user!.id, 'quiz')
    const answers = quizAnswers(ctx, a.id)
    // the answer only for a viewer who has answered (0 otherwise), like puzzle/detail
    return {
      act_id: a.id,
      title: a.title,
      answer: mine ? a.answer : 0,
      answered: flag(mine),
      my_answer: mine ? Number(mine.value) : 0,
      correct: flag(mine && Number(mine.value) === a.answer),
      total: answers.length,
      correct_count: answers.filter((v) => Number(v) === a.answer).length
    }
  })

  // the lottery (R3.36; R7.102: drawId / lotteryId / roomId lookups). Paths beyond section 7 are ours (R7.112).
  api.call(act.lotteryDetail, (p, call) => {
    const a = activityIn(ctx, call, 'lottery', p, 'lotteryId')
    return a ? lotteryView(a) : null
  })

  api.call(act.lotteryDraw, (p, call) => {
    const a = activityInOr404(ctx, call, 'lottery', p, 'lotteryId')
    if (a.status !== 1) throw biz(CODE.FAIL, '抽奖已结束')
    // a text lottery (type 0) is entered only by sending its title in chat (R3.36), which a closed chat refuses
    if (a.lottery_type === 0) throw biz(CODE.FAIL, '口令抽奖请在聊天中发送口令参与')
    if (!joinLottery(ctx, a as LotteryActivity, call.user!.id)) throw biz(CODE.FAIL, LOTTERY_CLOSED)
    return new Envelope(CODE.OK, '参与成功，等待开奖', { act_id: a.id, joined: 1 })
  })

  api.call(act.lotteryResult, (p, call) => {
    const a = activityInOr404(ctx, call, 'lottery', p, 'lotteryId')
    const view = lotteryView(a)
    const joined = flag(entryOf(ctx, a.id, call.user!.id, 'join'))
    const win = flag(view.userlist.some((u) => u.uid === call.user!.id))
    return { ...view, joined, win, finished: flag(a.status !== 1) }
  })

  api.call(act.goods, (p, call) => {
    enterRoom(ctx, call, p, p.roomid)
    return goodsList(ctx, p.roomid)
  })

  // a viewer's views of a goods item count once a day (however often its card opens)
  api.call(act.goodsView, (p, call) => {
    const g = ctx.store.doc<Goods>('goods', p.id)
    if (!g) throw biz(CODE.NOT_FOUND, '商品不存在')
    enterRoom(ctx, call, p, g.room_id)
    if (!countOnce(ctx, `goods-view:${chinaDay()}`, g.id, callerKey(call.user, call.req)))
      return { id: g.id, views: g.views }
    const next = ctx.store.patchDoc<Goods>('goods', g.id, { views: g.views + 1 }) as Goods
    return { id: g.id, views: next.views }
  })
}

export default activityRoutes
