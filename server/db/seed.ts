import crypto from 'node:crypto'
import type { Store } from './index'
import type { Activity, Channel, Gift, Goods, Playback, Room, Streamer, Tab, Teaser } from '../types'
import { checkPassword, cnDate, cnMidnight, nowSec, rng } from '../lib/util'
import { DEMO, SEED_IDS, TAGS } from './seed-ids'

export const SENSITIVE_WORDS = [
  '敏感词',
  '违法',
  '赌博',
  '诈骗',
  '代开发票',
  '敏感詞',
  '違法',
  '賭博',
  '詐騙',
  '代開發票'
]

const img = (kind: string, id: number | string): string => `/img/${kind}/${id}.png`

const STREAMERS: Array<[number, string, 0 | 1 | 2, number[], string, number]> = [
  [2001, '太湖慢直播', 0, [10, 2], '24小时守望太湖，鼋头渚、太湖仙岛实景慢直播。', 1286543],
  [2002, '丁蜀镇融媒', 0, [10, 8], '陶都丁蜀，古南街、蜀山窑址与前墅龙窑的日常。', 865210],
  [2003, '湖滨发布', 0, [10, 7], '蠡湖之光、渤公岛、长广溪湿地，湖滨四季慢镜头。', 643880],
  [2004, '新闻主播小新', 2, [1], '新闻综合频道主播，每天带你看无锡大小事。', 521004],
  [2005, '阿泥的泥人工坊', 2, [8, 2], '惠山泥人第五代传承人，手把手教你捏阿福阿喜。', 218765],
  [2006, '音乐阿乐', 1, [3], '电台音乐主播，周末太湖边的露天音乐会。', 330412],
  [2007, '体育老周', 1, [4], '二十年体育解说，马拉松、足球、龙舟赛现场。', 298311],
  [2008, '桃姐带货', 2, [5, 7], '阳山水蜜桃果农家的女儿，产地直发。', 412097],
  [2009, '吃货小锡', 1, [5], '小笼包、酱排骨、玉兰饼，带你吃遍梁溪。', 377650],
  [2010, '锡剧名家', 2, [8, 3], '锡剧团青年演员，经典剧目线上展演。', 189220],
  [2011, '夜游阿城', 1, [2, 7], '清名桥、南长街、运河夜色，边走边聊。', 265403],
  [2012, '科普君', 1, [7], '科技馆讲解员，每周一堂公开课。', 143876],
  [2013, '交通台小陆', 1, [1, 7], '交通广播主持人，早晚高峰路况直播。', 174532],
  [2014, '文旅小胡', 2, [2], '惠山古镇、拈花湾、灵山，节庆活动现场。', 256118]
]

type RoomSeed = [number, string, number, 'landscape' | 'portrait', 'on' | 'ended' | number, string, Partial<Room>?]

const HOUR = 3600
const DAY = 86400

const TAB_INTRO = (content: string): Tab => ({ title: '简介', type: 'intro', content })
const TAB_CHAT: Tab = { title: '互动', type: 'chat' }

