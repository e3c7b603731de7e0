import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import type { Store } from './db'
import type { PushHub } from './push'
import type { UserRow } from './types'

export interface AppContext {
  store: Store
  hub: PushHub
  dev: boolean
  secret: string
  product: string
  dataDir: string
  uploadDir: string
  log: FastifyBaseLogger
  /** timers started by demo controls (danmaku injection ...), cleared on close */
  timers: Set<NodeJS.Timeout>
}

export interface Call {
  req: FastifyRequest
  reply: FastifyReply
  user: UserRow | null
  token: string | null
  /** `http://<Host>` of the request, used for absolute URLs */
  base: string
}
