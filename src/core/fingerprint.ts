import { visitorId } from '@/platform/fingerprint'
import { getItem, setItem } from '@/platform/storage'

/**
 * The device fingerprint sent as the Fingerprint header (spec R4.9): generated once and cached in storage. On H5
 * the FingerprintJS visitor id, falling back to a random 32-character alphanumeric string (R9.10); the
 * mini-program always uses the random string.
 *
 * Decision: a first visit's calls wait for the visitor id at most FINGERPRINT_WAIT (it was 1.5 s). The
 * first call is made at launch, so the wait runs while the page's own scripts load; a phone that has the id by then
 * uses it, a slower one gets the random fallback at once, cached for good like any fingerprint (still generated
 * once), and FingerprintJS stops reading sources (no work for a result nobody takes). At 4x CPU (a mid-range phone)
 * FingerprintJS needs about 450 ms among the page's start-up work, and the room info, and with it the first video
 * frame, waited for it.
 */
export const FINGERPRINT_KEY = 'fingerprint'
export const FINGERPRINT_LENGTH = 32
/** The visitor id may not hold up the first request for longer than this. */
export const FINGERPRINT_WAIT = 300

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export function randomFingerprint(length = FINGERPRINT_LENGTH, random: () => number = Math.random): string {
  let out = ''
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length) % ALPHANUMERIC.length]
  return out
}

/** Set once the wait is over: a source still running may stop. */
export interface FingerprintCancel {
  cancelled: boolean
}
type Source = (cancel: FingerprintCancel) => Promise<string | null>

let pending: Promise<string> | null = null

function withDeadline(p: Promise<string | null>, ms: number, cancel: FingerprintCancel): Promise<string | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      cancel.cancelled = true
      resolve(null)
    }, ms)
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
    const cancel: FingerprintCancel = { cancelled: false }
    pending = withDeadline(source(cancel), wait, cancel).then((id) => {
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
