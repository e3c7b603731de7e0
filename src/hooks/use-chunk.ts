import { useEffect, useState } from 'react'
import { loadTrying } from '@/utils/chunk'
import { systemClock, type Clock } from '@/utils/clock'

/**
 * A chunk that failed to load (a network error on a phone's connection) is asked again after each of these waits while
 * it is still wanted: a paid room's banner (the way to unlock it) or the activity stage's cards would otherwise stay
 * missing until the page is opened again.
 */
export const CHUNK_RETRY_MS = [1000, 3000, 9000]

/**
 * A module loaded once it is `wanted` (and kept after): null until then and while it loads. On the web `load` is a
 * chunk's import, which caches it and forgets a failed one, so a try after a failure (CHUNK_RETRY_MS) fetches it again
 * (src/utils/chunk.ts's `lazyChunk` and `loadTrying`); a mini-program variant's loader resolves at once with a module its package
 * already has. `clock`: the retries' timers (tests pass one they move).
 */
export function useChunk<T>(load: () => Promise<T>, wanted: boolean, clock: Clock = systemClock): T | null {
  const [mod, setMod] = useState<{ value: T } | null>(null)
  useEffect(() => {
    if (!wanted || mod) return
    let mounted = true
    loadTrying(load, CHUNK_RETRY_MS, clock, () => mounted).then(
      (value) => mounted && setMod({ value }),
      () => undefined
    )
    return () => {
      mounted = false
    }
  }, [wanted, mod, load, clock])
  return mod?.value ?? null
}
