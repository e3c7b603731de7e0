import { makeAutoObservable, runInAction } from 'mobx'
import { fetchPosts, fetchTopic, likePost, type PostItem, type TimelineSource, type TopicRaw } from '@/api/timeline'
import { settle } from '@/core/call'
import { env } from '@/env'
import { likesStore } from '@/stores/likes'
import { PAGE_SIZE, PagedList } from '@/stores/paged-list'

/** A topic as the client keeps it (spec R3.30). */
export interface Topic {
  id: number
  title: string
  description: string
  total: number
  visits: number
  like: number
  author: { nickName: string; avatar: string }
  image: string
  status: number
  redirect: TopicRedirect
}

export type TopicRedirect = { page: 'live'; roomid: number } | { page: 'playback'; id: number } | null

/** To live if is_living, to playback if review_id (spec R3.31). */
export function topicRedirect(raw: Pick<TopicRaw, 'is_living' | 'review_id'>): TopicRedirect {
  if (Number(raw.is_living) > 0) return { page: 'live', roomid: Number(raw.is_living) }
  if (Number(raw.review_id) > 0) return { page: 'playback', id: Number(raw.review_id) }
  return null
}

/** like from total_likes, author defaulting to the brand, image from pic, status default 1 (spec R3.30). */
export function normalizeTopic(raw: TopicRaw, brand: string = env.TARO_APP_BRAND): Topic {
  return {
    id: raw.id,
    title: raw.title,
    description: raw.description || '',
    total: Number(raw.total) || 0,
    visits: Number(raw.visits) || 0,
    like: Number(raw.total_likes) || 0,
    author: { nickName: raw.author?.nickName || brand, avatar: raw.author?.avatar || '' },
    image: raw.pic || '',
    status: raw.status ?? 1,
    redirect: topicRedirect(raw)
  }
}

/** One timeline: the topic and its posts, newest first. */
export class TimelineStore {
  topic: Topic | null = null
  error: string | null = null
  readonly posts: PagedList<PostItem>

  constructor(
    readonly id: number,
    readonly source: TimelineSource = 'm2o'
  ) {
    this.posts = new PagedList<PostItem>((q) => fetchPosts(source, { id, ...q }), PAGE_SIZE.default)
    makeAutoObservable(this, { posts: false, id: false, source: false })
  }

  async load() {
    const res = await settle(fetchTopic(this.id))
    runInAction(() => {
      if (res.ok) this.topic = normalizeTopic(res.data)
      // an answer's message is shown; a rejection (404, timeout) gets the page's own text
      else this.error = (res.error.answered && res.error.msg) || '话题不存在'
    })
    await settle(this.posts.load({ reset: true }))
  }

  liked(post: PostItem): boolean {
    return likesStore.has('posts', post.id)
  }

  /** Like a post once (never undone, R4.29). */
  async like(post: PostItem): Promise<boolean> {
    const result = await likesStore.toggle('posts', post.id, async () => {
      const liked = await likePost(this.source, post.id, this.id)
      runInAction(() => {
        post.like = liked?.like ?? post.like + 1
        if (this.topic) this.topic.like += 1
      })
    })
    return result === 'liked'
  }
}
