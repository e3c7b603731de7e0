/**
 * The in-room activities' calls (spec section 7, "Activities", all POST): red packets, lottery rain, vote, quiz, the
 * lottery, and the room's goods. Each call serves one kind, so its data is that kind's object; `Activity` is the union
 * of the five, as the room's pushes carry them.
 */
import { Type } from 'typebox'
import { defineCall } from './call'
import { PasswordRefusal, RoomAccess } from './live'
import { Count, F, Flag, Id, Nullable, Obj, Payload, Seconds, Url } from './schema'

/** The activities' shapes hold for their calls and their pushes alike (contract/push.ts reuses them). */
const Status = () => Type.Union([Type.Literal(0), Type.Literal(1)], { description: '1 进行中，0 已结束' })

const A = '/api/v1/userapp/living/activity'

const actId = () => F.int('活动ID', { minimum: 1 })

/**
 * An activity lookup (R7.102): act_id, or one of its aliases (drawId, lotteryId, voteId, quizId, id: all the same
 * id, whatever the kind); with none of them, the room's running activity of the call's kind, else its latest. In a
 * password room the activity's room needs its password or room_key (R3.9, code -3 with the room, as its chat); in a
 * paid room the viewer must have bought it or be inside its trial (code 0).
 */
const lookup = {
  act_id: actId(),
  drawId: actId(),
  lotteryId: actId(),
  voteId: actId(),
  quizId: actId(),
  id: actId(),
  roomid: F.int('直播间ID', { minimum: 1, description: '不带活动ID时：取该直播间进行中（否则最近）的活动' }),
  roomId: F.int('直播间ID', { minimum: 1, description: 'roomid 的别名' }),
  ...RoomAccess
}
const Lookup = Payload(lookup)

const common = {
  id: Id('活动ID'),
  act_id: Id('活动ID（同 id）'),
  roomid: Id(),
  title: Type.String()
}
const statusField = { status: Status() }

// ---- the five kinds (R3.35–R3.40)

const redpack = {
  ...common,
  ...statusField,
  total_gold: Count('红包总额（慧币）'),
  count: Count('红包个数'),
  remain: Count('剩余个数'),
  end_time: Seconds()
}
/** A red packet of the streamer's: what is left expires at end_time (the detail call, and the `redpack` push). */
export const Redpack = Obj(redpack, { description: '红包' })

/** A lottery rain (R3.37, R4.31, R4.32): its window, and istop 1 while it runs (the detail call, and its pushes). */
export const Rain = Obj(
  {
    ...common,
    actId: Id('活动ID（同 id）'),
    throttle: Count('两次抽奖的最短间隔（毫秒）'),
    count: Count('每人可抽次数'),
    interval: Type.String({ description: '逗号分隔的整数（秒）' }),
    hs_time: Seconds(),
    he_time: Seconds(),
    istop: Type.Union([Type.Literal(0), Type.Literal(1)], {
      description: '1 开始（窗口为 hs_time–he_time），0 已停止'
    }),
    immediately: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '1 立即开始' }),
    ...statusField
  },
  { description: '红包雨' }
)

/** An option of a vote with its count (R3.39). */
export const VoteOption = Obj({
  id: Id(),
  title: Type.String(),
  vote: Count('票数')
})

/** A vote (R3.39): started, or its counts after a viewer voted (voted_option_id is 0 in a push). */
export const Vote = Obj(
  {
    ...common,
    voteId: Id('活动ID（同 id）'),
    ...statusField,
    options: Type.Array(VoteOption),
    list: Type.Array(VoteOption, { description: '同 options' }),
    voted_option_id: Count('当前用户投的选项，0 为未投（或未登录，或推送）')
  },
  { description: '投票' }
)

const quiz = {
  ...common,
  quizId: Id('活动ID（同 id）'),
  ...statusField,
  options: Type.Array(Obj({ id: Id(), title: Type.String() })),
  answer: Type.Optional(Id('正确选项ID：仅对已答题的用户给出（推送从不带）'))
}
/** A quiz (R3.40, R4.39); a push never carries its answer. */
export const Quiz = Obj(quiz, { description: '答题' })

/** A winner of a lottery. */
export const LotteryWinner = Obj({
  uid: Id(),
  id: Id('同 uid'),
  uname: Type.String(),
  nickname: Type.String({ description: '同 uname' }),
  avatar: Url()
})

const lottery = {
  ...common,
  drawId: Id('活动ID（同 id）'),
  lotteryId: Id('活动ID（同 id）'),
  prize: Type.String({ description: '奖品' }),
  winners_count: Type.Integer({ minimum: 1, description: '中奖名额' }),
  lottery_type: Type.Union([Type.Literal(0), Type.Literal(1)], {
    description: '0 口令抽奖（在聊天里发送标题即参与），1 手动点击参与'
  }),
  open_type: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '0 手动开奖，1 自动开奖' }),
  ...statusField,
  userlist: Type.Array(LotteryWinner, { description: '中奖用户，开奖前为空' }),
  end_time: Seconds()
}
/** A lottery (R3.36): started, or its result with the winners (the detail call, and its pushes). */
export const Lottery = Obj(lottery, { description: '抽奖' })

