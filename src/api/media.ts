import type { Static } from 'typebox'
import type { ActionAt, DataOf, InputOf, PostAt } from '../../contract'
import type * as C from '../../contract/content'
import { callAction, callPost } from '@/core/call'

/** Programme kinds of the media-programme call (spec R7.25). */
export type MediaKind = 'tv' | 'radio' | 'audio'

/** A TV, radio or original-audio programme (R2.43); fields beyond these are not shown by the spec. */
export type { Programme } from '../../contract/content'

/** An item of the video list (R7.18). */
export type VideoItem = Static<typeof C.Video>

/** A TV or radio channel, as the index sends it (R3.26 channels.tv / channels.radio). */
export type Channel = Static<typeof C.ChannelItem>

/** A schedule entry as the server sends it (spec R3.25): date (YYYY-MM-DD), start and end (HH:mm), title. */
export type ScheduleEntryRaw = Static<typeof C.ScheduleEntry>

/** A live room as the room-info call returns it (R7.13); the media state keeps one per room id (R3.27). */
export type MediaRoom = DataOf<PostAt<'/userapp/roominfo'>>

/** GET /live/api_mapp.php?a=media_programs {media} (R7.19, R7.25). */
export function fetchProgrammes(media: MediaKind) {
  return callAction('/live/api_mapp.php?a=media_programs', { media })
}

/** GET /live/api_mapp.php?a=video_list_m2o {count, page} (R7.18, R7.24). */
export function fetchVideos(q: { page: number; count: number }) {
  return callAction('/live/api_mapp.php?a=video_list_m2o', { count: q.count, page: q.page })
}

/** GET /live/api_mapp.php?a=channel_schedule {channelid, day?} (R7.20); day is YYYY-MM-DD. */
export function fetchSchedule(channelid: number, day?: string) {
  const params: InputOf<ActionAt<'/live/api_mapp.php?a=channel_schedule'>> = { channelid }
  if (day) params.day = day
  return callAction('/live/api_mapp.php?a=channel_schedule', params)
}

/** POST /userapp/index: the channels (R7.10, R3.26). */
export function fetchChannels(): Promise<Pick<DataOf<PostAt<'/userapp/index'>>, 'channels'>> {
  return callPost('/userapp/index', {})
}

/** POST /userapp/roominfo {roomid} (R7.13). */
export function fetchRoom(roomid: number): Promise<MediaRoom> {
  return callPost('/userapp/roominfo', { roomid })
}
