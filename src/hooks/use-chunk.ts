import { useEffect, useState } from 'react'

/**
 * A module loaded once it is `wanted` (and kept after): null until then and while it loads. On the web `load` is a
 * chunk's import, which caches it and forgets a failed one, so the next mount tries again (src/utils/chunk.ts's
 * `lazyChunk`); a mini-program variant's loader resolves at once with a module its package already has.
 */
export function useChunk<T>(load: () => Promise<T>, wanted: boolean): T | null {
  const [mod, setMod] = useState<{ value: T } | null>(null)
  useEffect(() => {
    if (!wanted || mod) return
    let mounted = true
    load()
      .then((value) => mounted && setMod({ value }))
      .catch(() => undefined)
    return () => {
      mounted = false
    }
  }, [wanted, mod, load])
  return mod?.value ?? null
}
