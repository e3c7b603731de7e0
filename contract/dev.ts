/**
 * The sandbox's own calls: the demo controls under /dev/ (sandbox mode only, this machine only: they hand out SMS
 * codes, credit any order and rewrite content; server/README.md, `npm run demo`) and the sandbox analytics store under
 * /sandbox/ (R7.111). Not part of the product's API (spec section 7): the browser tests, the benchmarks and the demo
 * drive the reference server with them.
 *
 * A demo control that starts or ends something in a room answers what it pushed to the room (contract/push.ts).
 */
import { Type } from 'typebox'
import { defineCall } from './call'
import { GoodsItem, Lottery, Quiz, Rain, Redpack, Vote } from './activity'
import { ChatStatusData, GoodsOffData, LiveStatusData } from './push'
import { F, Flag, NoData, Obj, Payload, Seconds } from './schema'

/** Every demo control: sandbox mode, this machine only (a 404 to anyone else). */
const DEMO = { access: 'loopback' } as const
/** The room of a demo control is its path's `:id` (参数错误：直播间ID必须是正整数 unless a positive integer). */
const ROOM = '/dev/rooms/:id'

const RoomId = () => Type.Integer({ minimum: 1, description: '直播间ID（路径中的 :id）' })

// ---- sign-in and money

const SmsCode = Obj({ mobile: Type.String(), code: Type.String(), expires_at: Seconds() })

export const smsCode = defineCall({
  spec: [],
  summary: '查看发给某手机号的短信验证码',
  description: '沙箱不发短信：验证码记在服务器上，浏览器测试和演示从这里读取（没有发给该手机号的验证码：404）。',
  method: 'GET',
  path: '/dev/sms-code',
  ...DEMO,
  payload: Payload({ mobile: F.str('手机号', { minLength: 1 }) }, ['mobile']),
  data: SmsCode
})

export const smsCodes = defineCall({
  spec: [],
  summary: '查看沙箱里未过期的短信验证码',
  description: '沙箱不发短信：列出每个手机号最近一次、尚未过期的验证码（`npm run demo -- sms`），最近发送的在前。',
  method: 'GET',
  path: '/dev/sms-codes',
  ...DEMO,
  payload: Payload({}),
  data: Type.Array(SmsCode)
})

export const orderConfirm = defineCall({
  spec: [],
  summary: '确认订单已支付（沙箱）',
  description:
    '把 :id 订单记为已支付，充值订单同时给用户加慧币（只加一次：再次确认 credited 为 0）；订单不存在：404。代替支付平台的回调。',
  method: 'GET,POST',
  path: '/dev/orders/:id/confirm',
  ...DEMO,
  payload: Payload({}),
  data: Obj({
    order_id: Type.String(),
    status: Type.Union([Type.Literal('pending'), Type.Literal('paid')]),
    credited: Flag(),
    balance: Type.Integer({ minimum: 0, description: '用户的慧币余额' })
  })
})

export const serviceConfig = defineCall({
  spec: [],
  summary: '设置服务配置开关',
  description: '设置 iOS 功能限制（R6.5）和高流量模式，答复两者当前的值；不带参数即查看。',
  method: 'GET,POST',
  path: '/dev/config',
  ...DEMO,
  payload: Payload({
    iOSDisabled: F.int('iOS 限制', { enum: [0, 1] }),
    highFlowMode: F.int('高流量模式', { enum: [0, 1] })
  }),
  data: Obj({ iOSDisabled: Type.Integer(), highFlowMode: Type.Integer() })
})

// ---- a room's broadcast and chat

export const roomOnair = defineCall({
  spec: [],
  summary: '直播间开播',
  description: '开播并向直播间推送 live_status（付费或密码直播间的 source 为空：各观众的地址另行签名）。',
  method: 'GET,POST',
  path: `${ROOM}/onair`,
  ...DEMO,
  payload: Payload({}),
  data: LiveStatusData
})

