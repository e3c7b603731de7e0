/**
 * The push channel of a live room (GET /ws?roomid=N): every server→client WebSocket message is JSON `{type, data}`,
 * one of the kinds of `PushMessage`, a union discriminated by `type`. The reference server's hub takes its types from
 * it (a push of a kind with other data does not compile; in strict mode each message is checked against its kind), and
 * the client's socket keys its handlers by these kinds (type-only imports: nothing of this file ships in the app).
 *
 * Media paths in a push (avatars, icons, covers, the stream) are absolute, from the Host the socket connected with.
 * The client sends one message, `{type: 'ping'}` (every 25 s), answered by `pong`; any other is answered by `error`.
 */
import { Type, type Static, type TObject, type TSchema } from 'typebox'
import { Flag, Obj, Url } from './schema'

const Id = (description?: string) => Type.Integer({ minimum: 1, ...(description ? { description } : {}) })
const Count = (description?: string) => Type.Integer({ minimum: 0, ...(description ? { description } : {}) })
const Status = () => Type.Union([Type.Literal(0), Type.Literal(1)], { description: '1 进行中，0 已结束' })

/** The first message of every connection: the room as asked (`roomid` is the query's text), its newest chat msg_id. */
export const WelcomeData = Obj({
  roomid: Type.String({ description: '连接时的 roomid 参数' }),
  last_msg_id: Count('连接时直播间最新的聊天 msg_id：客户端见过的更小即有缺口（R7.72）'),
  online: Count('在线的已登录观众数')
})

/** The answer to the client's `{type: 'ping'}`. */
export const PongData = Obj({ time: Type.Integer({ description: '服务器时间，Unix 毫秒' }) })

/** The room's signed-in viewers with a socket open (coalesced: at most one a second, only when it changed). */
export const OnlineData = Obj({ roomid: Type.String(), online: Count() })

/** A live chat message (R3.14). */
export const DanmakuData = Obj({
  msg_id: Id('直播间内递增的消息序号'),
  room_id: Id(),
  user_id: Type.Integer({ minimum: 0 }),
  nickname: Type.String(),
  avatar: Url(),
  content: Type.String(),
  time: Type.Integer({ minimum: 0, description: 'Unix 毫秒' })
})

/** The room's like total after a like call (R3.17); user_id 0 for a visitor. */
export const LikeData = Obj({
  roomid: Id(),
  total: Count(),
  combo: Type.Integer({ minimum: 1 }),
  user_id: Type.Integer({ minimum: 0 })
})

/** A gift sent in the room (R3.16). */
export const GiftData = Obj({
  roomid: Id(),
  giftid: Id(),
  gift_name: Type.String(),
  icon: Url(),
  effect: Type.String(),
  combo: Type.Integer({ minimum: 1 }),
  user_id: Id(),
  nickname: Type.String(),
  avatar: Url()
})

/** The room went on or off the air; a paid or password room's stream is signed per viewer: source '' (ask roominfo). */
export const LiveStatusData = Obj({
  roomid: Id(),
  onair: Flag(),
  status: Flag(),
  source: Url()
})

/** A winner of a lottery. */
export const LotteryWinner = Obj({ uid: Id(), id: Id(), uname: Type.String(), nickname: Type.String(), avatar: Url() })

/** A lottery (R3.36): started, or its result with the winners. */
export const LotteryData = Obj({
  id: Id(),
  act_id: Id(),
  drawId: Id(),
  lotteryId: Id(),
  roomid: Id(),
  title: Type.String({ description: '文字抽奖（lottery_type 0）：发送这句话即参与' }),
  prize: Type.String(),
  winners_count: Type.Integer({ minimum: 1 }),
  lottery_type: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '0 文字抽奖，1 手速抽奖' }),
  open_type: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '0 手动开奖，1 自动开奖' }),
  status: Status(),
  userlist: Type.Array(LotteryWinner),
  end_time: Type.Integer({ minimum: 0, description: 'Unix 秒' })
})

/** A lottery rain (R3.37, R4.31, R4.32): its window, and istop 1 while it runs. */
export const RainData = Obj({
  id: Id(),
  actId: Id(),
  act_id: Id(),
  roomid: Id(),
  title: Type.String(),
  throttle: Type.Integer({ minimum: 0, description: '毫秒' }),
  count: Type.Integer({ minimum: 0 }),
  interval: Type.String({ description: '逗号分隔的整数' }),
  hs_time: Type.Integer({ minimum: 0, description: 'Unix 秒' }),
  he_time: Type.Integer({ minimum: 0, description: 'Unix 秒' }),
  istop: Flag(),
  immediately: Flag(),
  status: Status()
})

