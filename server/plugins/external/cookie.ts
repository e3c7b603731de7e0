// Cookies with @fastify/cookie: `req.cookies` on every request, `reply.setCookie` for answers, and its signer (the
// cookie secret, `ctx.signer`) for the device cookie (plugins/app/identity.ts). The `id` + `sign` pair of R4.10 / R7.65 keeps its
// own signature (plugins/app/identity.ts, signFor: an expiry and the session version, and the same values taken in a payload).
import fastifyCookie from '@fastify/cookie'
import { exposed } from '../expose'

export default exposed('cookie', async (app) => {
  await app.register(fastifyCookie, { secret: app.ctx.signer })
})
