import type { Api } from '../../plugins/app/calls'
import type { AppContext } from '../../types/context'
import { paginate } from '../../lib/util'
import { callerKey } from '../../plugins/app/identity'
import * as timeline from '../../../contract/timeline'
import type { Topic } from '../../../contract/timeline'
import { likePost, postOr404, postsOfTopic, visitTopic } from '../../repositories/content'

/**
 * Timeline topics and their posts under both sources: the m2o actions (R7.29–R7.32) and the news calls (R7.33–R7.36),
 * R3.30–R3.32. A post's like counts once a viewer (R4.29), by either call.
 */
export function registerTimeline(api: Api, ctx: AppContext): void {
  const { store } = ctx

  api.call(timeline.timelineTopics, (p) => paginate(store.docs<Topic>('topic'), p.page, p.count))
  // a viewer's visits of a topic count once a day
  api.call(timeline.timelineTopic, (p, call) => visitTopic(ctx, p.id, callerKey(call.user, call.req)))
  api.call(timeline.timelinePosts, (p) => postsOfTopic(ctx, p.id, p.page, p.count))
  api.call(timeline.timelinePost, (p) => postOr404(ctx, p.id))
  api.call(timeline.timelinePostLike, (p, call) => likePost(ctx, p.id, callerKey(call.user, call.req)))

  api.call(timeline.newsList, (p) => paginate(store.docs<Topic>('topic'), p.page, p.count))
  api.call(timeline.newsContent, (p) => postsOfTopic(ctx, p.news_id, p.page, p.count))
  api.call(timeline.newsContentDetail, (p) => postOr404(ctx, p.id))
  api.call(timeline.newsContentLike, (p, call) => likePost(ctx, p.id, callerKey(call.user, call.req)))
}
