import { WorkerQueue, type QueueStats } from './worker-queue'

/**
 * The share QR codes' drawing (R7.39), one budget for the whole server: a 1000 px code of a long link takes 100–250 ms
 * of CPU, so codes are drawn one at a time in a worker thread (the event loop stays free for every other call) and at
 * most MAX_WAITING wait their turn; past that `draw` answers null at once (the route's code -8), whoever asks, from
 * whatever address. A code already being drawn is not drawn twice: its askers share the one drawing.
 */
export const QR_MAX_WAITING = 4

/** What the drawing did, for the tests: drawn now (never more than one), the most at once, codes drawn, refused. */
export const qrStats: QueueStats = { running: 0, peak: 0, done: 0, refused: 0 }

const OPTIONS = { margin: 2, errorCorrectionLevel: 'M' }

/** The worker: the `qrcode` library, one message a code. */
const WORKER_CODE = `
const { parentPort } = require('node:worker_threads')
const QRCode = require(${JSON.stringify(require.resolve('qrcode'))})
parentPort.on('message', ({ id, input }) => {
  QRCode.toBuffer(input.text, { ...${JSON.stringify(OPTIONS)}, width: input.width }).then(
    (png) => parentPort.postMessage({ id, output: png }),
    (err) => parentPort.postMessage({ id, error: String((err && err.message) || err) })
  )
})
`

export class QrDrawer {
  private queue = new WorkerQueue<{ text: string; width: number }, Uint8Array>(
    WORKER_CODE,
    QR_MAX_WAITING,
    qrStats,
    'QR'
  )
  private inFlight = new Map<string, Promise<Buffer>>()

  /**
   * The PNG of `text` at `width` px, drawn in turn; null (synchronously, nothing queued) when QR_MAX_WAITING codes
   * already wait. The same code asked again while it is drawn or waits shares that drawing.
   */
  draw(text: string, width: number): Promise<Buffer> | null {
    const key = `${width} ${text}`
    const same = this.inFlight.get(key)
    if (same) return same
    const drawing = this.queue.run({ text, width })
    if (!drawing) return null
    const p = drawing.then((png) => Buffer.from(png.buffer, png.byteOffset, png.byteLength))
    this.inFlight.set(key, p)
    const forget = () => this.inFlight.delete(key)
    p.then(forget, forget)
    return p
  }

  /** Ends the worker (the server closes): what waits is refused. */
  close(): Promise<void> {
    return this.queue.close()
  }
}
