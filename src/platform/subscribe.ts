import Taro from '@tarojs/taro'

import { decisionOf, type SubscribeDecision } from './subscribe-decision'

/**
 * Mini-program: ask for the subscription message inside the tap that triggers it (WeChat refuses otherwise).
 * No template configured, or the dialog failing, leaves the default decision: accept.
 */
export async function requestSubscription(tmplId: string): Promise<SubscribeDecision> {
  if (!tmplId) return 'accept'
  try {
    const res = await Taro.requestSubscribeMessage({ tmplIds: [tmplId], entityIds: [] })
    return decisionOf(res as unknown as Record<string, unknown>, tmplId)
  } catch {
    return 'accept'
  }
}
