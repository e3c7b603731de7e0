import { useCallback, useEffect, useState } from 'react'
import { loadTrying } from '@/utils/chunk'
import { systemClock, type Clock } from '@/utils/clock'

/** A chunk as a screen waits for it: the module once loaded, whether the last try failed, and a try again. */
export interface ChunkState<T> {
  module: T | null
  /** Every try failed (the first and one after each of CHUNK_RETRY_MS): the screen says so and offers `retry`. */
  failed: boolean
  /** Asks the chunk again (with its retries) after it failed: a tap on the screen's 点击重试. */
  retry: () => void
}

/** The screens showing each loader's failure: their `retry`, run when one of them (or another screen) loads it. */
const failedScreens = new Map<() => Promise<unknown>, Set<() => void>>()

/**
 * A module loaded once it is `wanted` (and kept after), with what the screen shows while it cannot come: null until
 * then and while it loads; `failed` once every try failed, so a paid room's banner (the way to unlock it) or the
 * activity stage's cards do not stay missing without a word until the page is opened again. On the web `load` is a
 * chunk's import, which caches it and forgets a failed one, so a try after a failure (CHUNK_RETRY_MS) fetches it again
 * (src/utils/chunk.ts's `lazyChunk` and `loadTrying`); a mini-program variant's loader resolves at once with a module
 * its package already has. `clock`: the retries' timers (tests pass one they move).
 */
export function useChunkState<T>(load: () => Promise<T>, wanted: boolean, clock: Clock = systemClock): ChunkState<T> {
  const [mod, setMod] = useState<{ value: T } | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!wanted || mod || failed) return
    let mounted = true
    loadTrying(load, clock, () => mounted).then(
      (value) => {
        if (mounted) setMod({ value })
        for (const retry of failedScreens.get(load) ?? []) retry()
      },
      () => mounted && setFailed(true)
    )
    return () => {
      mounted = false
    }
  }, [wanted, mod, failed, load, clock])
  // a failed screen takes the chunk as soon as another screen's retry brings it (the room's stage beside the chat and
  // the one in full screen each wait for the cards' chunk)
  useEffect(() => {
    if (!failed) return
    const retry = () => setFailed(false)
    const screens = failedScreens.get(load) ?? new Set()
    failedScreens.set(load, screens.add(retry))
    return () => {
      screens.delete(retry)
    }
  }, [failed, load])
  const retry = useCallback(() => setFailed(false), [])
  return { module: mod?.value ?? null, failed, retry }
}

/** The module alone, for a screen that shows nothing in its place when it cannot come (the mini-player's bar). */
export function useChunk<T>(load: () => Promise<T>, wanted: boolean, clock: Clock = systemClock): T | null {
  return useChunkState(load, wanted, clock).module
}
