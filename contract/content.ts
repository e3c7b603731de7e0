/**
 * The content the viewer browses (spec section 7, "Config, home, lists"): the service config, the home index and
 * slides, the live, playback and preview lists, a room's info, a playback's and a preview's detail, and the media
 * area's videos, programmes, channel schedules and room groups. The item shapes here (a room, a playback, a preview,
 * a streamer, a channel) are the ones every list answers.
 */
import { Type } from 'typebox'
import { defineCall } from './call'
import { F, Flag, Nullable, Obj, Paged, Payload, Seconds, Url, type Static } from './schema'

// ---- request fragments

/** A password room's fields: its recordings and history need the room's password or room_key (R3.9). */
export const ROOM_ACCESS = {
  password: F.str('直播间密码', { maxLength: 64 }),
  room_key: F.str('直播间凭证', { maxLength: 128 })
}

// ---- item shapes

const nickname = (description = '昵称') => Type.String({ description })

const STREAMER_BRIEF = {
  id: Type.Integer(),
  nick_name: nickname('昵称（nick_name、nickName、name 三种写法同值，客户端读取其一）'),
  nickName: nickname(),
  name: nickname(),
  sex: Type.Integer({ description: '0 未知或机构，1 男，2 女' }),
  avatar: Url(),
  room_id: Type.Optional(Type.Integer({ description: '主播的直播间；主播资料缺失时没有' }))
}
const BRIEF_PLACEHOLDER = '主播资料缺失时为占位：昵称“主播”、头像为空'

/** A streamer as rooms, playbacks and previews carry it (R3.10, R3.22). */
export const StreamerBrief = Obj(STREAMER_BRIEF, { description: BRIEF_PLACEHOLDER })

/** Spec R4.11: 1 live, 2 scheduled in the future, 0 otherwise. */
const RoomStatus = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], {
  description: '1 直播中，2 未开始（预约），0 已结束（R4.11）'
})

const ROOM_ITEM = {
  id: Type.Integer(),
  roomid: Type.Integer({ description: '同 id' }),
  title: Type.String(),
  topic: Type.String({ description: '直播间简介' }),
  cover: Url(),
  orientation: Type.Union([Type.Literal('landscape'), Type.Literal('portrait')], { description: '画面方向' }),
  onair: Flag(),
  status: RoomStatus,
  start_time: Type.Integer({ minimum: 0, description: '开播时间（已开播为实际时间，未开播为计划时间），Unix 秒' }),
  end_time: Type.Integer({ minimum: 0, description: '结束时间，未结束为 0，Unix 秒' }),
  online: Type.Integer({ minimum: 0, description: '在线人数，未直播为 0' }),
  likes: Type.Integer({ minimum: 0 }),
  visits: Type.Integer({ minimum: 0 }),
  is_premium: Flag(),
  price: Type.Number({ minimum: 0, description: '付费直播的价格（慧币），免费为 0' }),
  need_password: Flag(),
  tags: Type.Array(Type.Integer(), { description: '标签 ID（见主播标签）' }),
  sort: Type.Integer({ description: '分组内的排序（order=sort 时由小到大）' }),
  review_id: Type.Integer({ description: '本场的回放 ID，没有为 0' }),
  streamer: StreamerBrief
}

/** A live list item (R3.13). */
export const RoomItem = Obj(ROOM_ITEM)

/** An external tab of a room (R3.10, R3.11). */
export const RoomTab = Obj({
  title: Type.String(),
  type: Type.Union(
    [
      Type.Literal('chat'),
      Type.Literal('intro'),
      Type.Literal('timeline'),
      Type.Literal('album'),
      Type.Literal('goods'),
      Type.Literal('rank'),
      Type.Literal('web')
    ],
    {
      description:
        'chat 互动，intro 简介（content），timeline 图文（topic_id），album 相册（album_id），goods 商品，rank 榜单，web 网页（url）'
    }
  ),
  content: Type.Optional(Type.String()),
  topic_id: Type.Optional(Type.Integer()),
  album_id: Type.Optional(Type.Integer()),
  url: Type.Optional(Type.String())
})

/** What a share card shows. */
export const Share = Obj({ title: Type.String(), desc: Type.String(), image: Url(), link: Url() })

/** A room's info (R3.10): the list item, its streams, tabs and share card. */
export const RoomInfo = Obj({
  ...ROOM_ITEM,
  source: Type.String({ description: '直播流地址（付费或密码直播间按观众签名），未在直播为空' }),
  playback_source: Type.String({ description: '本场回放的流地址（付费回放按观众签名），没有为空' }),
  trial_seconds: Type.Integer({ minimum: 0, description: '付费直播可试看的秒数' }),
  trial_left: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: '付费直播：本观众试看还剩的秒数（服务器计时，0 为已用完）；免费或已购买时没有'
    })
  ),
  chat_closed: Flag(),
  shares: Type.Integer({ minimum: 0 }),
  external: Obj({ tabs: Type.Array(RoomTab) }),
  share: Share,
  ws: Type.String({ description: '推送通道的路径（本主机上，/ws?roomid=…）' }),
  room_key: Type.Optional(
    Type.String({ description: '密码直播间：密码正确后的凭证，之后的历史、发言和推送通道带上它（R3.9）' })
  )
})

