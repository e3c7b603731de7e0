import { makeAutoObservable, runInAction } from 'mobx'
import { fetchTeaserDetail, fetchTeaserSubscribed, subscribeTeaser, type TeaserDetail } from '@/api/playback'
import { settle } from '@/core/call'
import { ApiError } from '@/core/errors'
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
    const detail = fetchTeaserDetail(this.id)
    if (sessionStore.isLoggedIn) {
      fetchTeaserSubscribed(this.id)
        .then((v) =>
          runInAction(() => {
            this.subscribed = typeof v === 'number' ? v === 1 : v?.issubscribe === 1
          })
        )
        .catch(() => undefined)
    }
    try {
      const data = await detail
      runInAction(() => {
        this.detail = data
      })
      return data
    } catch (err) {
      // an answer's message (预告不存在或已下线 by default); a rejection (404, timeout) the network text
      runInAction(() => {
        this.error =
          err instanceof ApiError && err.answered ? err.msg || '预告不存在或已下线' : '网络不给力，请稍后再试'
      })
      return null
    }
  }

  /** The reminder (subscribe): null once it is on, else the refusal's text (an answer's message, or the screen's). */
  async subscribe(): Promise<string | null> {
    const res = await settle(subscribeTeaser(this.id))
    if (!res.ok) return (res.error.answered && res.error.msg) || '预约失败，请稍后再试'
    runInAction(() => {
      this.subscribed = true
    })
    return null
  }
}
