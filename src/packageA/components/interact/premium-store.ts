import { makeAutoObservable, runInAction } from 'mobx'
import { checkPremium, payPremium, type PremiumPayResult, type PremiumStatus } from '@/api/premium'
import { settle } from '@/core/call'
import { failureText } from '@/utils/errors'
import { showToast } from '@/ui/overlay'
import { balanceStore } from '@/stores/balance'
import { liveStore } from '@/stores/live'
import { serviceConfig } from '@/stores/service-config'
import { loginPrompt } from '@/stores/login-prompt'
import { getItem, setItem } from '@/platform/storage'
import { isNotEnoughGold } from './gift-store'
import { isPaid, type PaidInfo } from './paid'

/** The paid live room banner states (spec R4.12). */
export type BannerState = 'WELCOM' | 'TRIAL' | 'TRIAL_ENDED' | 'PREMIUM' | 'PREMIUM_PAYED'

/** R8.14 */
export const PURCHASE_SUCCESS_TEXT = '购买成功'
/** R8.13: a failed purchase shows the server message this long. */
export const PURCHASE_FAILURE_DURATION = 3000

export interface BannerInput {
  isPremium: boolean
  /** null while the ispremium answer is not known. */
  purchased: boolean | null
  trialSeconds: number
  /** Seconds watched since the trial started. */
  elapsed: number
}

/**
 * R4.12: WELCOM for a free room (or before anything is known), PREMIUM_PAYED once bought, TRIAL while the trial
 * runs, TRIAL_ENDED after it, PREMIUM for a paid room without a trial.
 */
export function bannerState(input: BannerInput): BannerState {
  if (!input.isPremium) return 'WELCOM'
  if (input.purchased === true) return 'PREMIUM_PAYED'
  if (input.trialSeconds > 0) return input.elapsed < input.trialSeconds ? 'TRIAL' : 'TRIAL_ENDED'
  return 'PREMIUM'
}

/**
 * R5.17: an unusable ispremium response counts as purchased; only a clear purchased 0 means not bought. `status` is
 * the call's data, or null when the call failed.
 */
export function purchasedFrom(status: PremiumStatus | null | undefined): boolean {
  if (!status || typeof status !== 'object') return true
  const p = Number(status.purchased)
  if (status.purchased === undefined || status.purchased === null || Number.isNaN(p)) return true
  return p !== 0
}

/** What is paid for, as the banner names it. */
export type PaidKind = 'room' | 'playback'
const PAID_NOUN: Record<PaidKind, string> = { room: '付费直播', playback: '付费回放' }

/** The banner's words while the viewer's purchase is not known yet (ispremium has not answered). */
export function checkingText(kind: PaidKind = 'room'): string {
  return `${PAID_NOUN[kind]}，正在确认购买状态…`
}

/** The banner's words per state; `price` is in 慧币. A paid playback reads 付费回放 where a room reads 付费直播. */
export function bannerText(
  state: BannerState,
  price: number,
  trialLeft = 0,
  kind: PaidKind = 'room'
): { text: string; action: string } {
  const noun = PAID_NOUN[kind]
  switch (state) {
    case 'TRIAL':
      return {
        text: `${noun} 试看中${trialLeft > 0 ? `（剩余 ${trialLeft} 秒）` : ''}，点击解锁`,
        action: `${price} 慧币解锁`
      }
    case 'TRIAL_ENDED':
      return { text: '试看结束，解锁后继续观看', action: `${price} 慧币解锁` }
    case 'PREMIUM':
      return { text: `${noun}，点击解锁 ${price} 慧币`, action: '解锁' }
    case 'PREMIUM_PAYED':
      return { text: '已解锁，感谢支持', action: '' }
    default:
      return { text: '', action: '' }
  }
}

/**
 * When the viewer's trial of each paid room (or playback) started (ms), kept on the device: the server gives one trial
 * per viewer and target a day (server/services/stream-access.ts, `trialReset`) and its stream token ends with it, so a reload or a
 * second visit goes on counting the same trial rather than promise a new one the stream would not honour.
 */
const TRIAL_MEMORY_MS = 24 * 3600 * 1000

function readTrialStarts(key: string, now: number): Record<number, number> {
  const kept = getItem<unknown>(key)
  const out: Record<number, number> = {}
  if (!kept || typeof kept !== 'object') return out
  for (const [id, start] of Object.entries(kept)) {
    if (typeof start === 'number' && start <= now && now - start < TRIAL_MEMORY_MS) out[Number(id)] = start
  }
  return out
}

export interface PremiumDeps {
  now: () => number
  setInterval: (fn: () => void, ms: number) => unknown
  clearInterval: (handle: unknown) => void
  /** Rooms (the live store's room info) or playbacks (their detail, as the playback page learns it). */
  kind: PaidKind
}

