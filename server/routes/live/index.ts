import { Envelope, type Api } from '../api'
import type { AppContext } from '../context'
import { REQUEST_ID, once } from '../idempotency'
import { CODE, biz, cnDate, cnMidnight, nowSec, paginate } from '../lib/util'
import { S } from '../lib/validate'
import { callerKey, checkRoomAccess, chinaDay, countOnce, limit } from '../security'
import type { Gift, Playback, Room, UserRow } from '../types'
import { onlineOf, publicUser } from '../views'
import { ROOM_ACCESS } from './content'
import { playbackOr404, roomOr404 } from '../repositories/rooms'
import { userById } from '../repositories/users'
import {
  type DanmakuRow,
  HISTORY_GONE,
  checkChat,
  danmakuHistory,
  danmakuPush,
  postDanmaku
} from '../repositories/danmaku'

const U = '/api/v1/userapp'

export function registerLive(api: Api, ctx: AppContext): void {
  const { store } = ctx
  const db = store.db

  // R7.66
  api.post(`${U}/living/gifts/list`, { schema: S.obj({ roomid: S.int() }) }, () => store.docs<Gift>('gift'))

  // R7.68, R7.27: b = stat type (default all)
  api.action(
    'api',
    'live_stat_get',
    {
      schema: S.obj({
        roomid: S.int('直播间ID', { minimum: 1 }),
        roomId: S.int(),
        b: S.str('统计类型', { default: 'all' }),
        type: S.str()
      })
    },
    (p) => {
      const id = p.roomid ?? p.roomId
      if (!id) throw biz(CODE.BAD_PARAM, '缺少参数：直播间ID(roomid)')
      const room = roomOr404(ctx, id)
      const all = {
        roomid: room.id,
        online: onlineOf(ctx, room),
        likes: room.likes,
        visits: room.visits,
        shares: room.shares
      }
      const type = p.type ?? p.b
      if (type && type !== 'all' && type in all) return { roomid: room.id, [type]: all[type as keyof typeof all] }
      return all
    }
  )

  // R7.69: entering a room answers its counters; the visit itself is counted by live_vcr_stat (R7.71, R7.28)
  api.post(
    `${U}/living/enter`,
    { schema: S.obj({ roomid: S.int('直播间ID', { minimum: 1 }), roomId: S.int() }) },
    (p) => {
      const id = p.roomid ?? p.roomId
      if (!id) throw biz(CODE.BAD_PARAM, '缺少参数：直播间ID(roomid)')
      const room = roomOr404(ctx, id, true)
      return { roomid: room.id, visits: room.visits, online: onlineOf(ctx, room) }
    }
  )

  // R7.70
  // a viewer's shares of a room count once a day (however often the share sheet opens)
  api.post(
    `${U}/living/share`,
    { schema: S.obj({ roomid: S.int('直播间ID', { minimum: 1 }) }, ['roomid']) },
    (p, call) => {
      const room = roomOr404(ctx, p.roomid, true)
      if (!countOnce(ctx, `share:${chinaDay()}`, room.id, callerKey(call.user, call.req)))
        return { roomid: room.id, shares: room.shares }
      const next = store.patchDoc<Room>('room', room.id, { shares: room.shares + 1 }) as Room
      return { roomid: room.id, shares: next.shares }
    }
  )

  // R7.71 {id, flag} carries R7.28's visit tracking: id = the room id, flag = the action (default visits), as
  // R7.68's {b, roomid} carries R7.27's live stats. The action visits counts one visit of the room.
  api.action(
    'api',
    'live_vcr_stat',
    {
      schema: S.obj(
        { id: S.int('直播间ID', { minimum: 1 }), flag: S.str('动作', { enum: ['visits'], default: 'visits' }) },
        ['id']
      )
    },
    (p, call) => {
      const room = roomOr404(ctx, p.id, true)
      // a viewer's visits of a room count once a day
      if (!countOnce(ctx, `visit:${chinaDay()}`, room.id, callerKey(call.user, call.req)))
        return { roomid: room.id, visits: room.visits }
      const next = store.patchDoc<Room>('room', room.id, { visits: room.visits + 1 }) as Room
      return { roomid: next.id, visits: next.visits }
    }
  )

  // R7.72, R7.79, R3.15: history; `after_msg_id` fills a gap after a reconnect
  api.post(
    `${U}/living/danmaku`,
    {
      schema: S.obj(
        {
          roomid: S.int('直播间ID', { minimum: 1 }),
          count: S.count(10, 500),
          type: S.str('时间范围', { enum: ['today', 'all', 'week'], default: 'today' }),
          after_msg_id: S.int('起始消息ID', { minimum: 0 }),
          before_msg_id: S.int('截止消息ID', { minimum: 1 }),
          time: S.int('起始时间')
        },
        ['roomid']
      )
    },
    (p, call) => {
      checkRoomAccess(ctx, call.req, roomOr404(ctx, p.roomid, true), p) // a password room's history needs its password
      let since = 0
      if (p.type === 'today') since = cnMidnight(cnDate(Date.now())) * 1000
      if (p.type === 'week') since = (nowSec() - 7 * 86400) * 1000
      if (p.time) since = Math.max(since, p.time > 1e12 ? p.time : p.time * 1000)
      let rows: DanmakuRow[]
      if (p.after_msg_id !== undefined) {
        // messages the server no longer keeps are not skipped silently: the client learns the oldest kept id
        const oldest = (
          db.prepare('SELECT MIN(msg_id) AS m FROM danmaku WHERE room_id = ?').get(p.roomid) as { m: number | null }
        ).m
        if (oldest !== null && p.after_msg_id + 1 < oldest)
          throw biz(CODE.NOT_FOUND, HISTORY_GONE, { after_msg_id: p.after_msg_id, oldest_msg_id: oldest })
        rows = db
          .prepare('SELECT * FROM danmaku WHERE room_id = ? AND msg_id > ? ORDER BY msg_id ASC LIMIT ?')
          .all(p.roomid, p.after_msg_id, p.count) as DanmakuRow[]
      } else {
        rows = (
          db
            .prepare(
              'SELECT * FROM danmaku WHERE room_id = ? AND created_at >= ? AND msg_id < ? ORDER BY msg_id DESC LIMIT ?'
            )
            .all(p.roomid, since, p.before_msg_id ?? Number.MAX_SAFE_INTEGER, p.count) as DanmakuRow[]
        ).reverse()
      }
      return rows.map((r) => danmakuHistory(r, call.base))
    }
  )

  // R7.73, R3.14, R5.6–R5.8
  api.post(
    `${U}/danmaku`,
    {
      auth: true,
      schema: S.obj(
        {
          room_id: S.int('直播间ID', { minimum: 1 }),
          roomid: S.int('直播间ID', { minimum: 1 }),
          content: S.str('内容', { minLength: 1, maxLength: 200, errmsg: '请输入1-200字的内容' })
        },
        ['content']
      )
    },
    (p, call) => {
      const roomId = p.room_id ?? p.roomid
      if (!roomId) throw biz(CODE.BAD_PARAM, '缺少参数：直播间ID(room_id)')
      const room = roomOr404(ctx, roomId, true)
      checkRoomAccess(ctx, call.req, room, p) // password rooms; chat per user per 10 s (code -8)
      limit(ctx, `chat:u${call.user!.id}`, ctx.limits.chatPer10s, 10000)
      const text = String(p.content).trim()
      if (!text) throw biz(CODE.BAD_PARAM, '请输入1-200字的内容')
      checkChat(ctx, room, text)
      const row = postDanmaku(ctx, room.id, call.user!, text)
      return danmakuPush(row)
    }
  )

  // R7.74
  api.post(
    `${U}/report`,
    {
      auth: true,
      schema: S.obj({
        msg_id: S.int('消息ID'),
        user_id: S.int('用户ID'),
        reason: S.str('原因', { maxLength: 200 }),
        roomid: S.int()
      })
    },
    (p, call) => {
      if (!p.msg_id && !p.user_id) throw biz(CODE.BAD_PARAM, '缺少参数：消息ID(msg_id) 或 用户ID(user_id)')
      db.prepare(
        'INSERT INTO reports (user_id, msg_id, target_user_id, reason, created_at) VALUES (?, ?, ?, ?, ?)'
      ).run(call.user!.id, p.msg_id ?? null, p.user_id ?? null, p.reason ?? '', nowSec())
      return new Envelope(CODE.OK, '举报成功，我们会尽快处理', null)
    }
  )

  // R7.75
  api.post(
    `${U}/block`,
    { auth: true, schema: S.obj({ user_id: S.int('用户ID', { minimum: 1 }) }, ['user_id']) },
    (p, call) => {
      if (p.user_id === call.user!.id) throw biz(CODE.FAIL, '不能屏蔽自己')
      db.prepare('INSERT OR IGNORE INTO blocks (user_id, blocked_user_id, created_at) VALUES (?, ?, ?)').run(
        call.user!.id,
        p.user_id,
        nowSec()
      )
      return new Envelope(CODE.OK, '已屏蔽该用户', { user_id: p.user_id })
    }
  )

  // R7.76, R3.17: anonymous likes allowed (user_id 0); a repeated request_id counts once
  // a password room's likes and gifts need its access, as its chat does (R3.9)
  api.post(
    `${U}/living/like`,
    {
      schema: S.obj(
        {
          roomid: S.int('直播间ID', { minimum: 1 }),
          combo: S.int('点赞数', { minimum: 1, maximum: 1000, default: 1 }),
          request_id: REQUEST_ID,
          ...ROOM_ACCESS
        },
        ['roomid']
      )
    },
    (p, call) => {
      const room = roomOr404(ctx, p.roomid, true)
      checkRoomAccess(ctx, call.req, room, p)
      limit(ctx, `likecalls:${callerKey(call.user, call.req)}:${room.id}`, ctx.limits.likeCallsPer10s, 10000)
      limit(ctx, `likes:${callerKey(call.user, call.req)}:${room.id}`, ctx.limits.likesPer10s, 10000, p.combo)
      return once(ctx, call, 'like', p.request_id, `${room.id}:${p.combo}`, () => {
        const next = store.patchDoc<Room>('room', room.id, { likes: room.likes + p.combo }) as Room
        const data = { roomid: room.id, total: next.likes, combo: p.combo, user_id: call.user?.id ?? 0 }
        ctx.hub.broadcast(room.id, 'like', data)
        return data
      })
    }
  )

  // R7.77, R3.16, R5.10
  api.post(
    `${U}/send_gifts`,
    {
      auth: true,
      schema: S.obj(
        {
          roomid: S.int('直播间ID', { minimum: 1 }),
          giftid: S.int('礼物ID', { minimum: 1 }),
          combo: S.int('数量', { minimum: 1, maximum: 999, default: 1 }),
          request_id: REQUEST_ID,
          ...ROOM_ACCESS
        },
        ['roomid', 'giftid']
      )
    },
    (p, call) => {
      const room = roomOr404(ctx, p.roomid, true)
      checkRoomAccess(ctx, call.req, room, p)
      const gift = store.doc<Gift>('gift', p.giftid)
      if (!gift) throw biz(CODE.NOT_FOUND, '礼物不存在')
      const uid = call.user!.id
      // a retry with the gift tap's request_id is answered with the first result (and today's balance), never charged again
      const today = <T extends { gold: number }>(first: T): T => ({
        ...first,
        gold: (userById(ctx, uid) as UserRow).gold
      })
      return once(
        ctx,
        call,
        'gift',
        p.request_id,
        `${room.id}:${gift.id}:${p.combo}`,
        () => sendGiftOnce(room, gift, p.combo, uid),
        today
      )
    }
  )

  function sendGiftOnce(room: Room, gift: Gift, combo: number, uid: number) {
    const cost = gift.price * combo
    const ok = db.transaction(() => {
      const r = db.prepare('UPDATE users SET gold = gold - ? WHERE id = ? AND gold >= ?').run(cost, uid, cost)
      if (r.changes !== 1) return false
      db.prepare(
        'INSERT INTO gift_log (user_id, room_id, gift_id, gift_name, combo, gold, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)'
      ).run(uid, room.id, gift.id, gift.name, combo, cost, nowSec())
      return true
    })()
    const me = userById(ctx, uid) as UserRow
    if (!ok) throw biz(CODE.NO_BALANCE, `慧币余额不足，还差 ${cost - me.gold} 慧币，请先充值`, { gold: me.gold, cost })
    const push = {
      roomid: room.id,
      giftid: gift.id,
      gift_name: gift.name,
      icon: gift.icon,
      effect: gift.effect,
      combo,
      user_id: uid,
      nickname: me.name,
      avatar: me.avatar
    }
    ctx.hub.broadcast(room.id, 'gift', push)
    return { ...push, cost, gold: me.gold }
  }

  // R7.78, R2.46, R3.28: gift log
  api.post(`${U}/pay/log`, { auth: true, schema: S.obj({ page: S.page(), count: S.count() }) }, (p, call) => {
    const rows = db.prepare('SELECT * FROM gift_log WHERE user_id = ? ORDER BY id DESC').all(call.user!.id) as Array<{
      id: number
      room_id: number
      gift_id: number
      gift_name: string
      combo: number
      gold: number
      created_at: number
    }>
    const list = rows.map((r) => ({
      id: r.id,
      roomid: r.room_id,
      room_title: store.doc<Room>('room', r.room_id)?.title ?? '',
      giftid: r.gift_id,
      gift_name: r.gift_name,
      combo: r.combo,
      gold: r.gold,
      time: r.created_at
    }))
    return paginate(list, p.page, p.count)
  })

  // ---- playback R7.80–R7.83, R3.19, R3.20
  api.post(
    `${U}/playback/danmaku`,
    { schema: S.obj({ id: S.int('回放ID', { minimum: 1 }), ...ROOM_ACCESS }, ['id']) },
    (p, call) => playbackOr404(ctx, p.id, call.req, p).danmaku
  )
  api.post(
    `${U}/playback/comment/list`,
    {
      schema: S.obj({ id: S.int('回放ID', { minimum: 1 }), page: S.page(), count: S.count(5, 50), ...ROOM_ACCESS }, [
        'id'
      ])
    },
    (p, call) => {
      playbackOr404(ctx, p.id, call.req, p)
      const rows = db
        .prepare(
          'SELECT c.id, c.content, c.created_at, u.id AS uid, u.name, u.avatar FROM comments c JOIN users u ON u.id = c.user_id WHERE c.playback_id = ? ORDER BY c.id DESC'
        )
        .all(p.id) as Array<{
        id: number
        content: string
        created_at: number
        uid: number
        name: string
        avatar: string
      }>
      const list = rows.map((r) => ({
        id: r.id,
        content: r.content,
        time: r.created_at,
        user: { id: r.uid, nick_name: r.name, nickName: r.name, name: r.name, avatar: r.avatar }
      }))
      return paginate(list, p.page, p.count)
    }
  )
  api.post(
    `${U}/playback/comment`,
    {
      auth: true,
      schema: S.obj(
        {
          id: S.int('回放ID', { minimum: 1 }),
          content: S.str('评论内容', { minLength: 1, maxLength: 300, errmsg: '请输入1-300字的评论' }),
          ...ROOM_ACCESS
        },
        ['id', 'content']
      )
    },
    (p, call) => {
      playbackOr404(ctx, p.id, call.req, p)
      limit(ctx, `chat:u${call.user!.id}`, ctx.limits.chatPer10s, 10000)
      const text = String(p.content).trim()
      if (!text) throw biz(CODE.BAD_PARAM, '请输入1-300字的评论')
      checkChat(ctx, null, text)
      const info = db
        .prepare('INSERT INTO comments (playback_id, user_id, content, created_at) VALUES (?, ?, ?, ?)')
        .run(p.id, call.user!.id, text, nowSec())
      const u = publicUser(call.user!)
      return {
        id: Number(info.lastInsertRowid),
        content: text,
        time: nowSec(),
        user: { id: u.id, nick_name: u.nick_name, nickName: u.nickName, name: u.name, avatar: u.avatar }
      }
    }
  )
  api.post(
    `${U}/playback/like`,
    { schema: S.obj({ id: S.int('回放ID', { minimum: 1 }), ...ROOM_ACCESS }, ['id']) },
    (p, call) => {
      const pb = playbackOr404(ctx, p.id, call.req, p)
      if (!countOnce(ctx, 'like:playback', pb.id, callerKey(call.user, call.req))) return { id: pb.id, likes: pb.likes } // once a viewer (R5.12)
      store.patchDoc<Playback>('playback', pb.id, { likes: pb.likes + 1 })
      return { id: pb.id, likes: pb.likes + 1 }
    }
  )
}
