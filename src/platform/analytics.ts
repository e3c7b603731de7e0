/**
 * The external analytics SDK (spec R7.111) as the app uses it: load with the app key, identify the user, track events.
 * Its API is the one of the analytics service the spec's `wxdata_zhuge_cuid` cookie (R4.10) belongs to:
 * `load(appKey)`, `identify(uid, props)`, `track(event, props)`.
 */
export interface AnalyticsSdk {
  load(appKey: string, options?: Record<string, unknown>): void
  identify(uid: string, props?: Record<string, unknown>): void
  track(event: string, props?: Record<string, unknown>): void
}

/** Mini-program: an external script cannot run there; analytics stays off (identify and track are no-ops). */
export function loadAnalytics(_url: string): Promise<AnalyticsSdk | null> {
  return Promise.resolve(null)
}
