import crypto from 'node:crypto'
import { Envelope, userBySign, type Api } from '../api'
import type { AppContext, Call } from '../context'
import { CODE, biz, checkPassword, hashPasswordSync, nowSec, paginate, parseCookies, randomToken } from '../lib/util'
import { MOBILE_RE, S } from '../lib/validate'
import { clientIp, deviceCookie, isOwnDevice, limit, ownAvatar, safeEqual, signFor, tooFast } from '../security'
import { DEMO } from '../seed'
import type { Room, Streamer, Teaser, UserRow } from '../types'
import { publicUser, streamerItem } from '../views'

import { ctxHasSensitive, userById } from '../repositories/users'

const U = '/api/v1/userapp'
export const TOKEN_TTL = 7 * 86400
/** The device cookie lives a year: it only says that a login of its user happened on this device. */
const DEVICE_TTL = 365 * 86400
const MOBILE = S.str('手机号', { pattern: MOBILE_RE, errmsg: '请输入正确的手机号' })
const VERIFY = S.str('验证码', { pattern: '^\\d{4,6}$', errmsg: '请输入正确的验证码' })

function createUser(
  ctx: AppContext,
  fields: { name: string; mobile?: string | null; openid?: string | null; partner_uid?: string | null }
): UserRow {
  const db = ctx.store.db
  const id = ((db.prepare('SELECT MAX(id) AS m FROM users').get() as { m: number | null }).m ?? 10000) + 1
  db.prepare(
    'INSERT INTO users (id, name, avatar, mobile, password, openid, partner_uid, gold, created_at) VALUES (?, ?, ?, ?, NULL, ?, ?, 0, ?)'
  ).run(
    id,
    fields.name,
    `/img/avatar/${id}.svg`,
    fields.mobile ?? null,
    fields.openid ?? null,
    fields.partner_uid ?? null,
    nowSec()
  )
  return userById(ctx, id) as UserRow
}

/**
 * A new access token of `user` in the login session `family` (a fresh login starts a session; a token made from
 * another token or from the id/sign cookies stays in theirs), so that a logout ends every token of its session.
 */
export function issueToken(ctx: AppContext, user: UserRow, family: string = randomToken()): string {
  const token = randomToken()
  ctx.store.db
    .prepare('INSERT INTO tokens (token, user_id, expires_at, family) VALUES (?, ?, ?, ?)')
    .run(token, user.id, nowSec() + TOKEN_TTL, family)
  return token
}

/** The session of the id/sign cookies: one per user and session version, which a logout moves on. */
const cookieFamily = (user: UserRow) => `cookie:${user.id}:${Number(user.session_version) || 0}`

/** The login session a call runs in: its token's, else its cookies'; null for an anonymous call. */
function sessionOf(ctx: AppContext, call: Pick<Call, 'token' | 'user'>): string | null {
  if (!call.user) return null
  if (call.token) {
    const row = ctx.store.db
      .prepare('SELECT family FROM tokens WHERE token = ? AND user_id = ?')
      .get(call.token, call.user.id) as { family: string | null } | undefined
    if (row) return row.family ?? call.token
  }
  return cookieFamily(call.user)
}

/**
 * The id/sign (and openid) cookies of R4.10 / R7.65: `sign` expires with the token and is void after a
 * logout (security.ts); `Secure` on https; `sign` is HttpOnly — the mini-program reads Set-Cookie headers, where
 * HttpOnly does not hide it, and the H5 browser sends it without a script reading it — while `id` and `openid`
 * stay readable because the H5 client reads them from document.cookie (src/platform/cookies.h5.ts, R7.65).
 */
