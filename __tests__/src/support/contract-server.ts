import http from 'node:http'
import { keepIdleConnections } from './cors-server'
import type { AddressInfo } from 'node:net'

/**
 * A stand-in for the reference server's user calls, on a real socket: the contract of spec section 7 "User" as the
 * session needs it (envelope {code, msg, data}, code 1 success, HTTP 401 without a token, Bearer tokens, id + sign
 * cookies). Small and deterministic so the session tests do not depend on the server being built alongside.
 */
export interface ContractServer {
  origin: string
  calls: Array<{ path: string; body: Record<string, unknown>; headers: http.IncomingHttpHeaders }>
  /** What /userapp/config answers: an object, or 'missing' (HTTP 404). */
  config: Record<string, unknown> | 'missing'
  smsCode: string
  users: Map<number, { id: number; name: string; avatar: string; mobile: string | null; password: string }>
  tokens: Map<string, number>
  close(): Promise<void>
}

export const DEMO_MOBILE = '13800000001'
export const DEMO_PASSWORD = 'demo1234'

export async function startContractServer(): Promise<ContractServer> {
  const users = new Map<number, { id: number; name: string; avatar: string; mobile: string | null; password: string }>()
  users.set(10001, { id: 10001, name: '演示用户', avatar: '/img/a.png', mobile: DEMO_MOBILE, password: DEMO_PASSWORD })
  users.set(10002, { id: 10002, name: '微信用户', avatar: '', mobile: null, password: '' })
  const tokens = new Map<string, number>()
  let seq = 0
  const state: ContractServer = {
    origin: '',
    calls: [],
    config: { iOSDisabled: 0, iOSDisabledMsg: '', highFlowMode: 0 },
    smsCode: '123456',
    users,
    tokens,
    close: async () => undefined
  }
  const sockets = new Set<import('node:net').Socket>()

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      res.setHeader('Access-Control-Allow-Origin', req.headers.origin || '*')
      res.setHeader('Access-Control-Allow-Credentials', 'true')
      res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] || '*')
      if (req.method === 'OPTIONS') {
        res.statusCode = 204
        res.end()
        return
      }
      const path = (req.url || '/').split('?')[0]
      let body: Record<string, unknown> = {}
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {}
      } catch {
        body = {}
      }
      state.calls.push({ path, body, headers: req.headers })
      const send = (status: number, payload: unknown, cookies?: string[]) => {
        res.statusCode = status
        res.setHeader('content-type', 'application/json; charset=utf-8')
        if (cookies) res.setHeader('Set-Cookie', cookies)
        res.end(JSON.stringify(payload))
      }
      const auth = String(req.headers.authorization || '').replace(/^Bearer\s+/i, '')
      const me = tokens.has(auth) ? users.get(tokens.get(auth) as number) : undefined
      const publicUser = (u: { id: number; name: string; avatar: string; mobile: string | null }) => ({
        id: u.id,
        name: u.name,
        avatar: u.avatar,
        mobile: u.mobile
      })
      const loginOf = (u: { id: number; name: string; avatar: string; mobile: string | null }) => {
        const token = `tok-${u.id}-${++seq}`
        tokens.set(token, u.id)
        send(
          200,
          {
            code: 1,
            msg: 'success',
            data: { user: publicUser(u), access_token: token, token_type: 'Bearer', expires_in: 604800 }
          },
          [`id=${u.id}; Path=/`, `sign=sig${u.id}; Path=/`]
        )
      }
      switch (path) {
        case '/api/v1/userapp/config':
          if (state.config === 'missing') return send(404, { code: 404, msg: 'not found', data: null })
          return send(200, { code: 1, msg: 'success', data: state.config })
        case '/api/v1/userapp/login': {
          if (body.mobile && body.password !== undefined) {
            const u = [...users.values()].find((x) => x.mobile === body.mobile && x.password === body.password)
            return u ? loginOf(u) : send(200, { code: 1002, msg: '手机号或密码错误', data: null })
          }
          if (body.mobile && body.verify !== undefined) {
            if (body.verify !== state.smsCode) return send(200, { code: 1002, msg: '验证码错误', data: null })
            const u = [...users.values()].find((x) => x.mobile === body.mobile)
            return u ? loginOf(u) : send(200, { code: 1002, msg: '用户不存在', data: null })
          }
          if (body.code !== undefined)
            return body.encryptedData
              ? loginOf(users.get(10002)!)
              : send(200, { code: 1002, msg: '授权信息缺失', data: null })
          if (body.token !== undefined) {
            const id = tokens.get(String(body.token))
            return id ? loginOf(users.get(id)!) : send(200, { code: 1002, msg: '登录令牌无效或已过期', data: null })
          }
          return send(200, { code: 1001, msg: '请输入手机号和密码', data: null })
        }
        case '/api/v1/userapp/userinfo': {
          const cookies = Object.fromEntries(
            String(req.headers.cookie || '')
              .split(/;\s*/)
              .filter(Boolean)
              .map((p) => p.split('='))
          )
          const id = Number(body.id ?? cookies.id)
          const bySign = id && (body.sign ?? cookies.sign) === `sig${id}` ? users.get(id) : undefined
          const u = me || bySign
          return u
            ? send(200, { code: 1, msg: 'success', data: publicUser(u) })
            : send(401, { code: 401, msg: '请先登录', data: null })
        }
        case '/api/v1/userapp/logout':
          tokens.delete(auth)
          return send(200, { code: 1, msg: 'success', data: null }, [
            'id=; Path=/; Max-Age=0',
            'sign=; Path=/; Max-Age=0'
          ])
        case '/api/v1/liveapp/sendsms':
          if (!/^1[3-9]\d{9}$/.test(String(body.mobile)) || body.type !== 1)
            return send(200, { code: 1001, msg: '请输入正确的手机号', data: null })
          if (String(body.mobile) === '13900000000')
            return send(200, { code: 1003, msg: '发送太频繁，请稍后再试', data: null })
          return send(200, { code: 1, msg: 'success', data: { expires_in: 300 } })
        case '/api/v1/userapp/userinfo/mobile':
          if (!me) return send(401, { code: 401, msg: '请先登录', data: null })
          if (body.verify !== state.smsCode) return send(200, { code: 1002, msg: '验证码错误', data: null })
          me.mobile = String(body.mobile)
          return send(200, { code: 1, msg: 'success', data: publicUser(me) })
        case '/api/v1/userapp/userinfo/update':
          if (!me) return send(401, { code: 401, msg: '请先登录', data: null })
          if (typeof body.name === 'string') me.name = body.name
          return send(200, { code: 1, msg: 'success', data: publicUser(me) })
        case '/api/v1/userapp/huizhibo_login': {
          // sandbox rule of the reference server: the token key of partner user X is `dev-X`
          if (!body.userid || body.usertokenkey !== `dev-${String(body.userid)}`)
            return send(200, { code: 1002, msg: '登录凭证无效，请重新登录', data: null })
          return loginOf(users.get(10001)!)
        }
        case '/live/api.php':
          if (me) return loginOf(me)
          return send(200, { code: 401, msg: '请先登录', data: { url: '/wechat/oauth_user?target_url=x' } })
        case '/api/v1/userapp/follow':
          if (!me) return send(401, { code: 401, msg: '请先登录', data: null })
          return send(200, { code: 1, msg: '关注成功', data: { isfollow: 1 } })
        default:
          return send(404, { code: 404, msg: '请求的资源不存在', data: null })
      }
    })
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  keepIdleConnections(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  state.close = () => {
    for (const s of sockets) s.destroy()
    return new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return state
}
