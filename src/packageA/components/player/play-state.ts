/** What the player is and shows: its props and handle, its play state and texts, its menus, the room phase it plays in. */
import type { ReactNode } from 'react'
import type { RoomInfo } from '@/api/live'
import type { Watching } from '@/stores/watch-history'
import { liveStatus } from '@/utils/live'

/** What the player area shows for a room: the stream, a not-started card, or an ended card. */
export type RoomPhase = 'live' | 'not-started' | 'ended'

export function roomPhase(room: Pick<RoomInfo, 'onair' | 'start_time' | 'source'>, now = Date.now()): RoomPhase {
  const status = liveStatus(room, now)
  if (status === 1 && room.source) return 'live'
  if (status === 2) return 'not-started'
  return 'ended'
}

/** `<live-player>` plays only FLV/RTMP (and needs a category permission); HLS goes to `<video>`. */
export function isLivePlayerStream(src: string): boolean {
  return /^rtmp:\/\//i.test(src) || /\.flv($|\?)/i.test(src)
}

export type PlayerState = 'loading' | 'playing' | 'needs-tap' | 'stalled' | 'error'

export const PLAYER_TEXT: Record<Exclude<PlayerState, 'playing'>, string> = {
  loading: '正在加载直播…',
  'needs-tap': '点击播放',
  stalled: '网络不给力，正在重连…',
  error: '播放出错了'
}

/** An on-demand video's loading text (PLAYER_TEXT.loading is a live stream's). */
export const VOD_LOADING_TEXT = '正在加载视频…'

export function playerText(state: Exclude<PlayerState, 'playing'>, live: boolean): string {
  return state === 'loading' && !live ? VOD_LOADING_TEXT : PLAYER_TEXT[state]
}

export interface PlayerProps {
  src: string
  poster?: string
  /** The video's title: WeChat's <video> shows it at the top in full screen (the room's, the programme's). */
  title?: string
  /** A live stream (no seeking, no 倍速, live-edge sync) rather than a recording. */
  live: boolean
  /** Paused by the room (e.g. a paid room's trial ended). */
  blocked?: boolean
  /** The video's shape: full screen turns a landscape video landscape and keeps a portrait one upright. */
  orientation?: 'landscape' | 'portrait'
  /** On-demand: the position is remembered under this id and the video starts there next time (resume.ts). */
  resumeId?: string
  /**
   * On-demand: the page that plays this video again. With it, the video joins 观看历史 when it starts playing, under
   * its resumeId, title and poster (use-watch-history.ts).
   */
  history?: Pick<Watching, 'page' | 'query'>
  /** The danmaku controls: on/off and 弹幕设置. */
  danmaku?: boolean
  /** Each position as the video plays, in seconds (a playback's timed danmaku). */
  onTime?: (seconds: number) => void
  /** Whether the video is playing, as it starts and stops (a playback's danmaku are sent only while it plays, R5.11). */
  onPlayingChange?: (playing: boolean) => void
  /** On-demand: the video played to its end (a playback's end screen). */
  onEnded?: () => void
  /** Drawn over the video and kept in full screen: the flying danmaku, and what shows only in full screen. */
  children?: ReactNode
  /** A channel's programmes inside its time-shift window: chapters on the live progress bar (their start times). */
  chapters?: Chapter[]
  /** The wall-clock span of a live stream's time-shift window as it slides (ms since the epoch); null without one. */
  onWindow?: (window: { from: number; to: number } | null) => void
}

/** A programme of a channel's schedule, marked on the progress bar of its time-shift window. */
export interface Chapter {
  title: string
  /** its scheduled start, ms since the epoch */
  startAt: number
}

/** What a page may ask of its player. */
export interface PlayerHandle {
  /**
   * Plays the live stream from a moment of the wall clock inside its time-shift window (从头看, an earlier programme):
   * false when the moment is outside the window or the player cannot place it (the mini-program's <video>).
   */
  seekToDate(ms: number): boolean
  /** On-demand: back to the start, playing (重播 on a playback's end screen). */
  restart(): void
}

/** What the player's menu is showing. */
export type PlayerMenu = 'quality' | 'speed' | 'danmaku' | 'more' | 'info' | null

/** A live stream whose window is at least this long offers time-shift (回看): a progress bar and 回到直播. */
export const TIMESHIFT_MIN_SECONDS = 60
/** Further behind the live edge than this (beyond the player's own target), the viewer is watching the past. */
export const BEHIND_SECONDS = 5
