import type { RoomInfo } from '@/api/live'

/** What the paid banner and the page read of a paid room's info or a playback's detail. */
export type PaidInfo = Partial<Pick<RoomInfo, 'is_premium' | 'price' | 'trial_seconds' | 'trial_left'>>

/** A paid room or playback (spec R4.12): its info says `is_premium`. */
export function isPaid(info: PaidInfo | undefined): boolean {
  return Number(info?.is_premium) > 0
}
