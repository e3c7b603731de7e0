import { callGet, callPost } from '@/core/call'
import type { PagedData } from './types'

/** A timeline topic as the server sends it (spec R3.30). */
export interface TopicRaw {
  id: number
  title: string
  description?: string
  total?: number
  visits?: number
  total_likes?: number
  author?: { nickName?: string; avatar?: string } | null
  pic?: string
  status?: number
  is_living?: number
  review_id?: number
}

/** A post (spec R3.32): host_name, host_avatar, like. */
export interface PostItem {
  id: number
  topic_id?: number
  content: string
  host_name?: string
  host_avatar?: string
  like: number
  images?: string[]
  time?: number
}

/** Where a topic's posts come from: the m2o timeline calls (R7.29) or the news calls (R7.33). */
export type TimelineSource = 'm2o' | 'news'

const MAPP = '/live/api_mapp.php'

export function fetchTopic(id: number): Promise<TopicRaw> {
  return callGet<TopicRaw>(MAPP, { a: 'timeline_topic', id })
}

/** GET …a=timeline_posts {id, count, page} (R7.30) or POST /userapp/news/content {news_id, count, page} (R7.34). */
export function fetchPosts(
  source: TimelineSource,
  q: { id: number; page: number; count: number }
): Promise<PagedData<PostItem>> {
  if (source === 'm2o')
    return callGet<PagedData<PostItem>>(MAPP, { a: 'timeline_posts', id: q.id, count: q.count, page: q.page })
  return callPost<PagedData<PostItem>>('/userapp/news/content', { news_id: q.id, count: q.count, page: q.page })
}

/** GET …a=timeline_post {id} (R7.31) or POST /userapp/news/content_detail {id} (R7.35). */
export function fetchPost(source: TimelineSource, id: number): Promise<PostItem> {
  if (source === 'm2o') return callGet<PostItem>(MAPP, { a: 'timeline_post', id })
  return callPost<PostItem>('/userapp/news/content_detail', { id })
}

/** GET …a=timeline_posts_like {id, topicid} (R7.32) or POST /userapp/news/content/like {id} (R7.36). */
export function likePost(source: TimelineSource, id: number, topicId?: number): Promise<{ like?: number }> {
  if (source === 'm2o') return callGet<{ like?: number }>(MAPP, { a: 'timeline_posts_like', id, topicid: topicId })
  return callPost<{ like?: number }>('/userapp/news/content/like', { id })
}
