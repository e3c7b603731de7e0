import { makeAutoObservable } from 'mobx'
import { getItem, removeItem, setItem } from '@/platform/storage'
import type { PageKey } from '@/router/pages'

/**
 * 观看历史: the on-demand videos this device played (playbacks, programmes, videos), newest first, with the title
 * and cover they had when watched and how far the viewer got. Kept on the device beside the resume positions
 * (src/packageA/components/player/resume.ts), which live nowhere else: the server keeps no viewing record, so the
 * history is the device's, not the account's, and says so (本机观看记录). Live rooms are not listed: a live room has
 * no position to go back to, and one that has ended would be an entry that leads nowhere.
 */
export const HISTORY_KEY = 'watch_history'
export const HISTORY_MAX = 100

/** The pages a history entry opens again. */
export type HistoryPage = Extract<PageKey, 'playback' | 'watch'>

export interface WatchEntry {
  /** the video's resume id (`playback:5001`, `programme:12`, `video:7`) */
  id: string
  title: string
  cover: string
  /** the page and query that play it again (where the resume position takes over) */
  page: HistoryPage
  query: Record<string, string | number>
  /** seconds watched and the video's length (0 while unknown) */
  position: number
  duration: number
  /** when it was last watched, ms since the epoch */
  at: number
}

/** What the player knows of the video it plays, for its history entry. */
export type Watching = Pick<WatchEntry, 'id' | 'title' | 'cover' | 'page' | 'query'>

/** A video counts as watched to the end within this many seconds of it (the resume's end margin). */
const END_MARGIN = 5

function isEntry(e: unknown): e is WatchEntry {
  const x = e as WatchEntry
  return (
    !!x &&
    typeof x.id === 'string' &&
    typeof x.title === 'string' &&
    typeof x.cover === 'string' &&
    (x.page === 'playback' || x.page === 'watch') &&
    !!x.query &&
    typeof x.query === 'object' &&
    Number.isFinite(x.position) &&
    Number.isFinite(x.duration) &&
    Number.isFinite(x.at)
  )
}

/** The entry's progress as the list shows it: 已看 35%, 已看完, or 已看 02:10 while the length is unknown. */
export function progressText(e: Pick<WatchEntry, 'position' | 'duration'>): string {
  if (e.duration > 0) {
    if (e.duration - e.position <= END_MARGIN) return '已看完'
    return `已看 ${Math.min(99, Math.max(1, Math.floor((e.position / e.duration) * 100)))}%`
  }
  const s = Math.floor(e.position)
  return `已看 ${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}

/** The share of the video watched, 0–1 (the progress bar under the cover). */
export function progressRatio(e: Pick<WatchEntry, 'position' | 'duration'>): number {
  return e.duration > 0 ? Math.min(1, Math.max(0, e.position / e.duration)) : 0
}

export class WatchHistory {
  entries: WatchEntry[] = []

  constructor(private readonly now: () => number = Date.now) {
    makeAutoObservable<WatchHistory, 'now'>(this, { now: false })
    this.load()
  }

  /** Reads the list again from storage (another page of the app may have written it). */
  load() {
    const list = getItem<unknown>(HISTORY_KEY)
    this.entries = Array.isArray(list) ? list.filter(isEntry) : []
  }

  /** A video started playing: its entry becomes the newest, with today's title and cover. */
  watched(item: Watching) {
    if (!item.id) return
    const before = this.entries.find((e) => e.id === item.id)
    const entry: WatchEntry = {
      ...item,
      position: before?.position ?? 0,
      duration: before?.duration ?? 0,
      at: this.now()
    }
    this.entries = [entry, ...this.entries.filter((e) => e.id !== item.id)].slice(0, HISTORY_MAX)
    this.save()
  }

  /** Where the video stopped (the player saves it as it plays, on pause and on leaving); unknown ids are ignored. */
  progress(id: string, position: number, duration: number) {
    const entry = this.entries.find((e) => e.id === id)
    if (!entry || !Number.isFinite(position) || position < 0) return
    entry.position = Math.floor(position * 10) / 10
    if (Number.isFinite(duration) && duration > 0) entry.duration = Math.floor(duration * 10) / 10
    entry.at = this.now()
    this.save()
  }

  remove(id: string) {
    this.entries = this.entries.filter((e) => e.id !== id)
    this.save()
  }

  clear() {
    this.entries = []
    removeItem(HISTORY_KEY)
  }

  private save() {
    setItem(
      HISTORY_KEY,
      this.entries.map((e) => ({ ...e, query: { ...e.query } }))
    )
  }
}

export const watchHistory = new WatchHistory()
