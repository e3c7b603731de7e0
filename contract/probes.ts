/**
 * The read-only calls `npm run contract:check` makes against a backend, with safe parameters: lists, details,
 * lookups and the signed-in user's own records. Nothing here changes data (no like, follow, visit count, order or
 * message). The ids default to the reference server's demo content and are set per backend with `--id name=value`.
 */
import type { CallDef } from './call'
import * as activity from './activity'
import * as album from './album'
import * as content from './content'
import * as live from './live'
import * as pay from './pay'
import * as search from './search'
import * as streamer from './streamer'
import * as timeline from './timeline'
import * as user from './user'

export const DEFAULT_IDS = {
  /** a live room on air */
  room: 496,
  /** a room with running activities (vote, quiz, rain, red packet, goods) */
  activityRoom: 539,
  playback: 5001,
  teaser: 1473,
  channel: 1,
  topic: 1,
  post: 101,
  news: 1,
  album: 1,
  /** a streamer's uid (rank-page statistics) */
  host: 2001,
  /** a paid room or playback (ispremium) */
  premium: 303,
  /** a search word */
  keywords: '太湖'
}

export type Ids = { [K in keyof typeof DEFAULT_IDS]: number | string }

export interface Probe {
  call: CallDef
  payload: Record<string, unknown>
  /** checked only with a test account (--mobile / --password) */
  login?: boolean
}

/** The login call the checker uses for a test account. */
export const LOGIN: CallDef = user.login

export function probes(ids: Ids): Probe[] {
  const p = (call: CallDef, payload: Record<string, unknown> = {}, login = false): Probe => ({ call, payload, login })
  const page = { page: 1, count: 10 }
  return [
    p(content.config),
    p(content.index),
    p(content.slides),
    p(content.livingList, { ...page, order: 'sort' }),
    p(content.roomInfo, { roomid: ids.room }),
    p(content.playbackList, { ...page, recommend: 1 }),
    p(content.playbackDetail, { id: ids.playback }),
    p(content.teaserList, page),
    p(content.teaserDetail, { id: ids.teaser }),
    p(content.videoList, page),
    p(content.mediaPrograms, { media: 'tv' }),
    p(content.channelSchedule, { channelid: ids.channel }),
    p(content.groups),
    p(timeline.timelinePosts, { id: ids.topic, ...page }),
    p(timeline.timelinePost, { id: ids.post }),
    p(timeline.newsContent, { news_id: ids.news, ...page }),
    p(timeline.newsContentDetail, { id: ids.post }),
    p(search.searchHot),
    ...[search.searchLiving, search.searchHost, search.searchTeaser, search.searchPlayback].map((c) =>
      p(c, { keywords: ids.keywords, count: 15, page: 1 })
    ),
    p(streamer.hostTags),
    p(streamer.hostList, { tag: 0, count: 15, page: 1 }),
    p(streamer.hostRanking, { type: 'week', count: 15 }),
    p(streamer.hostStatistics, { host_uid: ids.host }),
    p(user.isFollow, { roomid: ids.room }),
    p(user.isSubscribe, { teaser_id: ids.teaser }),
    p(live.giftsList, { roomid: ids.room }),
    p(pay.goldPrices),
    p(live.liveStatGet, { b: 'all', roomid: ids.room }),
    p(live.danmakuHistory, { roomid: ids.room, count: 10, type: 'today' }),
    p(live.playbackDanmaku, { id: ids.playback }),
    p(live.playbackCommentList, { id: ids.playback, page: 1, count: 5 }),
    p(pay.isPremium, { id: ids.premium }),
    p(activity.redpackDetail, { roomid: ids.activityRoom }),
    p(activity.rain, { roomid: ids.activityRoom }),
    p(activity.rainWinner, { roomid: ids.activityRoom }),
    p(activity.voteDetail, { roomid: ids.activityRoom }),
    p(activity.puzzleDetail, { roomid: ids.activityRoom }),
    p(activity.goods, { roomid: ids.activityRoom }),
    p(album.albumDetail, { id: ids.album }),
    p(album.photoList, { album_id: ids.album, order: 'desc', count: 30 }),
    // the signed-in user's own records
    p(user.userinfo, {}, true),
    p(user.myFollow, page, true),
    p(live.payLog, {}, true),
    p(pay.depositLog, {}, true),
    p(pay.consumeLog, {}, true)
  ]
}
