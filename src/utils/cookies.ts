/** Pure cookie and header parsers (no storage, no platform): used by the platform cookie readers. */

/**
 * Splits Set-Cookie header values into `name=value` cookies. A single header may join several cookies with commas
 * (the mini-program and fetch both do), so split on commas that start a new `name=`; commas inside Expires stay.
 * A cookie with an empty value or Max-Age=0 / past Expires is a deletion and is reported as ''.
 */
export function parseSetCookie(header: string | string[] | undefined | null, now = Date.now()): Record<string, string> {
  const out: Record<string, string> = {}
  if (!header) return out
  const all = Array.isArray(header) ? header : [header]
  for (const h of all) {
    for (const cookie of String(h).split(/,(?=\s*[^;,=\s]+=)/)) {
      const [pair, ...attrs] = cookie.split(';')
      const eq = pair.indexOf('=')
      if (eq <= 0) continue
      const name = pair.slice(0, eq).trim()
      let value = pair.slice(eq + 1).trim()
      for (const attr of attrs) {
        const [k, v = ''] = attr.split('=')
        const key = k.trim().toLowerCase()
        // RFC 6265 5.2.2: a Max-Age that is not a (signed) whole number is ignored, not read as 0
        if (key === 'max-age' && /^-?\d+$/.test(v.trim()) && Number(v) <= 0) value = ''
        if (key === 'expires') {
          const t = Date.parse(v.trim())
          if (!Number.isNaN(t) && t <= now) value = ''
        }
      }
      out[name] = value
    }
  }
  return out
}

/** `a=1; b=2` (document.cookie) into a record. */
export function parseCookieString(text: string | undefined | null): Record<string, string> {
  const out: Record<string, string> = {}
  if (!text) return out
  for (const part of text.split(';')) {
    const eq = part.indexOf('=')
    if (eq <= 0) continue
    out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim()
  }
  return out
}

/** The header value of a response header, whatever its case. */
export function headerValue(
  header: Record<string, unknown> | undefined | null,
  name: string
): string | string[] | undefined {
  if (!header) return undefined
  const lower = name.toLowerCase()
  for (const [k, v] of Object.entries(header)) {
    if (k.toLowerCase() === lower) return v as string | string[]
  }
  return undefined
}
