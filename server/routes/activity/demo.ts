/** The demo controls of the activities, the goods and the room's switches (used by /dev/* and `npm run demo`). */
import type { AppContext } from '../../types/context'
import { CODE, biz, nowSec } from '../../lib/util'
import { createActivity, endRunning, lotteryEntrants, quizCount, runningActivity } from '../../repositories/activities'
import { roomOr404 } from '../../repositories/rooms'
import { userById } from '../../repositories/users'
import { streamGated } from '../../services/stream-access'
import type { Activity, Goods, Room, UserRow } from '../../types'
import { goodsList, lotteryView, quizView, rainView, redpackView, voteView } from './views'

const HOUR = 3600

const PRIZES = ['太湖明珠手链', '鼋头渚门票2张', '紫砂茶杯一对', '阳山水蜜桃礼盒', '88慧币', '慢直播定制明信片']

export const demo = {
  vote(
    ctx: AppContext,
    roomId: number,
    title = '今晚最想看哪个机位？',
    options = ['鼋头渚长春桥', '太湖仙岛', '蠡湖之光', '前墅龙窑']
  ) {
    roomOr404(ctx, roomId, true)
    endRunning(ctx, roomId, 'vote')
    const a = createActivity(ctx, {
      room_id: roomId,
      kind: 'vote',
      title,
      options: options.map((t, i) => ({ id: i + 1, title: t, vote: 0 }))
    })
    ctx.hub.broadcast(roomId, 'vote', voteView(a))
    return voteView(a)
  },
  quiz(ctx: AppContext, roomId: number) {
    roomOr404(ctx, roomId, true)
    endRunning(ctx, roomId, 'quiz')
    const bank = [
      { title: '鼋头渚位于哪个湖边？', options: ['太湖', '西湖', '洞庭湖', '巢湖'], answer: 1 },
      { title: '紫砂壶的主要产地是？', options: ['景德镇', '宜兴丁蜀', '德化', '龙泉'], answer: 2 },
      { title: '惠山泥人最有名的形象是？', options: ['兵马俑', '阿福阿喜', '唐三彩', '泥叫叫'], answer: 2 }
    ]
    const q = bank[quizCount(ctx) % bank.length]
    const a = createActivity(ctx, {
      room_id: roomId,
      kind: 'quiz',
      title: q.title,
      options: q.options.map((t, i) => ({ id: i + 1, title: t })),
      answer: q.answer
    })
    ctx.hub.broadcast(roomId, 'quiz', quizView(a))
    return quizView(a)
  },
  /** R4.31, R9.24: the window is now .. now + 1 hour, istop 1 */
  rainStart(ctx: AppContext, roomId: number) {
    roomOr404(ctx, roomId, true)
    endRunning(ctx, roomId, 'rain')
    const now = nowSec()
    const a = createActivity(ctx, {
      room_id: roomId,
      kind: 'rain',
      title: '太湖红包雨',
      throttle: 300,
      count: 3,
      interval: '3,5,8',
      hs_time: now,
      he_time: now + HOUR,
      istop: 1,
      immediately: 1,
      prizes: PRIZES.slice(0, 4)
    })
    ctx.hub.broadcast(roomId, 'rain_start', rainView(a))
    return rainView(a)
  },
  /** R4.32: ends now, istop 0 */
  rainStop(ctx: AppContext, roomId: number) {
    const a = runningActivity(ctx, roomId, 'rain')
    if (!a) throw biz(CODE.NOT_FOUND, '该直播间没有进行中的红包雨')
    const next = ctx.store.patchDoc<Activity>('activity', a.id, { status: 0, he_time: nowSec(), istop: 0 }) as Activity
    ctx.hub.broadcast(roomId, 'rain_stop', rainView(next))
    return rainView(next)
  },
  /** A lottery whose draw time (end_time) is `seconds` from now: entries close then, the draw is lotteryResult. */
  lotteryStart(ctx: AppContext, roomId: number, type: 0 | 1 = 1, seconds = 600) {
    roomOr404(ctx, roomId, true)
    endRunning(ctx, roomId, 'lottery')
    const title = type === 0 ? '太湖美' : '手慢无！点击参与抽奖'
    const a = createActivity(ctx, {
      room_id: roomId,
      kind: 'lottery',
      title,
      prize: PRIZES[1],
      winners_count: 3,
      lottery_type: type,
      open_type: 0,
      userlist: [],
      end_time: nowSec() + seconds
    })
    ctx.hub.broadcast(roomId, 'lottery_start', lotteryView(a))
    return lotteryView(a)
  },
  lotteryResult(ctx: AppContext, roomId: number) {
    const a = runningActivity(ctx, roomId, 'lottery')
    if (!a) throw biz(CODE.NOT_FOUND, '该直播间没有进行中的抽奖')
    // demo: everyone who joined wins up to winners_count, padded with seeded viewers so the list is never empty
    const ids = lotteryEntrants(ctx, a.id)
    for (let v = 10003; ids.length < Number(a.winners_count) && v <= 10012; v++) if (!ids.includes(v)) ids.push(v)
    const userlist = ids.slice(0, Number(a.winners_count)).map((id) => {
      const u = userById(ctx, id) as UserRow
      return { uid: u.id, id: u.id, uname: u.name, nickname: u.name, avatar: u.avatar }
    })
    const next = ctx.store.patchDoc<Activity>('activity', a.id, { status: 0, userlist }) as Activity
    ctx.hub.broadcast(roomId, 'lottery_result', lotteryView(next))
    return lotteryView(next)
  },
  redpack(ctx: AppContext, roomId: number, total = 200, count = 10) {
    roomOr404(ctx, roomId, true)
    endRunning(ctx, roomId, 'redpack')
    // split `total` into `count` random positive parts
    const cuts = new Set<number>()
    while (cuts.size < count - 1) cuts.add(1 + Math.floor(Math.random() * (total - 1)))
    const points = [0, ...[...cuts].sort((x, y) => x - y), total]
    const amounts = points.slice(1).map((p, i) => p - points[i])
    // what is left of a red packet expires after a day, as messenger red packets do
    const a = createActivity(ctx, {
      room_id: roomId,
      kind: 'redpack',
      title: '主播发红包啦',
      total_gold: total,
      amounts,
      taken: 0,
      end_time: nowSec() + 24 * HOUR
    })
    ctx.hub.broadcast(roomId, 'redpack', redpackView(a))
    return redpackView(a)
  },
  goodsOn(ctx: AppContext, roomId: number, goodsId?: number) {
    const list = ctx.store.docs<Goods>('goods').filter((g) => g.room_id === roomId)
    const target = goodsId ? list.find((g) => g.id === goodsId) : list[0]
    if (!target) throw biz(CODE.NOT_FOUND, '该直播间没有这个商品')
    for (const g of list) ctx.store.patchDoc<Goods>('goods', g.id, { on_screen: g.id === target.id ? 1 : 0 })
    const item = goodsList(ctx, roomId).find((g) => g.id === target.id)
    ctx.hub.broadcast(roomId, 'goods_on', item)
    return item
  },
  goodsOff(ctx: AppContext, roomId: number) {
    for (const g of ctx.store.docs<Goods>('goods'))
      if (g.room_id === roomId && g.on_screen) ctx.store.patchDoc<Goods>('goods', g.id, { on_screen: 0 })
    const data = { roomid: roomId }
    ctx.hub.broadcast(roomId, 'goods_off', data)
    return data
  },
  onair(ctx: AppContext, roomId: number, on: boolean) {
    const room = roomOr404(ctx, roomId, true)
    const now = nowSec()
    const next = ctx.store.patchDoc<Room>(
      'room',
      room.id,
      on ? { onair: 1, start_time: now, end_time: 0, scheduled: 0 } : { onair: 0, end_time: now, scheduled: 0 }
    ) as Room
    // a paid or password room's stream URL is signed per viewer: its viewers ask room info again
    const data = {
      roomid: room.id,
      onair: next.onair,
      status: next.onair ? 1 : 0,
      source: next.onair && !streamGated(ctx, 'room', room.id) ? `/hls/live/${room.id}/index.m3u8` : ''
    }
    ctx.hub.broadcast(room.id, 'live_status', data)
    return data
  },
  chat(ctx: AppContext, roomId: number, closed: boolean) {
    const room = roomOr404(ctx, roomId, true)
    ctx.store.patchDoc<Room>('room', room.id, { chat_closed: closed ? 1 : 0 })
    const data = { roomid: room.id, chat_closed: closed ? 1 : 0 }
    ctx.hub.broadcast(room.id, 'chat_status', data)
    return data
  }
}
