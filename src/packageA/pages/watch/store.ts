import { makeAutoObservable, runInAction } from 'mobx'
import type { MediaKind } from '@/api/media'
import { mediaStore } from '@/stores/media'
import { cnDate, currentIndex, type ScheduleEntry } from '@/stores/media-schedule'
import { formatCount, formatDuration } from '@/utils/format'
import { settle } from '@/core/call'
import { failureText } from '@/utils/errors'

/** What the 视听 tab opens in the player page: a TV or radio channel (live), a programme, a video. */
export type WatchType = 'channel' | 'programme' | 'video'

export interface Watchable {
  title: string
  src: string
  poster?: string
  live: boolean
  /** the position is remembered under this id (on-demand only) */
  resumeId?: string
  subtitle: string
  brief?: string
  /** a TV or radio channel's id (its schedule gives the time-shift's programmes) */
  channelId?: number
  /** sound alone: radio, audio programmes (no video box) */
  audio?: boolean
}

/** Pages of the video list looked through for a video opened by its link (the list has no call by id). */
const VIDEO_PAGES_MAX = 10

const KIND_NAMES: Record<MediaKind, string> = { tv: '电视栏目', radio: '广播栏目', audio: '原创音频' }

const NOT_FOUND: Record<WatchType, string> = {
  channel: '频道不存在或已停播',
  programme: '节目不存在或已下线',
  video: '视频不存在或已下线'
}

/**
 * The 视听 player page's item, found in the media state (spec R3.27) and loaded into it when the page is opened by
 * its link: the channels from the index, a kind's programmes, or the video list page by page.
 */
export class WatchStore {
  item: Watchable | null = null
  error: string | null = null

  constructor(
    readonly type: WatchType,
    readonly id: number,
    readonly kind?: MediaKind
  ) {
    makeAutoObservable(this, { type: false, id: false, kind: false })
  }

  async load(): Promise<void> {
    this.error = null
    const res = await settle(this.find())
    runInAction(() => {
      this.item = res.ok ? res.data : null
      if (!res.ok) this.error = failureText(res.error, '加载失败')
      // not found, unless what it is looked for in failed to load: then that failure (网络异常…), not 不存在
      else if (!res.data) this.error = this.loadFailure() ?? NOT_FOUND[this.type]
    })
  }

  /** Why the media state the item is looked for in is missing, if its load failed (the media store keeps the text). */
  private loadFailure(): string | null {
    if (this.type === 'channel') return mediaStore.channelState.error
    if (this.type === 'video') return mediaStore.videoList.error
    const kinds: MediaKind[] = this.kind ? [this.kind] : ['tv', 'radio', 'audio']
    return kinds.map((kind) => mediaStore.programState[kind].error).find((error) => !!error) ?? null
  }

  private async find(): Promise<Watchable | null> {
    if (!this.id) return null
    if (this.type === 'channel') {
      if (!mediaStore.channelState.loaded) await mediaStore.loadChannels()
      const c = [...mediaStore.channelsTV, ...mediaStore.channelsRadio].find((x) => x.id === this.id)
      if (!c?.source) return null
      const radio = mediaStore.channelsRadio.includes(c)
      const onAir = c.current?.title ? ` · 正在播出：${c.current.title}` : ''
      return {
        title: c.title,
        src: c.source,
        poster: c.cover || c.logo,
        live: true,
        subtitle: `${radio ? '广播' : '电视'}直播${c.frequency ? ` · ${c.frequency}` : ''}${onAir}`,
        channelId: c.id,
        audio: radio
      }
    }
    if (this.type === 'programme') {
      const kinds: MediaKind[] = this.kind ? [this.kind] : ['tv', 'radio', 'audio']
      for (const kind of kinds) {
        const list = mediaStore.programState[kind].loaded
          ? mediaStore.programsOf(kind)
          : await mediaStore.loadProgrammes(kind)
        const p = list.find((x) => x.id === this.id)
        if (p?.source) {
          return {
            title: p.title,
            src: p.source,
            poster: p.cover,
            live: false,
            resumeId: `programme:${p.id}`,
            subtitle: `${KIND_NAMES[kind]}${p.episodes ? ` · 共${p.episodes}期` : ''}`,
            brief: p.brief,
            audio: kind !== 'tv'
          }
        }
      }
      return null
    }
    const videos = mediaStore.videoList
    for (let page = 0; page <= VIDEO_PAGES_MAX; page++) {
      const v = videos.list.find((x) => x.id === this.id)
      if (v) {
        if (!v.source) return null
        return {
          title: v.title,
          src: v.source,
          poster: v.cover,
          live: false,
          resumeId: `video:${v.id}`,
          subtitle: `${formatCount(v.views || 0)}次播放${v.duration ? ` · ${formatDuration(v.duration)}` : ''}`,
          brief: v.brief
        }
      }
      if (!videos.hasMore) return null
      await videos.load()
    }
    return null
  }
}

/** A programme of today's schedule as the channel's player page shows it. */
export interface ProgrammeRow extends ScheduleEntry {
  /** on air now (正在播出) */
  onAir: boolean
  /** its start is inside the time-shift window: 从头看 (on air) or 回看 (earlier) */
  replayable: boolean
  /** not started yet */
  later: boolean
}

/**
 * Today's programmes of a channel (China time) against the time-shift window the player reports: the one on air can
 * be watched from its start (从头看) when its start is inside the window, earlier ones inside it replayed (回看).
 */
export function programmeRows(
  entries: readonly ScheduleEntry[],
  now: number,
  window: { from: number; to: number } | null
): ProgrammeRow[] {
  const current = currentIndex(entries as ScheduleEntry[], now)
  return entries.map((e, i) => ({
    ...e,
    onAir: i === current,
    later: e.startAt > now,
    replayable: !!window && e.startAt <= now && e.startAt >= window.from && e.startAt < window.to
  }))
}

/** Today's date of the schedule (China time). */
export function today(now = Date.now()): string {
  return cnDate(now)
}
