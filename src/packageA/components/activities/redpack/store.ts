import { makeAutoObservable, runInAction } from 'mobx'
import { drawRedpack, fetchRedpackResult, type RedpackData, type RedpackResultData } from '@/api/activity'
import { settle } from '@/core/call'
import { LatestAnswer } from '@/utils/latest'
import type { ActivityStore, StageContext } from '../types'

/** The room's red packet (R7.89, R7.93, R7.94): detail, one draw per viewer (a double tap draws once), the result. */
export class RedpackStore implements ActivityStore {
  redpack: RedpackData | null = null
  /** What this viewer got: an amount, or 0 with the server's message (all taken). */
  outcome: { amount: number; msg: string } | null = null
  result: RedpackResultData | null = null
  /**
   * The viewer's own draws being asked for (restore): while one is, the card shows neither 抢 nor an amount, so a
   * packet the account took never shows 抢 for a moment before its amount.
   */
  restoring = 0
  private drawing: Promise<boolean> | null = null
  /** The results asked for: an older answer arriving last is left. */
  private results = new LatestAnswer()

  constructor(private ctx: StageContext) {
    makeAutoObservable<RedpackStore, 'ctx' | 'drawing' | 'results'>(this, {
      ctx: false,
      drawing: false,
      results: false
    })
  }

  get showing(): boolean {
    return !!this.redpack
  }

  private set(d: RedpackData | null): boolean {
    if (!d || !d.id) return false
    const fresh = d.id !== this.redpack?.id
    if (fresh) {
      this.outcome = null
      this.result = null
      this.drawing = null
    }
    this.redpack = d
    return fresh
  }

  /** On entering (and after a reconnect): a packet new to the store brings back the viewer's own draw of it. */
  applyDetail(data: unknown): boolean {
    const fresh = this.set(data as RedpackData | null)
    if (fresh) void this.restore()
    return fresh
  }

  /**
   * The viewer's own draw of the packet as the server keeps it (redpack/result's `mine`): after a reload the card
   * shows 抢到 N 慧币, not 抢 again. A visitor has none to restore.
   */
  async restore(): Promise<void> {
    if (!this.ctx.userId() || this.outcome) return
    this.restoring++
    try {
      await this.loadResult()
    } finally {
      runInAction(() => {
        this.restoring--
        const mine = Number(this.result?.mine) || 0
        if (mine > 0 && !this.outcome) this.outcome = { amount: mine, msg: '' }
      })
    }
  }

  applyPush(_type: string, data: unknown): boolean {
    return this.set(data as RedpackData | null)
  }

  viewerChanged(): void {
    this.outcome = null
    this.result = null
    this.drawing = null
    void this.restore()
  }

  /** R7.93, login-gated (R6.2); every tap while a draw is under way (or done) gets that same draw. */
  draw(): Promise<boolean> {
    const rp = this.redpack
    if (!rp) return Promise.resolve(false)
    if (this.outcome) return Promise.resolve(this.outcome.amount > 0)
    if (!this.drawing) {
      const drawing = this.ctx
        .gated(async () => {
          const res = await settle(drawRedpack(this.ctx.roomId, rp.id), { rejections: 'throw' })
          const msg = res.ok ? res.data.msg : res.error.msg
          const amount = res.ok ? Number(res.data.data?.amount) || 0 : 0
          // a new packet came while the draw was on its way: what was drawn is the last packet's, not this card's
          if (this.redpack?.id !== rp.id) return amount > 0
          runInAction(() => (this.outcome = { amount, msg: amount ? msg : msg || '手慢了，红包已抢完' }))
          await this.loadResult()
          return amount > 0
        })
        .finally(() => {
          if (!this.outcome && this.drawing === drawing) this.drawing = null // a 401 or a failure may be tried again
        })
      this.drawing = drawing
    }
    return this.drawing
  }

  /**
   * The packet's result (its takers, what is left, the viewer's own draw). Two askings overlap (the entry's restore
   * and a draw's): the older answer, arriving last, would put back a list without the viewer's draw in it.
   */
  async loadResult(): Promise<void> {
    const rp = this.redpack
    if (!rp) return
    const asking = this.results.ask()
    const res = await settle(fetchRedpackResult(this.ctx.roomId, rp.id))
    if (!res.ok || this.redpack?.id !== rp.id || !this.results.take(asking)) return
    runInAction(() => (this.result = res.data))
  }
}
