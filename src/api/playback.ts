import { post, type Envelope } from '@/core/request'
import type { PagedData } from './types'
import type { PlaybackItem, RoomItem, TeaserItem } from './home'

export interface PlaybackDetail extends PlaybackItem {
  description?: string
  source?: string
  trial_seconds?: number
  comments?: number
  share?: { title?: string; desc?: string; image?: string; link?: string }
}

/** A playback danmaku item (R3.20): relativeTimestamp and content, JSON text holding a text field. */
export interface PlaybackDanmakuRaw {
  relativeTimestamp: number
  content: string
}

/** A comment (R3.19): id, content, time, user. */
export interface CommentItem {
  id: number
  content: string
  time: number
  user?: { id?: number; nickName?: string; nick_name?: string; name?: string; avatar?: string }
}

export interface TeaserDetail extends TeaserItem {
  room?: RoomItem | null
}

/** POST /userapp/playback/detail (R7.15). */
export function fetchPlaybackDetail(id: number): Promise<Envelope<PlaybackDetail>> {
  return post<PlaybackDetail>('/userapp/playback/detail', { id })
}

/** POST /userapp/playback/danmaku {id} (R7.80). */
export function fetchPlaybackDanmaku(id: number): Promise<Envelope<PlaybackDanmakuRaw[]>> {
  return post<PlaybackDanmakuRaw[]>('/userapp/playback/danmaku', { id })
}

/** POST /userapp/playback/comment/list {id, page, count default 5} (R7.81). */
export function fetchComments(q: { id: number; page: number; count: number }): Promise<Envelope<PagedData<CommentItem>>> {
  return post<PagedData<CommentItem>>('/userapp/playback/comment/list', q)
}

/** POST /userapp/playback/comment {id, content} (R7.82), login required. */
export function postComment(id: number, content: string): Promise<Envelope<CommentItem>> {
  return post<CommentItem>('/userapp/playback/comment', { id, content }, { loginPrompt: true })
}

/** POST /userapp/playback/like {id} (R7.83). */
export function likePlayback(id: number): Promise<Envelope<{ likes?: number }>> {
  return post<{ likes?: number }>('/userapp/playback/like', { id })
}

/** POST /userapp/teaser/detail (R7.17). */
export function fetchTeaserDetail(id: number): Promise<Envelope<TeaserDetail>> {
  return post<TeaserDetail>('/userapp/teaser/detail', { id })
}

/** POST /userapp/issubscribe {teaser_id} (R7.48). */
export function fetchTeaserSubscribed(teaserId: number): Promise<Envelope<{ issubscribe?: number } | number>> {
  return post<{ issubscribe?: number } | number>('/userapp/issubscribe', { teaser_id: teaserId }, { loginPrompt: true })
}

/** POST /userapp/subscribe {teaser_id} (R7.49). */
export function subscribeTeaser(teaserId: number): Promise<Envelope<{ issubscribe?: number }>> {
  return post<{ issubscribe?: number }>('/userapp/subscribe', { teaser_id: teaserId }, { loginPrompt: true })
}
