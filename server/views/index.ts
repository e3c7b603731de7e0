import type { AppContext } from '../types/context'
import { roomStatus } from '../lib/room-status'
import { cnDate, nowSec } from '../lib/util'
import { playbackCommentCount } from '../repositories/live'
import type { Channel, Playback, Room, Streamer, Teaser, UserRow } from '../types'

/** The user as every call answers it (spec R3.2–R3.5: nickName may come from name, nick_name or nickname). */
export function publicUser(u: UserRow) {
  return {
    id: u.id,
    name: u.name,
    nick_name: u.name,
    nickname: u.name,
    nickName: u.name,
    avatar: u.avatar,
    mobile: u.mobile ?? '',
    gold: u.gold
  }
}

export function streamerBrief(ctx: AppContext, id: number) {
  const s = ctx.store.doc<Streamer>('streamer', id)
  if (!s) return { id, nick_name: '主播', nickName: '主播', name: '主播', sex: 0, avatar: '' }
  return {
    id: s.id,
    nick_name: s.name,
    nickName: s.name,
    name: s.name,
    sex: s.sex,
    avatar: s.avatar,
    room_id: s.room_id
  }
}

export function onlineOf(ctx: AppContext, room: Room): number {
  return room.onair ? room.online + ctx.hub.viewers(room.id) : 0 // signed-in viewers only
}

export function roomItem(ctx: AppContext, room: Room) {
  return {
    id: room.id,
    roomid: room.id,
    title: room.title,
    topic: room.topic,
    cover: room.cover,
    orientation: room.orientation,
    onair: room.onair,
    status: roomStatus(room),
    start_time: room.start_time,
    end_time: room.end_time,
    online: onlineOf(ctx, room),
    likes: room.likes,
    visits: room.visits,
    is_premium: room.is_premium,
    price: room.price,
    need_password: room.password ? (1 as const) : (0 as const),
    tags: room.tags,
    sort: room.sort,
    review_id: room.review_id,
    streamer: streamerBrief(ctx, room.streamer_id)
  }
}

export function roomInfo(ctx: AppContext, room: Room) {
  return {
    ...roomItem(ctx, room),
    source: room.onair ? `/hls/live/${room.id}/index.m3u8` : '',
    playback_source: room.review_id ? `/hls/vod/${room.review_id}/index.m3u8` : '',
    trial_seconds: room.trial_seconds,
    chat_closed: room.chat_closed,
    shares: room.shares,
    external: room.external,
    share: {
      title: room.title,
      desc: room.topic,
      image: room.cover,
      link: `/m2/packageA/pages/live/live?roomid=${room.id}`
    },
    ws: `/ws?roomid=${room.id}`
  }
}

export function streamerItem(ctx: AppContext, s: Streamer) {
  const room = ctx.store.doc<Room>('room', s.room_id)
  return {
    id: s.id,
    uid: s.id,
    name: s.name,
    nick_name: s.name,
    nickName: s.name,
    sex: s.sex,
    avatar: s.avatar,
    description: s.description,
    brief: s.description,
    room_id: s.room_id,
    roomId: s.room_id,
    tags: s.tags,
    fans: s.fans,
    popularity: s.popularity,
    onair: room?.onair ?? (0 as const)
  }
}

export function playbackItem(ctx: AppContext, p: Playback) {
  const streamer = streamerBrief(ctx, p.streamer_id)
  return {
    id: p.id,
    roomId: p.room_id,
    room_id: p.room_id,
    title: p.title,
    cover: p.cover,
    duration: p.duration,
    views: p.views,
    likes: p.likes,
    time: p.time,
    recommend: p.recommend,
    is_premium: p.is_premium,
    price: p.price,
    streamer,
    user: streamer
  }
}

export function playbackDetail(ctx: AppContext, p: Playback) {
  const comments = playbackCommentCount(ctx, p.id)
  return {
    ...playbackItem(ctx, p),
    description: p.description,
    trial_seconds: p.trial_seconds,
    source: `/hls/vod/${p.id}/index.m3u8`,
    comments,
    share: {
      title: p.title,
      desc: p.description,
      image: p.cover,
      link: `/m2/packageA/pages/playback/playback?id=${p.id}`
    }
  }
}

export function teaserItem(ctx: AppContext, t: Teaser) {
  return {
    id: t.id,
    title: t.title,
    cover: t.cover,
    description: t.description,
    start_time: t.start_time,
    room_id: t.room_id,
    roomId: t.room_id,
    subscribes: t.subscribes,
    link: t.link,
    status: t.start_time > nowSec() ? (2 as const) : (0 as const),
    streamer: streamerBrief(ctx, t.streamer_id)
  }
}

export interface ScheduleEntry {
  date: string
  start: string
  end: string
  title: string
}

/** The schedule of one day (China time). A week is served: from 3 days ago to 3 days ahead. Entries whose end is
 * earlier than their start cross midnight (the client moves their end to the next day, spec R4.23). */
export function scheduleOf(ch: Channel, date: string, today = cnDate(Date.now())): ScheduleEntry[] {
  const diff = Math.round((Date.parse(date) - Date.parse(today)) / 86400000)
  if (!Number.isFinite(diff) || diff < -3 || diff > 3) return []
  const dow = new Date(`${date}T00:00:00Z`).getUTCDay()
  const list = dow === 0 || dow === 6 ? ch.weekend : ch.programmes
  return list.map((e) => ({ date, start: e.start, end: e.end, title: e.title }))
}

/** A TV channel's stream offers every rendition (its master playlist); a radio channel's is its sound alone (one rendition: no 清晰度, no picture). */
function channelSource(ch: Channel): string {
  return ch.type === 'radio' ? `/hls/live/ch${ch.id}/audio.m3u8` : `/hls/live/ch${ch.id}/index.m3u8`
}

export function channelItem(ch: Channel) {
  const now = new Date(Date.now() + 8 * 3600 * 1000)
  const hm = now.toISOString().slice(11, 16)
  const today = scheduleOf(ch, cnDate(Date.now()))
  const current = today.find((e) => (e.end > e.start ? e.start <= hm && hm < e.end : e.start <= hm)) ?? null
  return {
    id: ch.id,
    type: ch.type,
    title: ch.title,
    logo: ch.logo,
    cover: ch.logo,
    frequency: ch.frequency,
    source: channelSource(ch),
    current
  }
}
