import { Worker } from 'node:worker_threads'

/** What a queue did, for the tests: jobs running now (never more than one), the most at once, done, refused. */
export interface QueueStats {
  running: number
  peak: number
  done: number
  refused: number
}

interface Job<In, Out> {
  input: In
  transfer: ArrayBuffer[]
  resolve(out: Out): void
  reject(err: Error): void
}

/**
 * One budget of CPU work for the whole server: jobs run one at a time in a worker thread, so the event loop stays free
 * for every other call, and at most `maxWaiting` wait their turn; past that `run` answers null at once (the routes'
 * code -8), whoever asks. The worker is `code` (plain CommonJS, evaluated, so it runs the same under tsx, node and the
 * bundled server): it answers each `{ id, input }` message with `{ id, output }` or `{ id, error }`.
 */
export class WorkerQueue<In, Out> {
  private worker: Worker | undefined
  private waiting: Array<Job<In, Out>> = []
  private current: (Job<In, Out> & { id: number }) | undefined
  private nextId = 1
  private closed = false

  constructor(
    private readonly code: string,
    private readonly maxWaiting: number,
    readonly stats: QueueStats,
    private readonly name: string
  ) {}

  /**
   * `input`'s answer, worked out in turn; null (synchronously, nothing queued) when maxWaiting jobs already wait.
   * `transfer`: buffers of the input handed to the worker rather than copied (the caller no longer uses them).
   */
  run(input: In, transfer: ArrayBuffer[] = []): Promise<Out> | null {
    if (this.closed || (this.current && this.waiting.length >= this.maxWaiting)) {
      this.stats.refused++
      return null
    }
    const p = new Promise<Out>((resolve, reject) => this.waiting.push({ input, transfer, resolve, reject }))
    this.next()
    return p
  }

  /** Ends the worker (the server closes): what waits is refused. */
  async close(): Promise<void> {
    this.closed = true
    const err = new Error('服务正在关闭')
    for (const job of this.waiting.splice(0)) job.reject(err)
    if (this.current) {
      this.stats.running--
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
    this.stats.running++
    this.stats.peak = Math.max(this.stats.peak, this.stats.running)
    this.spawn().postMessage({ id: job.id, input: job.input }, job.transfer)
  }

  private finish(id: number, answer: { output?: Out; error?: string }) {
    const job = this.current
    if (!job || job.id !== id) return
    this.current = undefined
    this.stats.running--
    if ('output' in answer) {
      this.stats.done++
      job.resolve(answer.output as Out)
    } else job.reject(new Error(answer.error ?? `${this.name}: no answer`))
    this.next()
  }

  private spawn(): Worker {
    if (this.worker) return this.worker
    const w = new Worker(this.code, { eval: true })
    w.unref() // an idle queue never keeps the process alive
    w.on('message', (m: { id: number; output?: Out; error?: string }) => this.finish(m.id, m))
    const lost = (err: Error) => {
      if (this.worker !== w) return
      this.worker = undefined
      if (this.current) this.finish(this.current.id, { error: err.message })
    }
    w.on('error', lost)
    w.on('exit', (code) => lost(new Error(`${this.name} worker exited (${code})`)))
    this.worker = w
    return w
  }
}
