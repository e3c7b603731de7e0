import { makeAutoObservable } from 'mobx'
import { fetchUserInfo } from '@/api/user'
import { sessionStore } from './session'
import { settle } from '@/core/call'

/**
 * The viewer's 慧币 balance (spec R1.4): the current user's `gold`, then whatever a gift, a paid room or a top-up
 * answers. Shared by the live room's gifts and paid-live banner (packageA) and the deposit page (packageB).
 */
export class BalanceStore {
  /** The balance in 慧币; null until known (anonymous, or not fetched yet). */
  gold: number | null = null

  constructor() {
    makeAutoObservable(this)
  }

  /** The balance: the current user's gold (POST /userapp/userinfo). Anonymous viewers have none. */
  async loadBalance(): Promise<number | null> {
    if (!sessionStore.isLoggedIn) {
      this.setGold(null)
      return null
    }
    const res = await settle(fetchUserInfo())
    // a failure keeps the last known balance
    if (res.ok) {
      const gold = Number(res.data.gold)
      this.setGold(Number.isFinite(gold) ? gold : null)
    }
    return this.gold
  }

  setGold(gold: number | null) {
    this.gold = gold
  }
}

export const balanceStore = new BalanceStore()
