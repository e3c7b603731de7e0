import type { SubscribeDecision } from './subscribe-decision'

/** The web version has no subscription dialog: the default decision applies (spec R5.13). */
export async function requestSubscription(_tmplId: string): Promise<SubscribeDecision> {
  return 'accept'
}
