import type { AppContext, Call } from '../types/context'
import { CODE, biz, nowSec } from '../lib/util'
import { fingerprintOf } from '../plugins/app/identity'
import {
  ensureIdempotencyTable,
  forgetAnswersBefore,
  inIdempotencyTransaction,
  keepAnswer,
  keptAnswer
} from '../repositories/idempotency'

/**
 * Idempotency keys of the counting calls (our extension to the contract): `living/like` and `send_gifts`
 * accept an optional `request_id`, made once per like batch / gift tap by the client and sent again on a retry. The
 * first call with a key runs and its answer is kept for IDEMPOTENCY_TTL seconds per caller (the user, or for an
 * anonymous like the Fingerprint header, else the address); a repeat is answered with that first answer and counts
 * nothing. Only successes are kept: a refused call (not enough 慧币 …) may be retried with the same key.
 */
export const IDEMPOTENCY_TTL = 600
export const KEY_REUSED = '请求编号已用于另一请求'

/** Whose keys these are: the user, else the device fingerprint (anonymous likes), else the address. */
export function callerScope(call: Pick<Call, 'user' | 'req'>): string {
  if (call.user) return `u:${call.user.id}`
  const f = fingerprintOf(call.req)
  if (f && f.trim()) return `fp:${f.trim().slice(0, 128)}`
  return `ip:${call.req.ip}`
}

/**
 * Runs `run` once per (caller, route, key): a repeat within the TTL answers `repeat(first answer)` without running.
 * `params` names what the key was made for; the same key with other parameters is refused. Without a key, `run`
 * simply runs. Synchronous and inside one transaction, so concurrent repeats cannot both run.
 */
export function once<T>(
  ctx: AppContext,
  call: Pick<Call, 'user' | 'req'>,
  route: string,
  key: string | undefined,
  params: string,
  run: () => T,
  repeat: (first: T) => T = (f) => f
): T {
  if (!key) return run()
  ensureIdempotencyTable(ctx)
  const scope = callerScope(call)
  return inIdempotencyTransaction(ctx, () => {
    const now = nowSec()
    forgetAnswersBefore(ctx, now - IDEMPOTENCY_TTL)
    const row = keptAnswer(ctx, scope, route, key)
    if (row) {
      if (row.params !== params) throw biz(CODE.BAD_PARAM, KEY_REUSED)
      return repeat(JSON.parse(row.result) as T)
    }
    const result = run()
    keepAnswer(ctx, { scope, route, key, params, result: JSON.stringify(result), createdAt: now })
    return result
  })
}
