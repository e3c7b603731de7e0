import { post, type Envelope } from '@/core/request'
import type { PagedData } from '@/stores/paged-list'

/** A deposit order (R7.85): method m, gold amount, price in yuan. */
export interface DepositLogItem {
  id: number | string
  m: string
  gold: number
  price: number
  status: string
  paid: number
  time: number
}

/** A sent gift (R7.78). */
export interface GiftLogItem {
  id: number
  roomid: number
  room_title?: string
  gift_name: string
  combo: number
  gold: number
  time: number
}

/** POST /userapp/deposit/log (R7.85), login required. */
export function fetchDepositLog(q: { page: number; count: number }): Promise<Envelope<PagedData<DepositLogItem>>> {
  return post<PagedData<DepositLogItem>>('/userapp/deposit/log', q)
}

/** POST /userapp/pay/log (R7.78): the user's gifts, login required. */
export function fetchGiftLog(q: { page: number; count: number }): Promise<Envelope<PagedData<GiftLogItem>>> {
  return post<PagedData<GiftLogItem>>('/userapp/pay/log', q)
}
