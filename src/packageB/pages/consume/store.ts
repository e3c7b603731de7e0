import { fetchConsumeLog, type ConsumeLogItem } from '@/api/pay'
import { PAGE_SIZE, PagedList } from '@/stores/paged-list'
import { CURRENCY } from '@/utils/currency'

/** 消费记录 (R2.46, R1.4, R1.6): the viewer's own 慧币 charges, unlocks and gifts, latest first, by 10. */
export const consumeLog = new PagedList<ConsumeLogItem>((q) => fetchConsumeLog(q), PAGE_SIZE.default)

/** What a charge was, as its row names it: 解锁付费直播 / 解锁付费回放, or 送出 鲜花 ×3. */
export function consumeTitle(item: ConsumeLogItem): string {
  if (item.kind === 'gift') return `送出 ${item.gift_name ?? '礼物'} ×${item.combo ?? 1}`
  return item.target === 'room' ? '解锁付费直播' : '解锁付费回放'
}

/** The amount, as spent: −50 慧币. */
export function consumeAmount(item: ConsumeLogItem): string {
  return `−${item.gold} ${CURRENCY}`
}
