import { makeAutoObservable } from 'mobx'
import { fetchUserInfo } from '@/api/user'
import { sessionStore } from './session'
import { settle } from '@/core/call'
import { LatestAnswer } from '@/utils/latest'

/**
 * The viewer's 慧币 balance (spec R1.4): the current user's `gold`, then whatever a gift, a paid room or a top-up
 * answers. Shared by the live room's gifts and paid-live banner (packageA) and the deposit page (packageB).
 */
export class BalanceStore {
  /** The balance in 慧币; null until known (anonymous, or not fetched yet). */
  gold: number | null = null

  /**
   * The balances asked for and the ones answered otherwise (a gift's, a purchase's): an asking answered after a newer
   * balance came (the gift panel asks as it opens, a slow answer can come after the gift's) would put back the
   * balance before the gift.
   */
  private answers = new LatestAnswer()

  constructor() {
    makeAutoObservable<BalanceStore, 'answers'>(this, { answers: false })
  }

  /** The balance: the current user's gold (POST /userapp/userinfo). Anonymous viewers have none. */
  async loadBalance(): Promise<number | null> {
    const asking = this.answers.ask()
    // the start's current-user check (under way or just answered) is the same call: its balance is taken, not asked;
    // who is logged in is known once it has answered
    await sessionStore.currentUserChecked()
    if (!sessionStore.isLoggedIn) {
      this.setGold(null)
      return null
    }
    const checked = sessionStore.takeCheckedGold()
    if (checked !== null) {
      if (this.answers.take(asking)) this.applyGold(checked)
      return this.gold
    }
    const res = await settle(fetchUserInfo())
    // a failure keeps the last known balance, and so does an answer older than a balance since known
    if (res.ok && this.answers.take(asking)) {
      const gold = Number(res.data.gold)
      this.applyGold(Number.isFinite(gold) ? gold : null)
    }
    return this.gold
  }

  /** A balance a gift, a purchase or a top-up answered: newer than any asked for before it. */
  setGold(gold: number | null) {
    this.answers.take(this.answers.ask())
    this.applyGold(gold)
  }

  private applyGold(gold: number | null) {
    this.gold = gold
  }
}

export const balanceStore = new BalanceStore()
