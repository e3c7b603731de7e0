import { Envelope, type Api } from '../api'
import type { AppContext } from '../context'
import { CODE, biz, nowSec } from '../lib/util'
import { S } from '../lib/validate'
import { streamGated } from '../security'
import type { Activity, Goods, Room, UserRow } from '../types'
import { roomOr404 } from '../repositories/rooms'
import { userById } from '../repositories/users'

const A = '/api/v1/userapp/living/activity'
const HOUR = 3600

const PRIZES = ['太湖明珠手链', '鼋头渚门票2张', '紫砂茶杯一对', '阳山水蜜桃礼盒', '88慧币', '慢直播定制明信片']

// ---- views (what the client reads; R3.35–R3.41)
export function rainView(a: Activity) {
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
export function voteView(a: Activity, myOption = 0) {
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
export function quizView(a: Activity, reveal = false) {
  const options = (a.options as Array<{ id: number; title: string }>).map((o) => ({ id: o.id, title: o.title }))
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
export function redpackView(a: Activity) {
  const amounts = a.amounts as number[]
  return {
    id: a.id,
    act_id: a.id,
    roomid: a.room_id,
    title: a.title,
    status: a.status,
    total_gold: a.total_gold,
    count: amounts.length + Number(a.taken ?? 0),
    remain: amounts.length,
    end_time: a.end_time
  }
}
export function lotteryView(a: Activity) {
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
export function goodsList(ctx: AppContext, roomId: number) {
  return ctx.store
    .docs<Goods>('goods')
    .filter((g) => g.room_id === roomId)
    .map((g, i) => ({ ...g, roomid: g.room_id, index: i + 1 }))
}

function newActivity(ctx: AppContext, a: Omit<Activity, 'id' | 'created_at' | 'status'>): Activity {
  const id = ctx.store.nextDocId('activity', 9001)
  const act = { ...a, id, created_at: nowSec(), status: 1 } as Activity
  ctx.store.putDoc('activity', id, act)
  return act
}

function endRunning(ctx: AppContext, roomId: number, kind: Activity['kind']): void {
  for (const a of ctx.store.docs<Activity>('activity'))
    if (a.room_id === roomId && a.kind === kind && a.status === 1)
      ctx.store.patchDoc<Activity>('activity', a.id, { status: 0 })
}

// ---- demo controls (used by /dev/* and `npm run demo`)
export const demo = {
  vote(
    ctx: AppContext,
    roomId: number,
    title = '今晚最想看哪个机位？',
    options = ['鼋头渚长春桥', '太湖仙岛', '蠡湖之光', '前墅龙窑']
  ) {
    roomOr404(ctx, roomId, true)
    endRunning(ctx, roomId, 'vote')
    const a = newActivity(ctx, {
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
    const q = bank[ctx.store.docs<Activity>('activity').filter((x) => x.kind === 'quiz').length % bank.length]
    const a = newActivity(ctx, {
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
    const a = newActivity(ctx, {
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
    const a = ctx.store
      .docs<Activity>('activity')
      .filter((x) => x.kind === 'rain' && x.room_id === roomId && x.status === 1)
      .pop()
    if (!a) throw biz(CODE.NOT_FOUND, '该直播间没有进行中的红包雨')
    const next = ctx.store.patchDoc<Activity>('activity', a.id, { status: 0, he_time: nowSec(), istop: 0 }) as Activity
    ctx.hub.broadcast(roomId, 'rain_stop', rainView(next))
    return rainView(next)
  },
  lotteryStart(ctx: AppContext, roomId: number, type: 0 | 1 = 1) {
    roomOr404(ctx, roomId, true)
    endRunning(ctx, roomId, 'lottery')
    const title = type === 0 ? '太湖美' : '手慢无！点击参与抽奖'
    const a = newActivity(ctx, {
      room_id: roomId,
      kind: 'lottery',
      title,
      prize: PRIZES[1],
      winners_count: 3,
      lottery_type: type,
      open_type: 0,
      userlist: [],
      end_time: nowSec() + 600
    })
    ctx.hub.broadcast(roomId, 'lottery_start', lotteryView(a))
    return lotteryView(a)
  },
  lotteryResult(ctx: AppContext, roomId: number) {
    const a = ctx.store
      .docs<Activity>('activity')
      .filter((x) => x.kind === 'lottery' && x.room_id === roomId && x.status === 1)
      .pop()
    if (!a) throw biz(CODE.NOT_FOUND, '该直播间没有进行中的抽奖')
    const entries = ctx.store.db
      .prepare("SELECT user_id FROM act_entries WHERE act_id = ? AND kind = 'join' ORDER BY created_at")
      .all(a.id) as Array<{ user_id: number }>
    // demo: everyone who joined wins up to winners_count, padded with seeded viewers so the list is never empty
    const ids = entries.map((e) => e.user_id)
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
    const a = newActivity(ctx, {
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

type Lookup = { act_id?: number; id?: number; roomid?: number; roomId?: number } & Record<string, unknown>

function findAct(ctx: AppContext, kind: Activity['kind'], p: Lookup, alias: string): Activity | undefined {
  const id =
    p.act_id ??
    (p[alias] as number | undefined) ??
    p.id ??
    ID_ALIASES.map((k) => p[k] as number | undefined).find((v) => v !== undefined)
  if (id) {
    const a = ctx.store.doc<Activity>('activity', Number(id))
    return a && a.kind === kind ? a : undefined
  }
  const room = p.roomid ?? p.roomId
  if (!room) throw biz(CODE.BAD_PARAM, '缺少参数：活动ID(act_id) 或 直播间ID(roomid)')
  const list = ctx.store.docs<Activity>('activity').filter((a) => a.kind === kind && a.room_id === Number(room))
  return list.filter((a) => a.status === 1).pop() ?? list.pop()
}

function mustAct(ctx: AppContext, kind: Activity['kind'], p: Lookup, alias: string): Activity {
  const a = findAct(ctx, kind, p, alias)
  if (!a) throw biz(CODE.NOT_FOUND, '活动不存在或已结束')
  return a
}

/** R7.102: lookups by drawId, lotteryId, voteId or quizId are all accepted, as are act_id and id */
const ID_ALIASES = ['drawId', 'lotteryId', 'voteId', 'quizId']
const lookup = (alias: string) =>
  S.obj({
    act_id: S.int('活动ID', { minimum: 1 }),
    ...Object.fromEntries(ID_ALIASES.map((k) => [k, S.int('活动ID', { minimum: 1 })])),
    [alias]: S.int('活动ID', { minimum: 1 }),
    id: S.int('活动ID', { minimum: 1 }),
    roomid: S.int('直播间ID', { minimum: 1 }),
    roomId: S.int('直播间ID', { minimum: 1 })
  })
const lookupOf = (alias: string, extra: Record<string, ReturnType<typeof S.int>>, required: string[] = []) => {
  const base = lookup(alias)
  return { ...base, properties: { ...base.properties, ...extra }, required }
}

export function registerActivity(api: Api, ctx: AppContext): void {
  const db = ctx.store.db
  const entry = (actId: number, uid: number, kind: string) =>
    db.prepare('SELECT value FROM act_entries WHERE act_id = ? AND user_id = ? AND kind = ?').get(actId, uid, kind) as
      { value: string } | undefined
  const addEntry = (actId: number, uid: number, kind: string, value: string) =>
    db
      .prepare('INSERT INTO act_entries (act_id, user_id, kind, value, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(actId, uid, kind, value, nowSec())

  // R7.89
  api.post(`${A}/redpack/detail`, { schema: lookup('drawId') }, (p) => {
    const a = findAct(ctx, 'redpack', p, 'drawId')
    return a ? redpackView(a) : null
  })
  // R7.93
  api.post(`${A}/redpack/draw`, { auth: true, schema: lookup('drawId') }, (p, call) => {
    const a = mustAct(ctx, 'redpack', p, 'drawId')
    const uid = call.user!.id
    // idempotent per user: a repeated draw (a double tap, a retry) answers the first draw again
    const drawn = entry(a.id, uid, 'redpack')
    if (drawn)
      return new Envelope(CODE.OK, '您已经领取过这个红包了', {
        act_id: a.id,
        amount: Number(drawn.value),
        gold: (userById(ctx, uid) as UserRow).gold,
        repeat: 1
      })
    const amounts = [...(a.amounts as number[])]
    if (a.status !== 1 || amounts.length === 0) throw biz(CODE.FAIL, '手慢了，红包已抢完')
    const amount = amounts.shift() as number
    db.transaction(() => {
      addEntry(a.id, uid, 'redpack', String(amount))
      db.prepare('UPDATE users SET gold = gold + ? WHERE id = ?').run(amount, uid)
      ctx.store.patchDoc<Activity>('activity', a.id, {
        amounts,
        taken: Number(a.taken ?? 0) + 1,
        status: amounts.length ? 1 : 0
      })
    })()
    return { act_id: a.id, amount, gold: (userById(ctx, uid) as UserRow).gold }
  })
  // R7.94
  api.post(`${A}/redpack/result`, { schema: lookup('drawId') }, (p, call) => {
    const a = mustAct(ctx, 'redpack', p, 'drawId')
    const rows = db
      .prepare(
        "SELECT e.user_id, e.value, u.name, u.avatar FROM act_entries e JOIN users u ON u.id = e.user_id WHERE e.act_id = ? AND e.kind = 'redpack' ORDER BY e.created_at"
      )
      .all(a.id) as Array<{ user_id: number; value: string; name: string; avatar: string }>
    const list = rows.map((r) => ({ uid: r.user_id, uname: r.name, avatar: r.avatar, amount: Number(r.value) }))
    const mine = call.user ? (list.find((x) => x.uid === call.user!.id)?.amount ?? 0) : 0
    return { ...redpackView(a), list, mine }
  })

  // R7.90, R3.37
  api.post(`${A}/rain`, { schema: lookup('lotteryId') }, (p) => {
    const a = findAct(ctx, 'rain', p, 'lotteryId')
    return a ? rainView(a) : null
  })
  // R7.91: up to `count` draws per user during the window; about one in three wins
  api.post(`${A}/rain/draw`, { auth: true, schema: lookup('lotteryId') }, (p, call) => {
    const a = mustAct(ctx, 'rain', p, 'lotteryId')
    const now = nowSec()
    if (a.status !== 1 || now < Number(a.hs_time) || now > Number(a.he_time)) throw biz(CODE.FAIL, '红包雨已结束')
    const uid = call.user!.id
    const used = (
      db
        .prepare("SELECT COUNT(*) AS n FROM act_entries WHERE act_id = ? AND user_id = ? AND kind LIKE 'rain%'")
        .get(a.id, uid) as { n: number }
    ).n
    if (used >= Number(a.count)) throw biz(CODE.FAIL, '本轮抽奖次数已用完')
    const alreadyWon = db
      .prepare("SELECT 1 FROM act_entries WHERE act_id = ? AND user_id = ? AND kind LIKE 'rain%' AND value <> ''")
      .get(a.id, uid)
    const win = !alreadyWon && Math.random() < 0.34
    const prizes = a.prizes as string[]
    const title = win ? prizes[Math.floor(Math.random() * prizes.length)] : ''
    addEntry(a.id, uid, `rain${used}`, title)
    return { act_id: a.id, win: win ? 1 : 0, title, prize: win ? { title } : null, remain: Number(a.count) - used - 1 }
  })
  // R7.92, R3.38, R4.34
  api.post(`${A}/rain/winner`, { schema: lookup('lotteryId') }, (p) => {
    const a = findAct(ctx, 'rain', p, 'lotteryId')
    if (!a) return []
    // R4.34: winners only while now is inside the rain's window
    const now = nowSec()
    if (now < Number(a.hs_time) || now > Number(a.he_time)) return []
    const rows = db
      .prepare(
        "SELECT e.rowid AS id, e.user_id, e.value, u.name FROM act_entries e JOIN users u ON u.id = e.user_id WHERE e.act_id = ? AND e.kind LIKE 'rain%' AND e.value <> '' ORDER BY e.created_at DESC"
      )
      .all(a.id) as Array<{ id: number; user_id: number; value: string; name: string }>
    return rows.map((r) => ({ id: r.id, uid: r.user_id, uname: r.name, title: r.value }))
  })

  // R7.95, R3.39
  api.post(`${A}/vote/detail`, { schema: lookup('voteId') }, (p, call) => {
    const a = findAct(ctx, 'vote', p, 'voteId')
    if (!a) return null
    return voteView(a, call.user ? Number(entry(a.id, call.user.id, 'vote')?.value ?? 0) : 0)
  })
  // R7.96, R4.38: answers the option's new count
  api.post(
    `${A}/vote/post`,
    { auth: true, schema: lookupOf('voteId', { option_id: S.int('选项ID', { minimum: 1 }) }, ['option_id']) },
    (p, call) => {
      const a = mustAct(ctx, 'vote', p, 'voteId')
      if (a.status !== 1) throw biz(CODE.FAIL, '投票已结束')
      const options = a.options as Array<{ id: number; title: string; vote: number }>
      const opt = options.find((o) => o.id === p.option_id)
      if (!opt) throw biz(CODE.BAD_PARAM, '投票选项不存在')
      const uid = call.user!.id
      if (entry(a.id, uid, 'vote')) throw biz(CODE.FAIL, '您已经投过票了')
      addEntry(a.id, uid, 'vote', String(opt.id))
      const next = options.map((o) => (o.id === opt.id ? { ...o, vote: o.vote + 1 } : o))
      const act = ctx.store.patchDoc<Activity>('activity', a.id, { options: next }) as Activity
      ctx.hub.broadcast(a.room_id, 'vote', voteView(act))
      return { act_id: a.id, option_id: opt.id, vote: opt.vote + 1 }
    }
  )

  // R7.97, R3.40
  api.post(`${A}/puzzle/detail`, { schema: lookup('quizId') }, (p, call) => {
    const a = findAct(ctx, 'quiz', p, 'quizId')
    if (!a) return null
    const mine = call.user ? entry(a.id, call.user.id, 'quiz') : undefined
    return { ...quizView(a, !!mine), my_answer: mine ? Number(mine.value) : 0 }
  })
  // R7.98: answer = option id (option_id accepted too)
  api.post(
    `${A}/puzzle/post`,
    {
      auth: true,
      schema: lookupOf('quizId', { option_id: S.int('选项ID', { minimum: 1 }), answer: S.int('答案', { minimum: 1 }) })
    },
    (p, call) => {
      const a = mustAct(ctx, 'quiz', p, 'quizId')
      const answer = p.answer ?? p.option_id
      if (!answer) throw biz(CODE.BAD_PARAM, '请选择答案')
      if (a.status !== 1) throw biz(CODE.FAIL, '答题已结束')
      const uid = call.user!.id
      if (entry(a.id, uid, 'quiz')) throw biz(CODE.FAIL, '您已经答过这道题了')
      addEntry(a.id, uid, 'quiz', String(answer))
      return { act_id: a.id, answer, correct: answer === a.answer ? 1 : 0 }
    }
  )
  // R7.99: /puzzle/result?act_id=1
  api.post(`${A}/puzzle/result`, { auth: true, schema: lookup('quizId') }, (p, call) => {
    const a = mustAct(ctx, 'quiz', p, 'quizId')
    const mine = entry(a.id, call.user!.id, 'quiz')
    const rows = db.prepare("SELECT value FROM act_entries WHERE act_id = ? AND kind = 'quiz'").all(a.id) as Array<{
      value: string
    }>
    // the answer only for a viewer who has answered (0 otherwise), like puzzle/detail
    return {
      act_id: a.id,
      title: a.title,
      answer: mine ? a.answer : 0,
      answered: mine ? 1 : 0,
      my_answer: mine ? Number(mine.value) : 0,
      correct: mine && Number(mine.value) === a.answer ? 1 : 0,
      total: rows.length,
      correct_count: rows.filter((r) => Number(r.value) === a.answer).length
    }
  })

  // lottery (R3.36, R7.102: drawId / lotteryId / roomId lookups). Paths beyond section 7 are ours (R7.112).
  api.post(`${A}/lottery/detail`, { schema: lookup('lotteryId') }, (p) => {
    const a = findAct(ctx, 'lottery', p, 'lotteryId')
    return a ? lotteryView(a) : null
  })
  api.post(`${A}/lottery/draw`, { auth: true, schema: lookup('lotteryId') }, (p, call) => {
    const a = mustAct(ctx, 'lottery', p, 'lotteryId')
    if (a.status !== 1) throw biz(CODE.FAIL, '抽奖已结束')
    db.prepare(
      'INSERT OR IGNORE INTO act_entries (act_id, user_id, kind, value, created_at) VALUES (?, ?, ?, ?, ?)'
    ).run(a.id, call.user!.id, 'join', '1', nowSec())
    return new Envelope(CODE.OK, '参与成功，等待开奖', { act_id: a.id, joined: 1 })
  })
  api.post(`${A}/lottery/result`, { auth: true, schema: lookup('lotteryId') }, (p, call) => {
    const a = mustAct(ctx, 'lottery', p, 'lotteryId')
    const userlist = (a.userlist ?? []) as Array<{ uid: number }>
    const joined = entry(a.id, call.user!.id, 'join') ? 1 : 0
    const win = userlist.some((u) => u.uid === call.user!.id) ? 1 : 0
    return { ...lotteryView(a), joined, win, finished: a.status === 1 ? 0 : 1 }
  })

  // R7.100, R7.101, R3.41
  api.post(
    '/api/v1/userapp/living/goods',
    { schema: S.obj({ roomid: S.int('直播间ID', { minimum: 1 }) }, ['roomid']) },
    (p) => goodsList(ctx, p.roomid)
  )
  api.post(
    '/api/v1/userapp/living/goods/view',
    { schema: S.obj({ id: S.int('商品ID', { minimum: 1 }), roomid: S.int('直播间ID') }, ['id']) },
    (p) => {
      const g = ctx.store.doc<Goods>('goods', p.id)
      if (!g) throw biz(CODE.NOT_FOUND, '商品不存在')
      ctx.store.patchDoc<Goods>('goods', g.id, { views: g.views + 1 })
      return { id: g.id, views: g.views + 1 }
    }
  )
}