/**
 * Paid live rooms and paid playbacks (spec R1.6, R4.12, R5.17, R7.87, R7.88, R8.13, R8.14), one store for each kind:
 * the banner state per room (or playback) from its info (is_premium, price, trial_seconds), the ispremium answer and
 * the trial time elapsed; the purchase (a playback's by review_id).
 */
export class PremiumStore {
  /** ispremium per room (or playback); absent while unknown. */
  purchased: Record<number, boolean> = {}
  /** When the viewer's trial started per room (or playback) (ms). */
  trialStarts: Record<number, number> = {}
  /** The `trial_left` last read per room (or playback) (adopt). */
  private adopted = new Map<number, number>()
  /** Playbacks' details as their page learns them (rooms are read from the live store). */
  private known: Record<number, PaidInfo> = {}
  /** The clock the banner reads; ticks each second while a trial runs. */
  now: number
  paying = false
  /** The room (or playback) whose unlock the confirm sheet asks about; null while no sheet is open. */
  confirming: number | null = null
  private deps: PremiumDeps
  private ticker: unknown = null
  private watching = new Map<number, number>()
  /** ispremium askings and purchases in order: an answer asked before a purchase landed is older than it (check). */
  private seq = 0
  private boughtAt = new Map<number, number>()

  constructor(deps: Partial<PremiumDeps> = {}) {
    this.deps = {
      now: () => Date.now(),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
      kind: 'room',
      ...deps
    }
    this.now = this.deps.now()
    this.trialStarts = readTrialStarts(this.trialKey, this.now)
    makeAutoObservable<PremiumStore, 'deps' | 'ticker' | 'watching' | 'adopted' | 'seq' | 'boughtAt'>(this, {
      deps: false,
      ticker: false,
      watching: false,
      adopted: false,
      seq: false,
      boughtAt: false
    })
  }

  get kind(): PaidKind {
    return this.deps.kind
  }

  private get trialKey(): string {
    return this.deps.kind === 'room' ? 'premium_trial_starts' : 'premium_playback_trial_starts'
  }

  private info(id: number): PaidInfo | undefined {
    return this.deps.kind === 'room' ? liveStore.roomsData[id] : this.known[id]
  }

  /** A playback's detail, as its page loaded it, with the server's count of this viewer's trial (adopt). */
  know(id: number, info: PaidInfo) {
    this.known[id] = info
    this.adopt(id, info)
  }

  /** The ispremium / premium_pay payload: a room by id, a playback by review_id (R7.87, R7.88). */
  private target(id: number): { id: number } | { review_id: number } {
    return this.deps.kind === 'room' ? { id } : { review_id: id }
  }

  /** Whether the info of this room (or playback) is in. */
  has(id: number): boolean {
    return !!this.info(id)
  }

  /** `info` is the room's info when it is at hand before the live store keeps it (the stream starts on its arrival). */
  isPremium(id: number, info = this.info(id)): boolean {
    return isPaid(info)
  }

  price(id: number): number {
    return Number(this.info(id)?.price) || 0
  }

  trialSeconds(id: number, info = this.info(id)): number {
    return Math.max(0, Number(info?.trial_seconds) || 0)
  }

  elapsed(id: number): number {
    const start = this.trialStarts[id]
    return start === undefined ? 0 : Math.max(0, Math.floor((this.now - start) / 1000))
  }

  trialLeft(id: number): number {
    return Math.max(0, this.trialSeconds(id) - this.elapsed(id))
  }

  state(id: number, info = this.info(id)): BannerState {
    return bannerState({
      isPremium: this.isPremium(id, info),
      purchased: this.purchased[id] ?? null,
      trialSeconds: this.trialSeconds(id, info),
      elapsed: this.elapsed(id)
    })
  }

  /** True when the stream must not play: a paid room whose trial ended (or that has none) and is not bought. */
  blocked(id: number, info = this.info(id)): boolean {
    const s = this.state(id, info)
    return s === 'TRIAL_ENDED' || s === 'PREMIUM'
  }

  /**
   * R7.87, R5.17. An answer asked before a purchase of the same room (or playback) landed is older than that purchase:
   * it would lock again what the viewer has just paid for (the check after a login, still on its way as they confirm).
   */
  async check(id: number): Promise<boolean> {
    const asked = ++this.seq
    const bought = purchasedFrom((await settle(checkPremium(this.target(id)))).data ?? null)
    if ((this.boughtAt.get(id) ?? 0) > asked) return true
    runInAction(() => (this.purchased[id] = bought))
    return bought
  }

