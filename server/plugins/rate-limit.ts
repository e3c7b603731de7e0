// @fastify/rate-limit, for routes that limit by request (`config: { rateLimit: { max, timeWindow, keyGenerator } }`
// or `fastify.createRateLimit()`): none is limited by default (`global: false`), and a route over its limit answers
// code -8 操作太频繁，请稍后再试 like every other limit. The counters the handlers call (security.ts `limit`, the
// login, SMS and room-password counters) are `ctx.limiter`, in the plugin's store (lib/limit.ts).
import rateLimit from '@fastify/rate-limit'
import { tooFast } from '../security'
import { exposed } from './expose'

export default exposed('rate-limit', async (app) => {
  await app.register(rateLimit, { global: false, errorResponseBuilder: () => tooFast() })
})