export const roomOffair = defineCall({
  spec: [],
  summary: '直播间下播',
  description: '下播并向直播间推送 live_status。',
  method: 'GET,POST',
  path: `${ROOM}/offair`,
  ...DEMO,
  payload: Payload({}),
  data: LiveStatusData
})

export const chatClose = defineCall({
  spec: [],
  summary: '关闭直播间聊天',
  description: '之后的聊天消息被拒绝（聊天暂时关闭，R5.8）；向直播间推送 chat_status。',
  method: 'GET,POST',
  path: `${ROOM}/chat/close`,
  ...DEMO,
  payload: Payload({}),
  data: ChatStatusData
})

export const chatOpen = defineCall({
  spec: [],
  summary: '开启直播间聊天',
  description: '向直播间推送 chat_status。',
  method: 'GET,POST',
  path: `${ROOM}/chat/open`,
  ...DEMO,
  payload: Payload({}),
  data: ChatStatusData
})

// ---- activities (each pushed to the room as well)

export const quizStart = defineCall({
  spec: [],
  summary: '发起答题',
  description: '结束直播间进行中的答题，发起题库中的下一题并推送 quiz（不含答案）。',
  method: 'GET,POST',
  path: `${ROOM}/quiz`,
  ...DEMO,
  payload: Payload({}),
  data: Quiz
})

export const voteStart = defineCall({
  spec: [],
  summary: '发起投票',
  description: '结束直播间进行中的投票，发起新投票并推送 vote。',
  method: 'GET,POST',
  path: `${ROOM}/vote`,
  ...DEMO,
  payload: Payload({}),
  data: Vote
})

export const rainStart = defineCall({
  spec: ['R4.31', 'R9.24'],
  summary: '开始红包雨',
  description: '时间窗为现在到一小时后，istop 1；推送 rain_start。',
  method: 'GET,POST',
  path: `${ROOM}/rain/start`,
  ...DEMO,
  payload: Payload({}),
  data: Rain
})

export const rainStop = defineCall({
  spec: ['R4.32'],
  summary: '结束红包雨',
  description: '现在结束，istop 0；推送 rain_stop。没有进行中的红包雨：404。',
  method: 'GET,POST',
  path: `${ROOM}/rain/stop`,
  ...DEMO,
  payload: Payload({}),
  data: Rain
})

export const lotteryStart = defineCall({
  spec: [],
  summary: '发起抽奖',
  description:
    'type 0 文字抽奖（发送口令即参与），1 手速抽奖；seconds 秒后到开奖时间（此后不再接受参与）；推送 lottery_start。',
  method: 'GET,POST',
  path: `${ROOM}/lottery/start`,
  ...DEMO,
  payload: Payload({
    type: F.int('抽奖类型', { enum: [0, 1], default: 1 }),
    seconds: F.int('距开奖秒数', { minimum: 1, maximum: 86400, default: 600 })
  }),
  data: Lottery
})

export const lotteryResult = defineCall({
  spec: [],
  summary: '抽奖开奖',
  description: '参与者中奖（不足名额由演示观众补足），推送 lottery_result。没有进行中的抽奖：404。',
  method: 'GET,POST',
  path: `${ROOM}/lottery/result`,
  ...DEMO,
  payload: Payload({}),
  data: Lottery
})

export const redpackSend = defineCall({
  spec: [],
  summary: '主播发红包',
  description: '把 total 慧币随机分成 count 份（个数不能大于总慧币），一天后过期；推送 redpack。',
  method: 'GET,POST',
  path: `${ROOM}/redpack`,
  ...DEMO,
  payload: Payload({
    total: F.int('总慧币', { minimum: 2, maximum: 100000, default: 200 }),
    count: F.int('个数', { minimum: 1, maximum: 1000, default: 10 })
  }),
  data: Redpack
})