  /**
   * The banner is on screen: check the purchase once the room is paid, start the trial clock. Returns the stop
   * function (the clock stops when no room is watched).
   */
  watch(id: number): () => void {
    this.watching.set(id, (this.watching.get(id) || 0) + 1)
    const now = this.deps.now()
    const start = this.trialStarts[id]
    if (!this.adopt(id) && (start === undefined || now - start >= TRIAL_MEMORY_MS)) this.keepTrialStart(id, now)
    this.tick()
    if (this.ticker === null) this.ticker = this.deps.setInterval(() => this.tick(), 1000)
    return () => this.unwatch(id)
  }

  /**
   * The server's count of this viewer's trial, when the info (as it arrived, or `info`) tells it (`trial_left`): the
   * trial's start follows from it, whatever this device kept, so a trial spent elsewhere (another device, a cleared
   * browser) shows 试看结束 rather than a new countdown over a stream that refuses. An answer is read once, as it arrives
   * (its `trial_left` is of that moment). False when the info tells nothing (a server without it: the device's clock).
   */
  adopt(id: number, info = this.info(id)): boolean {
    if (!info || typeof info.trial_left !== 'number') return false
    // the same answer (the info as it arrived, then as the live store keeps it) is read once
    if (this.adopted.get(id) === info.trial_left) return true
    this.adopted.set(id, info.trial_left)
    const spent = Math.max(0, this.trialSeconds(id, info) - info.trial_left)
    this.keepTrialStart(id, this.deps.now() - spent * 1000)
    this.tick()
    return true
  }

  private keepTrialStart(id: number, start: number) {
    this.trialStarts[id] = start
    setItem(this.trialKey, { ...readTrialStarts(this.trialKey, this.deps.now()), [id]: start })
  }

  private unwatch(id: number) {
    const n = (this.watching.get(id) || 1) - 1
    if (n > 0) this.watching.set(id, n)
    else this.watching.delete(id)
    if (this.watching.size === 0 && this.ticker !== null) {
      this.deps.clearInterval(this.ticker)
      this.ticker = null
    }
  }

  tick() {
    this.now = this.deps.now()
  }

  /**
   * A tap on the banner never spends: it opens the confirm sheet with the price and the viewer's balance (fetched
   * again, so the sheet says whether it is enough). Login first (R6.2) and the iOS rule (R6.5), as for the purchase.
   */
  async ask(id: number): Promise<boolean> {
    if (this.paying || this.purchased[id]) return false
    if (!(await loginPrompt.requireLogin())) return false
    if (!serviceConfig.ensureIosAllowed()) return false
    runInAction(() => (this.confirming = id))
    await balanceStore.loadBalance()
    return true
  }

  /** 取消: the sheet closes, nothing is charged. */
  dismiss() {
    this.confirming = null
  }

  /** How many 慧币 the viewer lacks for this unlock: 0 when the balance covers it, null while it is not known. */
  shortfall(id: number): number | null {
    const gold = balanceStore.gold
    return gold === null ? null : Math.max(0, this.price(id) - gold)
  }

  /** 确认解锁 on the sheet: the one call that charges (R7.88); the sheet closes when it has answered. */
  async confirm(): Promise<boolean> {
    const id = this.confirming
    if (id === null) return false
    const ok = await this.purchase(id)
    runInAction(() => {
      if (this.confirming === id) this.confirming = null
    })
    return ok
  }

  /**
   * R7.88, R8.13, R8.14: buy the room (or a playback by review_id); the viewer has confirmed the price on the sheet
   * (ask, confirm). Login first (R6.2), the iOS rule (R6.5); success toasts 购买成功 and unlocks, failure shows the
   * server message for 3 s.
   */
  async purchase(id: number): Promise<boolean> {
    if (this.paying) return false
    // taken before the first await: a second tap while the login is checked would send a second purchase
    runInAction(() => (this.paying = true))
    const allowed = (await loginPrompt.requireLogin()) && serviceConfig.ensureIosAllowed()
    const res = allowed ? await settle(payPremium(this.target(id))) : null
    runInAction(() => (this.paying = false))
    if (!res) return false
    if (!res.ok) {
      void showToast(failureText(res.error, '购买失败'), { duration: PURCHASE_FAILURE_DURATION })
      if (isNotEnoughGold(res.error)) {
        const gold = Number((res.error.data as { gold?: number } | null)?.gold)
        if (Number.isFinite(gold)) balanceStore.setGold(gold)
      }
      return false
    }
    const paid: PremiumPayResult | null = res.data
    runInAction(() => (this.purchased[id] = true))
    this.boughtAt.set(id, ++this.seq)
    const gold = Number(paid?.gold)
    if (paid && Number.isFinite(gold)) balanceStore.setGold(gold)
    void showToast(PURCHASE_SUCCESS_TEXT, { icon: 'success' })
    return true
  }
}

export const premiumStore = new PremiumStore()
/** Paid playbacks: bought by review_id, their trial kept apart from the rooms'. */
export const playbackPremiumStore = new PremiumStore({ kind: 'playback' })
