/** The user's calls (spec section 7, "User"), and following streamers and subscribing to rooms and previews ("Streamers"). */
import { Type } from 'typebox'
import { defineCall } from './call'
import { StreamerItem } from './content'
import { F, Flag, NoData, Obj, Paged, Payload, Seconds, Url, type Static } from './schema'

/** A mainland mobile number: 11 digits, 1 and then 3 to 9 (R5.1). */
export const MOBILE_RE = '^1[3-9]\\d{9}$'

/** The mobile number of the SMS and binding calls (R5.1). */
export const MOBILE = F.str('手机号', { pattern: MOBILE_RE, errmsg: '请输入正确的手机号' })
/** The SMS verification code: 4 to 6 digits. */
export const VERIFY = F.str('验证码', { pattern: '^\\d{4,6}$', errmsg: '请输入正确的验证码' })

const nickname = (also: string) =>
  Type.Optional(
    Type.String({
      description: `昵称（${also}）。客户端依次读 name、nick_name、nickname、nickName（R3.3），取第一个非空的；后端至少给出其一，参考服务器四个都给`
    })
  )

/** The user as every call answers it (R3.2–R3.5). */
export const User = Obj(
  {
    id: Type.Integer({ minimum: 1, description: '用户ID' }),
    name: nickname('name'),
    nick_name: nickname('nick_name'),
    nickname: nickname('nickname'),
    nickName: nickname('nickName'),
    avatar: Url(),
    mobile: Type.String({ description: '绑定的手机号；未绑定为空字符串' }),
    gold: Type.Integer({ description: '慧币余额' })
  },
  { description: '用户' }
)
export type User = Static<typeof User>

/** The login answer (R7.53): the user, the access token and how long it lasts. */
export const LoginAnswer = Obj({
  user: User,
  access_token: Type.String({ description: '访问令牌：之后的请求以 Authorization: Bearer <access_token> 携带' }),
  token_type: Type.String({ description: '令牌类型：Bearer' }),
  expires_in: Type.Integer({ minimum: 1, description: 'access_token 的有效秒数' })
})
export type LoginAnswer = Static<typeof LoginAnswer>

/**
 * A partner's user id (R7.57, R7.59): 1–64 letters, digits, `_` or `-`. The account it makes is named 合作用户 and
 * the id, cut to 32 characters: the name goes with every chat message of that user.
 */
const PARTNER_USERID = F.str('用户ID', {
  pattern: '^[\\w-]{1,64}$',
  errmsg: '用户ID须为1-64位字母、数字、下划线或短横线'
})
const DEVICE_TOKEN = F.str('设备令牌', { maxLength: 256 })

export const login = defineCall({
  spec: ['R7.53', 'R7.54', 'R7.55', 'R7.56', 'R7.57', 'R1.9', 'R1.10', 'R1.11', 'R1.12', 'R1.13', 'R1.14', 'R2.26'],
  summary: '登录：手机号加密码或验证码、小程序 code、令牌（tokentype + token）、合作方 userid + usertokenkey',
  method: 'POST',
  path: '/api/v1/userapp/login',
  payload: Payload({
    mobile: F.str('手机号'),
    password: F.str('密码', { maxLength: 64 }),
    verify: F.str('验证码'),
    code: F.str('登录凭证'),
    encryptedData: F.str(),
    iv: F.str(),
    tokentype: F.str(),
    token: F.str('令牌'),
    userid: PARTNER_USERID,
    usertokenkey: F.str('用户令牌', { maxLength: 128 }),
    devicetoken: DEVICE_TOKEN
  }),
  data: LoginAnswer
})

export const productLogin = defineCall({
  spec: ['R7.59', 'R1.11'],
  summary: '产品 App 登录：/userapp/{product}_login（product 可配置；其他名称答 404）',
  method: 'POST',
  path: '/api/v1/userapp/:name',
  payload: Payload({
    userid: PARTNER_USERID,
    usertokenkey: F.str('用户令牌', { minLength: 1, maxLength: 128 }),
    devicetoken: DEVICE_TOKEN
  }),
  data: LoginAnswer
})

export const userinfo = defineCall({
  spec: ['R7.51', 'R7.65'],
  summary: '当前用户：访问令牌，或 id + sign（参数或 Cookie）；都无效时 HTTP 401',
  method: 'POST',
  path: '/api/v1/userapp/userinfo',
  payload: Payload({ id: F.int('用户ID'), sign: F.str() }),
  data: User
})

export const logout = defineCall({
  spec: ['R7.52', 'R4.3'],
  summary: '退出登录：本次登录的令牌全部失效，之前签发的 id/sign Cookie 作废',
  method: 'POST',
  path: '/api/v1/userapp/logout',
  payload: Payload({}),
  data: NoData()
})

