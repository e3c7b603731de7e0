/** The activities as the client reads them (R3.35–R3.41): the calls' answers and the room's pushes. */
import type { Static } from 'typebox'
import type * as C from '../../../contract/activity'
import type { Quiz } from '../../../contract/activity'
import type { AppContext } from '../../types/context'
import { nowSec } from '../../lib/util'
import type {
  LotteryActivity,
  QuizActivity,
  RainActivity,
  RedpackActivity,
  VoteActivity
} from '../../repositories/activities'
import type { Activity, Goods } from '../../types'

export function rainView(act: Activity): Static<typeof C.Rain> {
  const a = act as RainActivity
  return {
    id: a.id,
    actId: a.id,
    act_id: a.id,
    roomid: a.room_id,
    title: a.title,
    throttle: a.throttle,
    count: a.count,
    interval: a.interval,
    hs_time: a.hs_time,
    he_time: a.he_time,
    istop: a.istop,
    immediately: a.immediately,
    status: a.status
  }
}

export function voteView(act: Activity, myOption = 0): Static<typeof C.Vote> {
  const a = act as VoteActivity
  return {
    id: a.id,
    act_id: a.id,
    voteId: a.id,
    roomid: a.room_id,
    title: a.title,
    status: a.status,
    options: a.options,
    list: a.options,
    voted_option_id: myOption
  }
}

export function quizView(act: Activity, reveal = false): Static<typeof Quiz> {
  const a = act as QuizActivity
  const options = a.options.map((o) => ({ id: o.id, title: o.title }))
  return {
    id: a.id,
    act_id: a.id,
    quizId: a.id,
    roomid: a.room_id,
    title: a.title,
    status: a.status,
    options,
    ...(reveal ? { answer: a.answer } : {})
  }
}

/** Whether a red packet's time is up: what is left of it expires at its end_time. */
export function redpackExpired(a: RedpackActivity): boolean {
  return a.end_time > 0 && nowSec() > a.end_time
}

export function redpackView(act: Activity): Static<typeof C.Redpack> {
  const a = act as RedpackActivity
  const amounts = a.amounts
  return {
    id: a.id,
    act_id: a.id,
    roomid: a.room_id,
    title: a.title,
    // an expired packet is over (status 0), whatever was left of it
    status: redpackExpired(a) ? 0 : a.status,
    total_gold: a.total_gold,
    count: amounts.length + Number(a.taken ?? 0),
    remain: amounts.length,
    end_time: a.end_time
  }
}

export function lotteryView(act: Activity): Static<typeof C.Lottery> {
  const a = act as LotteryActivity
  return {
    id: a.id,
    act_id: a.id,
    drawId: a.id,
    lotteryId: a.id,
    roomid: a.room_id,
    title: a.title,
    prize: a.prize,
    winners_count: a.winners_count,
    lottery_type: a.lottery_type,
    open_type: a.open_type,
    status: a.status,
    userlist: a.userlist ?? [],
    end_time: a.end_time
  }
}

/** The room's goods, numbered from 1 (R3.41, R4.40). */
export function goodsList(ctx: AppContext, roomId: number): Array<Static<typeof C.GoodsItem>> {
  return ctx.store
    .docs<Goods>('goods')
    .filter((g) => g.room_id === roomId)
    .map((g, i) => ({ ...g, roomid: g.room_id, index: i + 1 }))
}
