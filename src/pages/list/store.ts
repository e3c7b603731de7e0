import { fetchDepositLog, fetchGiftLog, type DepositLogItem, type GiftLogItem } from '@/api/pay'
import { PAGE_SIZE, PagedList } from '@/stores/paged-list'

/** User state (spec R3.28): the paged deposit and gift logs. */
export class UserLogsStore {
  readonly depositLog = new PagedList<DepositLogItem>((q) => fetchDepositLog(q), PAGE_SIZE.default)
  readonly giftLog = new PagedList<GiftLogItem>((q) => fetchGiftLog(q), PAGE_SIZE.default)
}

export const userLogsStore = new UserLogsStore()
