import { Worker } from 'node:worker_threads'

/**
 * The share QR codes' drawing (R7.39), one budget for the whole server: a 1000 px code of a long link takes 100–250 ms
 * of CPU, so codes are drawn one at a time in a worker thread (the event loop stays free for every other call) and at
 * most MAX_WAITING wait their turn; past that `draw` answers null at once (the route's code -8), whoever asks, from
 * whatever address. A code already being drawn is not drawn twice: its askers share the one drawing.
 */
export const QR_MAX_WAITING = 4

/** What the drawing did, for the tests: drawn now (never more than one), the most at once, codes drawn, refused. */
export const qrStats = { drawing: 0, peak: 0, drawn: 0, refused: 0 }

const OPTIONS = { margin: 2, errorCorrectionLevel: 'M' }

/** The worker: the `qrcode` library, one message a code. Plain CommonJS so it runs the same under tsx and node. */
const WORKER_CODE = `
const { parentPort } = require('node:worker_threads')
const QRCode = require(${JSON.stringify(require.resolve('qrcode'))})
parentPort.on('message', ({ id, text, width }) => {
  QRCode.toBuffer(text, { ...${JSON.stringify(OPTIONS)}, width }).then(
    (png) => parentPort.postMessage({ id, png }),
    (err) => parentPort.postMessage({ id, error: String((err && err.message) || err) })
  )
})
`

interface Job {
  text: string
  width: number
  resolve(png: Buffer): void
  reject(err: Error): void
}

export class QrDrawer {
  private worker: Worker | undefined
  private waiting: Job[] = []
  private current: (Job & { id: number }) | undefined
  private inFlight = new Map<string, Promise<Buffer>>()
  private nextId = 1
  private closed = false

  /**
   * The PNG of `text` at `width` px, drawn in turn; null (synchronously, nothing queued) when MAX_WAITING codes
   * already wait. The same code asked again while it is drawn or waits shares that drawing.
   */
  draw(text: string, width: number): Promise<Buffer> | null {
    const key = `${width} ${text}`
    const same = this.inFlight.get(key)
    if (same) return same
    if (this.closed || (this.current && this.waiting.length >= QR_MAX_WAITING)) {
      qrStats.refused++
      return null
    }
    const p = new Promise<Buffer>((resolve, reject) => this.waiting.push({ text, width, resolve, reject }))
    this.inFlight.set(key, p)
    const forget = () => this.inFlight.delete(key)
    p.then(forget, forget)
    this.next()
    return p
  }

  /** Ends the worker (the server closes): what waits is refused. */
  async close(): Promise<void> {
    this.closed = true
    const err = new Error('服务正在关闭')
    for (const job of this.waiting.splice(0)) job.reject(err)
    if (this.current) {
      qrStats.drawing--
      this.current.reject(err)
      this.current = undefined
    }
    await this.worker?.terminate()
    this.worker = undefined
  }

  private next() {
    if (this.current || !this.waiting.length) return
    const job = { ...this.waiting.shift()!, id: this.nextId++ }
    this.current = job
    qrStats.drawing++
    qrStats.peak = Math.max(qrStats.peak, qrStats.drawing)
    this.spawn().postMessage({ id: job.id, text: job.text, width: job.width })
  }

  private finish(id: number, png?: Uint8Array, error?: string) {
    const job = this.current
    if (!job || job.id !== id) return
    this.current = undefined
    qrStats.drawing--
    if (png) {
      qrStats.drawn++
      job.resolve(Buffer.from(png.buffer, png.byteOffset, png.byteLength))
    } else job.reject(new Error(error ?? 'QR code not drawn'))
    this.next()
  }

  private spawn(): Worker {
    if (this.worker) return this.worker
    const w = new Worker(WORKER_CODE, { eval: true })
    w.unref() // an idle drawer never keeps the process alive
    w.on('message', (m: { id: number; png?: Uint8Array; error?: string }) => this.finish(m.id, m.png, m.error))
    const lost = (err: Error) => {
      if (this.worker !== w) return
      this.worker = undefined
      if (this.current) this.finish(this.current.id, undefined, err.message)
    }
    w.on('error', lost)
    w.on('exit', (code) => lost(new Error(`QR worker exited (${code})`)))
    this.worker = w
    return w
  }
}
