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

/** How long a stall may last before the player reloads the stream. */
export const STALL_RECOVERY_MS = 8000

export interface PlayerProps {
  src: string
  poster?: string
  /** A live stream (no seeking, live-edge sync) rather than a recording. */
  live: boolean
  /** Paused by the room (e.g. a paid room's trial ended). */
  blocked?: boolean
}
