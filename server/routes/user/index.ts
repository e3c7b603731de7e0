import type { FastifyPluginAsync } from 'fastify'
import crypto from 'node:crypto'
import { Envelope } from '../../plugins/app/calls'
import { deviceCookie, isOwnDevice, limitAddress, signFor, userBySign } from '../../plugins/app/identity'
import type { AppContext, Call } from '../../types/context'
import { CODE, biz, checkPassword, nowSec, paginate, parseCookies, randomToken } from '../../lib/util'
import { limit, overLimit, tooFast } from '../../services/limits'
import { ownAvatar } from '../../services/avatars'
import { loginSessionOf } from '../../services/sessions'
import { endSessionStreams } from '../../services/stream-access'
import { DEMO } from '../../db/seed-ids'
import type { Room, Streamer, Teaser, UserRow } from '../../types'
import { publicUser, streamerItem } from '../../views'
import type { DataOf } from '../../../contract/call'
import * as user from '../../../contract/user'
import { ctxHasSensitive, namePosesAsStaff, plainText, userById } from '../../repositories/users'
import {
  TOKEN_TTL,
  addFollow,
  addSubscription,
  checkSms,
  createUser,
  deleteSession,
  deleteToken,
  followedStreamerIds,
  freeCookieExpiry,
  isFollowing,
  isSubscribed,
  issueToken,
  liveToken,
  mobileTakenByOther,
  removeFollow,
  rememberCookieSession,
  removeSubscription,
  saveSmsCode,
  setUserAvatar,
  setUserMobile,
  setUserName,
  smsSentAt,
  userByMobile,
  userByPartnerUid,
  userForOpenid,
  voidSignedCookies,
  type SubscriptionKind
} from '../../repositories/accounts'

/** An HTML tag: `<` then a letter, / or ! (`1<2>0` is not one), as the client's stripHtml reads it. */
const HTML_TAG = /<[a-zA-Z/!][^>]*>/

// the account helpers other files import from here (app.ts, the tests)
export { SMS_VOID_MSG, TOKEN_TTL, checkSms, issueToken, userForOpenid } from '../../repositories/accounts'

/** The device cookie lives a year: it only says that a login of its user happened on this device. */
const DEVICE_TTL = 365 * 86400

/**
 * The id/sign (and openid) cookies of R4.10 / R7.65: `sign` expires with the token and is void after a
 * logout (plugins/app/identity.ts); `Secure` on https; `sign` is HttpOnly — the mini-program reads Set-Cookie headers, where
 * HttpOnly does not hide it, and the H5 browser sends it without a script reading it — while `id` and `openid`
 * stay readable because the H5 client reads them from document.cookie (src/platform/cookies.h5.ts, R7.65).
 */
export function setLoginCookies(
  ctx: AppContext,
  call: Pick<Call, 'req' | 'reply'>,
  user: UserRow,
  family: string
): void {
  const secure = call.req.protocol === 'https' ? '; Secure' : ''
  const opts = `Path=/; Max-Age=${TOKEN_TTL}; SameSite=Lax${secure}`
  // each login's sign is its own (a free expiry second) and is recorded with the login's session
  const expires = freeCookieExpiry(ctx, user.id, nowSec() + TOKEN_TTL)
  const sign = signFor(ctx, user, expires)
  rememberCookieSession(ctx, user.id, sign, family, expires)
  const cookies = [
    `id=${user.id}; ${opts}`,
    `sign=${sign}; ${opts}; HttpOnly`,
    `device=${deviceCookie(ctx, user.id)}; Path=/; Max-Age=${DEVICE_TTL}; SameSite=Lax${secure}; HttpOnly`
  ]
  if (user.openid) cookies.push(`openid=${encodeURIComponent(user.openid)}; ${opts}`)
  call.reply.header('set-cookie', cookies)
}

/**
 * The login answer of R7.53, with the id/sign cookies of R4.10 / R7.65: its token and its cookies in the login session
 * `family` (a token login or the main host's check continue the caller's; otherwise a new one starts).
 */