// ---- red packets

export const redpackDetail = defineCall({
  spec: ['R7.89', 'R7.102'],
  summary: '红包详情（没有时为 null）',
  method: 'POST',
  refusal: PasswordRefusal,
  path: `${A}/redpack/detail`,
  payload: Lookup,
  data: Nullable(Redpack)
})

export const redpackDraw = defineCall({
  spec: ['R7.93', 'R7.102'],
  summary: '抢红包（每人一次，重复请求答复第一次的结果）',
  method: 'POST',
  refusal: PasswordRefusal,
  path: `${A}/redpack/draw`,
  auth: true,
  payload: Lookup,
  data: Obj({
    act_id: Type.Integer(),
    amount: Type.Integer({ minimum: 0, description: '抢到的慧币' }),
    gold: Type.Integer({ description: '当前余额（慧币）' }),
    repeat: Type.Optional(Type.Literal(1, { description: '已经领取过：答复的是第一次的结果' }))
  })
})

export const redpackResult = defineCall({
  spec: ['R7.94', 'R7.102'],
  summary: '红包领取结果',
  method: 'POST',
  refusal: PasswordRefusal,
  path: `${A}/redpack/result`,
  payload: Lookup,
  data: Obj({
    ...redpack,
    list: Type.Array(
      Obj({ uid: Type.Integer(), uname: Type.String(), avatar: Url(), amount: Type.Integer({ minimum: 0 }) }),
      { description: '领取记录，先领的在前' }
    ),
    mine: Type.Integer({ minimum: 0, description: '当前用户抢到的慧币，未抢或未登录为 0' })
  })
})

// ---- lottery rain

export const rain = defineCall({
  spec: ['R7.90', 'R3.37', 'R7.102'],
  summary: '红包雨详情（没有时为 null）',
  method: 'POST',
  refusal: PasswordRefusal,
  path: `${A}/rain`,
  payload: Lookup,
  data: Nullable(Rain)
})

export const rainDraw = defineCall({
  spec: ['R7.91', 'R7.102'],
  summary: '红包雨抽奖（窗口内每人最多 count 次，最多中一次）',
  method: 'POST',
  refusal: PasswordRefusal,
  path: `${A}/rain/draw`,
  auth: true,
  payload: Lookup,
  data: Obj({
    act_id: Type.Integer(),
    win: Flag(),
    title: Type.String({ description: '奖品名，未中为空' }),
    prize: Nullable(Obj({ title: Type.String() })),
    remain: Type.Integer({ minimum: 0, description: '剩余次数' })
  })
})

/**
 * The caller's own draws of a rain: how many of its `count` are used and left, and what each drew (a reload shows the
 * viewer's chances as the server counts them, R7.112). Only the caller's own rows.
 */
export const rainMine = defineCall({
  spec: ['R3.37', 'R7.102', 'R7.112'],
  summary: '红包雨：当前用户的抽奖次数与结果',
  method: 'POST',
  refusal: PasswordRefusal,
  path: `${A}/rain/mine`,
  auth: true,
  payload: Lookup,
  data: Obj({
    act_id: Type.Integer(),
    count: Count('每人可抽次数'),
    used: Count('当前用户已抽次数'),
    remain: Count('当前用户剩余次数'),
    draws: Type.Array(Obj({ win: Flag(), title: Type.String({ description: '奖品名，未中为空' }) }), {
      description: '当前用户的每次抽奖，先抽的在前'
    })
  })
})

/** A rain winner (R3.38). */
export const RainWinner = Obj({
  id: Type.Integer(),
  uid: Type.Integer(),
  uname: Type.String(),
  title: Type.String({ description: '奖品名' })
})

export const rainWinner = defineCall({
  spec: ['R7.92', 'R3.38', 'R4.34', 'R7.102'],
  summary: '红包雨中奖名单（仅在活动窗口内，新的在前）',
  method: 'POST',
  refusal: PasswordRefusal,
  path: `${A}/rain/winner`,
  payload: Lookup,
  data: Type.Array(RainWinner)
})

// ---- vote

export const voteDetail = defineCall({
  spec: ['R7.95', 'R3.39', 'R7.102'],
  summary: '投票详情（没有时为 null）',
  method: 'POST',
  refusal: PasswordRefusal,
  path: `${A}/vote/detail`,
  payload: Lookup,
  data: Nullable(Vote)
})

export const votePost = defineCall({
  spec: ['R7.96', 'R4.38', 'R3.35', 'R7.102'],
  summary: '投票（每人一次；答复该选项的新票数）',
  method: 'POST',
  refusal: PasswordRefusal,
  path: `${A}/vote/post`,
  auth: true,
  payload: Payload({ ...lookup, option_id: F.int('选项ID', { minimum: 1 }) }, ['option_id']),
  data: Obj({
    act_id: Type.Integer(),
    option_id: Type.Integer(),
    vote: Type.Integer({ minimum: 1, description: '该选项的新票数' })
  })
})

