// The limits' numbers (DEFAULT_LIMITS, and what the environment raises) and the refusal of a call past one (code -8).
// The rules and their counters are lib/limit.ts's; the per-caller key they count by is plugins/app/identity.ts's.
import type { AppContext } from '../types/context'
import { TOO_FAST_MSG, type LimitName, type Limits, type RuleName } from '../lib/limit'
import { CODE, biz } from '../lib/util'

export type { Limits } from '../lib/limit'

export const DEFAULT_LIMITS: Limits = {
  smsTtl: 300,
  smsCooldown: 60,
  smsMaxAttempts: 5,
  smsBindGuessesPerMobile: 10,
  reportsPerHour: 20,
  blocksPerHour: 60,
  mallOrdersPerHour: 30,
  topUpOrdersPerHour: 30,
  smsPerClientHour: 10,
  smsPerMobileDay: 10,
  loginFailures: 10,
  loginSlowSeconds: 5,
  loginsPerHour: 60,
  roomPasswordGuesses: 10,
  roomPasswordGuessesPerRoom: 30,
  likesPer10s: 300,
  likeCallsPer10s: 20,
  anonLikesPerRoom10s: 3000,
  chatPer10s: 20,
  bindMobilePerHour: 10,
  qrPerMinute: 30,
  uploadsPerDay: 20,
  uploadBytesPerDay: 50 * 1024 * 1024,
  socketsPerClient: 100,
  connectionsPerClient: 160,
  socketMessagesPer10s: 30,
  trialReset: 86400,
  trialGrace: 15,
  trialAheadSeconds: 60,
  anonTrialsPerHour: 200,
  streamTtl: 6 * 3600
}

/** Limits from the environment (`WS_MAX_PER_IP` raises the socket cap for load tests, `CONN_MAX_PER_IP` the connection cap). */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<Limits> {
  const out: Partial<Limits> = {}
  const n = Number(env.WS_MAX_PER_IP)
  if (env.WS_MAX_PER_IP && Number.isInteger(n) && n > 0) out.socketsPerClient = n
  const c = Number(env.CONN_MAX_PER_IP)
  if (env.CONN_MAX_PER_IP && Number.isInteger(c) && c > 0) out.connectionsPerClient = c
  // more sockets allowed means more connections: a raised socket cap brings the connection cap along
  else if (out.socketsPerClient && out.socketsPerClient + 32 > DEFAULT_LIMITS.connectionsPerClient)
    out.connectionsPerClient = out.socketsPerClient + 32
  return out
}

/** Code -8 with 操作太频繁，请稍后再试 (or a more precise Chinese message). */
export function tooFast(msg = TOO_FAST_MSG, data: unknown = null) {
  return biz(CODE.TOO_FAST, msg, data)
}

/** The refusal (code -8) of a call past the limit `name` (lib/limit.ts), with its own message. */
export function overLimit(_name: LimitName, msg = TOO_FAST_MSG) {
  return tooFast(msg)
}

/** Counts `cost` under `rule` for `subject`, or throws code -8 (nothing counted) when that would pass its cap. */
export function limit(ctx: AppContext, rule: RuleName, subject: string | number, cost = 1): void {
  if (!ctx.limiter.take(rule, subject, cost)) throw tooFast()
}
