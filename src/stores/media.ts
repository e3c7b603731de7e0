import { makeAutoObservable, observable, runInAction } from 'mobx'
import {
  fetchChannels,
  fetchProgrammes,
  fetchRoom,
  fetchSchedule,
  fetchVideos,
  type Channel,
  type MediaKind,
  type MediaRoom,
  type Programme,
  type VideoItem
} from '@/api/media'
import { failureText } from '@/utils/errors'
import { PAGE_SIZE, PagedList } from './paged-list'
import { cnDate, currentIndex, normalizeSchedule, type ScheduleEntry } from './media-schedule'
import { settle } from '@/core/call'

/** The four segments of the 视听 tab. */
export type MediaSegment = 'tv' | 'radio' | 'audio' | 'video'
export type ChannelKind = 'tv' | 'radio'

export const MEDIA_SEGMENTS: Array<{ key: MediaSegment; title: string }> = [
  { key: 'tv', title: '电视' },
  { key: 'radio', title: '广播' },
  { key: 'audio', title: '原创音频' },
  { key: 'video', title: '视频' }
]

/** Which state field holds the programmes of each kind (spec R3.27). */
export const PROGRAM_FIELD = { tv: 'programTV', radio: 'programRadio', audio: 'programAudioOriginal' } as const

export interface LoadState {
  loading: boolean
  error: string | null
  loaded: boolean
}

const idle = (): LoadState => ({ loading: false, error: null, loaded: false })

/**
 * Media state (spec R3.27): programTV, programRadio, programAudioOriginal, the paged videoList and a room entry per
 * room id; plus the TV and radio channels and their schedules, kept per channel id and day (R3.25, R3.29).
 */
export class MediaStore {
  segment: MediaSegment = 'tv'
  programTV: Programme[] = []
  programRadio: Programme[] = []
  programAudioOriginal: Programme[] = []
  programState: Record<MediaKind, LoadState> = { tv: idle(), radio: idle(), audio: idle() }

  /** Video list: count and page (R7.24), default page size (R9.4). */
  readonly videoList = new PagedList<VideoItem>((q) => fetchVideos(q), PAGE_SIZE.default)
  /** A room entry per room id (R3.27). */
  readonly rooms = observable.map<number, MediaRoom>({}, { deep: false })

  channelsTV: Channel[] = []
  channelsRadio: Channel[] = []
  channelState: LoadState = idle()
  selectedChannel: Record<ChannelKind, number> = { tv: 0, radio: 0 }
  selectedDay: string = cnDate(Date.now())

  /** channel id → day (YYYY-MM-DD) → entries (R3.25, R3.29: channelSchedule keyed by channel id). */
  readonly channelSchedule = observable.map<number, Record<string, ScheduleEntry[]>>({}, { deep: false })
  readonly scheduleState = observable.map<string, LoadState>({}, { deep: false })

  constructor() {
    makeAutoObservable(this, { videoList: false, rooms: false, channelSchedule: false, scheduleState: false })
  }

  setSegment(segment: MediaSegment) {
    this.segment = segment
  }

  programsOf(kind: MediaKind): Programme[] {
    return this[PROGRAM_FIELD[kind]]
  }

  /** The programmes of a kind (R7.19, R7.25: media tv, radio or audio). */
  async loadProgrammes(kind: MediaKind): Promise<Programme[]> {
    this.programState[kind] = { ...this.programState[kind], loading: true, error: null }
    const res = await settle(fetchProgrammes(kind))
    if (!res.ok) {
      runInAction(
        () => (this.programState[kind] = { loading: false, error: failureText(res.error, '加载失败'), loaded: false })
      )
      return []
    }
    const list = Array.isArray(res.data) ? res.data : []
    runInAction(() => {
      this[PROGRAM_FIELD[kind]] = list
      this.programState[kind] = { loading: false, error: null, loaded: true }
    })
    return list
  }

  channelsOf(kind: ChannelKind): Channel[] {
    return kind === 'tv' ? this.channelsTV : this.channelsRadio
  }

  /** TV and radio channels from the index (R3.26 channels.tv / channels.radio); the first of each is selected. */
  async loadChannels(): Promise<void> {
    this.channelState = { ...this.channelState, loading: true, error: null }
    const res = await settle(fetchChannels())
    if (!res.ok) {
      runInAction(
        () => (this.channelState = { loading: false, error: failureText(res.error, '加载失败'), loaded: false })
      )
      return
    }
    const tv = res.data?.channels?.tv ?? []
    const radio = res.data?.channels?.radio ?? []
    runInAction(() => {
      this.channelsTV = tv
      this.channelsRadio = radio
      if (!tv.some((c) => c.id === this.selectedChannel.tv)) this.selectedChannel.tv = tv[0]?.id ?? 0
      if (!radio.some((c) => c.id === this.selectedChannel.radio)) this.selectedChannel.radio = radio[0]?.id ?? 0
      this.channelState = { loading: false, error: null, loaded: true }
    })
  }

  selectChannel(kind: ChannelKind, id: number) {
    this.selectedChannel[kind] = id
  }

  selectDay(day: string) {
    this.selectedDay = day
  }

  scheduleOf(channelId: number, day: string = this.selectedDay): ScheduleEntry[] | undefined {
    return this.channelSchedule.get(channelId)?.[day]
  }

  scheduleStateOf(channelId: number, day: string = this.selectedDay): LoadState {
    return this.scheduleState.get(`${channelId}/${day}`) ?? idle()
  }

  /** Index of the programme on air now in a loaded schedule, or -1. */
  currentOf(channelId: number, day: string = this.selectedDay, now: number = Date.now()): number {
    return currentIndex(this.scheduleOf(channelId, day) ?? [], now)
  }

  /**
   * The schedule of a channel on a day (R7.20 {channelid, day}), kept per channel id (R3.25); an entry ending before
   * it starts ends on the next day (R4.23). A day already loaded is not fetched again unless `force`.
   */
  async loadSchedule(channelId: number, day: string = this.selectedDay, force = false): Promise<ScheduleEntry[]> {
    const key = `${channelId}/${day}`
    const have = this.scheduleOf(channelId, day)
    if (have && !force) return have
    runInAction(() =>
      this.scheduleState.set(key, { ...(this.scheduleState.get(key) ?? idle()), loading: true, error: null })
    )
    const res = await settle(fetchSchedule(channelId, day))
    if (!res.ok) {
      runInAction(() =>
        this.scheduleState.set(key, { loading: false, error: failureText(res.error, '加载失败'), loaded: false })
      )
      return []
    }
    const entries = normalizeSchedule(res.data, day)
    runInAction(() => {
      this.channelSchedule.set(channelId, { ...this.channelSchedule.get(channelId), [day]: entries })
      this.scheduleState.set(key, { loading: false, error: null, loaded: true })
    })
    return entries
  }

  /** The room entry of a room id (R3.27), from the room-info call (R7.13). */
  async loadRoom(roomid: number): Promise<MediaRoom | null> {
    const { data: room } = await settle(fetchRoom(roomid))
    if (!room) return null
    runInAction(() => this.rooms.set(roomid, room))
    return room
  }
}

export const mediaStore = new MediaStore()
