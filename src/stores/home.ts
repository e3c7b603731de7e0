import { makeAutoObservable, observable, runInAction } from 'mobx'
import {
  fetchIndex,
  fetchLiveRooms,
  fetchPlaybacks,
  fetchSlides,
  fetchTeasers,
  type ChannelItem,
  type MenuItem,
  type Notice,
  type PlaybackItem,
  type RoomItem,
  type Slide,
  type StreamerItem,
  type TeaserItem
} from '@/api/home'
import { failureText } from '@/utils/errors'
import { liveStatus } from '@/utils/live'
import { PAGE_SIZE, PagedList, PagedLists } from './paged-list'
import { settle } from '@/core/call'

/** Home state (spec R3.26): the index sections and four paged lists. */
export class HomeStore {
  slides: Slide[] = []
  menu: MenuItem[] = []
  notices: Notice[] = []
  topRooms: RoomItem[] = []
  streamers: StreamerItem[] = []
  topPlaybacks: PlaybackItem[] = []
  channelsTV: ChannelItem[] = []
  channelsRadio: ChannelItem[] = []
  loadingIndex = false
  indexError: string | null = null
  indexLoaded = false
  /** the slides call has answered (slides or not): home shows its first screen only then, so they push nothing down */
  slidesSettled = false
  private slidesFetched = false

  readonly liveRooms = new PagedList<RoomItem>((q) => fetchLiveRooms(q), PAGE_SIZE.default)
  readonly playbacks = new PagedList<PlaybackItem>((q) => fetchPlaybacks(q), PAGE_SIZE.default)
  readonly playbacksRecommended = new PagedList<PlaybackItem>(
    (q) => fetchPlaybacks({ ...q, recommend: true }),
    PAGE_SIZE.default
  )
  readonly events = new PagedList<TeaserItem>((q) => fetchTeasers(q), PAGE_SIZE.default)
  readonly lists = new PagedLists({
    liveRooms: this.liveRooms,
    playbacks: this.playbacks,
    playbacksRecommended: this.playbacksRecommended,
    events: this.events
  })

  constructor() {
    // the index's sections are replaced whole when they arrive, never changed in place: observed as references, so a
    // load does not turn every room, streamer and playback of the answer into observable objects first
    const section = observable.ref
    makeAutoObservable<HomeStore, 'slidesFetched'>(this, {
      slides: section,
      menu: section,
      notices: section,
      topRooms: section,
      streamers: section,
      topPlaybacks: section,
      channelsTV: section,
      channelsRadio: section,
      liveRooms: false,
      playbacks: false,
      playbacksRecommended: false,
      events: false,
      lists: false,
      slidesFetched: false
    })
  }

  /** The slides are fetched only once (R4.21). */
  async loadSlides(): Promise<void> {
    if (this.slidesFetched) return
    this.slidesFetched = true
    const { data: slides } = await settle(fetchSlides())
    if (Array.isArray(slides)) {
      runInAction(() => {
        this.slides = slides
        this.slidesSettled = true
      })
    } else {
      runInAction(() => {
        this.slidesFetched = false // a failed fetch may try again on the next refresh
        this.slidesSettled = true
      })
    }
  }

  /** The index sections; playbacks are filled from it only while still empty (R4.22). */
  async loadIndex(): Promise<void> {
    this.loadingIndex = true
    this.indexError = null
    const res = await settle(fetchIndex())
    const d = res.data
    runInAction(() => {
      this.loadingIndex = false
      if (!d) this.indexError = failureText(res.error, '加载失败')
    })
    if (!d) return
    runInAction(() => {
      this.menu = d.menu || []
      this.notices = d.notices || []
      // topRooms (home's 正在直播 strip) is a home-state field; the index response has none (R3.26). It is the
      // index's liveRooms that are on air (status 1, R4.11), in the server's order.
      this.topRooms = (d.liveRooms || []).filter((r) => liveStatus(r) === 1)
      this.streamers = d.streamers || []
      this.topPlaybacks = d.topPlaybacks || []
      this.channelsTV = d.channels?.tv || []
      this.channelsRadio = d.channels?.radio || []
      this.indexLoaded = true
    })
    if (d.playbacks) this.playbacks.seed(d.playbacks)
  }

  /** Whether the index and the slides have both answered: the first screen can show without moving afterwards. */
  get firstScreenSettled(): boolean {
    return this.slidesSettled && (this.indexLoaded || !!this.indexError)
  }

  /** Everything the home screen shows, from the start (pull-down refresh). */
  async refresh(): Promise<void> {
    await Promise.all([this.loadSlides(), this.loadIndex(), settle(this.liveRooms.load({ reset: true }))])
  }

  /** Load a named list (reach-bottom paging); an unknown name rejects with `unknown data` (R4.19). */
  loadList(name: string, options?: { reset?: boolean; getNew?: boolean }) {
    return this.lists.load(name, options)
  }
}

export const homeStore = new HomeStore()
