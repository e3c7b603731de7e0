import type { Static } from 'typebox'
import type { DataOf, InputOf, PostAt } from '../../contract'
import type * as C from '../../contract/content'
import { callAction, callGet, callPost, track, type DeclaredCall } from '@/core/call'
import { forgetRoomKey, rememberRoomKey, roomKey } from '@/core/room-access'

/** An external tab of a room (spec R3.10); the client gives each an id tab-N by position (R3.11). */
export type RoomTab = Static<typeof C.RoomTab>

/** Room info (spec R3.10): id, status, title, orientation, topic, source, streamer, external.tabs. */
export type RoomInfo = DataOf<PostAt<'/userapp/roominfo'>>

/** A room group of /m2/json/groups.json (R7.21, R4.24). */
export type { RoomGroup } from '../../contract/content'

/**
 * POST /userapp/roominfo {roomid, test?, password?} (R7.13, R3.9); a password room's key is kept for the session and
 * sent again, and forgotten when the room asks for its password all the same (the password changed).
 */
export async function fetchRoomInfo(q: { roomid: number; test?: string; password?: string }): Promise<RoomInfo> {
  const data: InputOf<PostAt<'/userapp/roominfo'>> = { roomid: q.roomid }
  if (q.test) data.test = q.test
  const key = q.password ? undefined : roomKey(q.roomid)
  if (q.password) data.password = q.password
  else if (key) data.room_key = key
  const info = await callPost('/userapp/roominfo', data).catch((e: unknown) => {
    if (key && (e as { data?: { need_password?: number } } | null)?.data?.need_password === 1) forgetRoomKey(q.roomid)
    throw e
  })
  rememberRoomKey(q.roomid, info?.room_key)
  return info
}

/** POST /userapp/living/enter {roomid} (R7.69). */
export const LIVING_ENTER: DeclaredCall<{ roomid: number }, unknown> = { path: '/userapp/living/enter' }

export function enterRoom(roomid: number) {
  return callPost(LIVING_ENTER, { roomid })
}

/** R7.111: 进入直播间. */
export const roomEntered = /*#__PURE__*/ track(LIVING_ENTER, '进入直播间', { room: (p) => p.roomid })

/** POST /userapp/living/share {roomid} (R7.70). */
export const LIVING_SHARE: DeclaredCall<{ roomid: number }, unknown> = { path: '/userapp/living/share' }

export function shareRoom(roomid: number) {
  return callPost(LIVING_SHARE, { roomid })
}

/** R7.111: 分享. */
export const roomShared = /*#__PURE__*/ track(LIVING_SHARE, '分享', { room: (p) => p.roomid })

/** GET /live/api.php?a=live_stat_get {b, roomid} (R7.68); b is the stat type, default all (R7.27). */
export function fetchLiveStats(roomid: number, type = 'all') {
  return callAction('/live/api.php?a=live_stat_get', { b: type, roomid })
}

/** GET /live/api.php?a=live_vcr_stat {id, flag} (R7.71) carries visit tracking (R7.28): id = roomId, flag = action (default visits). */
export function trackVisit(roomid: number, action = 'visits') {
  return callAction('/live/api.php?a=live_vcr_stat', { id: roomid, flag: action })
}

/** GET /m2/json/groups.json (R7.21). */
export function fetchGroups() {
  return callGet('/m2/json/groups.json', {})
}

/** The rooms of a group: POST /userapp/living/list {roomid: comma list, count 100, order sort} (R4.24, R7.22). */
export function fetchRoomsByIds(ids: number[], count = 100) {
  return callPost('/userapp/living/list', { roomid: ids.join(','), count, page: 1, order: 'sort' })
}

/** GET /userapp/qrcode {roomid or path, width default 300} (R7.39, R9.8). */
export function qrcodeUrl(origin: string, q: { roomid?: number; path?: string; width?: number }): string {
  const params = new URLSearchParams()
  if (q.roomid) params.set('roomid', String(q.roomid))
  if (q.path) params.set('path', q.path)
  params.set('width', String(q.width ?? 300))
  return `${origin}/api/v1/userapp/qrcode?${params.toString()}`
}

/**
 * GET /userapp/wxacode {page, scene, width} (R7.39 for WeChat's scanner): the mini-program code of a page, its
 * parameters in `scene` (at most 32 characters; WeChat hands it to the page's onLoad as query `scene`).
 */
export function wxacodeUrl(origin: string, q: { page: string; scene: string; width?: number }): string {
  const params = new URLSearchParams({ page: q.page, scene: q.scene, width: String(q.width ?? 300) })
  return `${origin}/api/v1/userapp/wxacode?${params.toString()}`
}
