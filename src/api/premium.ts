import type { DataOf, InputOf, PostAt } from '../../contract'
import { callPost, track, type DeclaredCall } from '@/core/call'

/** The answer of ispremium (R7.87): purchased 1 when the viewer may watch. */
export type PremiumStatus = DataOf<PostAt<'/userapp/ispremium'>>

/** The answer of premium_pay (R7.88). */
export type PremiumPayResult = DataOf<PostAt<'/userapp/premium_pay'>>

/** POST /userapp/ispremium {id} or {review_id} (R7.87): a paid room, or a paid playback. */
export function checkPremium(q: { id: number } | { review_id: number }): Promise<PremiumStatus> {
  return callPost('/userapp/ispremium', q)
}

/** POST /userapp/premium_pay {id, review_id} (R7.88); review_id names a playback, id a live room. */
export const PREMIUM_PAY: DeclaredCall<InputOf<PostAt<'/userapp/premium_pay'>>, PremiumPayResult> = {
  path: '/userapp/premium_pay'
}

export function payPremium(q: { id?: number; review_id?: number }): Promise<PremiumPayResult> {
  const data: InputOf<PostAt<'/userapp/premium_pay'>> = {}
  if (q.id) data.id = q.id
  if (q.review_id) data.review_id = q.review_id
  return callPost(PREMIUM_PAY, data)
}

/** R7.111: 购买 — a room or playback unlocked, when something was charged. */
export const premiumPurchased = /*#__PURE__*/ track(PREMIUM_PAY, '购买', {
  room: (p) => p.id,
  props: (p, d) =>
    Number(d?.charged)
      ? { kind: p.review_id ? 'playback' : 'room', review_id: p.review_id ?? null, price: d?.charged }
      : null
})