export const apiLogin = defineCall({
  spec: ['R7.60', 'R7.56'],
  summary: '主站登录检查（公众号跳转登录）：已登录答登录结果，否则 code 401 并给出 OAuth 地址',
  method: 'GET,POST',
  path: '/live/api.php',
  action: 'login',
  payload: Payload({ target_url: F.str() }),
  data: LoginAnswer,
  refusal: Obj({
    url: Url()
  })
})

export const sendSms = defineCall({
  spec: ['R7.61', 'R5.1', 'R9.9'],
  summary: '发送短信验证码（仅沙箱：验证码打印在服务器控制台）',
  method: 'POST',
  path: '/api/v1/liveapp/sendsms',
  payload: Payload({ mobile: MOBILE, type: F.int('类型', { enum: [1, 2, 3], default: 1 }) }, ['mobile']),
  data: Obj({
    mobile: Type.String(),
    expires_in: Type.Integer({ minimum: 1, description: '验证码有效秒数' })
  })
})

export const bindMobile = defineCall({
  spec: ['R7.62', 'R5.16'],
  summary: '绑定手机号',
  method: 'POST',
  path: '/api/v1/userapp/userinfo/mobile',
  auth: true,
  payload: Payload({ mobile: MOBILE, verify: VERIFY }, ['mobile', 'verify']),
  data: User
})

export const updateUserinfo = defineCall({
  spec: ['R7.63'],
  summary: '修改昵称、头像（头像只能用本站上传的图片）',
  method: 'POST',
  path: '/api/v1/userapp/userinfo/update',
  auth: true,
  payload: Payload({ name: F.str('昵称', { maxLength: 20 }), avatar: F.str('头像', { maxLength: 500 }) }),
  data: User
})

export const jssdk = defineCall({
  spec: ['R7.64'],
  summary: '微信 JS-SDK 签名（参考服务器只有沙箱签名）',
  method: 'POST',
  path: '/api/v1/userapp/get_jssdk',
  payload: Payload({ url: F.str('页面地址', { minLength: 1 }) }, ['url']),
  data: Obj({
    appId: Type.String(),
    timestamp: Seconds(),
    nonceStr: Type.String(),
    signature: Type.String(),
    jsApiList: Type.Array(Type.String()),
    sandbox: Type.Optional(Type.Literal(1, { description: '沙箱签名（参考服务器）' }))
  })
})

export const isFollow = defineCall({
  spec: ['R7.45', 'R4.25'],
  summary: '是否关注了直播间的主播、订阅了直播间（未登录答 0）',
  method: 'POST',
  path: '/api/v1/userapp/isfollow',
  payload: Payload({ roomid: F.int('直播间ID', { minimum: 1 }) }, ['roomid']),
  data: Obj({
    status: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], {
      description: '1 已关注主播，2 已订阅直播间（未关注），0 都没有'
    }),
    isfollow: Flag(),
    issubscribe: Flag(),
    streamer_id: Type.Integer({ description: '直播间的主播ID' }),
    fans: Type.Integer({ minimum: 0, description: '主播的粉丝数' })
  })
})

export const follow = defineCall({
  spec: ['R7.46', 'R4.26'],
  summary: '关注 / 取消关注（切换）：code 1 已关注，code 2 已取消关注',
  method: 'POST',
  path: '/api/v1/userapp/follow',
  auth: true,
  payload: Payload({ roomid: F.int('直播间ID', { minimum: 1 }), host_uid: F.int('主播ID') }),
  data: Obj({ isfollow: Flag(), streamer: StreamerItem })
})

export const myFollow = defineCall({
  spec: ['R7.43'],
  summary: '我关注的主播（最近关注的在前）',
  method: 'POST',
  path: '/api/v1/userapp/myfollow',
  auth: true,
  payload: Payload({ page: F.page(), count: F.count(10, 100) }),
  data: Paged(StreamerItem)
})

export const subscribe = defineCall({
  spec: ['R7.47', 'R7.49', 'R4.27', 'R5.13'],
  summary: '订阅直播间（room_id / roomid）或预告（teaser_id）的开播提醒；accept=0 取消订阅',
  method: 'POST',
  path: '/api/v1/userapp/subscribe',
  auth: true,
  payload: Payload({
    room_id: F.int('直播间ID', { minimum: 1 }),
    roomid: F.int('直播间ID', { minimum: 1 }),
    teaser_id: F.int('预告ID', { minimum: 1 }),
    accept: F.int('是否接受', { enum: [0, 1], default: 1 })
  }),
  data: Obj({ issubscribe: Flag() })
})

export const isSubscribe = defineCall({
  spec: ['R7.48', 'R4.27'],
  summary: '是否订阅了预告（teaser_id）或直播间（room_id）（未登录答 0）',
  method: 'POST',
  path: '/api/v1/userapp/issubscribe',
  payload: Payload({ teaser_id: F.int('预告ID', { minimum: 1 }), room_id: F.int('直播间ID', { minimum: 1 }) }),
  data: Obj({
    issubscribe: Flag(),
    status: Type.Union([Type.Literal(0), Type.Literal(2)], { description: '2 已订阅，0 未订阅' })
  })
})
