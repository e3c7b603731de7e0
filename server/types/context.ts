import type { Signer } from '@fastify/cookie'
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import type { Store } from '../db'
import type { Limiter, Limits } from '../lib/limit'
import type { PushHub } from '../lib/push'
import type { Streams, UserRow } from './index'

export interface AppContext {
  store: Store
  hub: PushHub
  /** sandbox mode (SANDBOX=1; `npm start` turns it on unless NODE_ENV=production): the /dev/* controls (loopback
   * callers only), sandbox payment, sandbox SMS (the code on the console), sandbox WeChat / partner logins */
  sandbox: boolean
  /** @deprecated the old name of `sandbox` */
  dev: boolean
  secret: string
  /** @fastify/cookie's signer with `secret` (the plugin signs and reads signed cookies with it; the device cookie) */
  signer: Signer
  product: string
  dataDir: string
  uploadDir: string
  log: FastifyBaseLogger
  limits: Limits
  /** the rate limits' and lockouts' counters (lib/limit.ts) */
  limiter: Limiter
  /** when each viewer's trial of a paid room or playback started (unix seconds), by `kind:id:caller` */
  trials: Map<string, number>
  /** timers started by demo controls (danmaku injection ...), cleared on close */
  timers: Set<NodeJS.Timeout>
  /** the live streams: low-latency HLS on or off, and the cuts of the dev control (routes/hls/index.ts) */
  streams: Streams
}

export interface Call {
  req: FastifyRequest
  reply: FastifyReply
  user: UserRow | null
  token: string | null
  /** `http://<Host>` of the request, used for absolute URLs */
  base: string
}
