/** What the user decided for a subscription template: accept, reject, ban… (WeChat's answer per template id). */
export type SubscribeDecision = 'accept' | 'reject' | 'ban' | 'filter'

/** A template id the answer does not mention counts as accepted (spec R5.13: default accepting). */
export function decisionOf(answer: Record<string, unknown> | null | undefined, tmplId: string): SubscribeDecision {
  const v = answer?.[tmplId]
  return v === 'reject' || v === 'ban' || v === 'filter' ? v : 'accept'
}
