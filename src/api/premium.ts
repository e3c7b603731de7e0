import { callPost } from '@/core/call'

/** The answer of ispremium (R7.87): purchased 1 when the viewer may watch. */
export interface PremiumStatus {
  id?: number
  is_premium?: number
  purchased?: number
  price?: number
  trial_seconds?: number
}

/** The answer of premium_pay (R7.88). */
export interface PremiumPayResult {
  purchased?: number
  charged?: number
  gold?: number
}

/** POST /userapp/ispremium {id} (R7.87). */
export function checkPremium(id: number): Promise<PremiumStatus | null> {
  return callPost<PremiumStatus | null>('/userapp/ispremium', { id })
}

/** POST /userapp/premium_pay {id, review_id} (R7.88); review_id names a playback, id a live room. */
export function payPremium(q: { id?: number; review_id?: number }): Promise<PremiumPayResult | null> {
  const data: Record<string, unknown> = {}
  if (q.id) data.id = q.id
  if (q.review_id) data.review_id = q.review_id
  return callPost<PremiumPayResult | null>('/userapp/premium_pay', data)
}
