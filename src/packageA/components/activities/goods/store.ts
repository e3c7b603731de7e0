import { makeAutoObservable, runInAction } from 'mobx'
import { fetchGoods, viewGoods, type GoodsItem } from '@/api/activity'
import { settle } from '@/core/call'
import { openLink, openPage } from '@/router/navigate'
import type { ActivityStore, StageContext } from '../types'

/** R4.40, R3.41: the list renumbers `index` from 1. */
export function renumber(list: GoodsItem[]): GoodsItem[] {
  return list.map((g, i) => ({ ...g, index: i + 1 }))
}

/** R4.41: goods on screen marks only that item on_screen and takes the others off (an unknown item joins the list). */
export function putOnScreen(list: GoodsItem[], item: GoodsItem): GoodsItem[] {
  const known = list.some((g) => g.id === item.id)
  const next = known ? list.map((g) => (g.id === item.id ? { ...g, ...item } : g)) : [...list, item]
  return renumber(next.map((g) => ({ ...g, on_screen: g.id === item.id ? 1 : 0 })))
}

/** R4.42: take-down clears the on-screen goods. */
export function takeDown(list: GoodsItem[]): GoodsItem[] {
  return list.map((g) => (g.on_screen ? { ...g, on_screen: 0 } : g))
}

/** The room's goods (R7.100, R7.101): the list of the 商品 tab and the item on screen. */
export class GoodsStore implements ActivityStore {
  list: GoodsItem[] = []
  loaded = false
  private viewed = new Set<number>()

  constructor(private ctx: StageContext) {
    makeAutoObservable<GoodsStore, 'ctx' | 'viewed'>(this, { ctx: false, viewed: false })
  }

  get onScreen(): GoodsItem | undefined {
    return this.list.find((g) => g.on_screen === 1)
  }

  get showing(): boolean {
    return !!this.onScreen
  }

  applyDetail(data: unknown): boolean {
    if (!Array.isArray(data)) return false
    const before = this.onScreen?.id
    this.list = renumber(data as GoodsItem[])
    this.loaded = true
    return !!this.onScreen && this.onScreen.id !== before
  }

  applyPush(type: string, data: unknown): boolean {
    if (type === 'goods_off') {
      this.list = takeDown(this.list)
      return false
    }
    const item = data as GoodsItem | null
    if (!item || !item.id) return false
    this.list = putOnScreen(this.list, { ...item, on_screen: 1 })
    return true
  }

  /** The 商品 tab opened. */
  async open(): Promise<void> {
    const res = await settle(fetchGoods(this.ctx.roomId), { rejections: 'throw' })
    if (res.ok) runInAction(() => this.applyDetail(res.data || []))
  }

  /** R7.101: an item seen on the stage or opened counts once per room visit. */
  track(item: GoodsItem): void {
    if (this.viewed.has(item.id)) return
    this.viewed.add(item.id)
    void settle(viewGoods(item.id, this.ctx.roomId))
  }

  /** 去购买: the goods' page: the mall order page for a goods link of the mall (R2.21), any other link by the link router. */
  async buy(item: GoodsItem): Promise<void> {
    this.track(item)
    const mall = /\/pages\/mall\/payment\?(?:.*&)?goods_id=(\d+)/.exec(item.url || '')
    if (mall) await openPage('mallPayment', { goods_id: mall[1], roomid: String(this.ctx.roomId) })
    else await openLink(item.url)
  }
}