/** The refusal of a password room (code -3, or -8 after too many guesses): which room asks for it (R3.9). */
export const RoomLocked = Obj({
  id: Type.Integer(),
  title: Type.String(),
  cover: Url(),
  need_password: Type.Literal(1)
})

const PLAYBACK_ITEM = {
  id: Type.Integer(),
  roomId: Type.Integer({ description: '所属直播间（同 room_id）' }),
  room_id: Type.Integer(),
  title: Type.String(),
  cover: Url(),
  duration: Type.Integer({ minimum: 0, description: '时长（秒）' }),
  views: Type.Integer({ minimum: 0 }),
  likes: Type.Integer({ minimum: 0 }),
  time: Seconds(),
  recommend: Flag(),
  is_premium: Flag(),
  price: Type.Number({ minimum: 0, description: '付费回放的价格（慧币），免费为 0' }),
  streamer: StreamerBrief,
  user: Obj(STREAMER_BRIEF, { description: `同 streamer（客户端读取其一，R3.18）；${BRIEF_PLACEHOLDER}` })
}

/** A playback (R3.18). */
export const PlaybackItem = Obj(PLAYBACK_ITEM)

export const PlaybackDetail = Obj({
  ...PLAYBACK_ITEM,
  description: Type.String(),
  trial_seconds: Type.Integer({ minimum: 0, description: '付费回放可试看的秒数' }),
  trial_left: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: '付费回放：本观众试看还剩的秒数（服务器计时，0 为已用完）；免费或已购买时没有'
    })
  ),
  source: Type.String({ description: '回放的流地址（付费回放按观众签名）' }),
  comments: Type.Integer({ minimum: 0, description: '评论数' }),
  share: Share
})

const TEASER_ITEM = {
  id: Type.Integer(),
  title: Type.String(),
  cover: Url(),
  description: Type.String(),
  start_time: Seconds(),
  room_id: Type.Integer(),
  roomId: Type.Integer({ description: '同 room_id' }),
  subscribes: Type.Integer({ minimum: 0, description: '预约人数' }),
  link: Type.String({ description: '活动页地址；为空时进入直播间' }),
  status: Type.Union([Type.Literal(0), Type.Literal(2)], { description: '2 未开始，0 已开始' }),
  streamer: StreamerBrief
}

/** A preview (teaser) or event (R3.21). */
export const TeaserItem = Obj(TEASER_ITEM)

const STREAMER_ITEM = {
  id: Type.Integer(),
  uid: Type.Integer({ description: '同 id' }),
  name: nickname('昵称（name、nick_name、nickName 同值；客户端依次读取 nickName、name、nick_name、nickname，R3.22）'),
  nick_name: nickname(),
  nickName: nickname(),
  nickname: Type.Optional(nickname('昵称的又一写法：本服务不发，客户端也读取')),
  sex: Type.Integer({ description: '0 未知或机构，1 男，2 女' }),
  avatar: Url(),
  description: Type.String(),
  brief: Type.String({ description: '同 description（客户端在 description 为空时读取）' }),
  room_id: Type.Integer(),
  roomId: Type.Integer({ description: '同 room_id' }),
  tags: Type.Array(Type.Integer()),
  fans: Type.Integer({ minimum: 0 }),
  popularity: Type.Integer({ minimum: 0, description: '人气' }),
  onair: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '主播的直播间是否在直播' })
}

/** A streamer of the lists and searches (R3.22). */
export const StreamerItem = Obj(STREAMER_ITEM)

/** A streamer of the ranking: the list item, its score and place. */
export const RankedStreamer = Obj({
  ...STREAMER_ITEM,
  score: Type.Integer({ description: '榜单得分' }),
  rank: Type.Integer({ minimum: 1, description: '名次，从 1 起' })
})

/** A schedule entry (R3.25). */
export const ScheduleEntry = Obj({
  date: Type.String({ description: 'YYYY-MM-DD（中国时间）' }),
  start: Type.String({ description: 'HH:mm' }),
  end: Type.String({ description: 'HH:mm；早于 start 时跨午夜，客户端移到次日（R4.23）' }),
  title: Type.String()
})

