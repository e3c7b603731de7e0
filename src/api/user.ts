import type { DataOf, InputOf, PostAt } from '../../contract'
import type { LoginAnswer, User } from '../../contract/user'
import { callAction, callPost } from '@/core/call'
import { currentHosts } from '@/core/request'
import { PRODUCT_CODE } from '@/core/product'

/** A user as the server sends it: the nickname may be under name, nick_name, nickname or nickName (R3.3). */
export type RawUser = User

/** The login answer (R7.53). */
export type LoginResult = LoginAnswer

type LoginFields = InputOf<PostAt<'/userapp/login'>>
type Fields<K extends keyof LoginFields> = Required<Pick<LoginFields, K>>

/** The variants of POST /userapp/login (R7.54–R7.57, R1.12, R2.26). */
export type LoginPayload =
  | Fields<'mobile' | 'password'> // R7.54
  | Fields<'mobile' | 'verify'> // R1.12
  | Fields<'code' | 'encryptedData' | 'iv'> // R7.55
  | Fields<'tokentype' | 'token'> // R7.56, R2.26
  | Fields<'userid' | 'usertokenkey' | 'devicetoken'> // R7.57

/** The partner credentials of R7.57 and of the Wi-Fi app's login (R7.59). */
export type PartnerCredentials = Required<InputOf<PostAt<'/userapp/:name'>>>

/** R7.51, R7.65: the current user, by access token or by the id + sign cookies. */
export function fetchUserInfo(params: { id?: number; sign?: string } = {}): Promise<RawUser> {
  return callPost('/userapp/userinfo', params)
}

/**
 * R7.51, R2.26: whose a token is, asked with that token as the bearer token before the app adopts it; the stored
 * login is neither sent as the bearer nor cleared by a refusal (CallOptions.bearer).
 */
export function fetchUserInfoAs(token: string): Promise<RawUser> {
  return callPost('/userapp/userinfo', {}, { bearer: token })
}

/** R7.52 */
export function logout() {
  return callPost('/userapp/logout', {})
}

/** R7.53 */
export function login(payload: LoginPayload): Promise<LoginResult> {
  return callPost('/userapp/login', payload)
}

/**
 * R7.59: the Wi-Fi app's login, /userapp/{product}_login. The contract has it as /userapp/:name, a path the typed
 * call cannot take: its answer is the contract's login answer all the same.
 */
export function productLogin(payload: PartnerCredentials, product: string = PRODUCT_CODE): Promise<LoginResult> {
  return callPost<DataOf<PostAt<'/userapp/:name'>>>(`/userapp/${product}_login`, { ...payload })
}

/** R7.60: the messenger-redirect login check on the main live host (GET): the login, or code 401 with the OAuth url. */
export function apiLogin(targetUrl: string): Promise<LoginResult> {
  return callAction('/live/api.php?a=login', { target_url: targetUrl })
}

/** R7.58: where the browser goes for the messenger's OAuth login; it comes back to targetUrl. */
export function oauthUrl(targetUrl: string): string {
  return `${currentHosts().live}/wechat/oauth_user?target_url=${encodeURIComponent(targetUrl)}`
}

/** SMS type 1: login / binding (R9.9). */
export const SMS_TYPE = 1

/** R7.61; a refusal carries the server message to show (R5.16). */
export function sendSms(mobile: string) {
  return callPost('/liveapp/sendsms', { mobile, type: SMS_TYPE })
}

/** R7.62: bind a mobile to the logged-in user; a refusal carries the server message to show (R5.16). */
export function bindMobile(mobile: string, verify: string): Promise<RawUser> {
  return callPost('/userapp/userinfo/mobile', { mobile, verify })
}

/** R7.63 */
export function updateUserInfo(fields: { name?: string; avatar?: string }): Promise<RawUser> {
  return callPost('/userapp/userinfo/update', fields)
}

/** The messenger web SDK's config for a page (R7.64). */
export type JssdkConfig = DataOf<PostAt<'/userapp/get_jssdk'>>

/** R7.64: the messenger web SDK signature for a page URL. */
export function getJssdk(url: string): Promise<JssdkConfig> {
  return callPost('/userapp/get_jssdk', { url })
}