export function setLoginCookies(ctx: AppContext, call: Pick<Call, 'req' | 'reply'>, user: UserRow): void {
  const secure = call.req.protocol === 'https' ? '; Secure' : ''
  const opts = `Path=/; Max-Age=${TOKEN_TTL}; SameSite=Lax${secure}`
  const cookies = [
    `id=${user.id}; ${opts}`,
    `sign=${signFor(ctx, user, nowSec() + TOKEN_TTL)}; ${opts}; HttpOnly`,
    `device=${deviceCookie(ctx, user.id)}; Path=/; Max-Age=${DEVICE_TTL}; SameSite=Lax${secure}; HttpOnly`
  ]
  if (user.openid) cookies.push(`openid=${encodeURIComponent(user.openid)}; ${opts}`)
  call.reply.header('set-cookie', cookies)
}

/** The login answer of R7.53, with the id/sign cookies of R4.10 / R7.65. */
export function loginResult(ctx: AppContext, call: Call, user: UserRow, family?: string) {
  const access_token = issueToken(ctx, user, family)
  setLoginCookies(ctx, call, user)
  return { user: publicUser(user), access_token, token_type: 'Bearer', expires_in: TOKEN_TTL }
}

/** Dev mini-program login: a code maps to a dev openid. `dev`/`demo` → the demo user without a mobile;
 * `refuse` → refused; anything else → a stable new WeChat user for that code. */
export function openidForCode(code: string): string | null {
  if (code === 'refuse') return null
  if (code === 'dev' || code === 'demo') return DEMO.noMobile.openid
  return `o_dev_${crypto.createHash('sha1').update(code).digest('hex').slice(0, 16)}`
}

export function userForOpenid(ctx: AppContext, openid: string): UserRow {
  const u = ctx.store.db.prepare('SELECT * FROM users WHERE openid = ?').get(openid) as UserRow | undefined
  return u ?? createUser(ctx, { name: '微信用户', openid })
}

export const SMS_VOID_MSG = '验证码错误次数过多，已失效，请重新获取'

/**
 * Checks an SMS code: every wrong try counts, and after `smsMaxAttempts` the code is void; a used or
 * void code stays in the table (code '') so the send cool-down still holds.
 */
/**
 * Checks an SMS code for `mobile` and uses it up when right. Wrong tries count against the code itself (the 5th voids
 * it), except with `tries`: a key of the caller's own (binding a number, where the caller may not be the number's
 * owner), whose wrong tries then never spend the owner's code; past 5 in the code's lifetime that caller is refused.
 */
export function checkSms(ctx: AppContext, mobile: string, code: string, tries?: string): void {
  const db = ctx.store.db
  const window = ctx.limits.smsTtl * 1000
  if (tries && ctx.limiter.over(tries, ctx.limits.smsMaxAttempts, window)) throw biz(CODE.AUTH_FAILED, SMS_VOID_MSG)
  const row = db.prepare('SELECT code, expires_at, attempts FROM sms WHERE mobile = ?').get(mobile) as
    { code: string; expires_at: number; attempts: number } | undefined
  if (!row || !row.code) throw biz(CODE.AUTH_FAILED, '验证码错误或已失效，请重新获取')
  if (row.expires_at < nowSec()) {
    db.prepare("UPDATE sms SET code = '' WHERE mobile = ?").run(mobile)
    throw biz(CODE.AUTH_FAILED, '验证码已过期，请重新获取')
  }
  if (!safeEqual(row.code, String(code))) {
    if (tries) {
      ctx.limiter.add(tries, window)
      throw biz(CODE.AUTH_FAILED, '验证码错误或已失效，请重新获取')
    }
    const attempts = row.attempts + 1
    const left = ctx.limits.smsMaxAttempts - attempts
    db.prepare(
      left > 0
        ? 'UPDATE sms SET attempts = ? WHERE mobile = ?'
        : "UPDATE sms SET attempts = ?, code = '' WHERE mobile = ?"
    ).run(attempts, mobile)
    throw biz(CODE.AUTH_FAILED, left > 0 ? `验证码错误，还可尝试 ${left} 次` : SMS_VOID_MSG)
  }
  db.prepare("UPDATE sms SET code = '' WHERE mobile = ?").run(mobile)
}

