import { makeAutoObservable, runInAction } from 'mobx'
import { fetchGifts, sendGift, type Gift, type GiftEventData, type SendGiftResult } from '@/api/gift'
import { settle, type Settled } from '@/core/call'
import { CODE, type ApiError } from '@/utils/errors'
import { openPage } from '@/router/navigate'
import { showModal, showToast } from '@/ui/overlay'
import { newRequestId } from '@/utils/request-id'
import { balanceStore, type BalanceStore } from '@/stores/balance'
import { liveStore } from '@/stores/live'
import { sessionStore } from '@/stores/session'
import { serviceConfig } from '@/stores/service-config'
import { loginPrompt } from '@/stores/login-prompt'

export const TOP_UP_TEXT = '去充值'
/** Combo choices of the gift panel. */
export const GIFT_COMBOS = [1, 10, 66, 188] as const
/**
 * Gift events kept for the room's display over the video, and how long each stays after its last send; a repeat of
 * the same gift by the same viewer while it shows adds to its count (the combo, ×N) and keeps it up.
 */
export const GIFT_EVENTS_MAX = 20
export const GIFT_EVENT_TTL = 5000
/**
 * a gift call whose outcome is unknown (no reply, timeout, 5xx) is sent again with the same request_id,
 * after 1 s and 2 s; the server answers a repeat with the first result, so a gift is never charged twice.
 */
export const GIFT_RETRIES = 2
export const GIFT_RETRY_DELAY = 1000
/** The toast when every try went unanswered. */
export const GIFT_UNCONFIRMED = '网络不稳定，赠送结果未确认，请稍后重试'
/** After all tries went unanswered, tapping the same gift again (same room, combo) within this time reuses the key. */
export const GIFT_KEY_REUSE = 5 * 60 * 1000

export interface GiftEvent {
  key: number
  roomId: number
  userId: number
  nickname: string
  giftName: string
  icon: string
  /** How many of the gift, summed over the repeats while it showed. */
  combo: number
  /** How many sends it stands for (1, then 2, 3… as repeats add up). */
  sends: number
  mine: boolean
  at: number
}

/** Is this refusal the not-enough-gold one? Its code (-7, contract/codes.ts) says so, whatever its text. */
export function isNotEnoughGold(err: ApiError | null | undefined): boolean {
  return !!err && err.is(CODE.NO_BALANCE)
}

export interface GiftDeps {
  now: () => number
  setTimer: (fn: () => void, ms: number) => unknown
  /** ms before retry `attempt` (0-based) of a gift call whose outcome is unknown */
  retryDelay: (attempt: number) => number
  newKey: () => string
  /** the 慧币 balance a send answer updates */
  balance: BalanceStore
}

type GiftReply = Settled<SendGiftResult | null>

/**
 * Did the call's reply get lost (so the server may or may not have taken it)? Anything but a business answer:
 * transport failure, 5xx, timeout (and the core's other rejections).
 */
function outcomeUnknown(res: GiftReply): res is { ok: false; error: ApiError } {
  return !res.ok && res.error.kind !== 'business'
}

/**
 * Gifts (spec R1.3, R1.4, R3.16, R3.29 giftsList, R5.10, R6.5, R7.66, R7.77): the gift list, combo sending with the
 * room rule (each send_gifts answer updates the 慧币 balance, `deps.balance`), the not-enough-gold path to the
 * deposit page, and the gift events shown in the room. A tap is charged at most once: its call carries a request_id
 * that its retries reuse.
 */
export class GiftStore {
  giftsList: Gift[] = []
  giftsLoading = false
  giftsError = ''
  sending = false
  events: GiftEvent[] = []
  private seq = 0
  private deps: GiftDeps
  /** The last gift tap that went unanswered: its key is reused if the viewer taps the same gift again. */
  private unanswered: { roomId: number; giftId: number; combo: number; key: string; at: number } | null = null

  constructor(deps: Partial<GiftDeps> = {}) {
    this.deps = {
      now: () => Date.now(),
      setTimer: (fn, ms) => setTimeout(fn, ms),
      retryDelay: (attempt) => GIFT_RETRY_DELAY * 2 ** attempt,
      newKey: () => newRequestId(),
      balance: balanceStore,
      ...deps
    }
    makeAutoObservable<GiftStore, 'seq' | 'deps' | 'unanswered'>(this, { seq: false, deps: false, unanswered: false })
  }

  /** R7.66: the gift list, fetched once (again after a failure). */
  async loadGifts(roomId?: number): Promise<Gift[]> {
    if (this.giftsList.length || this.giftsLoading) return this.giftsList
    this.giftsLoading = true
    this.giftsError = ''
    const res = await settle(fetchGifts(roomId))
    runInAction(() => {
      this.giftsLoading = false
      if (res.ok && Array.isArray(res.data)) this.giftsList = res.data
      // an answer shows its message; a rejection (404, timeout) the list's own text
      else this.giftsError = (!res.ok && res.error.answered && res.error.msg) || '礼物加载失败'
    })
    return this.giftsList
  }

