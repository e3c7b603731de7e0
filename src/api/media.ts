import { callGet, callPost } from '@/core/call'
import type { PagedData } from './types'

/** Programme kinds of the media-programme call (spec R7.25). */
export type MediaKind = 'tv' | 'radio' | 'audio'

/** A TV, radio or original-audio programme (R2.43); fields beyond these are not shown by the spec. */
export interface Programme {
  id: number
  media?: MediaKind
  title: string
  cover?: string
  brief?: string
  channel_id?: number
  episodes?: number
  updated_at?: number
  source?: string
}

/** An item of the video list (R7.18). */
export interface VideoItem {
  id: number
  title: string
  cover?: string
  brief?: string
  duration?: number
  views?: number
  publish_time?: number
  source?: string
}

/** A TV or radio channel, as the index sends it (R3.26 channels.tv / channels.radio). */
export interface Channel {
  id: number
  type?: 'tv' | 'radio'
  title: string
  logo?: string
  cover?: string
  frequency?: string
  source?: string
  current?: { title: string; start: string; end: string } | null
}

/** A schedule entry as the server sends it (spec R3.25): date (YYYY-MM-DD), start and end (HH:mm), title. */
export interface ScheduleEntryRaw {
  date: string
  start: string
  end: string
  title: string
  [key: string]: unknown
}

/** A live room as the room-info call returns it (R7.13); the media state keeps one per room id (R3.27). */
export interface MediaRoom {
  id: number
  title?: string
  cover?: string
  onair?: number
  source?: string
  [key: string]: unknown
}

const MAPP = '/live/api_mapp.php'

/** GET /live/api_mapp.php?a=media_programs {media} (R7.19, R7.25). */
export function fetchProgrammes(media: MediaKind): Promise<Programme[]> {
  return callGet<Programme[]>(MAPP, { a: 'media_programs', media })
}

/** GET /live/api_mapp.php?a=video_list_m2o {count, page} (R7.18, R7.24). */
export function fetchVideos(q: { page: number; count: number }): Promise<PagedData<VideoItem>> {
  return callGet<PagedData<VideoItem>>(MAPP, { a: 'video_list_m2o', count: q.count, page: q.page })
}

/** GET /live/api_mapp.php?a=channel_schedule {channelid, day?} (R7.20); day is YYYY-MM-DD. */
export function fetchSchedule(channelid: number, day?: string): Promise<ScheduleEntryRaw[]> {
  const params: Record<string, unknown> = { a: 'channel_schedule', channelid }
  if (day) params.day = day
  return callGet<ScheduleEntryRaw[]>(MAPP, params)
}

/** POST /userapp/index: the channels (R7.10, R3.26). */
export function fetchChannels(): Promise<{ channels?: { tv?: Channel[]; radio?: Channel[] } }> {
  return callPost<{ channels?: { tv?: Channel[]; radio?: Channel[] } }>('/userapp/index')
}

/** POST /userapp/roominfo {roomid} (R7.13). */
export function fetchRoom(roomid: number): Promise<MediaRoom> {
  return callPost<MediaRoom>('/userapp/roominfo', { roomid })
}
