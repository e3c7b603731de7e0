import type { Clock } from '@/utils/clock'

/**
 * A chunk that failed to load (a network error on a phone's connection) is asked again after each of these waits while
 * it is still wanted (`loadTrying`): the activity stage's modules for a push or a running activity, and the chunks a
 * screen waits for (src/hooks/use-chunk.ts: a paid room's banner, the stage's cards).
 */
export const CHUNK_RETRY_MS = [1000, 3000, 9000]

/** An import run once and shared; a failed one is forgotten, so the next call tries the chunk again. */
export function lazyChunk<T>(load: () => Promise<T>): () => Promise<T> {
  let chunk: Promise<T> | null = null
  return () => {
    if (!chunk) {
      chunk = load()
      chunk.catch(() => (chunk = null))
    }
    return chunk
  }
}

/**
 * `load` (a chunk's import, or what waits for one) tried again after each of CHUNK_RETRY_MS (on `clock`) when it fails,
 * while `wanted()`: the last failure, or one after which the chunk is no longer wanted, rejects.
 */
export async function loadTrying<T>(
  load: () => Promise<T>,
  clock: Clock,
  wanted: () => boolean = () => true
): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await load()
    } catch (err) {
      if (i >= CHUNK_RETRY_MS.length || !wanted()) throw err
      await new Promise<void>((resolve) => clock.setTimeout(resolve, CHUNK_RETRY_MS[i]))
      if (!wanted()) throw err
    }
  }
}
