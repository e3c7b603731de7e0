import { callGet, callPost } from '@/core/call'
import { currentHosts } from '@/core/request'
import { PRODUCT_CODE } from '@/core/product'

/** A user as the server sends it: the nickname may be under name, nick_name or nickname (R3.3). */
export interface RawUser {
  id: number
  name?: string
  nick_name?: string
  nickname?: string
  nickName?: string
  avatar?: string
  mobile?: string | null
  [key: string]: unknown
}

/** The login answer (R7.53). */
export interface LoginResult {
  user: RawUser
  access_token: string
  token_type: string
  expires_in: number
}

/** The variants of POST /userapp/login (R7.54–R7.57, R1.12, R2.26). */
export type LoginPayload =
  | { mobile: string; password: string } // R7.54
  | { mobile: string; verify: string } // R1.12
  | { code: string; encryptedData: string; iv: string } // R7.55
  | { tokentype: string; token: string } // R7.56, R2.26
  | { userid: string; usertokenkey: string; devicetoken: string } // R7.57

export interface PartnerCredentials {
  userid: string
  usertokenkey: string
  devicetoken: string
}

/** R7.51, R7.65: the current user, by access token or by the id + sign cookies. */
export function fetchUserInfo(params: { id?: number; sign?: string } = {}): Promise<RawUser> {
  return callPost<RawUser>('/userapp/userinfo', params)
}

/** R7.52 */
export function logout(): Promise<unknown> {
  return callPost('/userapp/logout')
}

/** R7.53 */
export function login(payload: LoginPayload): Promise<LoginResult> {
  return callPost<LoginResult>('/userapp/login', payload)
}

/** R7.59: the Wi-Fi app's login, /userapp/{product}_login. */
export function productLogin(payload: PartnerCredentials, product: string = PRODUCT_CODE): Promise<LoginResult> {
  return callPost<LoginResult>(`/userapp/${product}_login`, { ...payload })
}

/** R7.60: the messenger-redirect login check on the main live host (GET): the login, or code 401 with the OAuth url. */
export function apiLogin(targetUrl: string): Promise<LoginResult | { url?: string } | null> {
  return callGet<LoginResult | { url?: string } | null>('/live/api.php?a=login', { target_url: targetUrl })
}

/** R7.58: where the browser goes for the messenger's OAuth login; it comes back to targetUrl. */
export function oauthUrl(targetUrl: string): string {
  return `${currentHosts().live}/wechat/oauth_user?target_url=${encodeURIComponent(targetUrl)}`
}

/** SMS type 1: login / binding (R9.9). */
export const SMS_TYPE = 1

/** R7.61; a refusal carries the server message to show (R5.16). */
export function sendSms(mobile: string): Promise<unknown> {
  return callPost('/liveapp/sendsms', { mobile, type: SMS_TYPE })
}

/** R7.62: bind a mobile to the logged-in user; a refusal carries the server message to show (R5.16). */
export function bindMobile(mobile: string, verify: string): Promise<RawUser | null> {
  return callPost<RawUser | null>('/userapp/userinfo/mobile', { mobile, verify })
}

/** R7.63 */
export function updateUserInfo(fields: { name?: string; avatar?: string }): Promise<RawUser> {
  return callPost<RawUser>('/userapp/userinfo/update', fields)
}

export interface JssdkConfig {
  appId: string
  timestamp: number
  nonceStr: string
  signature: string
  jsApiList?: string[]
}

/** R7.64: the messenger web SDK signature for a page URL. */
export function getJssdk(url: string): Promise<JssdkConfig> {
  return callPost<JssdkConfig>('/userapp/get_jssdk', { url })
}
