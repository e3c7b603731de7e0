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
