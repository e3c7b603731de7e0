import { makeAutoObservable, observable, runInAction } from 'mobx'
import {
  DEFAULT_RANKING_TYPE,
  HOT_TAG,
  fetchIsFollow,
  fetchMyFollows,
  fetchRanking,
  fetchRoomPlaybacks,
  fetchStatistics,
  fetchStreamerOfRoom,
  fetchStreamers,
  fetchTags,
  postFollow,
  postSubscribe,
  withHotTag,
  type FollowResult,
  type FollowState,
  type RankingType,
  type RoomPlayback,
  type Streamer,
  type StreamerStatistics,
  type StreamerTag
} from '@/api/streamer'
import { failureText } from '@/utils/errors'
import { onTokenChange } from '@/core/token'
import { PAGE_SIZE, PagedList, type PagedData } from './paged-list'
import { RANKING_COUNT, RANKING_TAG } from './streamer-ranking'
import { settle } from '@/core/call'
import { showToast } from '@/ui/overlay'
import { OnItsWay } from '@/utils/on-its-way'
import { loginPrompt } from './login-prompt'

/** Following and subscribed, by room id (R4.25, R4.27). */
export interface RoomFollow {
  following: boolean
  subscribed: boolean
}

/** The is-follow result: 1 means following, 2 means subscribed (spec R4.25). Also reads the flag fields. */
export function followStateOf(data: Partial<FollowState> | number | null | undefined): RoomFollow {
  if (typeof data === 'number' || typeof data === 'string') {
    const n = Number(data)
    return { following: n === 1, subscribed: n === 2 }
  }
  const status = Number(data?.status)
  return {
    following: status === 1 || Number(data?.isfollow) === 1,
    subscribed: status === 2 || Number(data?.issubscribe) === 1
  }
}

/** The streamer pages' state: tags, lists by tag, rankings, my follows, statistics and follow flags. */
export class StreamerStore {
  tags: StreamerTag[] = [HOT_TAG]
  tagsLoaded = false
  tagsError: string | null = null
  currentTag = HOT_TAG.id
  rankingType: RankingType = DEFAULT_RANKING_TYPE
  /** Every streamer seen in a list, by id: the detail page opens from these without another call. */
  readonly known = observable.map<number, Streamer>({}, { deep: false })
  readonly statistics = observable.map<number, StreamerStatistics>({}, { deep: false })
  /** By room id (R4.25, R4.27). */
  readonly follow = observable.map<number, RoomFollow>({}, { deep: false })

  private readonly byTag = new Map<number, PagedList<Streamer>>()
  private readonly rankings = new Map<RankingType, PagedList<Streamer>>()
  private readonly playbacks = new Map<number, PagedList<RoomPlayback>>()
  /** The 关注 taps on their way, by room id: a second tap meanwhile gets the first's outcome (tapFollow). */
  private readonly tapping = new OnItsWay<number, boolean | null>()
  /**
   * The follow flags' writes in order (loadFollowState): when a follow, an unfollow or a subscription of each room
   * landed, and when the user changed; an is-follow answer asked before either is older than what the flag says.
   */
  private followSeq = 0
  private readonly followWrittenAt = new Map<number, number>()
  private userChangedAt = 0

  /** My follows (R7.43), streamer page size 15 (R9.4). */
  readonly follows = new PagedList<Streamer>((q) => this.remembered(fetchMyFollows(q)), PAGE_SIZE.streamers)

  constructor() {
    makeAutoObservable<
      StreamerStore,
      'byTag' | 'rankings' | 'playbacks' | 'tapping' | 'followSeq' | 'followWrittenAt' | 'userChangedAt'
    >(this, {
      known: false,
      statistics: false,
      follow: false,
      follows: false,
      byTag: false,
      rankings: false,
      playbacks: false,
      tapping: false,
      followSeq: false,
      followWrittenAt: false,
      userChangedAt: false
    })
    // Another user (or none) after a login change: my follows and the follow flags are no longer mine.
    onTokenChange(() => this.forgetUser())
  }

  forgetUser() {
    this.userChangedAt = ++this.followSeq
    this.follows.clear()
    runInAction(() => this.follow.clear())
  }

  private async remembered(call: Promise<PagedData<Streamer>>): Promise<PagedData<Streamer>> {
    const page = await call
    if (Array.isArray(page?.list)) this.remember(page.list)
    return page
  }

  remember(list: Streamer[]) {
    runInAction(() => {
      for (const s of list) if (s && s.id) this.known.set(Number(s.id), { ...this.known.get(Number(s.id)), ...s })
    })
  }

