/**
 * Mini-program: an external analytics script cannot run there (src/platform/analytics.ts), so nothing is tracked and
 * none of the tracking code ships in the main package. analytics.h5.ts is the web's (R7.111).
 */
export const EVENTS = { purchase: '购买' } as const

export const analyticsStore = {
  start(): void {},
  track(_event: string, _props: Record<string, unknown> = {}): void {}
}

export function roomDetails(_roomId: unknown): Record<string, unknown> {
  return {}
}
