import * as premium from './premium-banner'

/**
 * A paid room's banner and store (premium-banner.tsx). Mini-program: in package A already; premium-loader.h5.ts
 * loads them on the web, for a paid room only.
 */
export type PremiumModule = typeof premium

export function loadPremium(): Promise<PremiumModule> {
  return Promise.resolve(premium)
}
