/** The live room's calls (spec section 7, "Live room" and "Playback"): counters, chat, likes, gifts, playback extras. */
import { Type } from 'typebox'
import { defineCall } from './call'
import { F, NoData, Obj, Paged, Payload, Seconds, Url } from './schema'

const U = '/api/v1/userapp'

/** A password room's access (R3.9): its password, or the room_key room info answered once the password was right. */
export const RoomAccess = {
  password: F.str('直播间密码', { maxLength: 64 }),
  room_key: F.str('直播间凭证', { maxLength: 128 })
}

/** A retry's key (8–64 letters, digits, `_` or `-`): a repeated request_id is answered with the first result. */
export const RequestId = F.str('请求编号', {
  pattern: '^[\\w-]{8,64}$',
  description: '重试时沿用同一编号：同一编号只生效一次，重复请求得到第一次的结果'
})

/**
 * The refusal of a password room's call without its access (code -3 需要密码 / 密码错误, -8 after too many wrong
 * guesses): the room, so the client can ask for the password (R3.9).
 */
export const PasswordRefusal = Obj(
  {
    id: Type.Integer({ description: '直播间ID' }),
    title: Type.String(),
    cover: Url(),
    need_password: Type.Literal(1)
  },
  { description: '密码直播间的拒绝：需要密码（-3）或猜错次数过多（-8）' }
)

/** A gift of the room's gift panel (R7.66). */
export const Gift = Obj({
  id: Type.Integer(),
  name: Type.String(),
  price: Type.Integer({ minimum: 0, description: '慧币' }),
  icon: Url(),
  effect: Type.String()
})

export const giftsList = defineCall({
  spec: ['R7.66'],
  summary: '礼物列表',
  method: 'POST',
  path: `${U}/living/gifts/list`,
  payload: Payload({ roomid: F.int() }),
  data: Type.Array(Gift)
})

// ---- counters

export const liveStatGet = defineCall({
  spec: ['R7.68', 'R7.27'],
  summary: '直播间统计（在线、点赞、访问、分享）',
  method: 'GET,POST',
  path: '/live/api.php',
  action: 'live_stat_get',
  payload: Payload({
    roomid: F.int('直播间ID', { minimum: 1 }),
    roomId: F.int(undefined, { description: 'roomid 的别名' }),
    b: F.str('统计类型', { default: 'all', description: 'all，或 online / likes / visits / shares 之一' }),
    type: F.str(undefined, { description: 'b 的别名（优先）' })
  }),
  data: Obj(
    {
      roomid: Type.Integer(),
      online: Type.Optional(Type.Integer({ minimum: 0, description: '在线人数（未开播为 0）' })),
      likes: Type.Optional(Type.Integer({ minimum: 0 })),
      visits: Type.Optional(Type.Integer({ minimum: 0 })),
      shares: Type.Optional(Type.Integer({ minimum: 0 }))
    },
    { description: '统计类型为 all（默认）时四项都有，为其中一项时只有 roomid 和该项' }
  )
})

export const livingEnter = defineCall({
  spec: ['R7.69'],
  summary: '进入直播间（答复计数，不计访问）',
  method: 'POST',
  path: `${U}/living/enter`,
  payload: Payload({
    roomid: F.int('直播间ID', { minimum: 1 }),
    roomId: F.int(undefined, { description: 'roomid 的别名' })
  }),
  data: Obj({
    roomid: Type.Integer(),
    visits: Type.Integer({ minimum: 0 }),
    online: Type.Integer({ minimum: 0 })
  })
})

export const livingShare = defineCall({
  spec: ['R7.70'],
  summary: '分享直播间（每位观众每天计一次）',
  method: 'POST',
  path: `${U}/living/share`,
  payload: Payload({ roomid: F.int('直播间ID', { minimum: 1 }) }, ['roomid']),
  data: Obj({ roomid: Type.Integer(), shares: Type.Integer({ minimum: 0 }) })
})

export const liveVcrStat = defineCall({
  spec: ['R7.71', 'R7.28'],
  summary: '访问统计（每位观众每天计一次）',
  method: 'GET,POST',
  path: '/live/api.php',
  action: 'live_vcr_stat',
  payload: Payload(
    {
      id: F.int('直播间ID', { minimum: 1 }),
      flag: F.str('动作', { enum: ['visits'], default: 'visits' })
    },
    ['id']
  ),
  data: Obj({ roomid: Type.Integer(), visits: Type.Integer({ minimum: 0 }) })
})

// ---- chat

/** A history message (R3.15). */
export const HistoryMessage = Obj({
  id: Type.Integer({ description: '消息ID（同 msg_id）' }),
  msg_id: Type.Integer({ minimum: 1, description: '直播间内递增的消息ID' }),
  user_id: Type.Integer(),
  content: Type.String({ description: 'JSON 文本：{text, nickname, avatar, user_id}' }),
  msgTimestamp: Type.Integer({ minimum: 0, description: '发送时间，Unix 毫秒' })
})