export function loginResult(
  ctx: AppContext,
  call: Call,
  user: UserRow,
  family: string = randomToken()
): user.LoginAnswer {
  // every login keeps a token and a cookie session for seven days: counted per user, before either is written, in the
  // same synchronous step (a token login costs no password hash, so one account could otherwise grow both tables
  // without end)
  if (!ctx.limiter.take('login.sessions', user.id)) throw tooFast(LOGINS_TOO_MANY)
  const access_token = issueToken(ctx, user, family)
  setLoginCookies(ctx, call, user, family)
  return { user: publicUser(user), access_token, token_type: 'Bearer', expires_in: TOKEN_TTL }
}

/** Dev mini-program login: a code maps to a dev openid. `dev`/`demo` → the demo user without a mobile;
 * `refuse` → refused; anything else → a stable new WeChat user for that code. */
export function openidForCode(code: string): string | null {
  if (code === 'refuse') return null
  if (code === 'dev' || code === 'demo') return DEMO.noMobile.openid
  return `o_dev_${crypto.createHash('sha1').update(code).digest('hex').slice(0, 16)}`
}

/**
 * A hash to check against when the mobile has no account, so both answers take the same time: `no-such-user` with the
 * salt `same-time` (checkPassword's format), written out rather than worked out at every start (scrypt, about 65 ms of
 * processor on a 2-core machine).
 */
const NO_USER_HASH = 'same-time:3811a660c55aa5595a26935ec490329e40bdf44c4542078b382f0f5a919cab72'
/** The password login's lockout message (code -8): the mobile's wrong passwords reached `loginFailures`. */
export const LOCKED_MSG = '密码错误次数过多，请 15 分钟后再试'

/** The refusal (code -8) of a login past `login.sessions`: the user's logins of the last hour. */
export const LOGINS_TOO_MANY = '登录过于频繁，请稍后再试'

/** A name goes with every chat message of its user: at most this many characters (the profile's own is 20). */
const NAME_MAX = 32

function partnerLogin(ctx: AppContext, call: Call, userid: string, key: string) {
  // the contract bounds userid (1–64 of [\w-]); checked again here, before anything is looked up or stored
  if (!/^[\w-]{1,64}$/.test(userid)) throw biz(CODE.BAD_PARAM, '用户ID须为1-64位字母、数字、下划线或短横线')
  // sandbox rule: the partner's token key for user X is `dev-X`; without the sandbox there is no partner to ask
  if (!ctx.sandbox) throw biz(CODE.AUTH_FAILED, '合作方登录未开通')
  if (key !== `dev-${userid}`) throw biz(CODE.AUTH_FAILED, '登录凭证无效，请重新登录')
  const name = `合作用户${userid}`.slice(0, NAME_MAX)
  const u = userByPartnerUid(ctx, userid) ?? createUser(ctx, { name, partner_uid: userid })
  return loginResult(ctx, call, u)
}

