import type { ReactNode } from 'react'
import type { RoomInfo } from '@/api/live'
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
  stalled: '网络不佳，正在重新连接…',
  error: '播放出错了'
}

/** An on-demand video's loading text (PLAYER_TEXT.loading is a live stream's). */
export const VOD_LOADING_TEXT = '正在加载视频…'

export function playerText(state: Exclude<PlayerState, 'playing'>, live: boolean): string {
  return state === 'loading' && !live ? VOD_LOADING_TEXT : PLAYER_TEXT[state]
}

/** How long a stall may last before the player reloads the stream. */
export const STALL_RECOVERY_MS = 8000

export interface PlayerProps {
  src: string
  poster?: string
  /** A live stream (no seeking, no 倍速, live-edge sync) rather than a recording. */
  live: boolean
  /** Paused by the room (e.g. a paid room's trial ended). */
  blocked?: boolean
  /** The video's shape: full screen turns a landscape video landscape and keeps a portrait one upright. */
  orientation?: 'landscape' | 'portrait'
  /** On-demand: the position is remembered under this id and the video starts there next time (resume.ts). */
  resumeId?: string
  /** The danmaku controls: on/off and 弹幕设置. */
  danmaku?: boolean
  /** Each position as the video plays, in seconds (a playback's timed danmaku). */
  onTime?: (seconds: number) => void
  /** Whether the video is playing, as it starts and stops (a playback's danmaku are sent only while it plays, R5.11). */
  onPlayingChange?: (playing: boolean) => void
  /** Drawn over the video and kept in full screen: the flying danmaku, and what shows only in full screen. */
  children?: ReactNode
}

/** What the player's menu is showing. */
export type PlayerMenu = 'quality' | 'speed' | 'danmaku' | null
