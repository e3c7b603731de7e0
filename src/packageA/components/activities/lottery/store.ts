import { makeAutoObservable, runInAction } from 'mobx'
import { fetchLotteryResult, joinLottery, type LotteryData, type LotteryResultData } from '@/api/activity'
import { settle } from '@/core/call'
import type { DanmakuPushData } from '@/core/socket'
import type { ActivityStore, StageContext } from '../types'

/** R4.35: a lottery's local status. */
export type LotteryStatus = 'unsent' | 'sent' | 'finish'

/**
 * R4.36: the chat text sent marks the lottery sent when it equals the lottery's title, the lottery has an id and it
 * was not marked yet; anything else leaves the status as it was.
 */
export function markSent(
  status: LotteryStatus,
  lottery: Pick<LotteryData, 'id' | 'title'> | null,
  text: string
): LotteryStatus {
  if (!lottery || !lottery.id || status !== 'unsent') return status
  return text.trim() === String(lottery.title).trim() ? 'sent' : status
}

/** R4.37: the result is a win (with the prize data) or a loss. */
export type LotteryOutcome =
  { win: true; prize: string; winners: LotteryData['userlist'] } | { win: false; winners: LotteryData['userlist'] }
export function lotteryOutcome(res: Pick<LotteryResultData, 'win' | 'prize' | 'userlist'>): LotteryOutcome {
  return Number(res.win) === 1
    ? { win: true, prize: res.prize || '', winners: res.userlist || [] }
    : { win: false, winners: res.userlist || [] }
}

/** The room's lottery (R3.36): text (send the title as chat) or grab (tap to join), then the result. */
export class LotteryStore implements ActivityStore {
  lottery: LotteryData | null = null
  /** R4.35 per lottery id. */
  statuses: Record<number, LotteryStatus> = {}
  joined = false
  /** A join on its way: a second tap meanwhile (a double tap, a slow network) sends nothing. */
  joining = false
  outcome: LotteryOutcome | null = null
  private off: (() => void) | null = null

  constructor(private ctx: StageContext) {
    makeAutoObservable<LotteryStore, 'ctx' | 'off'>(this, { ctx: false, off: false })
    this.resume()
  }

  /** Listen to the room's chat for the viewer's own messages (R4.36); again after the stage was left and entered. */
  resume(): void {
    this.off?.()
    this.off = this.ctx.socket()?.on('danmaku', (d) => this.chatSeen(d)) ?? null
  }

  get showing(): boolean {
    return !!this.lottery
  }

  get status(): LotteryStatus {
    return (this.lottery && this.statuses[this.lottery.id]) || 'unsent'
  }

  get isText(): boolean {
    return Number(this.lottery?.lottery_type) === 0
  }

  private set(d: LotteryData) {
    if (d.id !== this.lottery?.id) {
      this.joined = false
      this.outcome = null
    }
    this.lottery = d
    if (!this.statuses[d.id]) this.statuses[d.id] = 'unsent'
  }

  applyDetail(data: unknown): boolean {
    const d = data as LotteryData | null
    if (!d || !d.id) return false
    const fresh = d.id !== this.lottery?.id
    this.set(d)
    if (Number(d.status) === 0) this.finished()
    return fresh
  }

  applyPush(type: string, data: unknown): boolean {
    const d = data as LotteryData | null
    if (!d || !d.id) return false
    const fresh = d.id !== this.lottery?.id
    this.set(d)
    if (type === 'lottery_result') {
      this.finished()
      return true
    }
    return fresh
  }

  /** The viewer's own chat (the push of what they sent) marks a text lottery sent (R4.36). */
  chatSeen(d: DanmakuPushData | null | undefined): void {
    const me = this.ctx.userId()
    if (!d || !me || Number(d.user_id) !== me || !this.lottery) return
    this.statuses[this.lottery.id] = markSent(this.status, this.lottery, String(d.content ?? ''))
    if (this.statuses[this.lottery.id] === 'sent') this.joined = true
  }

  /** Grab lottery: tap to join (login-gated). */
  join(): Promise<boolean> {
    const l = this.lottery
    if (!l || this.joined || this.joining || this.status === 'finish') return Promise.resolve(false)
    return this.ctx.gated(async () => {
      runInAction(() => (this.joining = true))
      try {
        const res = await settle(joinLottery(this.ctx.roomId, l.id), { rejections: 'throw' })
        if (!res.ok) {
          this.ctx.toast(res.error.msg || '参与失败')
          return false
        }
        runInAction(() => (this.joined = true))
        this.ctx.toast(res.data.msg || '参与成功，等待开奖')
        return true
      } finally {
        runInAction(() => (this.joining = false))
      }
    })
  }

  /** The draw is over: finish, then this viewer's result (login-gated, R6.2). */
  private finished() {
    const l = this.lottery
    if (!l) return
    this.statuses[l.id] = 'finish'
    if (!this.outcome) void this.loadResult()
  }

  loadResult(): Promise<boolean> {
    const l = this.lottery
    if (!l) return Promise.resolve(false)
    return this.ctx.gated(async () => {
      const res = await settle(fetchLotteryResult(this.ctx.roomId, l.id), { rejections: 'throw' })
      if (!res.ok || !res.data) return false
      const data = res.data
      runInAction(() => {
        if (this.lottery?.id === l.id) this.outcome = lotteryOutcome(data)
      })
      return true
    })
  }

  /** Joined and won are the last viewer's: the detail the stage asks again fetches a finished draw's result anew. */
  viewerChanged(): void {
    this.joined = false
    this.outcome = null
  }

  dispose(): void {
    this.off?.()
    this.off = null
  }
}