/** A red packet of the streamer's. */
export const RedpackData = Obj({
  id: Id(),
  act_id: Id(),
  roomid: Id(),
  title: Type.String(),
  status: Status(),
  total_gold: Type.Integer({ minimum: 0, description: '慧币' }),
  count: Count(),
  remain: Count(),
  end_time: Type.Integer({ minimum: 0, description: 'Unix 秒' })
})

/** An option of a vote with its count (R3.39). */
export const VoteOption = Obj({ id: Id(), title: Type.String(), vote: Count() })

/** A vote (R3.39): started, or its counts after a viewer voted (voted_option_id is 0 in a push). */
export const VoteData = Obj({
  id: Id(),
  act_id: Id(),
  voteId: Id(),
  roomid: Id(),
  title: Type.String(),
  status: Status(),
  options: Type.Array(VoteOption),
  list: Type.Array(VoteOption),
  voted_option_id: Count()
})

/** A quiz (R3.40, R4.39); a push never carries its answer. */
export const QuizData = Obj({
  id: Id(),
  act_id: Id(),
  quizId: Id(),
  roomid: Id(),
  title: Type.String(),
  status: Status(),
  options: Type.Array(Obj({ id: Id(), title: Type.String() }))
})

/** The goods put on screen (R3.41, R4.41): the goods document, its roomid and its place in the room's list. */
export const GoodsOnData = Obj({
  id: Id(),
  room_id: Id(),
  roomid: Id(),
  title: Type.String(),
  price: Type.Number({ minimum: 0 }),
  cover: Url(),
  url: Type.String({ description: '商品页地址（本站页面为绝对地址）' }),
  on_screen: Flag(),
  views: Count(),
  index: Type.Integer({ minimum: 1, description: '在直播间商品中的序号，从 1 起' })
})

/** The room's goods were taken off screen (R4.42). */
export const GoodsOffData = Obj({ roomid: Id() })

/** The room's chat was closed (1) or opened (0) (R5.8). */
export const ChatStatusData = Obj({ roomid: Id(), chat_closed: Flag() })

/** A refused connection (then closed: 4000 no room, 4003 password, 4029 too many) or an unsupported message. */
export const ErrorData = Obj({
  msg: Type.String(),
  code: Type.Optional(Type.Integer({ description: '业务码（密码错误、过于频繁）' }))
})

const push = <const K extends string, D extends TSchema>(type: K, data: D, description: string) =>
  Obj({ type: Type.Literal(type), data }, { description })

/** Every server→client message. */
export const PushMessage = Type.Union(
  [
    push('welcome', WelcomeData, '连接成功（每次连接的第一条）'),
    push('pong', PongData, '心跳应答'),
    push('error', ErrorData, '连接被拒绝或消息类型不支持'),
    push('online', OnlineData, '在线人数'),
    push('danmaku', DanmakuData, '聊天消息（R3.14）'),
    push('like', LikeData, '点赞总数（R3.17）'),
    push('gift', GiftData, '礼物（R3.16）'),
    push('live_status', LiveStatusData, '开播 / 下播'),
    push('chat_status', ChatStatusData, '聊天关闭 / 开启'),
    push('lottery_start', LotteryData, '抽奖开始（R3.36）'),
    push('lottery_result', LotteryData, '抽奖结果（R3.36）'),
    push('rain_start', RainData, '红包雨开始（R4.31）'),
    push('rain_stop', RainData, '红包雨结束（R4.32）'),
    push('redpack', RedpackData, '红包'),
    push('vote', VoteData, '投票开始或票数变化（R3.39）'),
    push('quiz', QuizData, '答题（R3.40）'),
    push('goods_on', GoodsOnData, '商品上屏（R4.41）'),
    push('goods_off', GoodsOffData, '商品下屏（R4.42）')
  ],
  { description: '服务器推送：{type, data}，按 type 区分', discriminator: { propertyName: 'type' } }
)
export type PushMessage = Static<typeof PushMessage>
export type PushKind = PushMessage['type']
/** The data of one kind of push. */
export type PushData<K extends PushKind> = Extract<PushMessage, { type: K }>['data']

/** Each kind's message schema, by its `type` (a checker picks the branch the message names). */
export const PUSH_BY_KIND: ReadonlyMap<string, TObject> = new Map(
  PushMessage.anyOf.map((branch) => [String((branch.properties.type as { const: string }).const), branch])
)

/** Every client→server message: the heartbeat. */
export const ClientMessage = Type.Union([Obj({ type: Type.Literal('ping') }, { description: '心跳（每 25 秒）' })])
export type ClientMessage = Static<typeof ClientMessage>