const userRoutes: FastifyPluginAsync = async (app) => {
  const { api, ctx } = app
  // R7.53–R7.57, R1.9–R1.14, R2.26
  api.call(user.login, async (p, call) => {
    if (p.mobile !== undefined) {
      if (!new RegExp(user.MOBILE_RE).test(p.mobile)) throw biz(CODE.BAD_PARAM, '请输入正确的手机号')
      if (p.verify !== undefined) {
        checkSms(ctx, p.mobile, p.verify)
        const u =
          userByMobile(ctx, p.mobile) ?? createUser(ctx, { name: `用户${p.mobile.slice(-4)}`, mobile: p.mobile })
        return loginResult(ctx, call, u)
      }
      if (!p.password) throw biz(CODE.BAD_PARAM, '请输入密码')
      // Wrong passwords are counted per mobile and per address, each checked and counted in one step before the
      // password is hashed: an attempt takes its place among the wrong ones and gives it back only when it turns out
      // right, so a burst never has more than `loginFailures` evaluated for one mobile, whatever the concurrency.
      // The owner's own device (the device cookie an earlier login of this user left) counts apart and passes the
      // address's count, so others can lock the mobile but not the owner's phone; an address past its count (one
      // carrier NAT, one IPv6 /64) slows to a login every `loginSlowSeconds` rather than locking everyone there.
      const u = userByMobile(ctx, p.mobile)
      const ownDevice = !!u && isOwnDevice(ctx, u.id, parseCookies(call.req.headers.cookie).device)
      const perMobile = ownDevice ? 'login.device' : 'login.mobile'
      const address = limitAddress(call.req)
      let addressCounted = false
      if (!ownDevice) {
        addressCounted = ctx.limiter.take('login.address', address)
        if (!addressCounted && !ctx.limiter.take('login.slow', address))
          throw tooFast(`登录尝试过于频繁，请 ${ctx.limiter.secondsLeft('login.slow', address)} 秒后再试`)
      }
      const giveBack = () => {
        ctx.limiter.refund(perMobile, p.mobile!)
        if (addressCounted) ctx.limiter.refund('login.address', address)
      }
      if (!ctx.limiter.take(perMobile, p.mobile)) {
        if (addressCounted) ctx.limiter.refund('login.address', address)
        throw tooFast(LOCKED_MSG)
      }
      // An account without a password (made by an SMS login, or one that bound its mobile) has none to log in with:
      // the attempt is heard against the no-account hash, so it takes the same time and gets the same refusal, and
      // that hash's own password (`no-such-user`) logs in to nobody.
      const stored = u?.password || null
      let right: boolean
      try {
        right = (await checkPassword(p.password, stored ?? NO_USER_HASH)) && !!stored
      } catch (err) {
        giveBack()
        throw err
      }
      if (!right || !u) throw biz(CODE.AUTH_FAILED, '手机号或密码错误')
      giveBack()
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
      const row = liveToken(ctx, p.token)
      const u = row && userById(ctx, row.user_id)
      if (!u) throw biz(CODE.AUTH_FAILED, '登录令牌无效或已过期')
      // a handed-over token (R2.26) continues its session: the logout of either ends both
      return loginResult(ctx, call, u, row.family ?? p.token)
    }
    if (p.userid !== undefined) return partnerLogin(ctx, call, p.userid, p.usertokenkey ?? '')
    throw biz(CODE.BAD_PARAM, '请输入手机号和密码')
  })

  // R7.59: /userapp/{product}_login — {product} is configurable (PRODUCT env), any *_login answers
  api.call(user.productLogin, (p, call) => {
    const name = (call.req.params as { name: string }).name
    if (!name.endsWith('_login')) {
      call.reply.code(404)
      return new Envelope(404, '请求的资源不存在', null)
    }
    if (!p.userid || !p.usertokenkey) throw biz(CODE.BAD_PARAM, '缺少参数：用户ID(userid) 或 用户令牌(usertokenkey)')
    return partnerLogin(ctx, call, p.userid, p.usertokenkey)
  })

  // R7.51, R7.65: a valid token, or id + sign (payload or cookies)
  api.call(user.userinfo, (p, call) => {
    const u = call.user ?? userBySign(ctx, p.id, p.sign)
    if (!u) {
      call.reply.code(401)
      return new Envelope(401, '请先登录', null)
    }
    return publicUser(u)
  })

  // R7.52, R4.3: every token of the login ends (the one used, and those a token login or the main host's check made
  // from it or from its cookies, in whatever order), and so do the stream URLs handed out in it (a paid stream's URL
  // plays no longer for whoever holds it); the user's session version moves on, so every id/sign cookie signed before
  // is void. Other logins of the viewer (another device's) keep their tokens and streams.
  api.call(user.logout, (_p, call) => {
    const session = loginSessionOf(ctx, call)
    if (call.token) deleteToken(ctx, call.token)
    if (session) {
      deleteSession(ctx, session)
      endSessionStreams(ctx, session)
    }
    if (call.user) voidSignedCookies(ctx, call.user.id)
    const secure = call.req.protocol === 'https' ? '; Secure' : ''
    call.reply.header('set-cookie', [
      `id=; Path=/; Max-Age=0; SameSite=Lax${secure}`,
      `sign=; Path=/; Max-Age=0; SameSite=Lax${secure}; HttpOnly`,
      `openid=; Path=/; Max-Age=0; SameSite=Lax${secure}`
    ])
    return null
  })

  // R7.60: messenger-redirect login check on the main host
  api.call(user.apiLogin, (p, call) => {
    if (call.user) return loginResult(ctx, call, call.user, loginSessionOf(ctx, call) ?? undefined)
    const target = p.target_url ?? '/m2/'
    return new Envelope(401, '请先登录', { url: `/wechat/oauth_user?target_url=${encodeURIComponent(target)}` })
  })

  // R7.61, R5.1, R9.9; one code per number per cool-down, a cap per number per day and per client across
  // numbers per hour. Only the sandbox "sends" (prints the code on the server console); without it there is no
  // SMS gateway, so the call is refused rather than pretending.
  api.call(user.sendSms, (p, call) => {
    if (!ctx.sandbox) throw biz(CODE.FAIL, '短信服务未开通，请使用密码登录')
    const { smsCooldown, smsTtl } = ctx.limits
    const last = smsSentAt(ctx, p.mobile)
    const wait = last !== undefined ? last + smsCooldown - nowSec() : 0
    if (wait > 0) throw overLimit('sms.cooldown', `验证码发送太频繁，请 ${wait} 秒后再试`)
    if (ctx.limiter.over('sms.mobile', p.mobile)) throw tooFast('该手机号今日获取验证码次数已达上限')
    if (!ctx.limiter.take('sms.address', limitAddress(call.req))) throw tooFast('获取验证码次数过多，请稍后再试')
    ctx.limiter.add('sms.mobile', p.mobile)
    const code = String(crypto.randomInt(0, 1000000)).padStart(6, '0')
    saveSmsCode(ctx, p.mobile, code, smsTtl)
    if (!process.env.QUIET_SMS)
      console.log(`[sandbox sms] 发送到 ${p.mobile} 的验证码：${code}（${Math.round(smsTtl / 60)} 分钟内有效）`)
    return { mobile: p.mobile, expires_in: smsTtl }
  })

  // R7.62, R5.16
  // R7.62: binding answers nothing about the number (taken or not) before its code is right; a binder's wrong codes
  // count against that binder (per number, 5 a code lifetime) and against the number (10 a code lifetime from all
  // binders together), never against the owner's login code; 10 tries a user an hour (code -8)
  api.call(user.bindMobile, (p, call) => {
    const uid = call.user!.id
    limit(ctx, 'bind.mobile', uid)
    const taken = mobileTakenByOther(ctx, p.mobile, uid)
    checkSms(ctx, p.mobile, p.verify, `${uid}:${p.mobile}`)
    if (taken) throw biz(CODE.FAIL, '该手机号已绑定其他账号')
    setUserMobile(ctx, uid, p.mobile)
    return publicUser(userById(ctx, uid) as UserRow)
  })

  // R7.63
  api.call(user.updateUserinfo, (p, call) => {
    const uid = call.user!.id
    const name = typeof p.name === 'string' ? plainText(p.name).trim() : undefined
    if (name === '') throw biz(CODE.BAD_PARAM, '昵称不能为空')
    // pages show text with its tags stripped (R5.4): a name of tags would show as something else than was saved
    if (name && HTML_TAG.test(name)) throw biz(CODE.BAD_PARAM, '昵称不能包含 HTML 标签，请修改')
    if (name && ctxHasSensitive(ctx, name)) throw biz(CODE.SENSITIVE, '昵称包含敏感词，请修改')
    if (name && namePosesAsStaff(name)) throw biz(CODE.SENSITIVE, '昵称不能冒充系统或官方账号，请修改')
    if (name) setUserName(ctx, uid, name)
    if (p.avatar) {
      const avatar = ownAvatar(ctx, uid, p.avatar, call.base)
      if (!avatar) throw biz(CODE.BAD_PARAM, '头像只能使用本站上传的图片')
      setUserAvatar(ctx, uid, avatar)
    }
    return publicUser(userById(ctx, uid) as UserRow)
  })

  // R7.64 (sandbox signature; without the sandbox there is no ticket to sign with: a refusal, not a fake signature)
  api.call(user.jssdk, (p): DataOf<typeof user.jssdk> => {
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

  // anonymous callers get 0 rather than 401 (the room page asks on load)
  api.call(user.isFollow, (p, call): DataOf<typeof user.isFollow> => {
    const s = streamerOfRoom(p.roomid)
    const follow = call.user && isFollowing(ctx, call.user.id, s.id) ? 1 : 0
    const subscribe = call.user && isSubscribed(ctx, call.user.id, 'room', p.roomid) ? 1 : 0
    return {
      status: follow ? 1 : subscribe ? 2 : 0,
      isfollow: follow,
      issubscribe: subscribe,
      streamer_id: s.id,
      fans: s.fans
    }
  })
  // toggles: code 1 = now following (total +1), code 2 = unfollowed (total -1), R4.26
  api.call(user.follow, (p, call) => {
    const s = p.roomid ? streamerOfRoom(p.roomid) : ctx.store.doc<Streamer>('streamer', p.host_uid ?? 0)
    if (!s) throw biz(CODE.BAD_PARAM, '缺少参数：直播间ID(roomid)')
    const uid = call.user!.id
    if (isFollowing(ctx, uid, s.id)) {
      removeFollow(ctx, uid, s.id)
      ctx.store.patchDoc<Streamer>('streamer', s.id, { fans: Math.max(0, s.fans - 1) })
      return new Envelope(2, '已取消关注', {
        isfollow: 0,
        streamer: streamerItem(ctx, ctx.store.doc<Streamer>('streamer', s.id) as Streamer)
      })
    }
    addFollow(ctx, uid, s.id)
    ctx.store.patchDoc<Streamer>('streamer', s.id, { fans: s.fans + 1 })
    return new Envelope(CODE.OK, '关注成功', {
      isfollow: 1,
      streamer: streamerItem(ctx, ctx.store.doc<Streamer>('streamer', s.id) as Streamer)
    })
  })
  api.call(user.myFollow, (p, call) => {
    const list = followedStreamerIds(ctx, call.user!.id)
      .map((id) => ctx.store.doc<Streamer>('streamer', id))
      .filter((s): s is Streamer => !!s)
      .map((s) => streamerItem(ctx, s))
    // page and count have defaults: the validated payload always has them
    return paginate(list, p.page, p.count)
  })
  // subscribe to a live room (room_id) or a preview (teaser_id); accept=0 withdraws (R5.13)
  api.call(user.subscribe, (p, call) => {
    const uid = call.user!.id
    let kind: SubscriptionKind
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
      if (removeSubscription(ctx, uid, kind, id)) move(-1)
      return new Envelope(CODE.OK, '已取消订阅', { issubscribe: 0 })
    }
    if (addSubscription(ctx, uid, kind, id)) move(1)
    return new Envelope(CODE.OK, '订阅成功，开播时将提醒您', { issubscribe: 1 })
  })
  api.call(user.isSubscribe, (p, call): DataOf<typeof user.isSubscribe> => {
    if (!p.teaser_id && !p.room_id) throw biz(CODE.BAD_PARAM, '缺少参数：预告ID(teaser_id)')
    const kind = p.teaser_id ? 'teaser' : 'room'
    const sub = call.user && isSubscribed(ctx, call.user.id, kind, (p.teaser_id ?? p.room_id)!) ? 1 : 0
    return { issubscribe: sub, status: sub ? 2 : 0 }
  })
}

export default userRoutes
