import { makeAutoObservable, runInAction } from 'mobx'
import { fetchGifts, sendGift, type Gift, type GiftEventData } from '@/api/gift'
import { fetchUserInfo } from '@/api/user'
import { messageOf } from '@/core/errors'
import { isSuccess, quiet } from '@/core/request'
import { openPage } from '@/router/navigate'
import { showModal, showToast } from '@/ui/overlay'
import { liveStore } from './live'
import { sessionStore } from './session'

/** The reference server's (and the broadcaster's) refusal text when the balance is too low. */
export const NOT_ENOUGH_GOLD = '余额不足'
export const TOP_UP_TEXT = '去充值'
/** Combo choices of the gift panel. */
export const GIFT_COMBOS = [1, 10, 66, 188] as const
/** Gift events kept for the room's strip, and how long each stays. */
export const GIFT_EVENTS_MAX = 20
export const GIFT_EVENT_TTL = 5000

export interface GiftEvent {
  key: number
  roomId: number
  userId: number
  nickname: string
  giftName: string
  icon: string
  combo: number
  mine: boolean
  at: number
}

/** Is this refusal the not-enough-gold one? */
export function isNotEnoughGold(msg: string | null | undefined): boolean {
  return !!msg && msg.includes(NOT_ENOUGH_GOLD)
}

export interface GiftDeps {
  now: () => number
  setTimer: (fn: () => void, ms: number) => unknown
}

/**
 * Gifts and the 慧币 balance (spec R1.3, R1.4, R3.16, R3.29 giftsList, R5.10, R6.5, R7.66, R7.77): the gift list,
 * the balance (the current user's `gold`, then each send_gifts answer), combo sending with the room rule, the
 * not-enough-gold path to the deposit page, and the gift events shown in the room.
 */
export class GiftStore {
  giftsList: Gift[] = []
  giftsLoading = false
  giftsError = ''
  /** The balance in 慧币; null until known (anonymous, or not fetched yet). */
  gold: number | null = null
  sending = false
  events: GiftEvent[] = []
  private seq = 0
  private deps: GiftDeps

  constructor(deps: Partial<GiftDeps> = {}) {
    this.deps = { now: () => Date.now(), setTimer: (fn, ms) => setTimeout(fn, ms), ...deps }
    makeAutoObservable<GiftStore, 'seq' | 'deps'>(this, { seq: false, deps: false })
  }

  /** R7.66: the gift list, fetched once (again after a failure). */
  async loadGifts(roomId?: number): Promise<Gift[]> {
    if (this.giftsList.length || this.giftsLoading) return this.giftsList
    this.giftsLoading = true
    this.giftsError = ''
    const res = await quiet(fetchGifts(roomId), { code: -100, msg: '礼物加载失败', data: [] as Gift[] })
    runInAction(() => {
      this.giftsLoading = false
      if (isSuccess(res) && Array.isArray(res.data)) this.giftsList = res.data
      else this.giftsError = res.msg || '礼物加载失败'
    })
    return this.giftsList
  }

  /** The balance: the current user's gold (POST /userapp/userinfo). Anonymous viewers have none. */
  async loadBalance(): Promise<number | null> {
    if (!sessionStore.isLoggedIn) {
      this.setGold(null)
      return null
    }
    try {
      const user = await fetchUserInfo()
      const gold = Number(user.gold)
      this.setGold(Number.isFinite(gold) ? gold : null)
    } catch {
      // keep the last known balance
    }
    return this.gold
  }

  setGold(gold: number | null) {
    this.gold = gold
  }

  /**
   * Send a gift (R3.16, R7.77). False when the room data is not loaded (R5.10), when the viewer must log in first,
   * under the iOS review restriction (R6.5), and when the server refuses; not enough gold offers 去充值.
   */
  async send(roomId: number, gift: Pick<Gift, 'id' | 'name' | 'price'> & { icon?: string }, combo = 1): Promise<boolean> {
    if (!liveStore.roomsData[roomId]) return false // R5.10
    if (this.sending) return false
    if (!(await sessionStore.requireLogin())) return false
    if (!sessionStore.ensureIosAllowed()) return false // R6.5
    const n = Math.max(1, Math.floor(combo) || 1)
    runInAction(() => (this.sending = true))
    try {
      const res = await sendGift({ roomid: roomId, giftid: gift.id, combo: n }).catch((err) => ({ code: -100, msg: messageOf(err, '赠送失败'), data: null }))
      if (isSuccess(res) && res.data) {
        const data = res.data
        runInAction(() => {
          if (Number.isFinite(Number(data.gold))) this.gold = Number(data.gold)
          else if (this.gold !== null) this.gold = Math.max(0, this.gold - gift.price * n)
        })
        this.addEvent({ ...data, roomid: roomId, giftid: gift.id, gift_name: data.gift_name || gift.name, icon: data.icon || gift.icon, combo: n }, true)
        return true
      }
      const msg = res.msg || '赠送失败'
      const data = res.data as { gold?: number } | null
      if (data && Number.isFinite(Number(data.gold))) this.setGold(Number(data.gold))
      if (isNotEnoughGold(msg)) await this.offerTopUp(msg)
      else void showToast(msg)
      return false
    } finally {
      runInAction(() => (this.sending = false))
    }
  }

  /** Not enough gold: a modal whose confirmation opens the deposit page. */
  async offerTopUp(msg: string): Promise<void> {
    const res = await showModal({ title: '提示', content: msg, confirmText: TOP_UP_TEXT })
    if (res && res.confirm) await openPage('deposit')
  }

  /** A `gift` push of the room's socket; the viewer's own gifts are already shown when sent. */
  onGiftPush(data: Partial<GiftEventData> | null | undefined) {
    if (!data || !data.roomid || !data.gift_name) return
    if (sessionStore.isLoggedIn && Number(data.user_id) === sessionStore.user.id) return
    this.addEvent(data as GiftEventData, false)
  }

  /** The events of a room still on screen. */
  roomEvents(roomId: number, limit = 3): GiftEvent[] {
    return this.events.filter((e) => e.roomId === roomId).slice(-limit)
  }

  private addEvent(data: GiftEventData, mine: boolean) {
    const key = ++this.seq
    const event: GiftEvent = {
      key,
      roomId: Number(data.roomid),
      userId: Number(data.user_id) || 0,
      nickname: mine ? '我' : data.nickname || '观众',
      giftName: data.gift_name,
      icon: data.icon || '',
      combo: Number(data.combo) || 1,
      mine,
      at: this.deps.now()
    }
    this.events = [...this.events, event].slice(-GIFT_EVENTS_MAX)
    this.deps.setTimer(() => this.expire(key), GIFT_EVENT_TTL)
  }

  private expire(key: number) {
    this.events = this.events.filter((e) => e.key !== key)
  }
}

export const giftStore = new GiftStore()
