import { lazyChunk } from '@/utils/chunk'
import type { GiftPanelModule } from './gift-panel-loader'

/**
 * H5: the gift panel is its own chunk, fetched when a viewer first taps 礼物 (the live room's first load does not
 * carry it); a failed fetch is tried again at the next tap.
 */
export const loadGiftPanel: () => Promise<GiftPanelModule> = lazyChunk(
  () => import(/* webpackChunkName: "gift-panel" */ './gift-panel')
)