/** A TV or radio channel (R3.26 channels.tv / channels.radio). */
export const ChannelItem = Obj({
  id: Type.Integer(),
  type: Type.Union([Type.Literal('tv'), Type.Literal('radio')]),
  title: Type.String(),
  logo: Url(),
  cover: Type.String({ description: '同 logo' }),
  frequency: Type.String({ description: '频率或简称（如 FM93.7）' }),
  source: Url(),
  current: Nullable(ScheduleEntry)
})

const LINK_FALLBACK = '客户端在 url 为空时读取 link；本服务不发'

/** A home menu entry. */
export const MenuItem = Obj({
  id: Type.Integer(),
  title: Type.String(),
  icon: Url(),
  url: Url(),
  link: Type.Optional(Type.String({ description: LINK_FALLBACK }))
})

/** A home notice: its text, and where a tap goes (empty: nowhere). */
export const Notice = Obj({
  id: Type.Integer(),
  title: Type.String(),
  url: Type.String({ description: '点击打开的地址，空则不跳转' }),
  link: Type.Optional(Type.String({ description: LINK_FALLBACK }))
})

/** A home slide. */
export const Slide = Obj({
  id: Type.Integer(),
  title: Type.String(),
  image: Url(),
  url: Url(),
  link: Url()
})

/** A short video (R7.18). */
export const Video = Obj({
  id: Type.Integer(),
  title: Type.String(),
  cover: Url(),
  brief: Type.String(),
  duration: Type.Integer({ minimum: 0, description: '时长（秒）' }),
  views: Type.Integer({ minimum: 0 }),
  publish_time: Seconds(),
  source: Url()
})

/** A TV, radio or original-audio programme (R2.43). */
export const Programme = Obj({
  id: Type.Integer(),
  media: Type.Union([Type.Literal('tv'), Type.Literal('radio'), Type.Literal('audio')]),
  title: Type.String(),
  cover: Url(),
  brief: Type.String(),
  channel_id: Type.Integer({ description: '所属频道，原创音频为 0' }),
  episodes: Type.Integer({ minimum: 0, description: '期数' }),
  updated_at: Seconds(),
  source: Url()
})

/** A room group (R4.24): the first group holding a room gives the room's neighbours. */
export const RoomGroup = Obj({ id: Type.Integer(), title: Type.String(), rooms: Type.Array(Type.Integer()) })

export type MenuItem = Static<typeof MenuItem>
export type Notice = Static<typeof Notice>
export type Slide = Static<typeof Slide>
export type Video = Static<typeof Video>
export type Programme = Static<typeof Programme>
export type RoomGroup = Static<typeof RoomGroup>

// ---- calls

const U = '/api/v1/userapp'
const MAPP = '/live/api_mapp.php'

export const config = defineCall({
  spec: ['R7.9', 'R3.7'],
  summary: '服务配置',
  method: 'POST',
  path: `${U}/config`,
  payload: Payload({}),
  data: Obj({
    iOSDisabled: Type.Integer({ description: '大于 0 时限制 iOS 上的功能（R6.5）' }),
    iOSDisabledMsg: Type.String(),
    highFlowMode: Type.Integer({ description: '高流量模式' }),
    currency: Type.String({ description: '虚拟币名称' })
  })
})

export const index = defineCall({
  spec: ['R7.10', 'R3.26'],
  summary: '首页',
  method: 'POST',
  path: `${U}/index`,
  payload: Payload({}),
  data: Obj({
    menu: Type.Array(MenuItem),
    notices: Type.Array(Notice),
    liveRooms: Type.Array(RoomItem, { description: '前 10 个直播间（直播中、预约、已结束）；客户端由此得出 topRooms' }),
    streamers: Type.Array(StreamerItem, { description: '人气前 10 的主播' }),
    topPlaybacks: Type.Array(PlaybackItem, { description: '观看最多的 4 个回放' }),
    playbacks: Type.Array(PlaybackItem, { description: '最新的 10 个回放' }),
    events: Type.Array(TeaserItem, { description: '即将开始的 10 个预告' }),
    channels: Obj({ tv: Type.Array(ChannelItem), radio: Type.Array(ChannelItem) })
  })
})

export const slides = defineCall({
  spec: ['R7.11'],
  summary: '首页轮播图',
  method: 'GET,POST',
  path: MAPP,
  action: 'slides',
  payload: Payload({}),
  data: Type.Array(Slide)
})

export const livingList = defineCall({
  spec: ['R7.12', 'R7.22', 'R4.24'],
  summary: '直播列表',
  method: 'POST',
  path: `${U}/living/list`,
  payload: Payload({
    page: F.page(),
    count: F.count(10, 100),
    roomid: F.str('直播间ID列表', {
      pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*\\s*$',
      description: '逗号分隔的直播间 ID：按此顺序只列这些直播间'
    }),
    order: F.str('排序', { enum: ['sort', 'hot', 'time', 'default', ''] }),
    tag: F.int('标签'),
    onair: F.int('直播中', { enum: [0, 1] }),
    test: F.int()
  }),
  data: Paged(RoomItem)
})