/** [id, title, streamer, orientation, on air | ended | seconds until start, topic, extra] */
const ROOMS: RoomSeed[] = [
  [
    496,
    '太湖鼋头渚 24小时慢直播',
    2001,
    'landscape',
    'on',
    '春看樱花秋赏月，鼋头渚实景机位全天候直播',
    {
      external: {
        tabs: [
          TAB_CHAT,
          TAB_INTRO('鼋头渚位于太湖西北岸，因巨石突入湖中形似神龟昂首而得名。机位架设于长春桥畔。'),
          { title: '图文', type: 'timeline', topic_id: 1 },
          { title: '相册', type: 'album', album_id: 1 }
        ]
      },
      online: 3280,
      likes: 1286000,
      sort: 1
    }
  ],
  [
    539,
    '太湖慢直播 · 互动直播间',
    2001,
    'portrait',
    'on',
    '和主持人一起聊太湖，参与抽奖投票',
    {
      external: {
        tabs: [TAB_CHAT, { title: '商品', type: 'goods' }, TAB_INTRO('慢直播互动间：答题、投票、红包雨都在这里。')]
      },
      online: 1520,
      likes: 86500,
      sort: 2
    }
  ],
  [
    461,
    '丁蜀古南街 慢直播',
    2002,
    'landscape',
    'on',
    '明清老街，紫砂作坊前的日常烟火',
    {
      external: {
        tabs: [
          TAB_CHAT,
          TAB_INTRO('古南街是丁蜀镇保存完好的明清古街，街边多为紫砂作坊。'),
          { title: '相册', type: 'album', album_id: 2 }
        ]
      },
      online: 760,
      likes: 54000,
      sort: 1
    }
  ],
  [570, '蜀山窑址 慢直播', 2002, 'landscape', 'on', '宋代以来的陶瓷烧造遗址', { online: 320, likes: 12030, sort: 3 }],
  [
    571,
    '前墅龙窑 慢直播',
    2002,
    'landscape',
    'on',
    '仍在使用的明代龙窑，看柴烧开窑',
    {
      external: { tabs: [TAB_CHAT, TAB_INTRO('前墅龙窑是国内仍在烧制的古龙窑之一，全长四十余米。')] },
      online: 980,
      likes: 66200,
      sort: 0
    }
  ],
  [572, '紫砂工艺厂 慢直播', 2002, 'portrait', 'on', '制壶师傅的一天', { online: 410, likes: 23100, sort: 4 }],
  [573, '陶都广场 慢直播', 2002, 'landscape', 'ended', '广场夜景与市集', { sort: 5 }],
  [
    548,
    '东坡书院 慢直播',
    2002,
    'landscape',
    'on',
    '“买田阳羡吾将老”，东坡书院四季',
    { online: 260, likes: 9800, sort: 2 }
  ],
  [
    172,
    '蠡湖之光 慢直播',
    2003,
    'landscape',
    'on',
    '蠡湖大桥与摩天轮的晨昏',
    {
      external: {
        tabs: [
          TAB_CHAT,
          { title: '图文', type: 'timeline', topic_id: 3 },
          { title: '相册', type: 'album', album_id: 3 }
        ]
      },
      online: 890,
      likes: 45200,
      sort: 0
    }
  ],
  [174, '渤公岛 慢直播', 2003, 'landscape', 'on', '湖畔步道与白鹭', { online: 330, likes: 15400, sort: 1 }],
  [175, '长广溪湿地 慢直播', 2003, 'portrait', 'on', '湿地观鸟机位', { online: 210, likes: 8700, sort: 2 }],
  [
    301,
    '《无锡新闻》直播间',
    2004,
    'landscape',
    'on',
    '午间新闻同步直播',
    { online: 2410, likes: 32000, external: { tabs: [TAB_CHAT, { title: '图文', type: 'timeline', topic_id: 4 }] } }
  ],
  [302, '两会特别报道', 2004, 'landscape', 'ended', '代表委员谈发展', { review_id: 5002 }],
  [
    303,
    '惠山泥人非遗课堂（付费）',
    2005,
    'portrait',
    'on',
    '手捏阿福阿喜，试看60秒',
    {
      is_premium: 1,
      price: 30,
      trial_seconds: 60,
      online: 640,
      likes: 15800,
      external: {
        tabs: [
          TAB_CHAT,
          TAB_INTRO('惠山泥人是国家级非物质文化遗产。本课程为付费直播，可试看 60 秒，解锁后可观看完整课程及回放。')
        ]
      }
    }
  ],
  [304, '太湖湾露天音乐节', 2006, 'landscape', 2 * DAY + 5 * HOUR, '草地、湖风与乐队'],
  [305, '无锡马拉松 全程直播', 2007, 'landscape', 'ended', '3万名跑者穿越太湖之滨', { review_id: 5005 }],
  [
    306,
    '阳山水蜜桃 产地直播',
    2008,
    'portrait',
    'on',
    '树上现摘，当天发货',
    { online: 1870, likes: 98000, external: { tabs: [TAB_CHAT, { title: '商品', type: 'goods' }] } }
  ],
  [307, '探店：百年老店小笼包', 2009, 'portrait', 'on', '皮薄汤多，一口一个', { online: 1190, likes: 41200 }],
  [
    308,
    '锡剧经典《珍珠塔》（付费）',
    2010,
    'landscape',
    'on',
    '全本演出，试看2分钟',
    { is_premium: 1, price: 50, trial_seconds: 120, online: 530, likes: 20100 }
  ],
  [
    309,
    '夜游清名桥（密码直播）',
    2011,
    'portrait',
    'on',
    '会员专场，凭密码进入',
    { password: DEMO.roomPasswords[309], online: 120, likes: 3300 }
  ],
  [310, '科技馆公开课：星空与我们', 2012, 'landscape', 1 * DAY + 2 * HOUR, '天文讲解员带你认识春季星空'],
  [311, '财经早班车', 2004, 'landscape', 'ended', '开盘前十分钟', { review_id: 5011 }],
  [312, '城市交通早晚高峰', 2013, 'landscape', 'on', '主要路口实时画面', { online: 860, likes: 7600 }],
  [313, '惠山古镇元宵灯会', 2014, 'landscape', 5 * DAY, '灯谜、花灯与非遗表演'],
  [314, '拈花湾禅意夜', 2014, 'portrait', 'on', '灯光、水幕与梵音', { online: 970, likes: 30500 }],
  [315, '足球联赛：无锡吴钩 主场', 2007, 'landscape', 3 * HOUR, '赛前热身与全场直播'],
  [316, '逛南长街', 2011, 'portrait', 'ended', '运河边的老街新铺', { review_id: 5016 }],
  [
    317,
    '少儿春晚（付费）',
    2010,
    'landscape',
    7 * DAY,
    '全市少儿才艺汇演',
    { is_premium: 1, price: 20, trial_seconds: 30 }
  ],
  [
    318,
    '天气早知道',
    2013,
    'portrait',
    'on',
    '每日天气与出行提示（本场聊天已关闭）',
    { chat_closed: 1, online: 340, likes: 2100 }
  ],
  [319, '健康大讲堂：春季过敏', 2012, 'landscape', 'ended', '三甲医院医生答疑', { review_id: 5019 }],
  [320, '音乐广播 直播间', 2006, 'portrait', 'on', '点歌、聊天、听歌', { online: 720, likes: 18800 }],
  [321, '内部测试直播间', 2004, 'landscape', 'on', '仅供测试（需 test=1）', { test: 1 }],
  [
    322,
    'VIP 私享会（密码直播）',
    2011,
    'landscape',
    'on',
    '会员专享，凭密码进入',
    { password: DEMO.roomPasswords[322], online: 60, likes: 900 }
  ]
]

