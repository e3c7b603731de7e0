import * as panel from './gift-panel'

/** The gift panel (gift-panel.tsx). Mini-program: in package A already; gift-panel-loader.h5.ts loads it on the web. */
export type GiftPanelModule = typeof panel

export function loadGiftPanel(): Promise<GiftPanelModule> {
  return Promise.resolve(panel)
}