export const goodsOn = defineCall({
  spec: [],
  summary: '商品上屏',
  description: '把直播间的 goods_id 商品（缺省第一件）放上屏幕，其余下屏；推送 goods_on。',
  method: 'GET,POST',
  path: `${ROOM}/goods/on`,
  ...DEMO,
  payload: Payload({ goods_id: F.int('商品ID', { minimum: 1 }) }),
  data: GoodsItem
})

export const goodsOff = defineCall({
  spec: [],
  summary: '商品下屏',
  description: '直播间的商品全部下屏；推送 goods_off。',
  method: 'GET,POST',
  path: `${ROOM}/goods/off`,
  ...DEMO,
  payload: Payload({}),
  data: GoodsOffData
})

// ---- faults, load and hostile content for the tests and benchmarks

export const streamCut = defineCall({
  spec: [],
  summary: '切断直播流',
  description:
    '直播间的直播流在 seconds 秒内失败：每个播放列表、分片和部分分片答复 503，或（hang）一直不答复，到期后断开连接。测试播放器的恢复。',
  method: 'POST',
  path: `${ROOM}/stream/cut`,
  ...DEMO,
  payload: Payload({
    seconds: F.num('秒数', { minimum: 0.1, maximum: 600, default: 15 }),
    mode: F.str('方式', { enum: ['503', 'hang'], default: '503' })
  }),
  data: Obj({
    roomid: RoomId(),
    mode: Type.Union([Type.Literal('503'), Type.Literal('hang')]),
    seconds: Type.Number(),
    until: Type.Number({ description: '恢复的时刻，Unix 毫秒' })
  })
})

export const danmakuInject = defineCall({
  spec: [],
  summary: '注入弹幕',
  description:
    '演示观众以每秒 rate 条向直播间发弹幕，持续 seconds 秒（每 100 毫秒一批；压测用）；同一直播间再次注入先停掉前一次。',
  method: 'GET,POST',
  path: `${ROOM}/inject`,
  ...DEMO,
  payload: Payload({
    rate: F.num('每秒条数', { minimum: 0.1, maximum: 2000, default: 10 }),
    seconds: F.num('秒数', { minimum: 0.1, maximum: 3600, default: 10 })
  }),
  data: Obj({
    roomid: RoomId(),
    rate: Type.Number(),
    seconds: Type.Number(),
    total: Type.Integer({ minimum: 0, description: '将发出的条数' })
  })
})

export const danmakuInjectStop = defineCall({
  spec: [],
  summary: '停止注入弹幕',
  description: '停掉直播间正在进行的注入；stopped 1 表示有一次被停掉。',
  method: 'GET,POST',
  path: `${ROOM}/inject/stop`,
  ...DEMO,
  payload: Payload({}),
  data: Obj({ roomid: RoomId(), stopped: Flag() })
})

export const socketsDrop = defineCall({
  spec: [],
  summary: '切断直播间的全部推送连接',
  description: '从服务器一侧切断直播间的每个 WebSocket（不做关闭握手），客户端重连并补齐缺口（混沌测试）。',
  method: 'GET,POST',
  path: `${ROOM}/sockets/drop`,
  ...DEMO,
  payload: Payload({}),
  data: Obj({ roomid: RoomId(), dropped: Type.Integer({ minimum: 0, description: '切断的连接数' }) })
})

export const chatPrune = defineCall({
  spec: [],
  summary: '清理直播间的旧聊天消息',
  description:
    '只保留直播间最新的 keep 条聊天消息，如同历史消息的保留期；之后补齐缺口的客户端得到最早保留的 msg_id 并显示缺口标记。',
  method: 'GET,POST',
  path: `${ROOM}/chat/prune`,
  ...DEMO,
  payload: Payload({ keep: F.int('保留条数', { minimum: 1, maximum: 100000, default: 100 }) }),
  data: Obj({
    roomid: RoomId(),
    removed: Type.Integer({ minimum: 0 }),
    oldest_msg_id: Type.Integer({ minimum: 0, description: '保留的最早 msg_id（没有消息：0）' }),
    last_msg_id: Type.Integer({ minimum: 0 })
  })
})