const PLAYBACK_TITLES = [
  '鼋头渚樱花季航拍',
  '两会特别报道（回放）',
  '太湖日出延时',
  '惠山泥人：捏一个阿福',
  '无锡马拉松全程回放',
  '前墅龙窑开窑实录',
  '蠡湖夜景',
  '小笼包的十八个褶',
  '锡剧《双推磨》选段',
  '清名桥夜游回放',
  '财经早班车（回放）',
  '星空公开课第一讲',
  '阳山桃花节开幕',
  '拈花湾灯光秀',
  '渤公岛白鹭',
  '逛南长街（回放）',
  '东坡书院雅集',
  '交通早高峰回顾',
  '健康大讲堂：春季过敏（回放）',
  '紫砂壶制作全过程',
  '太湖音乐节精彩回顾',
  '古南街的早晨',
  '长广溪湿地观鸟',
  '太湖仙岛游船',
  '惠山古镇庙会',
  '无锡新闻周末版',
  '龙舟赛决赛',
  '水蜜桃采摘季',
  '新年音乐会',
  '江南古运河纪录片'
]
const PLAYBACK_ROOMS = [
  496, 302, 496, 303, 305, 571, 172, 307, 308, 309, 311, 310, 306, 314, 174, 316, 548, 312, 319, 572, 304, 461, 175,
  539, 313, 301, 315, 306, 320, 301
]

const VIEWERS = [
  '梁溪小吃货',
  '太湖边的风',
  '阿福',
  '惠山泥人迷',
  '蠡湖散步',
  '南长街',
  '锡城老王',
  '运河边',
  '小桃子',
  '吴地人家'
]
const CHAT_LINES = [
  '主播好！',
  '画面好清晰',
  '太美了，下次一定去现场',
  '打卡打卡',
  '这是哪个机位？',
  '哇，有白鹭飞过',
  '家乡的味道',
  '已关注',
  '今天人好多',
  '求回放',
  '前排围观',
  '👍👍👍'
]
const COMMENT_LINES = [
  '拍得真好，收藏了',
  '小时候常去，好怀念',
  '请问几点开始？',
  '声音有点小',
  '下次还想看',
  '这个角度第一次见',
  '支持本地主播',
  '比去年热闹多了',
  '画质很棒',
  '什么时候有回放？',
  '讲得很专业',
  '谢谢分享'
]

const CHANNELS: Array<[number, 'tv' | 'radio', string, string]> = [
  [1, 'tv', '新闻综合频道', '新闻'],
  [2, 'tv', '娱乐频道', '娱乐'],
  [3, 'tv', '经济频道', '经济'],
  [4, 'tv', '生活频道', '生活'],
  [11, 'radio', '新闻广播 FM93.7', 'FM93.7'],
  [12, 'radio', '交通广播 FM106.9', 'FM106.9'],
  [13, 'radio', '音乐广播 FM91.4', 'FM91.4'],
  [14, 'radio', '经济广播 FM102.6', 'FM102.6']
]