/** A hash to check against when the mobile has no account, so both answers take the same time. */
const NO_USER_HASH = hashPasswordSync('no-such-user', 'same-time')
const LOGIN_WINDOW = 15 * 60 * 1000

function partnerLogin(ctx: AppContext, call: Call, userid: string, key: string) {
  // sandbox rule: the partner's token key for user X is `dev-X`; without the sandbox there is no partner to ask
  if (!ctx.sandbox) throw biz(CODE.AUTH_FAILED, '合作方登录未开通')
  if (key !== `dev-${userid}`) throw biz(CODE.AUTH_FAILED, '登录凭证无效，请重新登录')
  const db = ctx.store.db
  const u =
    (db.prepare('SELECT * FROM users WHERE partner_uid = ?').get(userid) as UserRow | undefined) ??
    createUser(ctx, { name: `合作用户${userid}`, partner_uid: userid })
  return loginResult(ctx, call, u)
}

export function registerUser(api: Api, ctx: AppContext): void {
  const db = ctx.store.db

  // R7.53–R7.57, R1.9–R1.14, R2.26
  api.post(
    `${U}/login`,
    {
      schema: S.obj({
        mobile: S.str('手机号'),
        password: S.str('密码', { maxLength: 64 }),
        verify: S.str('验证码'),
        code: S.str('登录凭证'),
        encryptedData: S.str(),
        iv: S.str(),
        tokentype: S.str(),
        token: S.str('令牌'),
        userid: S.str('用户ID'),
        usertokenkey: S.str(),
        devicetoken: S.str()
      })
    },
    async (p, call) => {
      if (p.mobile !== undefined) {
        if (!new RegExp(MOBILE_RE).test(p.mobile)) throw biz(CODE.BAD_PARAM, '请输入正确的手机号')
        if (p.verify !== undefined) {
          checkSms(ctx, p.mobile, p.verify)
          const u =
            (db.prepare('SELECT * FROM users WHERE mobile = ?').get(p.mobile) as UserRow | undefined) ??
            createUser(ctx, { name: `用户${p.mobile.slice(-4)}`, mobile: p.mobile })
          return loginResult(ctx, call, u)
        }
        if (!p.password) throw biz(CODE.BAD_PARAM, '请输入密码')
        // wrong passwords are counted per mobile and per address; past the limit the login pauses
        // the owner's own device (the device cookie an earlier login of this user left) counts its failures apart, so an
        // attacker elsewhere locks the mobile for every other caller but not for the owner's phone
        const u = db.prepare('SELECT * FROM users WHERE mobile = ?').get(p.mobile) as UserRow | undefined
        const ownDevice = !!u && isOwnDevice(ctx, u.id, parseCookies(call.req.headers.cookie).device)
        const perMobile = `loginfail:${ownDevice ? 'd' : 'm'}:${p.mobile}`
        const perClient = `loginfail:ip:${clientIp(call.req)}`
        if (
          ctx.limiter.over(perMobile, ctx.limits.loginFailures, LOGIN_WINDOW) ||
          ctx.limiter.over(perClient, ctx.limits.loginFailures * 3, LOGIN_WINDOW)
        ) {
          throw tooFast('密码错误次数过多，请 15 分钟后再试')
        }
        if (!(await checkPassword(p.password, u?.password ?? NO_USER_HASH)) || !u) {
          ctx.limiter.add(perMobile, LOGIN_WINDOW)
          ctx.limiter.add(perClient, LOGIN_WINDOW)
          throw biz(CODE.AUTH_FAILED, '手机号或密码错误')
        }
        return loginResult(ctx, call, userById(ctx, u.id) as UserRow)
      }
      if (p.code !== undefined) {
        // the sandbox maps a code to a dev openid; a deployment exchanges it with WeChat (code2session), not built here
        if (!ctx.sandbox) throw biz(CODE.AUTH_FAILED, '微信登录未开通')
        const openid = p.encryptedData ? openidForCode(p.code) : null
        if (!openid) throw biz(CODE.AUTH_FAILED, '微信登录失败：用户拒绝授权或授权信息缺失')
        return loginResult(ctx, call, userForOpenid(ctx, openid))
      }
      if (p.token !== undefined) {
        const row = db
          .prepare('SELECT user_id, family FROM tokens WHERE token = ? AND expires_at > ?')
          .get(p.token, nowSec()) as { user_id: number; family: string | null } | undefined
        const u = row && userById(ctx, row.user_id)
        if (!u) throw biz(CODE.AUTH_FAILED, '登录令牌无效或已过期')
        // a handed-over token (R2.26) continues its session: the logout of either ends both
        return loginResult(ctx, call, u, row.family ?? p.token)
      }
      if (p.userid !== undefined) return partnerLogin(ctx, call, p.userid, p.usertokenkey ?? '')
      throw biz(CODE.BAD_PARAM, '请输入手机号和密码')
    }
  )

  // R7.59: /userapp/{product}_login — {product} is configurable (PRODUCT env), any *_login answers
  api.post(
    `${U}/:name`,
    {
      schema: S.obj({
        userid: S.str('用户ID', { minLength: 1 }),
        usertokenkey: S.str('用户令牌', { minLength: 1 }),
        devicetoken: S.str()
      })
    },
    (p, call) => {
      const name = (call.req.params as { name: string }).name
      if (!name.endsWith('_login')) {
        call.reply.code(404)
        return new Envelope(404, '请求的资源不存在', null)
      }
      if (!p.userid || !p.usertokenkey) throw biz(CODE.BAD_PARAM, '缺少参数：用户ID(userid) 或 用户令牌(usertokenkey)')
      return partnerLogin(ctx, call, p.userid, p.usertokenkey)
    }
  )

  // R7.51, R7.65: a valid token, or id + sign (payload or cookies)
  api.post(`${U}/userinfo`, { schema: S.obj({ id: S.int('用户ID'), sign: S.str() }) }, (p, call) => {
    const u = call.user ?? userBySign(ctx, p.id, p.sign)
    if (!u) {
      call.reply.code(401)
      return new Envelope(401, '请先登录', null)
    }
    return publicUser(u)
  })

  // R7.52, R4.3: every token of the session ends (the one used, and those a token login or the main host's check
  // made from it), and the user's session version moves on, so every id/sign cookie signed before is void. Other
  // sessions of the viewer (another device's login) go on.
  api.post(`${U}/logout`, { schema: S.obj({}) }, (_p, call) => {
    const session = sessionOf(ctx, call)
    if (call.token) db.prepare('DELETE FROM tokens WHERE token = ?').run(call.token)
    if (session) db.prepare('DELETE FROM tokens WHERE family = ?').run(session)
    if (call.user) db.prepare('UPDATE users SET session_version = session_version + 1 WHERE id = ?').run(call.user.id)
    const secure = call.req.protocol === 'https' ? '; Secure' : ''
    call.reply.header('set-cookie', [
      `id=; Path=/; Max-Age=0; SameSite=Lax${secure}`,
      `sign=; Path=/; Max-Age=0; SameSite=Lax${secure}; HttpOnly`,
      `openid=; Path=/; Max-Age=0; SameSite=Lax${secure}`
    ])
    return null
  })

  // R7.60: messenger-redirect login check on the main host
  api.action('api', 'login', { schema: S.obj({ target_url: S.str() }) }, (p, call) => {
    if (call.user) return loginResult(ctx, call, call.user, sessionOf(ctx, call) ?? undefined)
    const target = p.target_url ?? '/m2/'
    return new Envelope(401, '请先登录', { url: `/wechat/oauth_user?target_url=${encodeURIComponent(target)}` })
  })

  // R7.61, R5.1, R9.9; one code per number per cool-down, a cap per number per day and per client across
  // numbers per hour. Only the sandbox "sends" (prints the code on the server console); without it there is no
  // SMS gateway, so the call is refused rather than pretending.
  api.post(
    '/api/v1/liveapp/sendsms',
    { schema: S.obj({ mobile: MOBILE, type: S.int('类型', { enum: [1, 2, 3], default: 1 }) }, ['mobile']) },
    (p, call) => {
      if (!ctx.sandbox) throw biz(CODE.FAIL, '短信服务未开通，请使用密码登录')
      const { smsCooldown, smsTtl } = ctx.limits
      const last = db.prepare('SELECT sent_at FROM sms WHERE mobile = ?').get(p.mobile) as
        { sent_at: number } | undefined
      const wait = last ? last.sent_at + smsCooldown - nowSec() : 0
      if (wait > 0) throw tooFast(`验证码发送太频繁，请 ${wait} 秒后再试`)
      if (!ctx.limiter.hit(`sms:ip:${clientIp(call.req)}`, ctx.limits.smsPerClientHour, 3600 * 1000))
        throw tooFast('获取验证码次数过多，请稍后再试')
      if (!ctx.limiter.hit(`sms:m:${p.mobile}`, ctx.limits.smsPerMobileDay, 86400 * 1000))
        throw tooFast('该手机号今日获取验证码次数已达上限')
      const code = String(crypto.randomInt(0, 1000000)).padStart(6, '0')
      db.prepare(
        'INSERT INTO sms (mobile, code, sent_at, expires_at, attempts) VALUES (?, ?, ?, ?, 0) ON CONFLICT(mobile) DO UPDATE SET code = excluded.code, sent_at = excluded.sent_at, expires_at = excluded.expires_at, attempts = 0'
      ).run(p.mobile, code, nowSec(), nowSec() + smsTtl)
      if (!process.env.QUIET_SMS)
        console.log(`[sandbox sms] 发送到 ${p.mobile} 的验证码：${code}（${Math.round(smsTtl / 60)} 分钟内有效）`)
      return { mobile: p.mobile, expires_in: smsTtl }
    }
  )

  // R7.62, R5.16
  // R7.62: binding answers nothing about the number (taken or not) before its code is right; a binder's wrong codes
  // count against that binder (per number, 5 a code lifetime), never against the owner's login code; 10 tries a
  // user an hour (code -8)
  api.post(
    `${U}/userinfo/mobile`,
    { auth: true, schema: S.obj({ mobile: MOBILE, verify: VERIFY }, ['mobile', 'verify']) },
    (p, call) => {
      const uid = call.user!.id
      limit(ctx, `bindmobile:u${uid}`, 10, 3600_000)
      const other = db.prepare('SELECT id FROM users WHERE mobile = ? AND id <> ?').get(p.mobile, uid)
      checkSms(ctx, p.mobile, p.verify, `bindtries:u${uid}:${p.mobile}`)
      if (other) throw biz(CODE.FAIL, '该手机号已绑定其他账号')
      db.prepare('UPDATE users SET mobile = ? WHERE id = ?').run(p.mobile, call.user!.id)
      return publicUser(userById(ctx, call.user!.id) as UserRow)
    }
  )

  // R7.63
  api.post(
    `${U}/userinfo/update`,
    {
      auth: true,
      schema: S.obj({ name: S.str('昵称', { maxLength: 20 }), avatar: S.str('头像', { maxLength: 500 }) })
    },
    (p, call) => {
      const name = typeof p.name === 'string' ? p.name.trim() : undefined
      if (name === '') throw biz(CODE.BAD_PARAM, '昵称不能为空')
      if (name && ctxHasSensitive(ctx, name)) throw biz(CODE.SENSITIVE, '昵称包含敏感词，请修改')
      if (name) db.prepare('UPDATE users SET name = ? WHERE id = ?').run(name, call.user!.id)
      if (p.avatar) {
        const avatar = ownAvatar(ctx, call.user!.id, p.avatar, call.base)
        if (!avatar) throw biz(CODE.BAD_PARAM, '头像只能使用本站上传的图片')
        db.prepare('UPDATE users SET avatar = ? WHERE id = ?').run(avatar, call.user!.id)
      }
      return publicUser(userById(ctx, call.user!.id) as UserRow)
    }
  )

  // R7.64 (sandbox signature; without the sandbox there is no ticket to sign with: a refusal, not a fake signature)
  api.post(`${U}/get_jssdk`, { schema: S.obj({ url: S.str('页面地址', { minLength: 1 }) }, ['url']) }, (p) => {
    if (!ctx.sandbox) throw biz(CODE.FAIL, '微信 JS-SDK 未配置')
    const nonceStr = randomToken(8)
    const timestamp = nowSec()
    const signature = crypto
      .createHash('sha1')
      .update(`jsapi_ticket=sandbox&noncestr=${nonceStr}&timestamp=${timestamp}&url=${p.url}`)
      .digest('hex')
    return {
      appId: 'wx_sandbox_appid',
      timestamp,
      nonceStr,
      signature,
      jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData', 'chooseWXPay', 'getLocation'],
      sandbox: 1
    }
  })

  // ---- follow / subscribe R7.43, R7.45–R7.49, R4.25–R4.27
  const streamerOfRoom = (roomid: number): Streamer => {
    const room = ctx.store.doc<Room>('room', roomid)
    const s = room && ctx.store.doc<Streamer>('streamer', room.streamer_id)
    if (!s) throw biz(CODE.NOT_FOUND, '直播间不存在')
    return s
  }
  const isFollowing = (uid: number, sid: number) =>
    !!db.prepare('SELECT 1 FROM follows WHERE user_id = ? AND streamer_id = ?').get(uid, sid)
  const isSubscribed = (uid: number, kind: string, id: number) =>
    !!db.prepare('SELECT 1 FROM subs WHERE user_id = ? AND kind = ? AND target_id = ?').get(uid, kind, id)

  // anonymous callers get 0 rather than 401 (the room page asks on load)
  api.post(`${U}/isfollow`, { schema: S.obj({ roomid: S.int('直播间ID', { minimum: 1 }) }, ['roomid']) }, (p, call) => {
    const s = streamerOfRoom(p.roomid)
    const follow = call.user && isFollowing(call.user.id, s.id) ? 1 : 0
    const subscribe = call.user && isSubscribed(call.user.id, 'room', p.roomid) ? 1 : 0
    return {
      status: follow ? 1 : subscribe ? 2 : 0,
      isfollow: follow,
      issubscribe: subscribe,
      streamer_id: s.id,
      fans: s.fans
    }
  })
  // toggles: code 1 = now following (total +1), code 2 = unfollowed (total -1), R4.26
  api.post(
    `${U}/follow`,
    { auth: true, schema: S.obj({ roomid: S.int('直播间ID', { minimum: 1 }), host_uid: S.int('主播ID') }) },
    (p, call) => {
      const s = p.roomid ? streamerOfRoom(p.roomid) : ctx.store.doc<Streamer>('streamer', p.host_uid ?? 0)
      if (!s) throw biz(CODE.BAD_PARAM, '缺少参数：直播间ID(roomid)')
      const uid = call.user!.id
      if (isFollowing(uid, s.id)) {
        db.prepare('DELETE FROM follows WHERE user_id = ? AND streamer_id = ?').run(uid, s.id)
        ctx.store.patchDoc<Streamer>('streamer', s.id, { fans: Math.max(0, s.fans - 1) })
        return new Envelope(2, '已取消关注', {
          isfollow: 0,
          streamer: streamerItem(ctx, ctx.store.doc<Streamer>('streamer', s.id) as Streamer)
        })
      }
      db.prepare('INSERT INTO follows (user_id, streamer_id, created_at) VALUES (?, ?, ?)').run(uid, s.id, nowSec())
      ctx.store.patchDoc<Streamer>('streamer', s.id, { fans: s.fans + 1 })
      return new Envelope(CODE.OK, '关注成功', {
        isfollow: 1,
        streamer: streamerItem(ctx, ctx.store.doc<Streamer>('streamer', s.id) as Streamer)
      })
    }
  )
  api.post(`${U}/myfollow`, { auth: true, schema: S.obj({ page: S.page(), count: S.count(10, 100) }) }, (p, call) => {
    const ids = db
      .prepare('SELECT streamer_id FROM follows WHERE user_id = ? ORDER BY created_at DESC, streamer_id')
      .all(call.user!.id) as Array<{ streamer_id: number }>
    const list = ids
      .map((r) => ctx.store.doc<Streamer>('streamer', r.streamer_id))
      .filter((s): s is Streamer => !!s)
      .map((s) => streamerItem(ctx, s))
    return paginate(list, p.page, p.count)
  })
  // subscribe to a live room (room_id) or a preview (teaser_id); accept=0 withdraws (R5.13)
  api.post(
    `${U}/subscribe`,
    {
      auth: true,
      schema: S.obj({
        room_id: S.int('直播间ID', { minimum: 1 }),
        roomid: S.int('直播间ID', { minimum: 1 }),
        teaser_id: S.int('预告ID', { minimum: 1 }),
        accept: S.int('是否接受', { enum: [0, 1], default: 1 })
      })
    },
    (p, call) => {
      const uid = call.user!.id
      let kind: 'room' | 'teaser'
      let id: number
      if (p.teaser_id) {
        if (!ctx.store.doc<Teaser>('teaser', p.teaser_id)) throw biz(CODE.NOT_FOUND, '预告不存在')
        kind = 'teaser'
        id = p.teaser_id
      } else if (p.room_id ?? p.roomid) {
        id = (p.room_id ?? p.roomid) as number
        if (!ctx.store.doc<Room>('room', id)) throw biz(CODE.NOT_FOUND, '直播间不存在')
        kind = 'room'
      } else throw biz(CODE.BAD_PARAM, '缺少参数：直播间ID(room_id) 或 预告ID(teaser_id)')
      // a teaser's count moves only when this viewer's own subscription does: repeats add nothing, and a viewer who
      // never subscribed takes nothing away
      const move = (delta: number) => {
        const t = kind === 'teaser' ? ctx.store.doc<Teaser>('teaser', id) : undefined
        if (t) ctx.store.patchDoc<Teaser>('teaser', id, { subscribes: Math.max(0, t.subscribes + delta) })
      }
      if (p.accept === 0) {
        if (
          db.prepare('DELETE FROM subs WHERE user_id = ? AND kind = ? AND target_id = ?').run(uid, kind, id).changes ===
          1
        )
          move(-1)
        return new Envelope(CODE.OK, '已取消订阅', { issubscribe: 0 })
      }
      if (
        db
          .prepare('INSERT OR IGNORE INTO subs (user_id, kind, target_id, created_at) VALUES (?, ?, ?, ?)')
          .run(uid, kind, id, nowSec()).changes === 1
      )
        move(1)
      return new Envelope(CODE.OK, '订阅成功，开播时将提醒您', { issubscribe: 1 })
    }
  )
  api.post(
    `${U}/issubscribe`,
    { schema: S.obj({ teaser_id: S.int('预告ID', { minimum: 1 }), room_id: S.int('直播间ID', { minimum: 1 }) }) },
    (p, call) => {
      if (!p.teaser_id && !p.room_id) throw biz(CODE.BAD_PARAM, '缺少参数：预告ID(teaser_id)')
      const kind = p.teaser_id ? 'teaser' : 'room'
      const sub = call.user && isSubscribed(call.user.id, kind, p.teaser_id ?? p.room_id) ? 1 : 0
      return { issubscribe: sub, status: sub ? 2 : 0 }
    }
  )
}
