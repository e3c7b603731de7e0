import { WorkerQueue, type QueueStats } from './worker-queue'

/**
 * The largest picture an upload may be: it is shown as an avatar beside every chat message of its user, and a viewer's
 * phone decodes it at its full size (4 bytes a pixel: a 20000 × 20000 PNG of 1 MB is 1.6 GB to decode). A phone's own
 * photos (48 MP, 8000 × 6000) pass.
 */
export const MAX_IMAGE_SIDE = 10000
export const MAX_IMAGE_PIXELS = 50_000_000

/** Uploads' pictures checked and waiting at once, past which an upload is refused as busy (code -8). */
export const IMAGE_CHECKS_WAITING = 4

/** What the checking did, for the tests: checks running now (never more than one), the most at once, done, refused. */
export const imageCheckStats: QueueStats = { running: 0, peak: 0, done: 0, refused: 0 }

/**
 * The worker: whether a picture's size, as its header names it (`image-size`), is within the limits, and a GIF's
 * every frame too (image-size reads its logical screen only, and a decoder draws a larger first frame at its own
 * size; `omggif` walks the frames, about a microsecond each: a 19 MB GIF of a million 1 × 1 frames held the event loop
 * for 1.5 s before it was done here). A picture whose size cannot be read is refused: a decoder may still read one
 * there (a JPEG with fill bytes before its frame header, which image-size does not skip).
 */
const WORKER_CODE = `
const { parentPort } = require('node:worker_threads')
const { imageSize } = require(${JSON.stringify(require.resolve('image-size'))})
const { GifReader } = require(${JSON.stringify(require.resolve('omggif'))})
const within = (w, h) => w <= ${MAX_IMAGE_SIDE} && h <= ${MAX_IMAGE_SIDE} && w * h <= ${MAX_IMAGE_PIXELS}
function allowed({ bytes, gif }) {
  try {
    const { width, height } = imageSize(bytes)
    if (!within(width, height)) return false
    if (!gif) return true
    const reader = new GifReader(bytes)
    for (let i = 0; i < reader.numFrames(); i++) {
      const f = reader.frameInfo(i)
      if (!within(f.x + f.width, f.y + f.height)) return false
    }
    return true
  } catch {
    return false
  }
}
parentPort.on('message', ({ id, input }) => parentPort.postMessage({ id, output: allowed(input) }))
`

/** Checks uploads' pictures one at a time off the event loop (lib/worker-queue.ts). */
export class ImageChecker {
  private queue = new WorkerQueue<{ bytes: Uint8Array; gif: boolean }, boolean>(
    WORKER_CODE,
    IMAGE_CHECKS_WAITING,
    imageCheckStats,
    'image check'
  )

  /**
   * Whether the picture's size is allowed; null (synchronously) when IMAGE_CHECKS_WAITING pictures already wait.
   * The bytes go to the worker as a copy of their own, handed over rather than copied again: a Buffer of Node's pool
   * shares its memory with other buffers.
   */
  allowed(buf: Buffer, gif: boolean): Promise<boolean> | null {
    const bytes = new Uint8Array(buf)
    return this.queue.run({ bytes, gif }, [bytes.buffer])
  }

  close(): Promise<void> {
    return this.queue.close()
  }
}
