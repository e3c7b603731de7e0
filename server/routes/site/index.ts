// The site around the API: the H5 app under /m2/, the redirects to it, the mobile API host's placeholder and the
// sandbox's messenger OAuth.
import type { FastifyPluginAsync } from 'fastify'
import { baseOf } from '../../lib/absolute'
import { fromOtherSite } from '../../plugins/app/identity'
import { BizError, CODE, randomToken, safeEqual } from '../../lib/util'
import { safeRedirect } from '../../lib/redirect'
import { loginResult, openidForCode, userForOpenid } from '../user'
import h5 from './h5'

/** The cookie that binds a sandbox OAuth round trip to the browser that started it, and how long it lasts (s). */
const OAUTH_STATE = 'oauth_state'
const STATE_TTL = 600

/**
 * A redirect target as a Location header: HTTP headers are ASCII, so anything else (a page path in Chinese that the
 * query decoded) is percent-encoded as UTF-8; what is ASCII already (including %-escapes) stays as it is.
 */
export function locationOf(target: string): string {
  try {
    return target.replace(/[^\x21-\x7e]+/gu, (run) => encodeURIComponent(run))
  } catch {
    return '/m2/' // a lone surrogate has no UTF-8: no page of this site
  }
}

const site: FastifyPluginAsync<{ h5Dir: string }> = async (app, { h5Dir }) => {
  const { ctx } = app
  await app.register(h5, { prefix: '/m2', h5Dir })
  app.get('/m2', async (_req, reply) => reply.redirect('/m2/'))
  app.get('/', async (_req, reply) => reply.redirect('/m2/'))

  // the mobile API host (R7.5): nothing is served there yet
  app.all('/mobile/api/*', async () => ({ code: CODE.NOT_FOUND, msg: '接口不存在', data: null }))

  // R7.58, R1.10: sandbox messenger OAuth — logs in (the dev user without a mobile, or ?code=) and redirects to
  // target_url with tokentype=wechat&token=<access token> (a startup token login, R2.26). Sandbox only (a deployment
  // redirects to WeChat's OAuth instead), and only to this site: the URL carries a fresh token.
  // It has OAuth's shape, so that no other site can log a browser in (into an account of the attacker's choosing):
  // - the start (no `state`: the a=login answer's url, the app's link) stands in for WeChat's authorisation page. It
  //   binds a random `state` to this browser (the HttpOnly SameSite=Lax cookie oauth_state, 10 minutes) and sends
  //   the browser back here with it. A start that another site sent the browser to (Sec-Fetch-Site cross-site or
  //   same-site, a foreign Origin) goes to the target without one;
  // - the callback (with `state`) logs in only when `state` is this browser's cookie (used up); otherwise, or for a
  //   refused code, it goes to the target without logging in.
  // Public: it is the sandbox's WeChat login, which POST userapp/login with a code answers anyone in the sandbox too.
  if (ctx.sandbox)
    app.get('/wechat/oauth_user', { config: { access: 'public' } }, async (req, reply) => {
      const q = req.query as { target_url?: string; code?: string; state?: string }
      const base = baseOf(req)
      const target = safeRedirect(q.target_url, base, '/m2/')
      const code = typeof q.code === 'string' && q.code ? q.code : ''
      const secure = req.protocol === 'https' ? '; Secure' : ''
      const stateCookie = (value: string, maxAge: number) =>
        `${OAUTH_STATE}=${value}; Path=/wechat/; Max-Age=${maxAge}; SameSite=Lax${secure}; HttpOnly`
      if (typeof q.state !== 'string') {
        if (fromOtherSite(req, true)) return reply.redirect(locationOf(target))
        const state = randomToken(16)
        reply.header('set-cookie', stateCookie(state, STATE_TTL))
        const back = new URLSearchParams({ target_url: target, ...(code ? { code } : {}), state })
        return reply.redirect(`/wechat/oauth_user?${back.toString()}`)
      }
      const bound = req.cookies[OAUTH_STATE]
      if (typeof bound !== 'string' || !bound || !safeEqual(bound, q.state)) return reply.redirect(locationOf(target))
      const openid = openidForCode(code || 'dev')
      if (!openid) {
        reply.header('set-cookie', stateCookie('', 0))
        return reply.redirect(locationOf(target))
      }
      const user = userForOpenid(ctx, openid)
      const call = { req, reply, user, token: null, base }
      let login: ReturnType<typeof loginResult>
      try {
        login = loginResult(ctx, call, user)
      } catch (err) {
        // the user's logins of the last hour are used up (login.sessions): back to the target without a login, as
        // for a refused code
        if (!(err instanceof BizError) || err.code !== CODE.TOO_FAST) throw err
        reply.header('set-cookie', stateCookie('', 0))
        return reply.redirect(locationOf(target))
      }
      const set = reply.getHeader('set-cookie')
      reply.header('set-cookie', [...(Array.isArray(set) ? set : set ? [String(set)] : []), stateCookie('', 0)])
      const sep = target.includes('?') ? '&' : '?'
      const hashAt = target.indexOf('#')
      const withToken =
        hashAt >= 0
          ? `${target.slice(0, hashAt)}${sep}tokentype=wechat&token=${login.access_token}${target.slice(hashAt)}`
          : `${target}${sep}tokentype=wechat&token=${login.access_token}`
      return reply.redirect(locationOf(withToken))
    })
}

export default site
