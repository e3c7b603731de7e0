import { Envelope, type Api } from '../../api'
import type { AppContext, Call } from '../../context'
import { CODE, biz, cnDate, nowSec, paginate } from '../../lib/util'
import { S } from '../../lib/validate'
import { TAGS } from '../../seed'
import { callerKey, checkRoomAccess, countOnce, securedRoomInfo, signedSource, uncount } from '../../security'
import type { Channel, Playback, Room, Streamer, Teaser } from '../../types'
import { channelItem, playbackDetail, playbackItem, roomItem, scheduleOf, streamerItem, teaserItem } from '../../views'

import { defaultRoomOrder, playbackOr404, roomOr404, visibleRooms } from '../../repositories/rooms'

const U = '/api/v1/userapp'

/** A recording's password fields: a password room's recordings need the room's password or room_key (R3.9). */
export const ROOM_ACCESS = {
  password: S.str('直播间密码', { maxLength: 64 }),
  room_key: S.str('直播间凭证', { maxLength: 128 })
}

const includes = (hay: string, kw: string) => hay.toLowerCase().includes(kw.toLowerCase())

export function registerContent(api: Api, ctx: AppContext): void {
  const { store } = ctx

  // R7.9
  api.post(`${U}/config`, { schema: S.obj({}) }, () => ({
    iOSDisabled: Number(store.kvGet('iOSDisabled') ?? 0),
    iOSDisabledMsg: '根据相关规定，iOS 暂不支持此功能',
    highFlowMode: Number(store.kvGet('highFlowMode') ?? 0),
    currency: '慧币'
  }))

  // R7.10, R3.26: menu, notices, liveRooms, streamers, topPlaybacks, playbacks, channels.tv/radio (topRooms is the
  // client's home state, derived from liveRooms)
  api.post(`${U}/index`, { schema: S.obj({}) }, () => {
    const rooms = defaultRoomOrder(ctx, visibleRooms(ctx))
    const playbacks = store.docs<Playback>('playback').sort((a, b) => b.time - a.time)
    const streamers = store.docs<Streamer>('streamer').sort((a, b) => b.popularity - a.popularity)
    const channels = store.docs<Channel>('channel')
    const teasers = store
      .docs<Teaser>('teaser')
      .filter((t) => t.start_time > nowSec())
      .sort((a, b) => a.start_time - b.start_time)
    return {
      menu: store.docs('menu'),
      notices: store.docs('notice'),
      liveRooms: rooms.slice(0, 10).map((r) => roomItem(ctx, r)),
      streamers: streamers.slice(0, 10).map((s) => streamerItem(ctx, s)),
      topPlaybacks: [...playbacks]
        .sort((a, b) => b.views - a.views)
        .slice(0, 4)
        .map((p) => playbackItem(ctx, p)),
      playbacks: playbacks.slice(0, 10).map((p) => playbackItem(ctx, p)),
      events: teasers.slice(0, 10).map((t) => teaserItem(ctx, t)),
      channels: {
        tv: channels.filter((c) => c.type === 'tv').map(channelItem),
        radio: channels.filter((c) => c.type === 'radio').map(channelItem)
      }
    }
  })

  // R7.11
  api.action('api_mapp', 'slides', { schema: S.obj({}) }, () => store.docs('slide'))

  // R7.12, R7.22, R4.24 (roomid comma list, count 100, order sort)
  api.post(
    `${U}/living/list`,
    {
      schema: S.obj({
        page: S.page(),
        count: S.count(10, 100),
        roomid: S.str('直播间ID列表', { pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*\\s*$' }),
        order: S.str('排序', { enum: ['sort', 'hot', 'time', 'default', ''] }),
        tag: S.int('标签'),
        onair: S.int('直播中', { enum: [0, 1] }),
        test: S.int()
      })
    },
    (p) => {
      let rooms = visibleRooms(ctx, p.test === 1)
      if (p.roomid) {
        const ids = String(p.roomid)
          .split(',')
          .map((s) => Number(s.trim()))
        rooms = ids.map((id) => rooms.find((r) => r.id === id)).filter((r): r is Room => !!r)
      } else {
        rooms = defaultRoomOrder(ctx, rooms)
      }
      if (p.tag) rooms = rooms.filter((r) => r.tags.includes(p.tag))
      if (p.onair !== undefined) rooms = rooms.filter((r) => r.onair === p.onair)
      if (p.order === 'sort') rooms = [...rooms].sort((a, b) => a.sort - b.sort || a.id - b.id)
      if (p.order === 'hot') rooms = [...rooms].sort((a, b) => b.online - a.online)
      if (p.order === 'time') rooms = [...rooms].sort((a, b) => b.start_time - a.start_time)
      const page = paginate(rooms, p.page, p.count)
      return { ...page, list: page.list.map((r) => roomItem(ctx, r)) }
    }
  )

  // R7.13, R7.26, R3.9, R3.10
  api.post(
    `${U}/roominfo`,
    {
      schema: S.obj({
        roomid: S.int('直播间ID', { minimum: 1 }),
        id: S.int('直播间ID', { minimum: 1 }),
        test: S.str(),
        testCode: S.str(),
        password: S.str('密码')
      })
    },
    (p, call) => {
      const id = p.roomid ?? p.id
      if (!id) throw biz(CODE.BAD_PARAM, '缺少参数：直播间ID(roomid)')
      const room = roomOr404(ctx, id, Boolean(p.test && p.test !== '0') || Boolean(p.testCode))
      // the password (guesses limited), then stream URLs signed for this viewer (security.ts)
      checkRoomAccess(ctx, call.req, room, p)
      return securedRoomInfo(ctx, call, room)
    }
  )

  // R7.14, R7.23
  api.post(
    `${U}/playback/list`,
    {
      schema: S.obj({
        page: S.page(),
        count: S.count(),
        recommend: S.int('推荐', { enum: [0, 1] }),
        roomid: S.int('直播间ID')
      })
    },
    (p) => {
      let list = store.docs<Playback>('playback').sort((a, b) => b.time - a.time)
      if (p.recommend === 1) list = list.filter((x) => x.recommend)
      if (p.roomid) list = list.filter((x) => x.room_id === p.roomid)
      const page = paginate(list, p.page, p.count)
      return { ...page, list: page.list.map((x) => playbackItem(ctx, x)) }
    }
  )

  // R7.15
  api.post(
    `${U}/playback/detail`,
    { schema: S.obj({ id: S.int('回放ID', { minimum: 1 }), ...ROOM_ACCESS }, ['id']) },
    (p, call) => {
      const d = playbackDetail(ctx, playbackOr404(ctx, p.id, call.req, p))
      return { ...d, source: signedSource(ctx, call, 'playback', d.id, d.source) } // a paid playback's URL is signed
    }
  )

  // R7.16, R7.23
  api.post(`${U}/teaser/list`, { schema: S.obj({ page: S.page(), count: S.count(), recommend: S.int() }) }, (p) => {
    const now = nowSec()
    const list = store
      .docs<Teaser>('teaser')
      .sort((a, b) => (a.start_time > now ? 0 : 1) - (b.start_time > now ? 0 : 1) || a.start_time - b.start_time)
    const page = paginate(list, p.page, p.count)
    return { ...page, list: page.list.map((t) => teaserItem(ctx, t)) }
  })

  // R7.17, R3.21
  api.post(`${U}/teaser/detail`, { schema: S.obj({ id: S.int('预告ID', { minimum: 1 }) }, ['id']) }, (p) => {
    const t = store.doc<Teaser>('teaser', p.id)
    if (!t) throw biz(CODE.NOT_FOUND, '预告不存在')
    const room = store.doc<Room>('room', t.room_id)
    return { ...teaserItem(ctx, t), room: room ? roomItem(ctx, room) : null }
  })

  // R7.18, R7.24
  api.action('api_mapp', 'video_list_m2o', { schema: S.obj({ page: S.page(), count: S.count() }) }, (p) => {
    const list = store.docs<{ publish_time: number }>('video').sort((a, b) => b.publish_time - a.publish_time)
    return paginate(list, p.page, p.count)
  })

  // R7.19, R7.25
  api.action(
    'api_mapp',
    'media_programs',
    { schema: S.obj({ media: S.str('节目类型', { enum: ['tv', 'radio', 'audio'] }) }, ['media']) },
    (p) => store.docs<{ media: string }>('program').filter((x) => x.media === p.media)
  )

  // R7.20, R3.25, R4.23
  api.action(
    'api_mapp',
    'channel_schedule',
    {
      schema: S.obj(
        {
          channelid: S.int('频道ID', { minimum: 1 }),
          day: S.str('日期', {
            pattern: '^(-?\\d{1,2}|\\d{4}-\\d{2}-\\d{2}|\\d{8}|\\d{10})$',
            errmsg: '参数错误：日期(day)应为 YYYY-MM-DD 或相对今天的天数'
          })
        },
        ['channelid']
      )
    },
    (p) => {
      const ch = store.doc<Channel>('channel', p.channelid)
      if (!ch) throw biz(CODE.NOT_FOUND, '频道不存在')
      const today = cnDate(Date.now())
      let date = today
      const day: string | undefined = p.day
      if (day) {
        if (/^\d{4}-\d{2}-\d{2}$/.test(day)) date = day
        else if (/^\d{8}$/.test(day)) date = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`
        else if (/^\d{10}$/.test(day)) date = cnDate(Number(day) * 1000)
        else date = cnDate(Date.now() + Number(day) * 86400000)
      }
      return scheduleOf(ch, date, today)
    }
  )

  // R7.21, R4.24
  ctx.store.docs('group') // warm cache
  api.get('/m2/json/groups.json', {}, () => new Envelope(CODE.OK, 'success', store.docs('group')))

  // ---- timeline (m2o source, R7.29–R7.32) and news posts (R7.33–R7.36), R3.30–R3.32
  const topicOr404 = (id: number) => {
    const t = store.doc<Record<string, unknown>>('topic', id)
    if (!t) throw biz(CODE.NOT_FOUND, '话题不存在')
    return t
  }
  const postOr404 = (id: number) => {
    const t = store.doc<Record<string, unknown> & { like: number; topic_id: number }>('post', id)
    if (!t) throw biz(CODE.NOT_FOUND, '内容不存在')
    return t
  }
  const postsOf = (topicId: number, page: number, count: number) => {
    const topic = topicOr404(topicId)
    const list = store
      .docs<{ topic_id: number; time: number }>('post')
      .filter((x) => x.topic_id === topicId)
      .sort((a, b) => b.time - a.time)
    return { ...paginate(list, page, count), topic }
  }
  // a post's like counts once a viewer (R4.29), by either call
  const likePost = (id: number, call: Call) => {
    const post = postOr404(id)
    if (!countOnce(ctx, 'like:post', id, callerKey(call.user, call.req))) return { id, like: post.like }
    const next = store.patchDoc<typeof post>('post', id, { like: post.like + 1 })
    const topic = store.doc<{ total_likes: number }>('topic', post.topic_id)
    if (topic) store.patchDoc('topic', post.topic_id, { total_likes: topic.total_likes + 1 })
    return { id, like: next?.like ?? post.like + 1 }
  }
  api.action('api_mapp', 'timeline_topics', { schema: S.obj({ page: S.page(), count: S.count() }) }, (p) =>
    paginate(store.docs('topic'), p.page, p.count)
  )
  api.action('api_mapp', 'timeline_topic', { schema: S.obj({ id: S.int('话题ID', { minimum: 1 }) }, ['id']) }, (p) => {
    const t = topicOr404(p.id)
    store.patchDoc('topic', p.id, { visits: Number(t.visits) + 1 })
    return store.doc('topic', p.id)
  })
  api.action(
    'api_mapp',
    'timeline_posts',
    { schema: S.obj({ id: S.int('话题ID', { minimum: 1 }), page: S.page(), count: S.count() }, ['id']) },
    (p) => postsOf(p.id, p.page, p.count)
  )
  api.action('api_mapp', 'timeline_post', { schema: S.obj({ id: S.int('内容ID', { minimum: 1 }) }, ['id']) }, (p) =>
    postOr404(p.id)
  )
  api.action(
    'api_mapp',
    'timeline_posts_like',
    { schema: S.obj({ id: S.int('内容ID', { minimum: 1 }), topicid: S.int('话题ID') }, ['id']) },
    (p, call) => likePost(p.id, call)
  )
  api.post(`${U}/news/list`, { schema: S.obj({ page: S.page(), count: S.count() }) }, (p) =>
    paginate(store.docs('topic'), p.page, p.count)
  )
  api.post(
    `${U}/news/content`,
    { schema: S.obj({ news_id: S.int('话题ID', { minimum: 1 }), page: S.page(), count: S.count() }, ['news_id']) },
    (p) => postsOf(p.news_id, p.page, p.count)
  )
  api.post(`${U}/news/content_detail`, { schema: S.obj({ id: S.int('内容ID', { minimum: 1 }) }, ['id']) }, (p) =>
    postOr404(p.id)
  )
  api.post(`${U}/news/content/like`, { schema: S.obj({ id: S.int('内容ID', { minimum: 1 }) }, ['id']) }, (p, call) =>
    likePost(p.id, call)
  )

  // ---- search R7.37, R7.38, R4.44
  api.post(`${U}/search/hot`, { schema: S.obj({ count: S.count(15, 50) }) }, (p) =>
    store
      .docs<{ keyword: string }>('hotword')
      .slice(0, p.count)
      .map((h) => h.keyword)
  )
  const searchSchema = S.obj({
    keywords: S.str('关键词', { maxLength: 50 }),
    roomid: S.int('直播间ID'),
    page: S.page(),
    count: S.count(15, 50)
  })
  const kwOf = (p: { keywords?: string }) => (p.keywords ?? '').trim()
  api.post(`${U}/search/living`, { schema: searchSchema }, (p) => {
    const kw = kwOf(p)
    let rooms = defaultRoomOrder(ctx, visibleRooms(ctx))
    if (p.roomid) rooms = rooms.filter((r) => r.id === p.roomid)
    else if (!kw) rooms = []
    else rooms = rooms.filter((r) => includes(r.title + r.topic, kw) || (/^\d+$/.test(kw) && r.id === Number(kw)))
    const page = paginate(rooms, p.page, p.count)
    return { ...page, list: page.list.map((r) => roomItem(ctx, r)) }
  })
  api.post(`${U}/search/host`, { schema: searchSchema }, (p) => {
    const kw = kwOf(p)
    const rid = p.roomid ?? (/^\d+$/.test(kw) ? Number(kw) : 0)
    let list = store.docs<Streamer>('streamer')
    if (rid) {
      const room = store.doc<Room>('room', rid)
      list = list.filter((s) => s.room_id === rid || (room && room.streamer_id === s.id) || s.id === rid)
    } else if (!kw) list = []
    else list = list.filter((s) => includes(s.name + s.description, kw))
    const page = paginate(list, p.page, p.count)
    return { ...page, list: page.list.map((s) => streamerItem(ctx, s)) }
  })
  api.post(`${U}/search/teaser`, { schema: searchSchema }, (p) => {
    const kw = kwOf(p)
    let list = store.docs<Teaser>('teaser')
    if (p.roomid) list = list.filter((t) => t.room_id === p.roomid)
    else list = kw ? list.filter((t) => includes(t.title + t.description, kw)) : []
    const page = paginate(list, p.page, p.count)
    return { ...page, list: page.list.map((t) => teaserItem(ctx, t)) }
  })
  api.post(`${U}/search/playback`, { schema: searchSchema }, (p) => {
    const kw = kwOf(p)
    let list = store.docs<Playback>('playback').sort((a, b) => b.time - a.time)
    if (p.roomid) list = list.filter((x) => x.room_id === p.roomid)
    else list = kw ? list.filter((x) => includes(x.title + x.description, kw)) : []
    const page = paginate(list, p.page, p.count)
    return { ...page, list: page.list.map((x) => playbackItem(ctx, x)) }
  })

  // ---- streamers R7.40–R7.44, R3.22, R3.23
  api.post(`${U}/host/tags`, { schema: S.obj({}) }, () => TAGS)
  api.post(
    `${U}/host/list`,
    { schema: S.obj({ tag: S.int('标签', { minimum: 0, default: 0 }), page: S.page(), count: S.count(15, 100) }) },
    (p) => {
      let list = store.docs<Streamer>('streamer').sort((a, b) => b.popularity - a.popularity)
      if (p.tag) list = list.filter((s) => s.tags.includes(p.tag))
      const page = paginate(list, p.page, p.count)
      return { ...page, list: page.list.map((s) => streamerItem(ctx, s)) }
    }
  )
  const RANK_FACTOR: Record<string, number> = { day: 0.02, week: 0.1, month: 0.35, all: 1 }
  api.post(
    `${U}/host/ranking`,
    {
      schema: S.obj({
        type: S.str('榜单类型', { enum: ['day', 'week', 'month', 'all'], default: 'week' }),
        tag: S.int('标签', { default: 0 }),
        page: S.page(),
        count: S.count(15, 100)
      })
    },
    (p) => {
      const f = RANK_FACTOR[p.type] ?? 0.1
      let list = store.docs<Streamer>('streamer')
      if (p.tag) list = list.filter((s) => s.tags.includes(p.tag))
      const scored = list
        .map((s) => ({ s, score: Math.round(s.popularity * f + ((s.id * 7919) % 1000)) }))
        .sort((a, b) => b.score - a.score)
      const ranked = scored.map((x, i) => ({ ...streamerItem(ctx, x.s), score: x.score, rank: i + 1 }))
      return paginate(ranked, p.page, p.count)
    }
  )
  // R7.44: popularity answers code 0 on success (R7.1)
  api.get(
    '/rank-page/host-statistics',
    { schema: S.obj({ host_uid: S.int('主播ID', { minimum: 1 }) }, ['host_uid']) },
    (p) => {
      const s =
        store.doc<Streamer>('streamer', p.host_uid) ??
        store.doc<Streamer>('streamer', store.doc<Room>('room', p.host_uid)?.streamer_id ?? 0)
      if (!s) throw biz(CODE.NOT_FOUND, '主播不存在')
      const rooms = store.docs<Room>('room').filter((r) => r.streamer_id === s.id)
      const rank = store.docs<Streamer>('streamer').filter((x) => x.popularity > s.popularity).length + 1
      return new Envelope(0, 'success', {
        host_uid: s.id,
        popularity: s.popularity + (rooms.reduce((a, r) => a + r.likes, 0) % 1000),
        fans: s.fans,
        likes: s.likes,
        visits: rooms.reduce((a, r) => a + r.visits, 0),
        rank
      })
    }
  )

  // ---- albums R7.103–R7.106, R3.33, R3.34
  const albumOr404 = (id: number) => {
    const a = store.doc<{ visits: number }>('album', id)
    if (!a) throw biz(CODE.NOT_FOUND, '相册不存在')
    return a
  }
  api.post(
    `${U}/album/detail`,
    { schema: S.obj({ id: S.int('相册ID', { minimum: 1 }), album_id: S.int('相册ID', { minimum: 1 }) }) },
    (p) => {
      const id = p.id ?? p.album_id
      if (!id) throw biz(CODE.BAD_PARAM, '缺少参数：相册ID(id)')
      const a = albumOr404(id)
      return store.patchDoc('album', id, { visits: a.visits + 1 })
    }
  )
  api.post(
    `${U}/album/photo/list`,
    {
      schema: S.obj(
        {
          album_id: S.int('相册ID', { minimum: 1 }),
          order: S.str('排序', { enum: ['desc', 'asc', 'hot', 'new', 'old', 'sort', ''], default: 'desc' }),
          page: S.page(),
          count: S.count(30, 100)
        },
        ['album_id']
      )
    },
    (p) => {
      albumOr404(p.album_id)
      const list = store
        .docs<{ album_id: number; time: number; likes: number; id: number }>('photo')
        .filter((x) => x.album_id === p.album_id)
      if (p.order === 'asc' || p.order === 'old') list.sort((a, b) => a.time - b.time || a.id - b.id)
      else if (p.order === 'hot') list.sort((a, b) => b.likes - a.likes || b.id - a.id)
      else list.sort((a, b) => b.time - a.time || b.id - a.id)
      return paginate(list, p.page, p.count)
    }
  )
  // photo like: type 1 (default) likes, type 0 / -1 / 'down' takes the like back (photo likes toggle, R4.29)
  // each viewer's like counts once, and a viewer takes back only their own
  api.post(
    `${U}/album/photo/up`,
    { schema: S.obj({ id: S.int('照片ID', { minimum: 1 }), type: S.str('类型') }, ['id']) },
    (p, call) => {
      const photo = store.doc<{ likes: number; album_id: number }>('photo', p.id)
      if (!photo) throw biz(CODE.NOT_FOUND, '照片不存在')
      const down = p.type === '0' || p.type === '-1' || p.type === 'down' || p.type === 'cancel'
      const who = callerKey(call.user, call.req)
      const changed = down ? uncount(ctx, 'like:photo', p.id, who) : countOnce(ctx, 'like:photo', p.id, who)
      const delta = !changed ? 0 : down ? (photo.likes > 0 ? -1 : 0) : 1
      store.patchDoc('photo', p.id, { likes: photo.likes + delta })
      const album = store.doc<{ likes: number }>('album', photo.album_id)
      if (album) store.patchDoc('album', photo.album_id, { likes: Math.max(0, album.likes + delta) })
      return { id: p.id, likes: photo.likes + delta, liked: down ? 0 : 1 }
    }
  )
}
