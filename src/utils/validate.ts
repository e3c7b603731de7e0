/** Mobile number: 11 digits, 1 then 3–9 (spec R5.1). */
export function isMobile(s: unknown): boolean {
  return typeof s === 'string' && /^1[3-9]\d{9}$/.test(s)
}

/** Digits only (spec R5.3). */
export function isDigits(s: unknown): boolean {
  return (typeof s === 'string' || typeof s === 'number') && /^\d+$/.test(String(s))
}

/** Phone numbers in text (13, 15, 16, 17, 18, 19…) become the first 3 digits, ****, then the rest (spec R5.2). */
export function maskPhones(text: string): string {
  if (!text) return ''
  // no lookbehind for "not after a digit": iOS before 16.4 cannot parse it (config/targets.json), and a script with
  // one fails whole; the character before (or the start) is matched and kept instead
  return text.replace(/(^|\D)(1[35-9]\d)(\d{4})(\d{4})(?!\d)/g, '$1$2****$4')
}

const ENTITIES: Record<string, string> = {
  '&nbsp;': ' ',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&amp;': '&'
}

/** HTML tags are stripped before display (spec R5.4); the common entities are decoded. */
export function stripHtml(html: string | null | undefined): string {
  if (!html) return ''
  // a tag opens with a letter, / or ! (a comment): `1 < 2 > 0` in a chat line is text, not a tag
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[a-zA-Z/!][^>]*>/g, '')
    .replace(/&(nbsp|lt|gt|quot|#39|amp);/g, (m) => ENTITIES[m])
    .trim()
}

/** What viewers wrote (chat, danmaku) as it is shown: tags stripped (R5.4), phone numbers masked (R5.2). */
export function displayText(text: string | null | undefined): string {
  return maskPhones(stripHtml(text))
}

/** A colour value is a 6-digit hex with a leading # (spec R1.25). */
export function isColor(s: unknown): boolean {
  return typeof s === 'string' && /^#[0-9a-fA-F]{6}$/.test(s)
}
