// The site around the API: the H5 app under /m2/, the redirects to it, the mobile API host's placeholder and the
// sandbox's messenger OAuth.
import type { FastifyPluginAsync } from 'fastify'
import { baseOf } from '../../plugins/calls'
import { CODE } from '../../lib/util'
import { safeRedirect } from '../../security'
import { loginResult, openidForCode, userForOpenid } from '../user'
import h5 from './h5'

const site: FastifyPluginAsync<{ h5Dir: string }> = async (app, { h5Dir }) => {
  const { ctx } = app
  await app.register(h5, { prefix: '/m2', h5Dir })
  app.get('/m2', async (_req, reply) => reply.redirect('/m2/'))
  app.get('/', async (_req, reply) => reply.redirect('/m2/'))

  // the mobile API host (R7.5): nothing is served there yet
  app.all('/mobile/api/*', async () => ({ code: CODE.NOT_FOUND, msg: '接口不存在', data: null }))

  // R7.58, R1.10: sandbox messenger OAuth — logs in (the dev user without a mobile, or ?code=) and redirects
  // to target_url with tokentype=wechat&token=<access token> (a startup token login, R2.26). Sandbox only (a
  // deployment redirects to WeChat's OAuth instead), and only to this site: the URL carries a fresh token.
  // Public: it is the sandbox's WeChat login, which POST userapp/login with a code answers anyone in the sandbox too.
  if (ctx.sandbox)
    app.get('/wechat/oauth_user', { config: { access: 'public' } }, async (req, reply) => {
      const q = req.query as { target_url?: string; code?: string }
      const base = baseOf(req)
      const target = safeRedirect(q.target_url, base, '/m2/')
      const openid = openidForCode(typeof q.code === 'string' && q.code ? q.code : 'dev')
      if (!openid) return reply.redirect(target)
      const user = userForOpenid(ctx, openid)
      const call = { req, reply, user, token: null, base }
      const login = loginResult(ctx, call, user)
      const sep = target.includes('?') ? '&' : '?'
      const hashAt = target.indexOf('#')
      const withToken =
        hashAt >= 0
          ? `${target.slice(0, hashAt)}${sep}tokentype=wechat&token=${login.access_token}${target.slice(hashAt)}`
          : `${target}${sep}tokentype=wechat&token=${login.access_token}`
      return reply.redirect(withToken)
    })
}

export default site
