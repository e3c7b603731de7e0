import { Envelope, type Api } from '../../plugins/app/calls'
import type { AppContext } from '../../types/context'
import { CODE, biz, paginate } from '../../lib/util'
import { TAGS } from '../../db/seed-ids'
import type { Room, Streamer } from '../../types'
import { streamerItem } from '../../views'
import * as streamer from '../../../contract/streamer'

/** How much of a streamer's popularity each ranking period counts. */
const RANK_FACTOR: Record<string, number> = { day: 0.02, week: 0.1, month: 0.35, all: 1 }

/** The streamer tags, the list by tag, the ranking, and a streamer's popularity (R3.22, R3.23). */
export function registerStreamers(api: Api, ctx: AppContext): void {
  const { store } = ctx

  api.call(streamer.hostTags, () => TAGS)

  api.call(streamer.hostList, (p) => {
    let list = store.docs<Streamer>('streamer').sort((a, b) => b.popularity - a.popularity)
    if (p.tag) list = list.filter((s) => s.tags.includes(p.tag))
    const page = paginate(list, p.page, p.count)
    return { ...page, list: page.list.map((s) => streamerItem(ctx, s)) }
  })

  api.call(streamer.hostRanking, (p) => {
    const f = RANK_FACTOR[p.type] ?? 0.1
    let list = store.docs<Streamer>('streamer')
    if (p.tag) list = list.filter((s) => s.tags.includes(p.tag))
    const scored = list
      .map((s) => ({ s, score: Math.round(s.popularity * f + ((s.id * 7919) % 1000)) }))
      .sort((a, b) => b.score - a.score)
    const ranked = scored.map((x, i) => ({ ...streamerItem(ctx, x.s), score: x.score, rank: i + 1 }))
    return paginate(ranked, p.page, p.count)
  })

  // popularity answers code 0 on success (R7.1); host_uid may also be a room id
  api.call(streamer.hostStatistics, (p) => {
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
  })
}
