import type { FastifyPluginAsync } from 'fastify'
import { Envelope } from '../../plugins/app/calls'
import { once } from '../../services/idempotency'
import { biz, chinaDay, cnDate, cnMidnight, CODE, nowSec, paginate } from '../../lib/util'
import { callerKey } from '../../plugins/app/identity'
import { checkRoomAccess, enteredPlayback, mayJoinActivities } from '../../services/room-access'
import { countOnce } from '../../repositories/counted'
import { limit } from '../../services/limits'
import type { Gift, Playback, Room, UserRow } from '../../types'
import { onlineOf, publicUser } from '../../views'
import * as live from '../../../contract/live'
import { roomOr404 } from '../../repositories/rooms'
import { plainText, userById } from '../../repositories/users'
import {
  HISTORY_GONE,
  checkChat,
  danmakuAfter,
  danmakuBefore,
  danmakuHistory,
  danmakuPush,
  oldestMsgId,
  postDanmaku
} from '../../repositories/danmaku'
import {
  addBlock,
  addPlaybackComment,
  addReport,
  chargeGift,
  giftLogOf,
  playbackComments
} from '../../repositories/live'

const liveRoutes: FastifyPluginAsync = async (app) => {
  const { api, ctx } = app
  const { store } = ctx

  api.call(live.giftsList, () => store.docs<Gift>('gift'))

  // b = stat type (default all)
  api.call(live.liveStatGet, (p) => {
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
    if (type && type !== 'all' && Object.hasOwn(all, type))
      return { roomid: room.id, [type]: all[type as keyof typeof all] }
    return all
  })

  // entering a room answers its counters; the visit itself is counted by live_vcr_stat (R7.71, R7.28)
  api.call(live.livingEnter, (p) => {
    const id = p.roomid ?? p.roomId
    if (!id) throw biz(CODE.BAD_PARAM, '缺少参数：直播间ID(roomid)')
    const room = roomOr404(ctx, id, true)
    return { roomid: room.id, visits: room.visits, online: onlineOf(ctx, room) }
  })

  // a viewer's shares of a room count once a day (however often the share sheet opens)
  api.call(live.livingShare, (p, call) => {
    const room = roomOr404(ctx, p.roomid, true)
    if (!countOnce(ctx, `share:${chinaDay()}`, room.id, callerKey(call.user, call.req)))
      return { roomid: room.id, shares: room.shares }
    const next = store.patchDoc<Room>('room', room.id, { shares: room.shares + 1 }) as Room
    return { roomid: room.id, shares: next.shares }
  })

  // {id, flag} carries R7.28's visit tracking: id = the room id, flag = the action (default visits), as
  // R7.68's {b, roomid} carries R7.27's live stats. The action visits counts one visit of the room.
  api.call(live.liveVcrStat, (p, call) => {
    const room = roomOr404(ctx, p.id, true)
    // a viewer's visits of a room count once a day
    if (!countOnce(ctx, `visit:${chinaDay()}`, room.id, callerKey(call.user, call.req)))
      return { roomid: room.id, visits: room.visits }
    const next = store.patchDoc<Room>('room', room.id, { visits: room.visits + 1 }) as Room
    return { roomid: next.id, visits: next.visits }
  })

  // history; `after_msg_id` fills a gap after a reconnect (count and type have defaults)
  api.call(live.danmakuHistory, (p, call) => {
    checkRoomAccess(ctx, call.req, roomOr404(ctx, p.roomid, true), p) // a password room's history needs its password
    let since = 0
    if (p.type === 'today') since = cnMidnight(cnDate(Date.now())) * 1000
    if (p.type === 'week') since = (nowSec() - 7 * 86400) * 1000
    if (p.time) since = Math.max(since, p.time > 1e12 ? p.time : p.time * 1000)
    const count = p.count
    if (p.after_msg_id !== undefined) {
      // messages the server no longer keeps are not skipped silently: the client learns the oldest kept id
      const oldest = oldestMsgId(ctx, p.roomid)
      if (oldest !== null && p.after_msg_id + 1 < oldest)
        throw biz(CODE.NOT_FOUND, HISTORY_GONE, { after_msg_id: p.after_msg_id, oldest_msg_id: oldest })
      return danmakuAfter(ctx, p.roomid, p.after_msg_id, count).map((r) => danmakuHistory(r, call.base))
    }
    return danmakuBefore(ctx, p.roomid, since, p.before_msg_id ?? Number.MAX_SAFE_INTEGER, count).map((r) =>
      danmakuHistory(r, call.base)
    )
  })

  api.call(live.sendDanmaku, (p, call) => {
    const roomId = p.room_id ?? p.roomid
    if (!roomId) throw biz(CODE.BAD_PARAM, '缺少参数：直播间ID(room_id)')
    const room = roomOr404(ctx, roomId, true)
    checkRoomAccess(ctx, call.req, room, p) // password rooms; chat per user per 10 s (code -8)
    limit(ctx, 'chat', call.user!.id)
    const text = plainText(String(p.content)).trim()
    if (!text) throw biz(CODE.BAD_PARAM, '请输入1-200字的内容')
    checkChat(ctx, room, text)
    const row = postDanmaku(ctx, room.id, call.user!, text, mayJoinActivities(ctx, call, room))
    return danmakuPush(row)
  })

  api.call(live.report, (p, call) => {
    if (!p.msg_id && !p.user_id) throw biz(CODE.BAD_PARAM, '缺少参数：消息ID(msg_id) 或 用户ID(user_id)')
    // each report is a row for the moderators: 20 a user an hour (code -8)
    limit(ctx, 'report', call.user!.id)
    addReport(ctx, {
      userId: call.user!.id,
      msgId: p.msg_id ?? null,
      targetUserId: p.user_id ?? null,
      reason: p.reason ?? ''
    })
    return new Envelope(CODE.OK, '举报成功，我们会尽快处理', null)
  })

  api.call(live.block, (p, call) => {
    if (p.user_id === call.user!.id) throw biz(CODE.FAIL, '不能屏蔽自己')
    if (!userById(ctx, p.user_id)) throw biz(CODE.NOT_FOUND, '用户不存在')
    // each block is a row: 60 a user an hour (code -8)
    limit(ctx, 'block', call.user!.id)
    addBlock(ctx, call.user!.id, p.user_id)
    return new Envelope(CODE.OK, '已屏蔽该用户', { user_id: p.user_id })
  })

  // anonymous likes allowed (user_id 0); a repeated request_id counts once
  // a password room's likes and gifts need its access, as its chat does (R3.9)
  api.call(live.livingLike, (p, call) => {
    const room = roomOr404(ctx, p.roomid, true)
    const combo = p.combo // default 1
    checkRoomAccess(ctx, call.req, room, p)
    const caller = `${callerKey(call.user, call.req)}:${room.id}`
    limit(ctx, 'like.calls', caller)
    limit(ctx, 'like.count', caller, combo)
    // anonymous likes from every address together: rotating addresses does not multiply a room's likes
    if (!call.user) limit(ctx, 'like.anonymous', room.id, combo)
    return once(ctx, call, 'like', p.request_id, `${room.id}:${combo}`, () => {
      const next = store.patchDoc<Room>('room', room.id, { likes: room.likes + combo }) as Room
      const data = { roomid: room.id, total: next.likes, combo, user_id: call.user?.id ?? 0 }
      ctx.hub.broadcast(room.id, 'like', data)
      return data
    })
  })

  api.call(live.sendGifts, (p, call) => {
    const room = roomOr404(ctx, p.roomid, true)
    const combo = p.combo // default 1
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
      `${room.id}:${gift.id}:${combo}`,
      () => sendGiftOnce(room, gift, combo, uid),
      today
    )
  })

  function sendGiftOnce(room: Room, gift: Gift, combo: number, uid: number) {
    const cost = gift.price * combo
    const ok = chargeGift(ctx, uid, room.id, gift, combo, cost)
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

  // gift log (page and count have defaults)
  api.call(live.payLog, (p, call) => {
    const list = giftLogOf(ctx, call.user!.id).map((r) => ({
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

  // ---- playback
  api.call(live.playbackDanmaku, (p, call) => enteredPlayback(ctx, p.id, call.req, p).danmaku)

  api.call(live.playbackCommentList, (p, call) => {
    enteredPlayback(ctx, p.id, call.req, p)
    const list = playbackComments(ctx, p.id).map((r) => ({
      id: r.id,
      content: r.content,
      time: r.created_at,
      user: { id: r.uid, nick_name: r.name, nickName: r.name, name: r.name, avatar: r.avatar }
    }))
    return paginate(list, p.page, p.count)
  })

  api.call(live.playbackComment, (p, call) => {
    enteredPlayback(ctx, p.id, call.req, p)
    limit(ctx, 'chat', call.user!.id)
    const text = plainText(String(p.content)).trim()
    if (!text) throw biz(CODE.BAD_PARAM, '请输入1-300字的评论')
    checkChat(ctx, null, text)
    const id = addPlaybackComment(ctx, p.id, call.user!.id, text)
    const u = publicUser(call.user!)
    return {
      id,
      content: text,
      time: nowSec(),
      user: { id: u.id, nick_name: u.nick_name, nickName: u.nickName, name: u.name, avatar: u.avatar }
    }
  })

  // once a viewer (R5.12)
  api.call(live.playbackLike, (p, call) => {
    const pb = enteredPlayback(ctx, p.id, call.req, p)
    if (!countOnce(ctx, 'like:playback', pb.id, callerKey(call.user, call.req))) return { id: pb.id, likes: pb.likes }
    store.patchDoc<Playback>('playback', pb.id, { likes: pb.likes + 1 })
    return { id: pb.id, likes: pb.likes + 1 }
  })
}

export default liveRoutes
