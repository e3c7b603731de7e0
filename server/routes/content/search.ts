import type { Api } from '../../plugins/app/calls'
import type { AppContext } from '../../types/context'
import { paginate } from '../../lib/util'
import type { Playback, Room, Streamer, Teaser } from '../../types'
import { playbackItem, roomItem, streamerItem, teaserItem } from '../../views'
import * as search from '../../../contract/search'
import { defaultRoomOrder, visibleRooms } from '../../repositories/rooms'

const includes = (hay: string, kw: string) => hay.toLowerCase().includes(kw.toLowerCase())
const kwOf = (p: { keywords?: string }) => (p.keywords ?? '').trim()

/** The hot keywords, and the four result tabs: by keywords, or by room id (R4.44). */
export function registerSearch(api: Api, ctx: AppContext): void {
  const { store } = ctx

  api.call(search.searchHot, (p) =>
    store
      .docs<{ keyword: string }>('hotword')
      .slice(0, p.count)
      .map((h) => h.keyword)
  )

  api.call(search.searchLiving, (p) => {
    const kw = kwOf(p)
    let rooms = defaultRoomOrder(ctx, visibleRooms(ctx))
    if (p.roomid) rooms = rooms.filter((r) => r.id === p.roomid)
    else if (!kw) rooms = []
    else rooms = rooms.filter((r) => includes(r.title + r.topic, kw) || (/^\d+$/.test(kw) && r.id === Number(kw)))
    const page = paginate(rooms, p.page, p.count)
    return { ...page, list: page.list.map((r) => roomItem(ctx, r)) }
  })

  api.call(search.searchHost, (p) => {
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

  api.call(search.searchTeaser, (p) => {
    const kw = kwOf(p)
    let list = store.docs<Teaser>('teaser')
    if (p.roomid) list = list.filter((t) => t.room_id === p.roomid)
    else list = kw ? list.filter((t) => includes(t.title + t.description, kw)) : []
    const page = paginate(list, p.page, p.count)
    return { ...page, list: page.list.map((t) => teaserItem(ctx, t)) }
  })

  api.call(search.searchPlayback, (p) => {
    const kw = kwOf(p)
    let list = store.docs<Playback>('playback').sort((a, b) => b.time - a.time)
    if (p.roomid) list = list.filter((x) => x.room_id === p.roomid)
    else list = kw ? list.filter((x) => includes(x.title + x.description, kw)) : []
    const page = paginate(list, p.page, p.count)
    return { ...page, list: page.list.map((x) => playbackItem(ctx, x)) }
  })
}
