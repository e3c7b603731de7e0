/**
 * Timeline topics and their posts (spec section 7, "Timeline and news posts"): the same topics and posts under two
 * sources, the m2o `.php` actions (R7.29–R7.32) and the news calls (R7.33–R7.36).
 */
import { Type } from 'typebox'
import { defineCall } from './call'
import { F, Obj, Paged, Payload, Seconds, Url, type Static } from './schema'

const U = '/api/v1/userapp'
const MAPP = '/live/api_mapp.php'

/** A timeline topic (R3.30, R3.31). */
export const Topic = Obj({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  pic: Url(),
  total: Type.Integer({ minimum: 0, description: '内容条数' }),
  visits: Type.Integer({ minimum: 0 }),
  total_likes: Type.Integer({ minimum: 0, description: '内容的点赞总数（客户端读作 like）' }),
  author: Obj({ nickName: Type.String(), avatar: Url() }),
  status: Type.Integer({ description: '1 正常' }),
  is_living: Type.Integer({ description: '非 0 时话题跳转到这个直播间（R3.31）' }),
  review_id: Type.Integer({ description: '非 0 时话题跳转到这个回放（R3.31）' }),
  updated_at: Seconds()
})

/** A post of a topic (R3.32). */
export const Post = Obj({
  id: Type.Integer(),
  topic_id: Type.Integer(),
  content: Type.String({ description: 'HTML' }),
  host_name: Type.String(),
  host_avatar: Url(),
  like: Type.Integer({ minimum: 0 }),
  images: Type.Array(Url()),
  time: Seconds()
})

export type Topic = Static<typeof Topic>
export type Post = Static<typeof Post>

/** A page of a topic's posts, newest first, with the topic. */
const TopicPosts = Obj({ ...Paged(Post).properties, topic: Topic })

/** A post's like: counted once a viewer (R4.29), the count after it. */
const PostLike = Obj({ id: Type.Integer(), like: Type.Integer({ minimum: 0 }) })

const topicId = () => F.int('话题ID', { minimum: 1 })
const postId = () => F.int('内容ID', { minimum: 1 })

export const timelineTopics = defineCall({
  spec: ['R7.29', 'R3.30'],
  summary: '图文话题列表',
  method: 'GET,POST',
  path: MAPP,
  action: 'timeline_topics',
  payload: Payload({ page: F.page(), count: F.count() }),
  data: Paged(Topic)
})

export const timelineTopic = defineCall({
  spec: ['R7.29', 'R3.30', 'R3.31'],
  summary: '图文话题（每位观众每天计一次访问）',
  method: 'GET,POST',
  path: MAPP,
  action: 'timeline_topic',
  payload: Payload({ id: topicId() }, ['id']),
  data: Topic
})

export const timelinePosts = defineCall({
  spec: ['R7.30', 'R3.32'],
  summary: '图文话题的内容列表',
  method: 'GET,POST',
  path: MAPP,
  action: 'timeline_posts',
  payload: Payload({ id: topicId(), page: F.page(), count: F.count() }, ['id']),
  data: TopicPosts
})

export const timelinePost = defineCall({
  spec: ['R7.31', 'R3.32'],
  summary: '图文内容详情',
  method: 'GET,POST',
  path: MAPP,
  action: 'timeline_post',
  payload: Payload({ id: postId() }, ['id']),
  data: Post
})

export const timelinePostLike = defineCall({
  spec: ['R7.32', 'R4.29'],
  summary: '图文内容点赞',
  method: 'GET,POST',
  path: MAPP,
  action: 'timeline_posts_like',
  payload: Payload({ id: postId(), topicid: F.int('话题ID') }, ['id']),
  data: PostLike
})

export const newsList = defineCall({
  spec: ['R7.33', 'R3.30'],
  summary: '新闻话题列表',
  method: 'POST',
  path: `${U}/news/list`,
  payload: Payload({ page: F.page(), count: F.count() }),
  data: Paged(Topic)
})

export const newsContent = defineCall({
  spec: ['R7.34', 'R3.32'],
  summary: '新闻话题的内容列表',
  method: 'POST',
  path: `${U}/news/content`,
  payload: Payload({ news_id: topicId(), page: F.page(), count: F.count() }, ['news_id']),
  data: TopicPosts
})

export const newsContentDetail = defineCall({
  spec: ['R7.35', 'R3.32'],
  summary: '新闻内容详情',
  method: 'POST',
  path: `${U}/news/content_detail`,
  payload: Payload({ id: postId() }, ['id']),
  data: Post
})

export const newsContentLike = defineCall({
  spec: ['R7.36', 'R4.29'],
  summary: '新闻内容点赞',
  method: 'POST',
  path: `${U}/news/content/like`,
  payload: Payload({ id: postId() }, ['id']),
  data: PostLike
})
