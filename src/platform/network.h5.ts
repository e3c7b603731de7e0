import type { NetworkKind } from './network'

type Connection = { type?: string; effectiveType?: string }

/**
 * H5 variant of network.ts: the Network Information API (Chrome on Android, WeChat's browser): `type` cellular, and
 * `effectiveType` 2g or 3g for a slow network. Browsers without it (Safari) are taken as Wi-Fi: no notice.
 */
export async function networkKind(): Promise<NetworkKind> {
  const c =
    (typeof navigator !== 'undefined'
      ? (navigator as Navigator & { connection?: Connection }).connection
      : undefined) || {}
  const effective = String(c.effectiveType || '').toLowerCase()
  return { cellular: c.type === 'cellular', slow: effective === '2g' || effective === '3g' || effective === 'slow-2g' }
}
