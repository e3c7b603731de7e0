/**
 * The push channel of a live room (GET /ws?roomid=N): every server→client WebSocket message is JSON `{type, data}`,
 * one of the kinds of `PushMessage`, a union discriminated by `type`. The reference server's hub takes its types from
 * it (a push of a kind with other data does not compile; in strict mode each message is checked against its kind), and
 * the client's socket keys its handlers by these kinds (type-only imports: nothing of this file ships in the app).
 *
 * Media paths in a push (avatars, icons, covers, the stream) are absolute, from the Host the socket connected with.
 * The client sends one message, `{type: 'ping'}` (every 25 s), answered by `pong`; any other is answered by `error`.
 *
 * An activity's push carries the activity as its detail call answers it (contract/activity.ts: one shape, one set of
 * bounds, for both).
 */
import { Type, type Static, type TObject, type TSchema } from 'typebox'
import { GoodsItem, Lottery, Quiz, Rain, Redpack, Vote } from './activity'
import { Count, Flag, Id, Obj, Url } from './schema'

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
    push('lottery_start', Lottery, '抽奖开始（R3.36）'),
    push('lottery_result', Lottery, '抽奖结果（R3.36）'),
    push('rain_start', Rain, '红包雨开始（R4.31）'),
    push('rain_stop', Rain, '红包雨结束（R4.32）'),
    push('redpack', Redpack, '红包'),
    push('vote', Vote, '投票开始或票数变化（R3.39）'),
    push('quiz', Quiz, '答题（R3.40）'),
    push('goods_on', GoodsItem, '商品上屏（R4.41）'),
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
