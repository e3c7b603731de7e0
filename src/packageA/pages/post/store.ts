import { makeAutoObservable, runInAction } from 'mobx'
import { fetchPost, type PostItem, type TimelineSource } from '@/api/timeline'
import { settle } from '@/core/call'

/** One post of a timeline (spec R2.12, R7.31, R7.35): its detail, or the text of why it is not there. */
export class PostStore {
  post: PostItem | null = null
  error: string | null = null

  constructor(
    readonly source: TimelineSource,
    readonly id: number
  ) {
    makeAutoObservable(this, { source: false, id: false })
  }

  async load(): Promise<PostItem | null> {
    const res = await settle(fetchPost(this.source, this.id))
    runInAction(() => {
      if (res.ok) this.post = res.data
      // an answer's message (内容不存在 by default); a rejection (404, timeout) the network text
      else this.error = res.error.answered ? res.error.msg || '内容不存在' : '网络不给力，请稍后再试'
    })
    return res.ok ? res.data : null
  }
}