export const bulkPlaybacks = defineCall({
  spec: [],
  summary: '批量添加回看',
  description: '复制种子回看，再添加 count 条（id 从 100000 起），让列表超过一万条（压测用）。',
  method: 'GET,POST',
  path: '/dev/bulk/playbacks',
  ...DEMO,
  payload: Payload({ count: F.int('条数', { minimum: 1, maximum: 50000, default: 10000 }) }),
  data: Obj({ added: Type.Integer({ minimum: 1 }), total: Type.Integer({ minimum: 0, description: '回看总数' }) })
})

/** The kinds of content and the text fields /dev/text may set. */
export const TEXT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  post: ['content', 'host_name'],
  album: ['title', 'description'],
  photo: ['description'],
  goods: ['title', 'url'],
  topic: ['title', 'description'],
  room: ['title', 'topic'],
  playback: ['title', 'description']
}

export const contentText = defineCall({
  spec: [],
  summary: '改写内容的一个文字字段',
  description:
    'XSS 测试：把已有内容的一个文字字段（只限所列类型和字段，不超过 2000 字）设为任意文字，让浏览器测试在观众看到的地方渲染恶意文本；room 的 field 为 tab 时改写外部标签（tab 序号，缺省新增；tab_url 为其链接）。答复改后的整个文档。',
  method: 'GET,POST',
  path: '/dev/text',
  ...DEMO,
  payload: Payload(
    {
      kind: F.str('类型', { enum: Object.keys(TEXT_FIELDS) }),
      id: F.int('ID', { minimum: 1 }),
      field: F.str('字段', { minLength: 1, maxLength: 40 }),
      value: F.str('内容', { maxLength: 2000 }),
      tab: F.int('标签序号', { minimum: 0, maximum: 20 }),
      tab_url: F.str('标签链接', { maxLength: 2000 })
    },
    ['kind', 'id', 'field', 'value']
  ),
  data: Type.Object(
    { id: Type.Integer({ minimum: 1 }) },
    { additionalProperties: true, description: '改后的整个文档，字段随类型而定（与存储的一致）' }
  )
})

// ---- the sandbox analytics store (R7.111): plain routes of their own, see server/routes/sandbox

/** One recorded call of the sandbox analytics script (as the script sent it; the page without login secrets). */
export const AnalyticsEvent = Type.Object(
  {
    type: Type.String({ description: 'load | identify | track' }),
    app_key: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    uid: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    version: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    page: Type.Optional(Type.Unknown({ description: '页面地址，不含 token、tokentype、code、sign 参数' })),
    at: Type.Optional(Type.Number({ description: 'Unix 毫秒' })),
    event: Type.Optional(Type.String()),
    props: Type.Optional(Type.Unknown())
  },
  { additionalProperties: true }
)

export const analyticsRecord = defineCall({
  spec: ['R7.111'],
  summary: '记录沙箱统计脚本的一次调用',
  description:
    '/sandbox/analytics.js 的每次 load、identify、track 都发到这里：JSON 对象，type 为字符串，不超过 8 KB、8 层；保留最近 5000 条且不超过 2 MB。失败答复 code -1。不经过 API 的请求处理（页面可能在另一个源上，请求体上限 16 KB）。',
  method: 'POST',
  path: '/sandbox/analytics/events',
  ...DEMO,
  payload: AnalyticsEvent,
  data: NoData()
})

export const analyticsEvents = defineCall({
  spec: ['R7.111'],
  summary: '沙箱统计脚本记录的调用',
  description: '按顺序答复记录的调用（浏览器测试读取）。',
  method: 'GET',
  path: '/sandbox/analytics/events',
  ...DEMO,
  payload: Payload({}),
  data: Type.Array(AnalyticsEvent)
})