// a channel is on air around the clock: the day opens with the night's programmes, so a viewer after midnight sees what
// plays (正在播出, 从头看) like one at noon
const TV_DAY: Array<[string, string, string]> = [
  ['00:00', '00:30', '午夜影院'],
  ['00:30', '01:30', '午夜影院（下）'],
  ['01:30', '03:00', '精选重播'],
  ['03:00', '04:30', '纪录片时间'],
  ['04:30', '06:00', '风光无锡'],
  ['06:00', '07:00', '早安无锡'],
  ['07:00', '08:30', '新闻早班车'],
  ['08:30', '10:00', '电视剧：运河人家'],
  ['10:00', '11:30', '生活帮'],
  ['11:30', '12:30', '午间新闻'],
  ['12:30', '14:00', '电视剧：太湖儿女'],
  ['14:00', '16:00', '经典影院'],
  ['16:00', '17:30', '百姓健康'],
  ['17:30', '18:30', '城市零距离'],
  ['18:30', '19:00', '无锡新闻'],
  ['19:00', '19:30', '新闻联播（转播）'],
  ['19:30', '21:30', '黄金剧场'],
  ['21:30', '22:30', '深度观察'],
  ['22:30', '23:30', '晚间新闻'],
  ['23:30', '01:30', '午夜影院']
]
const RADIO_DAY: Array<[string, string, string]> = [
  ['00:00', '00:30', '深夜电台'],
  ['00:30', '02:00', '夜半歌声'],
  ['02:00', '04:00', '音乐不打烊'],
  ['04:00', '06:00', '晨曲'],
  ['06:00', '07:00', '早安太湖'],
  ['07:00', '09:00', '早高峰直播'],
  ['09:00', '11:00', '音乐下午茶'],
  ['11:00', '12:00', '午间快讯'],
  ['12:00', '14:00', '午后时光'],
  ['14:00', '16:00', '点歌台'],
  ['16:00', '17:00', '健康有约'],
  ['17:00', '19:00', '晚高峰直播'],
  ['19:00', '21:00', '夜色温柔'],
  ['21:00', '22:00', '听书时间'],
  ['22:00', '00:30', '深夜电台']
]

function weekendOf(day: Array<[string, string, string]>, kind: 'tv' | 'radio'): Array<[string, string, string]> {
  return day.map(([s, e, t], i) => [s, e, i % 3 === 1 ? (kind === 'tv' ? '周末特别节目' : '周末点歌会') : t])
}

/**
 * Production start-up: the demo secrets published in server/README.md open nothing. The demo user's password
 * (13800000001 / demo1234) is removed and the password rooms get random passwords, whether the database was seeded
 * just now or by an earlier sandbox run on the same data. A password someone set since is left alone.
 */
export async function withoutPublishedSecrets(store: Store): Promise<void> {
  const db = store.db
  const user = db.prepare('SELECT password FROM users WHERE id = ?').get(DEMO.user.id) as
    { password: string | null } | undefined
  if (user?.password && (await checkPassword(DEMO.user.password, user.password)))
    db.prepare('UPDATE users SET password = NULL WHERE id = ?').run(DEMO.user.id)
  for (const [id, published] of Object.entries(DEMO.roomPasswords)) {
    const room = store.doc<Room>('room', Number(id))
    if (room && room.password === published)
      store.patchDoc('room', Number(id), { password: crypto.randomBytes(12).toString('base64url') })
  }
}

/**
 * The demo user's stored password: `demo1234` (DEMO.user.password, published in server/README.md) in checkPassword's
 * format, hashed once when it was written here rather than at every start (scrypt, about 65 ms of processor on a 2-core
 * machine; the test suites start about 150 servers). The password is public, so its salt protects nothing; outside the
 * sandbox it opens nothing (withoutPublishedSecrets). The server's tests log in with it.
 */
const DEMO_PASSWORD_HASH = '4b36ca3403a2e080:4113e5e982566fa9d3d5d23fffdb1cc8181badf49a93fb88b9a40340747779e1'

