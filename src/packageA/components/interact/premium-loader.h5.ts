import { lazyChunk } from '@/utils/chunk'
import type { PremiumModule } from './premium-loader'

/**
 * H5: the paid room's banner and store (its trial clock, the purchase check and the purchase) are a chunk of their
 * own, fetched when a room's info says it is paid: a free room's first load does not carry them.
 */
export const loadPremium: () => Promise<PremiumModule> = lazyChunk(
  () => import(/* webpackChunkName: "premium" */ './premium-banner')
)