/** The history's refusal (-4) when messages after `after_msg_id` are no longer kept. */
export const HistoryGone = Obj(
  {
    after_msg_id: Type.Integer({ minimum: 0 }),
    oldest_msg_id: Type.Integer({ minimum: 1, description: '仍保留的最早消息ID：从它减一再取可得其余消息' })
  },
  { description: '部分消息已过期（-4）' }
)

export const danmakuHistory = defineCall({
  spec: ['R7.72', 'R7.79', 'R3.15', 'R3.9'],
  summary: '聊天历史（断线重连后用 after_msg_id 补齐）',
  method: 'POST',
  path: `${U}/living/danmaku`,
  payload: Payload(
    {
      roomid: F.int('直播间ID', { minimum: 1 }),
      count: F.count(10, 500),
      type: F.str('时间范围', { enum: ['today', 'all', 'week'], default: 'today' }),
      after_msg_id: F.int('起始消息ID', {
        minimum: 0,
        description: '只要这条之后的消息，从旧到新（不受时间范围限制）'
      }),
      before_msg_id: F.int('截止消息ID', { minimum: 1, description: '只要这条之前的消息' }),
      time: F.int('起始时间', { description: 'Unix 秒或毫秒' }),
      ...RoomAccess
    },
    ['roomid']
  ),
  data: Type.Array(HistoryMessage, { description: '从旧到新；密码直播间需带 password 或 room_key' }),
  refusal: Type.Union([HistoryGone, PasswordRefusal])
})

/** A chat message as sent and pushed (R3.14). */
export const DanmakuPush = Obj({
  msg_id: Type.Integer({ minimum: 1 }),
  room_id: Type.Integer(),
  user_id: Type.Integer(),
  nickname: Type.String(),
  avatar: Url(),
  content: Type.String(),
  time: Type.Integer({ minimum: 0, description: '发送时间，Unix 毫秒' })
})

export const sendDanmaku = defineCall({
  spec: ['R7.73', 'R3.14', 'R5.6', 'R5.7', 'R5.8', 'R3.9'],
  summary: '发送聊天消息（敏感词 -5，聊天关闭 -6，过快 -8）',
  method: 'POST',
  path: `${U}/danmaku`,
  auth: true,
  payload: Payload(
    {
      room_id: F.int('直播间ID', { minimum: 1 }),
      roomid: F.int('直播间ID', { minimum: 1, description: 'room_id 的别名' }),
      content: F.str('内容', { minLength: 1, maxLength: 200, errmsg: '请输入1-200字的内容' }),
      ...RoomAccess
    },
    ['content']
  ),
  data: DanmakuPush,
  refusal: PasswordRefusal
})

export const report = defineCall({
  spec: ['R7.74'],
  summary: '举报消息或用户',
  method: 'POST',
  path: `${U}/report`,
  auth: true,
  payload: Payload({
    msg_id: F.int('消息ID'),
    user_id: F.int('用户ID'),
    reason: F.str('原因', { maxLength: 200 }),
    roomid: F.int()
  }),
  data: NoData()
})

export const block = defineCall({
  spec: ['R7.75'],
  summary: '屏蔽用户',
  method: 'POST',
  path: `${U}/block`,
  auth: true,
  payload: Payload({ user_id: F.int('用户ID', { minimum: 1 }) }, ['user_id']),
  data: Obj({ user_id: Type.Integer() })
})

// ---- likes and gifts

/** A like call's answer and the room's `like` push (R3.17). */
export const LikeEvent = Obj({
  roomid: Type.Integer(),
  total: Type.Integer({ minimum: 0, description: '直播间点赞总数' }),
  combo: Type.Integer({ minimum: 1, description: '本次点赞数' }),
  user_id: Type.Integer({ description: '未登录为 0' })
})

export const livingLike = defineCall({
  spec: ['R7.76', 'R3.17', 'R3.9'],
  summary: '点赞（可匿名，一次可带多次点击）',
  method: 'POST',
  path: `${U}/living/like`,
  payload: Payload(
    {
      roomid: F.int('直播间ID', { minimum: 1 }),
      combo: F.int('点赞数', { minimum: 1, maximum: 1000, default: 1 }),
      request_id: RequestId,
      ...RoomAccess
    },
    ['roomid']
  ),
  data: LikeEvent,
  refusal: PasswordRefusal
})