export const roomInfo = defineCall({
  spec: ['R7.13', 'R7.26', 'R3.9', 'R3.10'],
  summary: '直播间信息',
  method: 'POST',
  path: `${U}/roominfo`,
  payload: Payload({
    roomid: F.int('直播间ID', { minimum: 1 }),
    id: F.int('直播间ID', { minimum: 1, description: 'roomid 的另一写法' }),
    test: F.str(),
    testCode: F.str(),
    password: F.str('密码'),
    room_key: ROOM_ACCESS.room_key
  }),
  data: RoomInfo,
  refusal: RoomLocked
})

export const playbackList = defineCall({
  spec: ['R7.14', 'R7.23'],
  summary: '回放列表',
  method: 'POST',
  path: `${U}/playback/list`,
  payload: Payload({
    page: F.page(),
    count: F.count(),
    recommend: F.int('推荐', { enum: [0, 1] }),
    roomid: F.int('直播间ID')
  }),
  data: Paged(PlaybackItem)
})

export const playbackDetail = defineCall({
  spec: ['R7.15', 'R3.9'],
  summary: '回放详情',
  method: 'POST',
  path: `${U}/playback/detail`,
  payload: Payload({ id: F.int('回放ID', { minimum: 1 }), ...ROOM_ACCESS }, ['id']),
  data: PlaybackDetail,
  refusal: RoomLocked
})

/**
 * What plays after a playback (the playback page's end screen and its 相关推荐): `next`, the room's recording that
 * follows this one in time, else the first of the others; `list`, the room's other recordings (newest first), then
 * the other rooms' (most watched first), without this one and without `next`.
 */
export const playbackRelated = defineCall({
  spec: ['R2.9', 'R7.15'],
  summary: '回放的下一个与相关推荐',
  method: 'POST',
  path: `${U}/playback/related`,
  payload: Payload({ id: F.int('回放ID', { minimum: 1 }), count: F.count(6, 20) }, ['id']),
  data: Obj({
    next: Nullable(PlaybackItem),
    list: Type.Array(PlaybackItem, { description: '相关回放，最多 count 个' })
  })
})

export const teaserList = defineCall({
  spec: ['R7.16', 'R7.23'],
  summary: '预告列表',
  method: 'POST',
  path: `${U}/teaser/list`,
  payload: Payload({ page: F.page(), count: F.count(), recommend: F.int() }),
  data: Paged(TeaserItem)
})

export const teaserDetail = defineCall({
  spec: ['R7.17', 'R3.21'],
  summary: '预告详情',
  method: 'POST',
  path: `${U}/teaser/detail`,
  payload: Payload({ id: F.int('预告ID', { minimum: 1 }) }, ['id']),
  data: Obj({ ...TEASER_ITEM, room: Nullable(RoomItem) })
})

export const videoList = defineCall({
  spec: ['R7.18', 'R7.24'],
  summary: '短视频列表',
  method: 'GET,POST',
  path: MAPP,
  action: 'video_list_m2o',
  payload: Payload({ page: F.page(), count: F.count() }),
  data: Paged(Video)
})

export const mediaPrograms = defineCall({
  spec: ['R7.19', 'R7.25'],
  summary: '电视、广播、原创音频节目',
  method: 'GET,POST',
  path: MAPP,
  action: 'media_programs',
  payload: Payload({ media: F.str('节目类型', { enum: ['tv', 'radio', 'audio'] }) }, ['media']),
  data: Type.Array(Programme)
})

export const channelSchedule = defineCall({
  spec: ['R7.20', 'R3.25', 'R4.23'],
  summary: '频道节目单',
  method: 'GET,POST',
  path: MAPP,
  action: 'channel_schedule',
  payload: Payload(
    {
      channelid: F.int('频道ID', { minimum: 1 }),
      day: F.str('日期', {
        pattern: '^(-?\\d{1,2}|\\d{4}-\\d{2}-\\d{2}|\\d{8}|\\d{10})$',
        errmsg: '参数错误：日期(day)应为 YYYY-MM-DD 或相对今天的天数',
        description: 'YYYY-MM-DD、YYYYMMDD、Unix 秒，或相对今天的天数；缺省为今天'
      })
    },
    ['channelid']
  ),
  data: Type.Array(ScheduleEntry, { description: '只有前后 3 天内有节目单，其他日期为空' })
})

export const groups = defineCall({
  spec: ['R7.21', 'R4.24'],
  summary: '直播间分组',
  method: 'GET',
  path: '/m2/json/groups.json',
  payload: Payload({}),
  data: Type.Array(RoomGroup)
})
