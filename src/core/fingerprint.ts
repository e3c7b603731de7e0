import { visitorId } from '@/platform/fingerprint'
import { getItem, setItem } from '@/platform/storage'

/**
 * The device fingerprint sent as the Fingerprint header (spec R4.9): generated once and cached in storage. On H5
 * the FingerprintJS visitor id, falling back to a random 32-character alphanumeric string (R9.10); the
 * mini-program always uses the random string.
 */
export const FINGERPRINT_KEY = 'fingerprint'
export const FINGERPRINT_LENGTH = 32
/** The visitor id may not hold up the first request for longer than this. */
export const FINGERPRINT_WAIT = 1500

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export function randomFingerprint(length = FINGERPRINT_LENGTH, random: () => number = Math.random): string {
  let out = ''
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length) % ALPHANUMERIC.length]
  return out
}

type Source = () => Promise<string | null>

let pending: Promise<string> | null = null

function withDeadline(p: Promise<string | null>, ms: number): Promise<string | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms)
    p.then(
      (v) => {
        clearTimeout(timer)
        resolve(v)
      },
      () => {
        clearTimeout(timer)
        resolve(null)
      }
    )
  })
}

/** The cached fingerprint, generating (and caching) it on first use. Concurrent callers share one generation. */
export function getFingerprint(source: Source = visitorId, wait = FINGERPRINT_WAIT): Promise<string> {
  const cached = getItem<string>(FINGERPRINT_KEY)
  if (typeof cached === 'string' && cached) return Promise.resolve(cached)
  if (!pending) {
    pending = withDeadline(source(), wait).then((id) => {
      const value = id && typeof id === 'string' ? id : randomFingerprint()
      setItem(FINGERPRINT_KEY, value)
      pending = null
      return value
    })
  }
  return pending
}

/** @internal A test seam: forget an in-flight generation. */
export function resetFingerprint(): void {
  pending = null
}
