import { makeAutoObservable, runInAction } from 'mobx'
import {
  fetchDepositLog,
  fetchGoldPrices,
  payGold,
  type GoldPrice,
  type PayMethod,
  type PayMethodKey,
  type PaymentOrder
} from '@/api/pay'
import { settle } from '@/core/call'
import { showToast } from '@/ui/overlay'
import { balanceStore } from '@/stores/balance'
import { depositMethods, launchPayment, type PaymentOutcome } from '@/stores/deposit-platform'
import { serviceConfig } from '@/stores/service-config'
import { loginPrompt } from '@/stores/login-prompt'
import { getItem, removeItem, setItem } from '@/platform/storage'

export const DEPOSIT_SUCCESS_TEXT = '充值成功'
export const DEPOSIT_CANCELLED_TEXT = '已取消支付'
/** The order handed to a payment page (H5 leaves the app for it), kept until the page is back to tell its outcome. */
const PENDING_KEY = 'deposit_pending_order'

interface PendingOrder {
  order_id: string
  gold: number
}

export interface DepositDeps {
  methods: () => PayMethod[]
  launch: (order: PaymentOrder) => Promise<PaymentOutcome>
}

/**
 * The top-up (spec R1.4, R3.42–R3.49, R7.67, R7.84): the gold packages, the platform's payment methods, the order
 * (pay_gold {m, gold}) and its payment on the platform; the balance (balanceStore.gold) is refreshed afterwards.
 */
export class DepositStore {
  prices: GoldPrice[] = []
  loading = false
  loaded = false
  error = ''
  selectedId: number | null = null
  method: PayMethodKey | null = null
  paying = false
  /** The top-up just paid: the page shows 充值成功 with it and the new balance (and the way back to the room). */
  done: { gold: number } | null = null
  private deps: DepositDeps

  constructor(deps: Partial<DepositDeps> = {}) {
    this.deps = { methods: depositMethods, launch: launchPayment, ...deps }
    makeAutoObservable<DepositStore, 'deps'>(this, { deps: false })
  }

  configure(deps: Partial<DepositDeps>): this {
    this.deps = { ...this.deps, ...deps }
    return this
  }

  get methods(): PayMethod[] {
    return this.deps.methods()
  }

  get selected(): GoldPrice | null {
    return this.prices.find((p) => p.id === this.selectedId) || null
  }

  get balance(): number | null {
    return balanceStore.gold
  }

  /**
   * The packages (R7.67) and the balance; the first hot package (else the first) and the first method are chosen.
   * Back from a payment page, the order it paid ends on 充值成功 (resume).
   */
  async load(): Promise<void> {
    this.loading = true
    this.error = ''
    const [res] = await Promise.all([settle(fetchGoldPrices()), balanceStore.loadBalance(), this.resume()])
    runInAction(() => {
      this.loading = false
      this.loaded = true
      if (!res.ok || !Array.isArray(res.data)) {
        this.error = (!res.ok && res.error.msg) || '加载失败，请稍后再试'
        return
      }
      const prices: GoldPrice[] = res.data
      this.prices = prices
      if (!this.selected) this.selectedId = (prices.find((p) => Number(p.hot) > 0) || prices[0])?.id ?? null
      if (!this.method || !this.methods.some((m) => m.key === this.method)) this.method = this.methods[0]?.key ?? null
    })
  }

  /**
   * The order a payment page was opened for (H5: the browser left the app and came back here): paid, the page shows
   * 充值成功 with the gold and the balance; not paid, the packages as before and 已取消支付 (as the mall's order
   * says for its payment page left unpaid; the order stays 待支付 in 充值记录). Asked once; a log that cannot be
   * read says nothing.
   */
  async resume(): Promise<void> {
    const pending = getItem<PendingOrder>(PENDING_KEY)
    if (!pending || typeof pending.order_id !== 'string') return
    removeItem(PENDING_KEY)
    const res = await settle(fetchDepositLog({ page: 1, count: 20 }))
    const order = res.ok ? res.data.list.find((o) => o.order_id === pending.order_id) : undefined
    if (order?.status === 'paid') {
      await balanceStore.loadBalance()
      runInAction(() => (this.done = { gold: order.gold }))
    } else if (order) void showToast(DEPOSIT_CANCELLED_TEXT)
  }

  /** 继续充值: the packages again. */
  again() {
    this.done = null
  }

  select(id: number) {
    this.selectedId = id
  }

  chooseMethod(key: PayMethodKey) {
    if (this.methods.some((m) => m.key === key)) this.method = key
  }

  /**
   * Pay for the chosen package: login (R6.2), the iOS rule (R6.5), the order (R7.84, R3.48), the platform payment;
   * then the balance is fetched again. True when paid here or handed to a payment page.
   */
  async pay(): Promise<boolean> {
    const price = this.selected
    const m = this.method
    if (!price || !m || this.paying) return false
    // taken before the first await: a second tap while the login is checked would place a second order
    runInAction(() => (this.paying = true))
    try {
      if (!(await loginPrompt.requireLogin())) return false
      if (!serviceConfig.ensureIosAllowed()) return false
      const res = await settle(payGold({ m, gold: price.gold }))
      const order = res.ok ? res.data : null
      if (!order) {
        void showToast((!res.ok && res.error.msg) || '下单失败，请稍后再试')
        return false
      }
      setItem<PendingOrder>(PENDING_KEY, { order_id: order.order_id, gold: order.gold })
      const outcome = await this.deps.launch({ ...order, m: order.m || m })
      if (outcome.status === 'redirected') return true
      removeItem(PENDING_KEY)
      if (outcome.status === 'paid') {
        await balanceStore.loadBalance()
        runInAction(() => (this.done = { gold: order.gold }))
        void showToast(DEPOSIT_SUCCESS_TEXT, { icon: 'success' })
        return true
      }
      void showToast(outcome.status === 'cancelled' ? DEPOSIT_CANCELLED_TEXT : outcome.msg)
      return false
    } finally {
      runInAction(() => (this.paying = false))
    }
  }
}

export const depositStore = new DepositStore()