/** A gift event: the room's `gift` push (R3.16). */
const giftEvent = {
  roomid: Type.Integer(),
  giftid: Type.Integer(),
  gift_name: Type.String(),
  icon: Url(),
  effect: Type.String(),
  combo: Type.Integer({ minimum: 1 }),
  user_id: Type.Integer(),
  nickname: Type.String(),
  avatar: Url()
}
export const GiftEvent = Obj(giftEvent)

/** The refusal when the balance does not cover the gifts (-7). */
export const NoBalance = Obj(
  { gold: Type.Integer({ description: '当前余额（慧币）' }), cost: Type.Integer({ description: '所需慧币' }) },
  { description: '慧币余额不足（-7）' }
)

export const sendGifts = defineCall({
  spec: ['R7.77', 'R3.16', 'R5.10', 'R3.9'],
  summary: '送礼物（扣慧币）',
  method: 'POST',
  path: `${U}/send_gifts`,
  auth: true,
  payload: Payload(
    {
      roomid: F.int('直播间ID', { minimum: 1 }),
      giftid: F.int('礼物ID', { minimum: 1 }),
      combo: F.int('数量', { minimum: 1, maximum: 999, default: 1 }),
      request_id: RequestId,
      ...RoomAccess
    },
    ['roomid', 'giftid']
  ),
  data: Obj({
    ...giftEvent,
    cost: Type.Integer({ minimum: 0, description: '本次花费（慧币）' }),
    gold: Type.Integer({ description: '送出后的余额（重试时为当前余额）' })
  }),
  refusal: Type.Union([NoBalance, PasswordRefusal])
})

/** A gift log entry (R3.28). */
export const GiftLogItem = Obj({
  id: Type.Integer(),
  roomid: Type.Integer(),
  room_title: Type.String({ description: '直播间已不存在时为空' }),
  giftid: Type.Integer(),
  gift_name: Type.String(),
  combo: Type.Integer({ minimum: 1 }),
  gold: Type.Integer({ minimum: 0, description: '花费（慧币）' }),
  time: Seconds()
})

export const payLog = defineCall({
  spec: ['R7.78', 'R2.46', 'R3.28'],
  summary: '送礼记录',
  method: 'POST',
  path: `${U}/pay/log`,
  auth: true,
  payload: Payload({ page: F.page(), count: F.count() }),
  data: Paged(GiftLogItem)
})

// ---- playback

/** A playback danmaku item (R3.20). */
export const PlaybackDanmaku = Obj({
  relativeTimestamp: Type.Number({ minimum: 0, description: '相对回放开始的时间（毫秒）' }),
  content: Type.String({ description: 'JSON 文本，含 text 字段' })
})

export const playbackDanmaku = defineCall({
  spec: ['R7.80', 'R3.20', 'R3.9'],
  summary: '回放弹幕',
  method: 'POST',
  path: `${U}/playback/danmaku`,
  payload: Payload({ id: F.int('回放ID', { minimum: 1 }), ...RoomAccess }, ['id']),
  data: Type.Array(PlaybackDanmaku),
  refusal: PasswordRefusal
})

/** A playback comment (R3.19). */
export const Comment = Obj({
  id: Type.Integer(),
  content: Type.String(),
  time: Seconds(),
  user: Obj({
    id: Type.Integer(),
    nick_name: Type.String(),
    nickName: Type.String(),
    name: Type.String(),
    avatar: Url()
  })
})

export const playbackCommentList = defineCall({
  spec: ['R7.81', 'R3.19', 'R3.9'],
  summary: '回放评论列表（新的在前）',
  method: 'POST',
  path: `${U}/playback/comment/list`,
  payload: Payload({ id: F.int('回放ID', { minimum: 1 }), page: F.page(), count: F.count(5, 50), ...RoomAccess }, [
    'id'
  ]),
  data: Paged(Comment),
  refusal: PasswordRefusal
})

export const playbackComment = defineCall({
  spec: ['R7.82', 'R3.19', 'R3.9'],
  summary: '发表回放评论',
  method: 'POST',
  path: `${U}/playback/comment`,
  auth: true,
  payload: Payload(
    {
      id: F.int('回放ID', { minimum: 1 }),
      content: F.str('评论内容', { minLength: 1, maxLength: 300, errmsg: '请输入1-300字的评论' }),
      ...RoomAccess
    },
    ['id', 'content']
  ),
  data: Comment,
  refusal: PasswordRefusal
})

export const playbackLike = defineCall({
  spec: ['R7.83', 'R5.12', 'R3.9'],
  summary: '回放点赞（每位观众一次）',
  method: 'POST',
  path: `${U}/playback/like`,
  payload: Payload({ id: F.int('回放ID', { minimum: 1 }), ...RoomAccess }, ['id']),
  data: Obj({ id: Type.Integer(), likes: Type.Integer({ minimum: 0 }) }),
  refusal: PasswordRefusal
})
