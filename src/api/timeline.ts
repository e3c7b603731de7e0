import { callAction, callPost } from '@/core/call'

/** A timeline topic as the server sends it (spec R3.30). */
export type { Topic as TopicRaw } from '../../contract/timeline'

/** A post (spec R3.32): host_name, host_avatar, like. */
export type { Post as PostItem } from '../../contract/timeline'

/** Where a topic's posts come from: the m2o timeline calls (R7.29) or the news calls (R7.33). */
export type TimelineSource = 'm2o' | 'news'

export function fetchTopic(id: number) {
  return callAction('/live/api_mapp.php?a=timeline_topic', { id })
}

/** GET …a=timeline_posts {id, count, page} (R7.30) or POST /userapp/news/content {news_id, count, page} (R7.34). */
export function fetchPosts(source: TimelineSource, q: { id: number; page: number; count: number }) {
  if (source === 'm2o')
    return callAction('/live/api_mapp.php?a=timeline_posts', { id: q.id, count: q.count, page: q.page })
  return callPost('/userapp/news/content', { news_id: q.id, count: q.count, page: q.page })
}

/** GET …a=timeline_post {id} (R7.31) or POST /userapp/news/content_detail {id} (R7.35). */
export function fetchPost(source: TimelineSource, id: number) {
  if (source === 'm2o') return callAction('/live/api_mapp.php?a=timeline_post', { id })
  return callPost('/userapp/news/content_detail', { id })
}

/** GET …a=timeline_posts_like {id, topicid} (R7.32) or POST /userapp/news/content/like {id} (R7.36). */
export function likePost(source: TimelineSource, id: number, topicId?: number) {
  if (source === 'm2o') return callAction('/live/api_mapp.php?a=timeline_posts_like', { id, topicid: topicId })
  return callPost('/userapp/news/content/like', { id })
}