  /** The tags, the hot tag first (R3.23, R7.40). A failure keeps the hot tag alone. */
  async loadTags(): Promise<StreamerTag[]> {
    const res = await settle(fetchTags())
    runInAction(() => {
      if (!res.ok) {
        this.tagsError = failureText(res.error, '标签加载失败')
        return
      }
      this.tags = withHotTag(res.data)
      this.tagsLoaded = true
      this.tagsError = null
    })
    return this.tags
  }

  /** The streamers of a tag (R7.41: count 15). */
  listOf(tag: number): PagedList<Streamer> {
    let list = this.byTag.get(tag)
    if (!list) {
      list = new PagedList<Streamer>((q) => this.remembered(fetchStreamers({ ...q, tag })), PAGE_SIZE.streamers)
      this.byTag.set(tag, list)
    }
    return list
  }

  get currentList(): PagedList<Streamer> {
    return this.listOf(this.currentTag)
  }

  /** Switch tag; its first page loads if nothing is there yet. */
  selectTag(tag: number): Promise<unknown> {
    this.currentTag = tag
    const list = this.listOf(tag)
    return list.currentPage === 0 ? settle(list.load()) : Promise.resolve(list.list)
  }

  /** The ranking of a type: tag 0 (R7.50), count 15 on H5 and 20 in the mini-program (R9.4), default week (R9.6). */
  rankingOf(type: RankingType = this.rankingType): PagedList<Streamer> {
    let list = this.rankings.get(type)
    if (!list) {
      list = new PagedList<Streamer>(
        (q) => this.remembered(fetchRanking({ ...q, type, tag: RANKING_TAG })),
        RANKING_COUNT
      )
      this.rankings.set(type, list)
    }
    return list
  }

  get currentRanking(): PagedList<Streamer> {
    return this.rankingOf(this.rankingType)
  }

  selectRanking(type: RankingType): Promise<unknown> {
    this.rankingType = type
    const list = this.rankingOf(type)
    return list.currentPage === 0 ? settle(list.load()) : Promise.resolve(list.list)
  }

  /**
   * A streamer by id or room id: one already seen in a list, else the streamer of the room (search by room id,
   * R7.38), else the streamer lists of tag 0 read page by page (the API has no streamer-by-id call).
   */
  async findStreamer(query: { id?: number; roomid?: number }): Promise<Streamer | null> {
    const id = Number(query.id) || 0
    const roomid = Number(query.roomid) || 0
    const seen = id ? this.known.get(id) : Array.from(this.known.values()).find((s) => roomid && s.roomId === roomid)
    if (seen) return seen
    if (roomid) {
      const s = await fetchStreamerOfRoom(roomid)
      if (s) this.remember([s])
      return s
    }
    if (!id) return null
    for (let page = 1; page <= 5; page++) {
      const found = await this.remembered(fetchStreamers({ tag: HOT_TAG.id, page, count: 100 }))
      if (!found) break // a success without a page: no more pages
      const hit = found.list.find((s) => Number(s.id) === id)
      if (hit) return this.known.get(id) ?? hit
      if (!found.totalPage || page >= found.totalPage) break
    }
    return null
  }

  /** Popularity and counts from the statistics service (R7.44, success code 0 by R7.1). */
  async loadStatistics(hostUid: number): Promise<StreamerStatistics | null> {
    // a refusal or a failed answer gives no statistics; auth, not found and a timeout reject
    const res = await settle(fetchStatistics(hostUid), { rejections: 'throw' })
    const stats = res.data
    if (!stats) return null
    runInAction(() => this.statistics.set(hostUid, stats))
    return stats
  }

  followOf(roomid: number): RoomFollow {
    return this.follow.get(roomid) ?? { following: false, subscribed: false }
  }

  /**
   * Is-follow: 1 following, 2 subscribed (R4.25, R7.45). An answer to an asking older than a follow, an unfollow or a
   * subscription of the room that has landed since (the room opened, and the viewer tapped 关注 before its is-follow
   * answered on a slow network), or than a login change, is not news: the flag stays as that write left it, which is
   * what is returned.
   */
  async loadFollowState(roomid: number): Promise<RoomFollow> {
    const asked = ++this.followSeq
    const state = followStateOf(await fetchIsFollow(roomid))
    if ((this.followWrittenAt.get(roomid) ?? 0) > asked || this.userChangedAt > asked) return this.followOf(roomid)
    runInAction(() => this.follow.set(roomid, state))
    return state
  }

