import { makeAutoObservable, runInAction } from 'mobx'
import { fetchTeaserDetail, fetchTeaserSubscribed, subscribeTeaser, type TeaserDetail } from '@/api/playback'
import { settle } from '@/core/call'
import { sessionStore } from '@/stores/session'

/** A preview (teaser, spec R2.10): its detail, and whether the viewer asked to be reminded (R4.27, R5.13). */
export class PreviewStore {
  detail: TeaserDetail | null = null
  error: string | null = null
  subscribed = false

  constructor(readonly id: number) {
    makeAutoObservable(this, { id: false })
  }

  async load(): Promise<TeaserDetail | null> {
    this.error = null // 重新加载 after a failure
    const detail = settle(fetchTeaserDetail(this.id))
    if (sessionStore.isLoggedIn) {
      void settle(fetchTeaserSubscribed(this.id)).then(
        (res) =>
          res.ok &&
          runInAction(() => {
            const v = res.data
            this.subscribed = typeof v === 'number' ? v === 1 : v?.issubscribe === 1
          })
      )
    }
    const res = await detail
    runInAction(() => {
      if (res.ok) this.detail = res.data
      // an answer's message (预告不存在或已下线 by default); a rejection (404, timeout) the network text
      else this.error = res.error.answered ? res.error.msg || '预告不存在或已下线' : '网络不给力，请稍后再试'
    })
    return res.ok ? res.data : null
  }

  /** The reminder (subscribe): null once it is on, else the refusal's text (an answer's message, or the screen's). */
  async subscribe(): Promise<string | null> {
    const res = await settle(subscribeTeaser(this.id))
    if (!res.ok) return (res.error.answered && res.error.msg) || '预约失败，请稍后再试'
    runInAction(() => {
      this.subscribed = true
    })
    // the count shown (人已预约) as the server has it now, the viewer's own reminder in it, not only after a reload
    const fresh = await settle(fetchTeaserDetail(this.id))
    runInAction(() => {
      if (fresh.ok && this.detail) this.detail.subscribes = fresh.data.subscribes
    })
    return null
  }
}
