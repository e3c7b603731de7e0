import { makeAutoObservable, runInAction } from 'mobx'
import type { MediaKind } from '@/api/media'
import { mediaStore } from '@/stores/media'
import { formatCount, formatDuration } from '@/utils/format'

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
}

/** Pages of the video list looked through for a video opened by its link (the list has no call by id). */
const VIDEO_PAGES_MAX = 10

const KIND_NAMES: Record<MediaKind, string> = { tv: '电视栏目', radio: '广播栏目', audio: '原创音频' }

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
    const item = await this.find().catch(() => null)
    runInAction(() => {
      this.item = item
      if (!item) this.error = this.type === 'channel' ? '频道不存在或已停播' : this.type === 'video' ? '视频不存在或已下线' : '节目不存在或已下线'
    })
  }

  private async find(): Promise<Watchable | null> {
    if (!this.id) return null
    if (this.type === 'channel') {
      if (!mediaStore.channelState.loaded) await mediaStore.loadChannels()
      const c = [...mediaStore.channelsTV, ...mediaStore.channelsRadio].find((x) => x.id === this.id)
      if (!c?.source) return null
      const radio = mediaStore.channelsRadio.includes(c)
      const onAir = c.current?.title ? ` · 正在播出：${c.current.title}` : ''
      return { title: c.title, src: c.source, poster: c.cover || c.logo, live: true, subtitle: `${radio ? '广播' : '电视'}直播${c.frequency ? ` · ${c.frequency}` : ''}${onAir}` }
    }
    if (this.type === 'programme') {
      const kinds: MediaKind[] = this.kind ? [this.kind] : ['tv', 'radio', 'audio']
      for (const kind of kinds) {
        const list = mediaStore.programState[kind].loaded ? mediaStore.programsOf(kind) : await mediaStore.loadProgrammes(kind)
        const p = list.find((x) => x.id === this.id)
        if (p?.source) {
          return {
            title: p.title,
            src: p.source,
            poster: p.cover,
            live: false,
            resumeId: `programme:${p.id}`,
            subtitle: `${KIND_NAMES[kind]}${p.episodes ? ` · 共${p.episodes}期` : ''}`,
            brief: p.brief
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
