import type { Api } from '../../plugins/app/calls'
import type { AppContext } from '../../types/context'
import { CODE, biz, cnDate, nowSec, paginate } from '../../lib/util'
import { checkRoomAccess, enteredPlayback, securedRoomInfo } from '../../services/room-access'
import { signedSource, trialOf } from '../../services/stream-access'
import type { Channel, Playback, Room, Streamer, Teaser } from '../../types'
import { channelItem, playbackDetail, playbackItem, roomItem, scheduleOf, streamerItem, teaserItem } from '../../views'
import * as content from '../../../contract/content'
import type { MenuItem, Notice, Programme, RoomGroup, Slide, Video } from '../../../contract/content'
import { defaultRoomOrder, relatedPlaybacks, roomOr404, visibleRooms } from '../../repositories/rooms'

/** The config, the home index and slides, the lists, a room's info, playback and preview details, the media area. */
export function registerHome(api: Api, ctx: AppContext): void {
  const { store } = ctx

  api.call(content.config, () => ({
    iOSDisabled: Number(store.kvGet('iOSDisabled') ?? 0),
    iOSDisabledMsg: '根据相关规定，iOS 暂不支持此功能',
    highFlowMode: Number(store.kvGet('highFlowMode') ?? 0),
    currency: '慧币'
  }))

  // menu, notices, liveRooms, streamers, topPlaybacks, playbacks, channels.tv/radio (topRooms is the client's home
  // state, derived from liveRooms)
  api.call(content.index, () => {
    const rooms = defaultRoomOrder(ctx, visibleRooms(ctx))
    const playbacks = store.docs<Playback>('playback').sort((a, b) => b.time - a.time)
    const streamers = store.docs<Streamer>('streamer').sort((a, b) => b.popularity - a.popularity)
    const channels = store.docs<Channel>('channel')
    const teasers = store
      .docs<Teaser>('teaser')
      .filter((t) => t.start_time > nowSec())
      .sort((a, b) => a.start_time - b.start_time)
    return {
      menu: store.docs<MenuItem>('menu'),
      notices: store.docs<Notice>('notice'),
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

  api.call(content.slides, () => store.docs<Slide>('slide'))

  // a group's rooms: roomid comma list, count 100, order sort (R4.24)
  api.call(content.livingList, (p) => {
    let rooms = visibleRooms(ctx, p.test === 1)
    if (p.roomid) {
      const ids = String(p.roomid)
        .split(',')
        .map((s) => Number(s.trim()))
      rooms = ids.map((id) => rooms.find((r) => r.id === id)).filter((r): r is Room => !!r)
    } else {
      rooms = defaultRoomOrder(ctx, rooms)
    }
    const { tag, onair } = p
    if (tag) rooms = rooms.filter((r) => r.tags.includes(tag))
    if (onair !== undefined) rooms = rooms.filter((r) => r.onair === onair)
    if (p.order === 'sort') rooms = [...rooms].sort((a, b) => a.sort - b.sort || a.id - b.id)
    if (p.order === 'hot') rooms = [...rooms].sort((a, b) => b.online - a.online)
    if (p.order === 'time') rooms = [...rooms].sort((a, b) => b.start_time - a.start_time)
    const page = paginate(rooms, p.page, p.count)
    return { ...page, list: page.list.map((r) => roomItem(ctx, r)) }
  })

  api.call(content.roomInfo, (p, call) => {
    const id = p.roomid ?? p.id
    if (!id) throw biz(CODE.BAD_PARAM, '缺少参数：直播间ID(roomid)')
    const room = roomOr404(ctx, id, Boolean(p.test && p.test !== '0') || Boolean(p.testCode))
    // the password (guesses limited), then stream URLs signed for this viewer (services/room-access.ts)
    checkRoomAccess(ctx, call.req, room, p)
    return securedRoomInfo(ctx, call, room)
  })

  api.call(content.playbackList, (p) => {
    let list = store.docs<Playback>('playback').sort((a, b) => b.time - a.time)
    if (p.recommend === 1) list = list.filter((x) => x.recommend)
    if (p.roomid) list = list.filter((x) => x.room_id === p.roomid)
    const page = paginate(list, p.page, p.count)
    return { ...page, list: page.list.map((x) => playbackItem(ctx, x)) }
  })

  api.call(content.playbackDetail, (p, call) => {
    const d = playbackDetail(ctx, enteredPlayback(ctx, p.id, call.req, p))
    // a paid playback's URL is signed, and its trial told as the server counts it
    return {
      ...d,
      source: signedSource(ctx, call, 'playback', d.id, d.source),
      ...trialOf(ctx, call, 'playback', d.id)
    }
  })

  api.call(content.playbackRelated, (p) => {
    const { next, list } = relatedPlaybacks(ctx, p.id, p.count)
    return { next: next ? playbackItem(ctx, next) : null, list: list.map((x) => playbackItem(ctx, x)) }
  })

  api.call(content.teaserList, (p) => {
    const now = nowSec()
    const list = store
      .docs<Teaser>('teaser')
      .sort((a, b) => (a.start_time > now ? 0 : 1) - (b.start_time > now ? 0 : 1) || a.start_time - b.start_time)
    const page = paginate(list, p.page, p.count)
    return { ...page, list: page.list.map((t) => teaserItem(ctx, t)) }
  })

  api.call(content.teaserDetail, (p) => {
    const t = store.doc<Teaser>('teaser', p.id)
    if (!t) throw biz(CODE.NOT_FOUND, '预告不存在')
    const room = store.doc<Room>('room', t.room_id)
    return { ...teaserItem(ctx, t), room: room ? roomItem(ctx, room) : null }
  })

  api.call(content.videoList, (p) => {
    const list = store.docs<Video>('video').sort((a, b) => b.publish_time - a.publish_time)
    return paginate(list, p.page, p.count)
  })

  api.call(content.mediaPrograms, (p) => store.docs<Programme>('program').filter((x) => x.media === p.media))

  api.call(content.channelSchedule, (p) => {
    const ch = store.doc<Channel>('channel', p.channelid)
    if (!ch) throw biz(CODE.NOT_FOUND, '频道不存在')
    const today = cnDate(Date.now())
    let date = today
    const day = p.day
    if (day) {
      if (/^\d{4}-\d{2}-\d{2}$/.test(day)) date = day
      else if (/^\d{8}$/.test(day)) date = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`
      else if (/^\d{10}$/.test(day)) date = cnDate(Number(day) * 1000)
      else date = cnDate(Date.now() + Number(day) * 86400000)
    }
    return scheduleOf(ch, date, today)
  })

  store.docs('group') // warm cache
  api.call(content.groups, () => store.docs<RoomGroup>('group'))
}