  /**
   * Send a gift (R3.16, R7.77). False when the room data is not loaded (R5.10), when the viewer must log in first,
   * under the iOS review restriction (R6.5), and when the server refuses; not enough gold offers 去充值.
   */
  async send(
    roomId: number,
    gift: Pick<Gift, 'id' | 'name' | 'price'> & { icon?: string },
    combo = 1
  ): Promise<boolean> {
    if (!liveStore.roomsData[roomId]) return false // R5.10
    if (this.sending) return false
    // taken before the first await: a second tap while the login is checked would send (and charge) a second gift
    runInAction(() => (this.sending = true))
    try {
      if (!(await loginPrompt.requireLogin())) return false
      if (!serviceConfig.ensureIosAllowed()) return false // R6.5
      const n = Math.max(1, Math.floor(combo) || 1)
      const res = await this.call(roomId, gift.id, n)
      if (res.ok && res.data) {
        const data = res.data
        const balance = this.deps.balance
        if (Number.isFinite(Number(data.gold))) balance.setGold(Number(data.gold))
        else if (balance.gold !== null) balance.setGold(Math.max(0, balance.gold - gift.price * n))
        this.addEvent(
          {
            ...data,
            roomid: roomId,
            giftid: gift.id,
            gift_name: data.gift_name || gift.name,
            icon: data.icon || gift.icon || '',
            combo: n
          },
          true
        )
        return true
      }
      // a lost reply: the gift may have gone through; tapping it again is safe (same key, charged once)
      const refusal = res.ok ? null : res.error
      const msg = outcomeUnknown(res) ? GIFT_UNCONFIRMED : refusal?.msg || '赠送失败'
      const data = refusal?.data as { gold?: number } | null | undefined
      if (data && Number.isFinite(Number(data.gold))) this.deps.balance.setGold(Number(data.gold))
      if (isNotEnoughGold(refusal)) await this.offerTopUp(msg, roomId)
      else void showToast(msg)
      return false
    } finally {
      runInAction(() => (this.sending = false))
    }
  }

  /**
   * One gift tap's call: one request_id for the tap, the same one for the retries of an unknown outcome
   * and for a repeat tap of the same gift after all of them went unanswered.
   */
  private async call(roomId: number, giftId: number, combo: number): Promise<GiftReply> {
    const u = this.unanswered
    const key =
      u && u.roomId === roomId && u.giftId === giftId && u.combo === combo && this.deps.now() - u.at < GIFT_KEY_REUSE
        ? u.key
        : this.deps.newKey()
    let res: GiftReply
    for (let attempt = 0; ; attempt++) {
      res = await settle(sendGift({ roomid: roomId, giftid: giftId, combo, request_id: key }))
      if (!outcomeUnknown(res) || attempt >= GIFT_RETRIES) break
      await new Promise<void>((resolve) => this.deps.setTimer(resolve, this.deps.retryDelay(attempt)))
    }
    this.unanswered = outcomeUnknown(res) ? { roomId, giftId, combo, key, at: this.deps.now() } : null
    return res
  }

  /** Not enough gold: a modal whose confirmation opens the deposit page (openTopUp). */
  async offerTopUp(msg: string, roomId: number): Promise<void> {
    const res = await showModal({ title: '提示', content: msg, confirmText: TOP_UP_TEXT })
    if (res && res.confirm) await this.openTopUp(roomId)
  }

  /** The deposit page from room `roomId`: it offers 返回直播间 (as the paid room's unlock sheet's does). */
  openTopUp(roomId: number): Promise<unknown> {
    return openPage('deposit', { from: 'live', id: roomId })
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
    const roomId = Number(data.roomid)
    const userId = Number(data.user_id) || 0
    const combo = Number(data.combo) || 1
    const at = this.deps.now()
    // the same viewer's same gift still on screen: a combo, one item whose count adds up (and stays up longer)
    const same = this.events.find(
      (e) => e.roomId === roomId && e.mine === mine && e.userId === userId && e.giftName === data.gift_name
    )
    if (same) {
      const merged: GiftEvent = { ...same, combo: same.combo + combo, sends: same.sends + 1, at }
      this.events = [...this.events.filter((e) => e !== same), merged]
      this.deps.setTimer(() => this.expire(same.key, at), GIFT_EVENT_TTL)
      return
    }
    const key = ++this.seq
    const event: GiftEvent = {
      key,
      roomId,
      userId,
      nickname: mine ? '我' : data.nickname || '观众',
      giftName: data.gift_name,
      icon: data.icon || '',
      combo,
      sends: 1,
      mine,
      at
    }
    this.events = [...this.events, event].slice(-GIFT_EVENTS_MAX)
    this.deps.setTimer(() => this.expire(key, at), GIFT_EVENT_TTL)
  }

  /** An event's time is up, unless a repeat since (a later `at`) kept it on screen. */
  private expire(key: number, at: number) {
    this.events = this.events.filter((e) => e.key !== key || e.at !== at)
  }
}

export const giftStore = new GiftStore()
