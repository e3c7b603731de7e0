// Redirect targets a caller gave (a login's return address, a payment's): this site only, and a Location header can
// carry them.

/**
 * A redirect target on this site only: a root-relative path (not `//host`, not `/\host`, no control characters or
 * backslashes), or an absolute URL whose origin is the request's own. Anything else becomes `fallback`.
 */
export function safeRedirect(target: unknown, base: string, fallback: string): string {
  if (typeof target !== 'string' || !target || target.length > 2000) return fallback
  // eslint-disable-next-line no-control-regex -- control characters are what this check refuses
  if (/[\\\u0000-\u001f\u007f\s]/.test(target)) return fallback
  if (target.startsWith('/')) return target.startsWith('//') ? fallback : target
  let url: URL
  try {
    url = new URL(target)
  } catch {
    return fallback
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== new URL(base).origin) return fallback
  return url.pathname + url.search + url.hash
}

/**
 * safeRedirect as a Location header can carry it: characters outside printable ASCII percent-encoded (a raw `é` in a
 * header is Node's ERR_INVALID_CHAR, a 500). A target that cannot be encoded (a lone surrogate) becomes `fallback`.
 */
export function safeLocation(target: unknown, base: string, fallback: string): string {
  const url = safeRedirect(target, base, fallback)
  try {
    return url.replace(/[^\x21-\x7e]+/g, (s) => encodeURIComponent(s))
  } catch {
    return fallback
  }
}
