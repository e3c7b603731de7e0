/**
 * The two documents the login asks the viewer to accept. Their texts are configuration, read from the files that
 * TARO_APP_USER_AGREEMENT_FILE and TARO_APP_PRIVACY_POLICY_FILE name at build time (config/env.ts, legalTexts;
 * placeholders in the demo), and compiled into this package only.
 */
export type LegalDoc = 'agreement' | 'privacy'

export const LEGAL_DOCS: Record<LegalDoc, { title: string; text: string }> = {
  agreement: { title: '用户协议', text: process.env.LEGAL_USER_AGREEMENT },
  privacy: { title: '隐私政策', text: process.env.LEGAL_PRIVACY_POLICY }
}

export function isLegalDoc(doc: unknown): doc is LegalDoc {
  return doc === 'agreement' || doc === 'privacy'
}

/** A document's paragraphs: its text split at blank lines. */
export function paragraphs(text: string): string[] {
  return (text || '')
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
}
