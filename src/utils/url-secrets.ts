/**
 * Login secrets that may arrive in a page address: the startup login's `tokentype` + `token` (spec R2.26, how the
 * messenger's OAuth round trip and host apps hand a login over), an OAuth `code`, a cookie `sign`. None may stay in
 * an address a viewer sees, shares or that analytics records.
 */
export const LOGIN_SECRETS: readonly string[] = ['token', 'tokentype', 'code', 'sign']

function isSecret(pair: string): boolean {
  const raw = pair.split('=', 1)[0]
  let key = raw
  try {
    key = decodeURIComponent(raw.replace(/\+/g, ' '))
  } catch {
    // a malformed escape: judge the key as written
  }
  return LOGIN_SECRETS.includes(key.trim().toLowerCase())
}

/**
 * `url` (absolute, a path or a page route; with or without a hash) without the LOGIN_SECRETS query parameters, every
 * other parameter kept as written and in order. String work rather than URL: the mini-program has no URL global.
 */
export function withoutSecrets(url: string): string {
  const hashAt = url.indexOf('#')
  const hash = hashAt >= 0 ? url.slice(hashAt) : ''
  const head = hashAt >= 0 ? url.slice(0, hashAt) : url
  const q = head.indexOf('?')
  if (q < 0) return url
  const kept = head
    .slice(q + 1)
    .split('&')
    .filter((pair) => pair && !isSecret(pair))
  return `${head.slice(0, q)}${kept.length ? `?${kept.join('&')}` : ''}${hash}`
}
