import type { HostBridge } from './bridge'

/** The mini-program runs inside the messenger itself: there is no host app to bridge to. */
export function hostBridge(): HostBridge | null {
  return null
}