  /**
   * Follow or unfollow (the server toggles, R7.46). Result code 1: now following, the streamer is added to my follows
   * with total + 1; any other answer code: removed with total − 1 (R4.26). A failure (a negative code: the request
   * core's transport failures of spec section 8) changes nothing and rejects; a 401 rejects (kind auth) after the core
   * opened the login prompt.
   * `roomid` is the room the follow is made from (the live room header: the room on screen, which may be another room
   * of the same streamer); the follow flag is kept for that room, and the list holds the streamer as they are.
   */
  async toggleFollow(streamer: Streamer, roomid: number = streamer.roomId): Promise<boolean> {
    const res = await settle(postFollow(roomid))
    // R4.26: a success (the contract's rule: above 0) says by its code whether the viewer now follows; a refusal
    // with a non-negative code is an answer too: no longer following
    if (!res.ok && !(res.error.kind === 'business' && res.error.code >= 0)) throw res.error
    const now = res.ok && res.data.following
    const fresh = (res.ok ? res.data.data : (res.error.data as FollowResult | null))?.streamer
    runInAction(() => {
      const before = this.followOf(roomid)
      this.follow.set(roomid, { ...before, following: now })
      this.followWrittenAt.set(roomid, ++this.followSeq)
      const base = { ...streamer, ...(fresh ? { fans: fresh.fans } : {}) }
      if (fresh)
        this.known.set(Number(streamer.id), { ...(this.known.get(Number(streamer.id)) ?? streamer), fans: fresh.fans })
      const list = this.follows
      const at = list.list.findIndex((s) => Number(s.id) === Number(streamer.id))
      if (now) {
        if (at < 0) list.list = [base, ...list.list]
        list.total += 1
      } else {
        if (at >= 0) list.list = list.list.filter((_, i) => i !== at)
        list.total = Math.max(0, list.total - 1)
      }
    })
    return now
  }

  /**
   * 关注 tapped by a visitor, done once the login it asked for lands (login-prompt.ts AfterLogin): a follow, never an
   * unfollow (the server toggles, R7.46, and the viewer may follow the streamer already from another device). The
   * answer is the toast: 关注成功, 已关注, or why it failed.
   */
  async followAfterLogin(streamer: Streamer, roomid: number = streamer.roomId): Promise<string> {
    const state = await settle(this.loadFollowState(roomid))
    if (!state.ok) return failureText(state.error, '关注失败，请稍后再试')
    if (state.data.following) return '已关注'
    const now = await settle(this.toggleFollow(streamer, roomid))
    if (!now.ok) return failureText(now.error, '关注失败，请稍后再试')
    return now.data ? '关注成功' : '已取消关注'
  }

  /**
   * 关注 / 已关注 tapped (R4.26): a visitor is asked to log in and the follow is made once the login brings them back
   * (R4.6, followAfterLogin); a viewer's tap follows or unfollows, with its toast. Whether the viewer now follows;
   * null when nothing was done yet (a visitor). A failure rejects, as toggleFollow does. A tap while one for the same
   * room is on its way (a double tap, a slow network) gets that tap's outcome and sends nothing: the server toggles
   * (R7.46), and a second call would unfollow what the first had just followed.
   */
  tapFollow(streamer: Streamer, roomid: number = streamer.roomId): Promise<boolean | null> {
    return this.tapping.run(roomid, () => this.followTap(streamer, roomid))
  }

  private async followTap(streamer: Streamer, roomid: number): Promise<boolean | null> {
    if (!(await loginPrompt.requireLogin(() => this.followAfterLogin(streamer, roomid)))) return null
    const now = await this.toggleFollow(streamer, roomid)
    void showToast(now ? '关注成功' : '已取消关注')
    return now
  }

  /** Subscribe to the streamer's room: sets the subscribed flag (R4.27, R7.47). */
  async subscribe(roomId: number): Promise<boolean> {
    await postSubscribe(roomId)
    runInAction(() => this.follow.set(roomId, { ...this.followOf(roomId), subscribed: true }))
    this.followWrittenAt.set(roomId, ++this.followSeq)
    return true
  }

  /** The playbacks of a room (R7.14), default page size. */
  playbacksOf(roomid: number): PagedList<RoomPlayback> {
    let list = this.playbacks.get(roomid)
    if (!list) {
      list = new PagedList<RoomPlayback>((q) => fetchRoomPlaybacks({ ...q, roomid }), PAGE_SIZE.default)
      this.playbacks.set(roomid, list)
    }
    return list
  }
}

export const streamerStore = new StreamerStore()