// ---- quiz

export const puzzleDetail = defineCall({
  spec: ['R7.97', 'R3.40', 'R7.102'],
  summary: '答题详情（没有时为 null）',
  method: 'POST',
  refusal: PasswordRefusal,
  path: `${A}/puzzle/detail`,
  payload: Lookup,
  data: Nullable(
    Obj(
      { ...quiz, my_answer: Type.Integer({ minimum: 0, description: '当前用户的答案，未答为 0' }) },
      { description: '答题' }
    )
  )
})

export const puzzlePost = defineCall({
  spec: ['R7.98', 'R3.35', 'R7.102'],
  summary: '提交答案（每人一次）',
  method: 'POST',
  refusal: PasswordRefusal,
  path: `${A}/puzzle/post`,
  auth: true,
  payload: Payload({
    ...lookup,
    option_id: F.int('选项ID', { minimum: 1 }),
    answer: F.int('答案', { minimum: 1, description: '所选选项ID（也可用 option_id）' })
  }),
  data: Obj({ act_id: Type.Integer(), answer: Type.Integer(), correct: Flag() })
})

export const puzzleResult = defineCall({
  spec: ['R7.99', 'R7.102'],
  summary: '答题结果',
  method: 'POST',
  refusal: PasswordRefusal,
  path: `${A}/puzzle/result`,
  auth: true,
  payload: Lookup,
  data: Obj({
    act_id: Type.Integer(),
    title: Type.String(),
    answer: Type.Integer({ minimum: 0, description: '正确选项ID：仅对已答题的用户给出，否则 0' }),
    answered: Flag(),
    my_answer: Type.Integer({ minimum: 0, description: '未答为 0' }),
    correct: Flag(),
    total: Type.Integer({ minimum: 0, description: '答题人数' }),
    correct_count: Type.Integer({ minimum: 0, description: '答对人数' })
  })
})

// ---- lottery (paths of the reference server, R7.112)

export const lotteryDetail = defineCall({
  spec: ['R3.36', 'R7.102', 'R7.112'],
  summary: '抽奖详情（没有时为 null）',
  method: 'POST',
  refusal: PasswordRefusal,
  path: `${A}/lottery/detail`,
  payload: Lookup,
  data: Nullable(Lottery)
})

export const lotteryDraw = defineCall({
  spec: ['R3.36', 'R4.37', 'R7.102', 'R7.112'],
  summary: '参与抽奖（手动点击参与）',
  method: 'POST',
  refusal: PasswordRefusal,
  path: `${A}/lottery/draw`,
  auth: true,
  payload: Lookup,
  data: Obj({ act_id: Type.Integer(), joined: Type.Literal(1) })
})

export const lotteryResult = defineCall({
  spec: ['R3.36', 'R4.37', 'R7.102', 'R7.112'],
  summary: '抽奖结果',
  method: 'POST',
  refusal: PasswordRefusal,
  path: `${A}/lottery/result`,
  auth: true,
  payload: Lookup,
  data: Obj({
    ...lottery,
    joined: Flag(),
    win: Flag(),
    finished: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '1 已开奖' })
  })
})

// ---- goods

/** A goods item of the room (R3.41); the `goods_on` push carries the one put on screen (R4.41). */
export const GoodsItem = Obj({
  id: Id(),
  room_id: Id(),
  roomid: Id('同 room_id'),
  title: Type.String(),
  price: Type.Number({ minimum: 0, description: '元' }),
  cover: Url(),
  url: Type.String({ description: '商品页地址（本站页面为绝对地址）' }),
  on_screen: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '1 正在讲解（同一时间最多一件）' }),
  views: Count(),
  index: Type.Integer({ minimum: 1, description: '在直播间商品中的序号，从 1 开始' })
})

export const goods = defineCall({
  spec: ['R7.100', 'R3.41'],
  summary: '直播间商品列表',
  method: 'POST',
  refusal: PasswordRefusal,
  path: '/api/v1/userapp/living/goods',
  payload: Payload({ roomid: F.int('直播间ID', { minimum: 1 }), ...RoomAccess }, ['roomid']),
  data: Type.Array(GoodsItem)
})

export const goodsView = defineCall({
  spec: ['R7.101'],
  summary: '商品浏览计数（每位观众每天计一次）',
  method: 'POST',
  refusal: PasswordRefusal,
  path: '/api/v1/userapp/living/goods/view',
  payload: Payload({ id: F.int('商品ID', { minimum: 1 }), roomid: F.int('直播间ID'), ...RoomAccess }, ['id']),
  data: Obj({ id: Type.Integer(), views: Type.Integer({ minimum: 1 }) })
})
