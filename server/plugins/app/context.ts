// The application's state as `app.ctx` (server/types/context.ts): the database (seeded on first start), the push hub, the
// secrets, the limits and their counters, the sandbox switch; closed with the server.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Signer } from '@fastify/cookie'
import type { AppContext } from '../../types/context'
import { Store } from '../../db'
import { Limiter, type Limits } from '../../lib/limit'
import { PushHub } from '../../lib/push'
import { refreshSchedules, seed, withoutPublishedSecrets } from '../../db/seed'
import { CounterWindows } from '../../repositories/counters'
import { DEFAULT_LIMITS, limitsFromEnv } from '../../services/limits'
import { sweepTrials } from '../../services/stream-access'
import { exposed } from '../expose'

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext
  }
}

export const DEFAULT_DATA_DIR = path.join(__dirname, '..', '..', 'data')

export interface ContextOptions {
  /** folder for the database file and uploads (default $DATA_DIR or server/data) */
  dataDir?: string
  /** database file; ':memory:' for an isolated in-memory database (default <dataDir>/live.db) */
  dbFile?: string
  /**
   * Sandbox mode (default: SANDBOX=1 in the environment; server/start.ts turns it on for `npm start` unless
   * NODE_ENV=production): /dev/* demo controls (loopback callers only), sandbox payment confirmation, sandbox SMS
   * codes on the console, sandbox WeChat and partner logins, the sandbox OAuth redirect.
   */
  sandbox?: boolean
  /** @deprecated the old name of `sandbox` */
  dev?: boolean
  /** rate limits and windows (defaults in server/services/limits.ts) */
  limits?: Partial<Limits>
  /** the {product} of /userapp/{product}_login (default $PRODUCT, else $TARO_APP_PRODUCT as the client is built, else 'huizhibo') */
  product?: string
  /** low-latency HLS for live streams (default on; LL_HLS=0 serves the plain playlist) */
  lowLatency?: boolean
}

export default exposed<ContextOptions>('context', async (app, opts) => {
  const dataDir = path.resolve(opts.dataDir ?? process.env.DATA_DIR ?? DEFAULT_DATA_DIR)
  const dbFile = opts.dbFile ?? path.join(dataDir, 'live.db')
  // an in-memory server's uploads live in a temp folder of its own, removed on close
  const scratch = dbFile === ':memory:' && !opts.dataDir
  const uploadDir = scratch ? fs.mkdtempSync(path.join(os.tmpdir(), 'live-uploads-')) : path.join(dataDir, 'uploads')
  const store = new Store(dbFile)
  const sandbox = opts.sandbox ?? opts.dev ?? process.env.SANDBOX === '1'
  const mode = sandbox ? 'sandbox' : 'production'
  // a database written in the other mode is refused before anything touches it (sandbox money in production)
  try {
    store.checkMode(mode, dbFile)
  } catch (err) {
    store.close()
    throw err
  }
  if (!store.kvGet('seeded_at')) seed(store)
  if (dbFile !== ':memory:') store.recordMode(mode)
  refreshSchedules(store)
  if (!sandbox) await withoutPublishedSecrets(store)
  const secret = store.secret()
  const limits = { ...DEFAULT_LIMITS, ...limitsFromEnv(), ...opts.limits }
  const ctx: AppContext = {
    store,
    hub: new PushHub(),
    sandbox,
    dev: sandbox,
    secret,
    signer: new Signer(secret),
    product: opts.product ?? process.env.PRODUCT ?? process.env.TARO_APP_PRODUCT ?? 'huizhibo',
    dataDir,
    uploadDir,
    log: app.log,
    timers: new Set(),
    limits,
    limiter: new Limiter(new CounterWindows(store.db), limits),
    trials: new Map(),
    streams: { lowLatency: opts.lowLatency ?? process.env.LL_HLS !== '0', cuts: new Map() }
  }
  app.decorate('ctx', ctx)
  const sweeper = setInterval(() => {
    sweepTrials(ctx)
    ctx.limiter.sweep()
  }, 60000)
  sweeper.unref()
  ctx.timers.add(sweeper)

  app.addHook('onClose', async () => {
    for (const t of ctx.timers) clearInterval(t)
    ctx.timers.clear()
    ctx.hub.closeAll()
    store.close()
    if (scratch) fs.rmSync(uploadDir, { recursive: true, force: true })
  })
})