export function seed(store: Store): void {
  const now = nowSec()
  const r = rng(20240601)
  const ri = (a: number, b: number): number => a + Math.floor(r() * (b - a + 1))
  store.clearAll()
  const db = store.db

  db.transaction(() => {
    // users
    const insUser = db.prepare(
      'INSERT INTO users (id, name, avatar, mobile, password, openid, partner_uid, gold, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'
    )
    insUser.run(
      DEMO.user.id,
      DEMO.user.name,
      img('avatar', DEMO.user.id),
      DEMO.user.mobile,
      DEMO_PASSWORD_HASH,
      null,
      null,
      DEMO.user.gold,
      now
    )
    insUser.run(
      DEMO.noMobile.id,
      DEMO.noMobile.name,
      img('avatar', DEMO.noMobile.id),
      null,
      null,
      DEMO.noMobile.openid,
      null,
      DEMO.noMobile.gold,
      now
    )
    VIEWERS.forEach((name, i) =>
      insUser.run(10003 + i, name, img('avatar', 10003 + i), null, null, null, null, 0, now - 30 * DAY)
    )

    for (const t of TAGS) store.putDoc('tag', t.id, t)
    SENSITIVE_WORDS.forEach((w, i) => store.putDoc('sensitive', i + 1, { id: i + 1, word: w }))

    for (const [id, name, sex, tags, description, popularity] of STREAMERS) {
      const room = ROOMS.find((x) => x[2] === id)
      const s: Streamer = {
        id,
        name,
        sex,
        avatar: img('avatar', id),
        description,
        room_id: room ? room[0] : 0,
        tags,
        fans: Math.round(popularity / 37),
        popularity,
        likes: Math.round(popularity / 3)
      }
      store.putDoc('streamer', id, s)
    }

    for (const [id, title, streamer_id, orientation, when, topic, extra] of ROOMS) {
      const streamer = STREAMERS.find((s) => s[0] === streamer_id)
      const room: Room = {
        id,
        title,
        topic,
        cover: img('room', id),
        orientation,
        onair: when === 'on' ? 1 : 0,
        start_time: when === 'on' ? now - ri(1, 5) * HOUR : when === 'ended' ? now - ri(2, 20) * DAY : now + when,
        end_time: when === 'ended' ? now - ri(1, 2) * DAY : 0,
        streamer_id,
        tags: streamer ? streamer[3] : [],
        is_premium: 0,
        price: 0,
        trial_seconds: 0,
        password: '',
        chat_closed: 0,
        test: 0,
        external: { tabs: [] },
        online: 0,
        likes: ri(100, 5000),
        visits: ri(1000, 90000),
        shares: ri(10, 900),
        sort: 10,
        review_id: 0,
        scheduled: typeof when === 'number' ? 1 : 0,
        ...extra
      }
      store.putDoc('room', id, room)
    }

    // playbacks with danmaku timelines and comments
    const insComment = db.prepare(
      'INSERT INTO comments (playback_id, user_id, content, created_at) VALUES (?, ?, ?, ?)'
    )
    PLAYBACK_TITLES.forEach((title, i) => {
      const id = 5001 + i
      const room = store.doc<Room>('room', PLAYBACK_ROOMS[i]) as Room
      const danmaku = Array.from({ length: 24 }, (_, k) => ({
        relativeTimestamp: Math.round((k * 58000) / 24) + ri(0, 1500),
        content: JSON.stringify({ text: CHAT_LINES[(k + i) % CHAT_LINES.length] })
      }))
      const p: Playback = {
        id,
        room_id: room.id,
        title,
        cover: img('playback', id),
        duration: 60,
        streamer_id: room.streamer_id,
        views: ri(800, 120000),
        likes: ri(20, 9000),
        time: now - (i + 1) * DAY + ri(0, 20000),
        recommend: i % 3 === 0 ? 1 : 0,
        is_premium: id === 5004 || id === 5009 ? 1 : 0,
        price: id === 5004 ? 20 : id === 5009 ? 30 : 0,
        trial_seconds: id === 5004 || id === 5009 ? 30 : 0,
        description: `${title}。${room.topic}。`,
        danmaku
      }
      store.putDoc('playback', id, p)
      const n = ri(3, 12)
      for (let k = 0; k < n; k++)
        insComment.run(
          id,
          10003 + ((k + i) % VIEWERS.length),
          COMMENT_LINES[(k * 7 + i) % COMMENT_LINES.length],
          p.time + (k + 1) * 3600
        )
    })

    // teasers (previews / events); 1473 opens an external activity page in the client (R2.27)
    const teasers: Array<[number, string, number, number, string]> = [
      [1470, '太湖湾露天音乐节', 304, 2 * DAY + 5 * HOUR, '草地音乐节，八支乐队轮番登场。'],
      [1471, '科技馆公开课：星空与我们', 310, DAY + 2 * HOUR, '天文讲解员带你认识春季星空。'],
      [1472, '惠山古镇元宵灯会', 313, 5 * DAY, '灯谜、花灯与非遗表演。'],
      [1473, '太湖灯光秀 · 线上互动活动', 496, 4 * DAY, '扫码参与灯光秀点亮活动（活动页）。'],
      [1474, '足球联赛：无锡吴钩 主场', 315, 3 * HOUR, '赛前热身与全场直播。'],
      [1475, '少儿春晚', 317, 7 * DAY, '全市少儿才艺汇演（付费直播）。'],
      [1476, '紫砂文化节开幕式', 461, 9 * DAY, '丁蜀镇紫砂文化节开幕直播。'],
      [1477, '蠡湖龙舟邀请赛', 172, 12 * DAY, '二十支龙舟队竞渡蠡湖。']
    ]
    for (const [id, title, room_id, offset, description] of teasers) {
      const room = store.doc<Room>('room', room_id) as Room
      const t: Teaser = {
        id,
        title,
        cover: img('teaser', id),
        description,
        start_time: room.scheduled ? room.start_time : now + offset,
        room_id,
        streamer_id: room.streamer_id,
        subscribes: ri(50, 3000),
        link: id === 1473 ? '/m2/activity/1473' : '',
        scheduled: 1
      }
      store.putDoc('teaser', id, t)
    }

    for (const [id, type, title, frequency] of CHANNELS) {
      const day = type === 'tv' ? TV_DAY : RADIO_DAY
      const toEntries = (d: Array<[string, string, string]>) => d.map(([start, end, t]) => ({ start, end, title: t }))
      const ch: Channel = {
        id,
        type,
        title,
        logo: img('channel', id),
        frequency,
        programmes: toEntries(day),
        weekend: toEntries(weekendOf(day, type))
      }
      store.putDoc('channel', id, ch)
    }

    const programmes: Array<['tv' | 'radio' | 'audio', string[]]> = [
      ['tv', ['无锡新闻', '城市零距离', '生活帮', '百姓健康', '深度观察', '早安无锡']],
      ['radio', ['早安太湖', '夜色温柔', '健康有约', '听书时间', '点歌台', '深夜电台']],
      ['audio', ['吴语童谣', '运河故事会', '太湖传说', '锡剧唱段精选', '城市声音档案', '非遗里的无锡']]
    ]
    let pid = 7001
    for (const [media, titles] of programmes) {
      titles.forEach((title, i) => {
        store.putDoc('program', pid, {
          id: pid,
          media,
          title,
          cover: img('program', pid),
          brief: `${title}：${media === 'audio' ? '原创音频节目' : media === 'tv' ? '电视栏目' : '广播栏目'}，每期精彩不断。`,
          channel_id: media === 'tv' ? 1 + (i % 4) : media === 'radio' ? 11 + (i % 4) : 0,
          episodes: ri(12, 300),
          updated_at: now - i * DAY,
          // radio and audio programmes are sound alone (one rendition: no 清晰度); TV programmes offer every rendition
          source: media === 'tv' ? `/hls/vod/${pid}/index.m3u8` : `/hls/vod/${pid}/audio.m3u8`
        })
        pid++
      })
    }

    const videoTitles = [
      '太湖日落十分钟',
      '一分钟看懂无锡地铁新线',
      '古运河的清晨',
      '惠山泥人怎么做',
      '阳山水蜜桃丰收',
      '鼋头渚樱花雨',
      '锡帮菜：酱排骨',
      '紫砂壶的一生',
      '蠡湖骑行指南',
      '清名桥夜色',
      '无锡马拉松精彩瞬间',
      '拈花湾的灯',
      '东林书院',
      '荡口古镇',
      '梅园探梅',
      '灵山大佛',
      '南禅寺早市',
      '长广溪湿地的鸟',
      '太湖三白',
      '新吴区的一天',
      '无锡博物院',
      '小娄巷',
      '薛福成故居',
      '锡惠公园',
      '宜兴竹海',
      '善卷洞',
      '马山桃花',
      '吴文化公园',
      '江阴长江大桥',
      '梁溪河夜跑'
    ]
    videoTitles.forEach((title, i) => {
      const id = 8001 + i
      store.putDoc('video', id, {
        id,
        title,
        cover: img('video', id),
        brief: `${title}，短视频。`,
        duration: 60,
        views: ri(200, 60000),
        publish_time: now - i * 7 * HOUR,
        source: `/hls/vod/${id}/index.m3u8`
      })
    })

    const albums: Array<[number, string, number, number, string]> = [
      [1, '鼋头渚樱花季', 496, 40, '长春桥、樱花谷的满树繁花。'],
      [2, '丁蜀紫砂文化节', 461, 36, '古南街、龙窑与紫砂市集。'],
      [3, '蠡湖夜景', 172, 32, '蠡湖之光摩天轮与环湖灯带。']
    ]
    for (const [id, title, room_id, count, description] of albums) {
      let likes = 0
      for (let k = 1; k <= count; k++) {
        const photoId = id * 1000 + k
        const pl = ri(0, 300)
        likes += pl
        const landscape = k % 4 !== 0
        store.putDoc('photo', photoId, {
          id: photoId,
          album_id: id,
          url: img('photo', photoId),
          thumb: img('photo', photoId),
          width: landscape ? 1200 : 800,
          height: landscape ? 800 : 1200,
          likes: pl,
          description: `${title} · 第${k}张`,
          time: now - (count - k) * 1800
        })
      }
      store.putDoc('album', id, {
        id,
        title,
        description,
        cover: img('album', id),
        room_id,
        total: count,
        likes,
        visits: ri(3000, 50000),
        start_time: now - count * 1800
      })
    }

    const topics: Array<[number, string, string, number, number]> = [
      [1, '鼋头渚樱花实时播报', '樱花开到几成了？图文直播每天更新。', 496, 0],
      [2, '2024无锡马拉松图文直播', '起跑、补给、冲线，一路跟拍。', 0, 5005],
      [3, '湖滨周末好去处', '蠡湖、渤公岛、长广溪，周末去哪儿。', 0, 0],
      [4, '两会快讯', '代表委员声音，滚动更新。', 0, 5002]
    ]
    for (const [id, title, description, is_living, review_id] of topics) {
      const n = 12 + id * 2
      let totalLikes = 0
      for (let k = 1; k <= n; k++) {
        const postId = id * 100 + k
        const like = ri(0, 800)
        totalLikes += like
        store.putDoc('post', postId, {
          id: postId,
          topic_id: id,
          content: `<p>${title} 第${k}条：${COMMENT_LINES[(k + id) % COMMENT_LINES.length]}。记者在现场为您发回报道，联系电话 13912345678。</p>`,
          host_name: id === 2 ? '体育老周' : id === 4 ? '新闻主播小新' : '湖滨发布',
          host_avatar: img('avatar', id === 2 ? 2007 : id === 4 ? 2004 : 2003),
          like,
          images:
            k % 3 === 0
              ? [img('photo', 1000 + k), img('photo', 2000 + k)]
              : k % 3 === 1
                ? [img('photo', 3000 + k)]
                : [],
          time: now - (n - k) * 1200
        })
      }
      store.putDoc('topic', id, {
        id,
        title,
        description,
        pic: img('topic', id),
        total: n,
        visits: ri(5000, 90000),
        total_likes: totalLikes,
        author: { nickName: id === 2 ? '体育老周' : '无锡广电', avatar: img('avatar', 2003) },
        status: 1,
        is_living,
        review_id,
        updated_at: now
      })
    }

    const gifts: Array<[number, string, number, string]> = [
      [1, '鲜花', 1, 'float'],
      [2, '点赞棒', 5, 'float'],
      [3, '小笼包', 10, 'float'],
      [4, '水蜜桃', 20, 'banner'],
      [5, '紫砂壶', 52, 'banner'],
      [6, '太湖游船', 99, 'fullscreen'],
      [7, '灯光秀', 188, 'fullscreen'],
      [8, '太湖明珠', 520, 'fullscreen']
    ]
    for (const [id, name, price, effect] of gifts)
      store.putDoc('gift', id, { id, name, price, icon: img('gift', id), effect } satisfies Gift)

    const prices: Array<[number, number]> = [
      [60, 6],
      [300, 30],
      [680, 68],
      [1280, 128],
      [3280, 328],
      [6480, 648]
    ]
    prices.forEach(([gold, price], i) =>
      store.putDoc('price', i + 1, { id: i + 1, gold, price, label: `${gold}慧币`, hot: i === 1 ? 1 : 0 })
    )

    const groups: Array<[number, string, number[]]> = [
      [1, '太湖慢直播', [496, 539]],
      [2, '丁蜀慢直播', [461, 570, 571, 572, 573, 548]],
      [3, '湖滨慢直播', [172, 174, 175]],
      [4, '新闻现场', [301, 302, 311, 312, 318]],
      [5, '文旅夜游', [309, 313, 314, 316]]
    ]
    for (const [id, title, rooms] of groups) store.putDoc('group', id, { id, title, rooms })

    const slides: Array<[number, string, string]> = [
      [1, '太湖鼋头渚 24小时慢直播', '/m2/packageA/pages/live/live?roomid=496'],
      [2, '阳山水蜜桃 产地直播', '/m2/packageA/pages/live/live?roomid=306'],
      [3, '无锡马拉松 全程回放', '/m2/packageA/pages/playback/playback?id=5005'],
      [4, '太湖灯光秀 · 线上互动活动', '/m2/packageA/pages/preview/preview?id=1473']
    ]
    for (const [id, title, url] of slides)
      store.putDoc('slide', id, { id, title, image: img('slide', id), url, link: url })

    const menu: Array<[number, string, string]> = [
      [1, '直播', '/m2/pages/list/list?type=live'],
      [2, '回放', '/m2/pages/list/list?type=playback'],
      [3, '预告', '/m2/pages/list/list?type=event'],
      [4, '慢直播', '/m2/packageA/featured/wuxilcb/wuxilcb'],
      [5, '相册', '/m2/packageB/pages/album/album?id=1'],
      [6, '图文', '/m2/packageA/pages/timeline/timeline?id=1'],
      [7, '充值', '/m2/packageB/pages/deposit/deposit'],
      [8, '搜索', '/m2/packageB/pages/search/search']
    ]
    for (const [id, title, url] of menu) store.putDoc('menu', id, { id, title, icon: img('menu', id), url })
    const notices = [
      '鼋头渚樱花进入盛花期，慢直播全天在线',
      '充值慧币享首充加赠活动（沙箱演示）',
      '文明发言，共建清朗直播间'
    ]
    notices.forEach((title, i) => store.putDoc('notice', i + 1, { id: i + 1, title, url: '' }))
    const hot = [
      '鼋头渚',
      '紫砂',
      '慢直播',
      '锡剧',
      '马拉松',
      '小笼包',
      '水蜜桃',
      '清名桥',
      '蠡湖',
      '天气',
      '泥人',
      '音乐节'
    ]
    hot.forEach((keyword, i) => store.putDoc('hotword', i + 1, { id: i + 1, keyword }))

    const goods: Array<[number, string, number]> = [
      [306, '阳山水蜜桃 6只礼盒', 99],
      [306, '阳山水蜜桃 12只家庭装', 168],
      [306, '水蜜桃果酱 2瓶', 39],
      [306, '桃胶 500g', 45],
      [306, '桃花茶', 29],
      [496, '鼋头渚门票', 90],
      [496, '太湖游船船票', 60],
      [496, '樱花文创帆布包', 49],
      [539, '太湖三白礼盒', 198],
      [539, '太湖明珠手链', 129],
      [539, '慢直播定制明信片', 19],
      [461, '紫砂壶（朱泥西施）', 880],
      [461, '紫砂茶杯 两只', 168],
      [461, '紫砂盖碗', 320],
      [461, '紫砂茶宠', 58]
    ]
    goods.forEach(([room_id, title, price], i) => {
      const id = 6001 + i
      store.putDoc('goods', id, {
        id,
        room_id,
        title,
        price,
        cover: img('goods', id),
        url: `/m2/pages/mall/payment?goods_id=${id}`,
        on_screen: 0,
        views: ri(10, 900)
      } satisfies Goods)
    })

    const vote: Activity = {
      id: SEED_IDS.activities.runningVote,
      room_id: SEED_IDS.rooms.withRunningVote,
      kind: 'vote',
      title: '您最喜欢鼋头渚的哪个季节？',
      status: 1,
      created_at: now,
      options: [
        { id: 1, title: '春 · 樱花', vote: 128 },
        { id: 2, title: '夏 · 荷风', vote: 46 },
        { id: 3, title: '秋 · 赏月', vote: 73 },
        { id: 4, title: '冬 · 雪景', vote: 39 }
      ]
    }
    store.putDoc('activity', vote.id, vote)

    // today's chat history of on-air rooms: the last 12 minutes, but never before China's midnight (a seed just after
    // midnight still has 8 messages of today)
    const midnight = cnMidnight(cnDate(now * 1000))
    const insDanmaku = db.prepare(
      'INSERT INTO danmaku (room_id, msg_id, user_id, nickname, avatar, content, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)'
    )
    for (const room of store.docs<Room>('room')) {
      if (!room.onair) continue
      for (let k = 1; k <= 8; k++) {
        const uid = 10003 + ((k + room.id) % VIEWERS.length)
        insDanmaku.run(
          room.id,
          k,
          uid,
          VIEWERS[uid - 10003],
          img('avatar', uid),
          CHAT_LINES[(k * 5 + room.id) % CHAT_LINES.length],
          Math.max(now - (9 - k) * 90, midnight + k) * 1000
        )
      }
    }
    store.kvSet('seeded_at', String(now))
  })()
}

/** Pushes scheduled rooms and teasers whose time has passed forward by whole weeks (run at every start). */
export function refreshSchedules(store: Store): void {
  const now = nowSec()
  const week = 7 * DAY
  for (const kind of ['room', 'teaser'] as const) {
    for (const d of store.docs<Room | Teaser>(kind)) {
      if (!d.scheduled || d.start_time > now) continue
      const weeks = Math.ceil((now - d.start_time) / week)
      store.patchDoc(kind, d.id, { start_time: d.start_time + weeks * week })
    }
  }
}
