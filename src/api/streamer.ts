import { answerPost, callGet, callPost, track, type DeclaredCall } from '@/core/call'
import { ApiError, CODE } from '@/utils/errors'
import type { DataOf, GetAt, InputOf, PostAt } from '../../contract'
import type { RankedStreamer } from '../../contract/content'
import type { Tag } from '../../contract/streamer'
import type { Static } from 'typebox'
import type { PagedData } from './types'

/**
 * The wire types of this file are the contract's (contract/streamer.ts, content.ts, user.ts): a field changes there.
 * A streamer as the server sends it (the ranking's adds score and rank); its name and room fields vary by call and
 * backend (spec R3.22), so the client reads each as optional.
 */
export type StreamerRaw = Partial<Static<typeof RankedStreamer>> & Pick<Static<typeof RankedStreamer>, 'id'>

/** A streamer with the fields the screens read, fallbacks applied (spec R3.22). */
export type Streamer = StreamerRaw & {
  nickName: string
  description: string
  roomId: number
  room_id: number
}

/** A streamer tag (spec R3.23). */
export type StreamerTag = Static<typeof Tag>

/** The hot tag, always first (spec R3.23). */
export const HOT_TAG: StreamerTag = { id: 0, title: '热门' }

export type RankingType = 'day' | 'week' | 'month'

/** Ranking default type week (spec R9.6). */
export const DEFAULT_RANKING_TYPE: RankingType = 'week'

/** What the statistics service says of a streamer (R7.44); its success code is 0 (R7.1, the contract's rule). */
export type StreamerStatistics = DataOf<GetAt<'/rank-page/host-statistics'>>

/** Is-follow result (R4.25): status 1 following, 2 subscribed. */
export type FollowState = DataOf<PostAt<'/userapp/isfollow'>>

/** The follow toggle's answer (R4.26). */
export type FollowResult = DataOf<PostAt<'/userapp/follow'>>

/** A playback of a streamer's room (R3.18). */
export type RoomPlayback = DataOf<PostAt<'/userapp/playback/list'>>['list'][number]

/** nickName falls back to name (and the other spellings); description falls back to brief (spec R3.22). */
export function normalizeStreamer(raw: StreamerRaw): Streamer {
  const roomId = Number(raw.roomId ?? raw.room_id ?? 0) || 0
  return {
    ...raw,
    nickName: raw.nickName || raw.name || raw.nick_name || raw.nickname || '',
    description: raw.description || raw.brief || '',
    roomId,
    room_id: roomId
  }
}

/** The tags with the hot tag first, exactly once (spec R3.23). */
export function withHotTag(tags: StreamerTag[] | null | undefined): StreamerTag[] {
  const rest = (Array.isArray(tags) ? tags : []).filter((t) => t && Number(t.id) !== HOT_TAG.id)
  return [HOT_TAG, ...rest]
}

function normalizePage(page: PagedData<StreamerRaw>): PagedData<Streamer> {
  if (!page || !Array.isArray(page.list)) return page as unknown as PagedData<Streamer>
  return { ...page, list: page.list.map(normalizeStreamer) }
}

export type PageQuery = Required<Pick<InputOf<PostAt<'/userapp/host/list'>>, 'page' | 'count'>>

/** POST /userapp/host/tags (R7.40). */
export function fetchTags(): Promise<StreamerTag[]> {
  return callPost('/userapp/host/tags')
}

/** POST /userapp/host/list {tag, count default 15, page default 1} (R7.41). */
export async function fetchStreamers(q: Partial<PageQuery> & { tag?: number } = {}): Promise<PagedData<Streamer>> {
  const res = await callPost('/userapp/host/list', {
    tag: q.tag ?? 0,
    count: q.count ?? 15,
    page: q.page ?? 1
  })
  return normalizePage(res)
}

/** POST /userapp/host/ranking {type default week, count 15} (R7.42); the ranking screen sends tag 0 (R7.50). */
export async function fetchRanking(
  q: Partial<PageQuery> & { type?: RankingType; tag?: number } = {}
): Promise<PagedData<Streamer>> {
  const data: InputOf<PostAt<'/userapp/host/ranking'>> = {
    type: q.type ?? DEFAULT_RANKING_TYPE,
    count: q.count ?? 15,
    page: q.page ?? 1
  }
  if (q.tag !== undefined) data.tag = q.tag
  return normalizePage(await callPost('/userapp/host/ranking', data))
}

/** POST /userapp/myfollow {count, page} (R7.43); needs login, a 401 opens the login prompt. */
export async function fetchMyFollows(q: PageQuery): Promise<PagedData<Streamer>> {
  return normalizePage(await callPost('/userapp/myfollow', { count: q.count, page: q.page }, { loginPrompt: true }))
}

/** GET /rank-page/host-statistics {host_uid} (R7.44); success is code 0 (R7.1, the contract's rule). */
export function fetchStatistics(hostUid: number): Promise<StreamerStatistics> {
  return callGet('/rank-page/host-statistics', { host_uid: hostUid })
}

/** POST /userapp/isfollow {roomid} (R7.45). */
export function fetchIsFollow(roomid: number): Promise<FollowState | number> {
  return callPost('/userapp/isfollow', { roomid })
}

/**
 * POST /userapp/follow {roomid} (R7.46): the server toggles; code 1 now following, code 2 no longer (R4.26), both
 * successes under the contract's rule. Needs login (R8.4).
 */
export const FOLLOW: DeclaredCall<InputOf<PostAt<'/userapp/follow'>>, FollowResult> = { path: '/userapp/follow' }

export async function postFollow(roomid: number): Promise<{ following: boolean; data: FollowResult | null }> {
  const answer = await answerPost(FOLLOW, { roomid }, { loginPrompt: true })
  // R4.26: code 1 now following; any other success code (2) no longer
  return { following: answer.code === CODE.OK, data: answer.data }
}

/** R7.111: 关注 — the call's successes: code 1 followed, code 2 unfollowed (R4.26). */
export const followed = /*#__PURE__*/ track(FOLLOW, '关注', {
  room: (p) => p.roomid,
  props: (_p, _d, code) => ({ action: code === 1 ? 'follow' : 'unfollow' })
})

/** POST /userapp/subscribe {room_id} (R7.47). Needs login (R8.4). */
export function postSubscribe(roomId: number): Promise<DataOf<PostAt<'/userapp/subscribe'>>> {
  return callPost('/userapp/subscribe', { room_id: roomId }, { loginPrompt: true })
}

/** POST /userapp/search/host {roomid}: the streamer of a room (R7.38). */
export async function fetchStreamerOfRoom(roomid: number): Promise<Streamer | null> {
  let page: PagedData<StreamerRaw>
  try {
    page = await callPost('/userapp/search/host', { roomid, keywords: '', count: 1, page: 1 })
  } catch (err) {
    // the server's refusal means no streamer (R8.17: quietly, no toast); a call that failed on its way (the -100 and
    // -101 envelopes), auth, not found and a timeout reject, so that the page says it could not load, with 重新加载,
    // rather than 主播不存在
    if (err instanceof ApiError && err.kind === 'business') return null
    throw err
  }
  const first = Array.isArray(page?.list) ? page.list[0] : undefined
  return first ? normalizeStreamer(first) : null
}

/** POST /userapp/playback/list {roomid, count, page}: the playbacks of one room (R7.14). */
export function fetchRoomPlaybacks(q: PageQuery & { roomid: number }): Promise<PagedData<RoomPlayback>> {
  return callPost('/userapp/playback/list', { roomid: q.roomid, count: q.count, page: q.page })
}
