import { makeAutoObservable, runInAction } from 'mobx'
import type { Streamer } from '@/api/streamer'
import { loginPrompt } from '@/stores/login-prompt'
import { streamerStore } from '@/stores/streamer'
import { showToast } from '@/ui/overlay'
import { ApiError, failureText, messageOf, quietly } from '@/utils/errors'

const SUBSCRIBED_TEXT = '订阅成功，开播时将提醒您'

/** A failed follow or subscribe: a 401 has already opened the login prompt (R8.4); anything else says why. */
function explain(e: unknown) {
  if (e instanceof ApiError && e.kind === 'auth' && e.code === 401) return
  void showToast(failureText(e, '操作失败，请稍后再试'))
}

/**
 * 主播主页's state, one per page (spec R2.13; query id or roomid): the streamer, found by id or through the search by
 * room id (R7.38), with loading and error; its statistics (R7.44), follow state and playbacks are the shared streamer
 * store's. Follow (R4.25, R4.26) and the start reminder (R4.27) take one tap at a time (`busy`).
 */
export class StreamerDetailStore {
  streamer: Streamer | null = null
  loading = true
  error: string | null = null
  busy = false

  constructor(
    private readonly id: number,
    private readonly roomid: number
  ) {
    makeAutoObservable<StreamerDetailStore, 'id' | 'roomid'>(this, { id: false, roomid: false })
  }

  /** Neither id nor room id: nothing to find. */
  get missing(): boolean {
    return !this.id && !this.roomid
  }

  /** The streamer as the shared store knows it now (a follow changes its fans), else as found. */
  get known(): Streamer | null {
    return this.streamer ? (streamerStore.known.get(this.streamer.id) ?? this.streamer) : null
  }

  /** The room's playbacks (paged), when the streamer has a room. */
  get playbacks() {
    return this.streamer?.roomId ? streamerStore.playbacksOf(this.streamer.roomId) : null
  }

  async load(): Promise<void> {
    this.loading = true
    this.error = null
    try {
      const found = await streamerStore.findStreamer({ id: this.id, roomid: this.roomid })
      runInAction(() => (this.streamer = found))
      if (found) {
        void quietly(streamerStore.loadStatistics(found.id))
        if (found.roomId) {
          void quietly(streamerStore.loadFollowState(found.roomId))
          const list = streamerStore.playbacksOf(found.roomId)
          if (list.currentPage === 0) void quietly(list.load())
        }
      }
    } catch (e) {
      runInAction(() => (this.error = messageOf(e, '加载失败')))
    } finally {
      runInAction(() => (this.loading = false))
    }
  }

  /** Pull-down: the streamer and the first page of playbacks again. */
  refresh(): Promise<void> {
    const playbacks = this.playbacks
    return Promise.all([this.load(), playbacks ? quietly(playbacks.load({ reset: true })) : null]).then(() => undefined)
  }

  async toggleFollow(): Promise<void> {
    const known = this.known
    if (this.busy || !known?.roomId) return
    this.busy = true
    try {
      if ((await streamerStore.tapFollow(known)) !== null) void quietly(streamerStore.loadStatistics(known.id))
    } catch (e) {
      explain(e)
    } finally {
      runInAction(() => (this.busy = false))
    }
  }

  async subscribe(): Promise<void> {
    const roomId = this.streamer?.roomId
    if (this.busy || !roomId || streamerStore.followOf(roomId).subscribed) return
    this.busy = true
    const remind = async () => {
      await streamerStore.subscribe(roomId)
      return SUBSCRIBED_TEXT
    }
    try {
      // a visitor's tap: the reminder is set once the login brings them back (R4.6)
      const after = () => remind().catch((e: unknown) => failureText(e, '操作失败，请稍后再试'))
      if (!(await loginPrompt.requireLogin(after))) return
      void showToast(await remind())
    } catch (e) {
      explain(e)
    } finally {
      runInAction(() => (this.busy = false))
    }
  }
}
