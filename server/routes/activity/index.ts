import type { FastifyPluginAsync } from 'fastify'
import { Envelope } from '../../plugins/calls'
import { CODE, biz, nowSec } from '../../lib/util'
import type { Activity, Goods, UserRow } from '../../types'
import * as act from '../../../contract/activity'
import {
  type QuizActivity,
  type RainActivity,
  type RedpackActivity,
  type VoteActivity,
  activityOr404,
  addEntry,
  addRainDraw,
  entryOf,
  findActivity,
  joinLottery,
  quizAnswers,
  rainDrawsOf,
  rainWinners,
  redpackTakers,
  takeRedpack,
  wonRain
} from '../../repositories/activities'
import { userById } from '../../repositories/users'
import { goodsList, lotteryView, quizView, rainView, redpackView, voteView } from './views'

export { goodsList, lotteryView, quizView, rainView, redpackView, voteView } from './views'
export { demo } from './demo'

/** 1 when `x` holds, else 0 (the answers' flags). */
const flag = (x: unknown): 0 | 1 => (x ? 1 : 0)

// Lookups (R7.102) take act_id, drawId, lotteryId, voteId, quizId or id, else the room's running (else latest)
// activity of the call's kind: see findActivity.
const activityRoutes: FastifyPluginAsync = async (app) => {
  const { api, ctx } = app
  api.call(act.redpackDetail, (p) => {
    const a = findActivity(ctx, 'redpack', p, 'drawId')
    return a ? redpackView(a) : null
  })

  api.call(act.redpackDraw, (p, call) => {
    const a = activityOr404(ctx, 'redpack', p, 'drawId') as RedpackActivity
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
    const amount = amounts.shift() as number
    takeRedpack(ctx, a, uid, amount, amounts)
    return { act_id: a.id, amount, gold: (userById(ctx, uid) as UserRow).gold }
  })

  api.call(act.redpackResult, (p, call) => {
    const a = activityOr404(ctx, 'redpack', p, 'drawId')
    const list = redpackTakers(ctx, a.id).map((r) => ({
      uid: r.user_id,
      uname: r.name,
      avatar: r.avatar,
      amount: Number(r.value)
    }))
    const mine = call.user ? (list.find((x) => x.uid === call.user!.id)?.amount ?? 0) : 0
    return { ...redpackView(a), list, mine }
  })

  api.call(act.rain, (p) => {
    const a = findActivity(ctx, 'rain', p, 'lotteryId')
    return a ? rainView(a) : null
  })

  // up to `count` draws per user during the window; about one in three wins
  api.call(act.rainDraw, (p, call) => {
    const a = activityOr404(ctx, 'rain', p, 'lotteryId') as RainActivity
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

  // R4.34: winners only while now is inside the rain's window
  api.call(act.rainWinner, (p) => {
    const a = findActivity(ctx, 'rain', p, 'lotteryId')
    if (!a) return []
    const now = nowSec()
    if (now < Number(a.hs_time) || now > Number(a.he_time)) return []
    return rainWinners(ctx, a.id).map((r) => ({ id: r.id, uid: r.user_id, uname: r.name, title: r.value }))
  })

  api.call(act.voteDetail, (p, call) => {
    const a = findActivity(ctx, 'vote', p, 'voteId')
    if (!a) return null
    return voteView(a, call.user ? Number(entryOf(ctx, a.id, call.user.id, 'vote')?.value ?? 0) : 0)
  })

  // answers the option's new count
  api.call(act.votePost, (p, call) => {
    const a = activityOr404(ctx, 'vote', p, 'voteId') as VoteActivity
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
    const a = findActivity(ctx, 'quiz', p, 'quizId')
    if (!a) return null
    const mine = call.user ? entryOf(ctx, a.id, call.user.id, 'quiz') : undefined
    return { ...quizView(a, !!mine), my_answer: mine ? Number(mine.value) : 0 }
  })

  // answer = option id (option_id accepted too)
  api.call(act.puzzlePost, (p, call) => {
    const a = activityOr404(ctx, 'quiz', p, 'quizId') as QuizActivity
    const answer = p.answer ?? p.option_id
    if (!answer) throw biz(CODE.BAD_PARAM, '请选择答案')
    if (a.status !== 1) throw biz(CODE.FAIL, '答题已结束')
    const uid = call.user!.id
    if (entryOf(ctx, a.id, uid, 'quiz')) throw biz(CODE.FAIL, '您已经答过这道题了')
    addEntry(ctx, a.id, uid, 'quiz', String(answer))
    return { act_id: a.id, answer, correct: flag(answer === a.answer) }
  })

  // /puzzle/result?act_id=1
  api.call(act.puzzleResult, (p, call) => {
    const a = activityOr404(ctx, 'quiz', p, 'quizId') as QuizActivity
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
  api.call(act.lotteryDetail, (p) => {
    const a = findActivity(ctx, 'lottery', p, 'lotteryId')
    return a ? lotteryView(a) : null
  })

  api.call(act.lotteryDraw, (p, call) => {
    const a = activityOr404(ctx, 'lottery', p, 'lotteryId')
    if (a.status !== 1) throw biz(CODE.FAIL, '抽奖已结束')
    joinLottery(ctx, a.id, call.user!.id)
    return new Envelope(CODE.OK, '参与成功，等待开奖', { act_id: a.id, joined: 1 })
  })

  api.call(act.lotteryResult, (p, call) => {
    const a = activityOr404(ctx, 'lottery', p, 'lotteryId')
    const view = lotteryView(a)
    const joined = flag(entryOf(ctx, a.id, call.user!.id, 'join'))
    const win = flag(view.userlist.some((u) => u.uid === call.user!.id))
    return { ...view, joined, win, finished: flag(a.status !== 1) }
  })

  api.call(act.goods, (p) => goodsList(ctx, p.roomid))

  api.call(act.goodsView, (p) => {
    const g = ctx.store.doc<Goods>('goods', p.id)
    if (!g) throw biz(CODE.NOT_FOUND, '商品不存在')
    ctx.store.patchDoc<Goods>('goods', g.id, { views: g.views + 1 })
    return { id: g.id, views: g.views + 1 }
  })
}

export default activityRoutes
