import Taro from '@tarojs/taro'
import { env } from '@/env'
import { responseCookies, requestCredentials } from '@/platform/cookies'
import { currentPlatform } from '@/platform/current'
import { pageOrigin } from '@/platform/origin'
import { cookieHeader, saveCookies } from './cookies'
import {
  ApiError,
  BAD_REQUEST_MESSAGE,
  FORBIDDEN_MESSAGE,
  NETWORK_ERROR_CODE,
  NOT_FOUND_MESSAGE,
  SERVER_ERROR_CODE,
  SERVER_ERROR_MESSAGE,
  TIMEOUT_MESSAGE,
  UNAUTHORIZED_MESSAGE,
  UNAVAILABLE_MESSAGE,
  errMsg,
  rejection,
  uploadError
} from '@/utils/errors'
import { CODE, isSuccessCode, successRuleOf, type Answer, type SuccessRule } from '../../contract/codes'
import { getFingerprint } from './fingerprint'
import { callUrl, resolveHosts, type Hosts } from './hosts'
import { PRODUCT_CODE, mobileApiMarker } from './product'
import { clearToken, getToken, openLoginPrompt } from './token'

/**
 * The one place that talks HTTP (Taro.request, Taro.uploadFile): base paths (spec R7.2–R7.6), the payload fields
 * and headers every call carries (R3.1, R7.1, R6.3), cookies (R4.10), timeouts (R7.7, R9.11) and the error
 * catalogue (R8.1–R8.6, R8.8, R8.9, R8.17, R8.19) for every status of R9.3.
 *
 * Outcomes by HTTP status:
 *   200, 201, 202      the envelope `{code, msg, data}` (a JSON document without `code` becomes `{code: 1, data}`,
 *                      an empty body `{code: 1, data: null}`, an unparseable one `{code: -100}`)
 *   400                resolves `{code: -100, msg: server message or 请求参数错误}`
 *   401                clears the token, rejects ApiError {kind: auth, code: 401, msg: 需要身份验证}; opens the login
 *                      prompt when the call says `loginPrompt` (subscribe, follow, lottery results, vote, quiz)
 *   403                clears the token, rejects ApiError {kind: auth, code: 403, msg: 没有权限访问}
 *                      (a call made with `bearer`, another token than the stored one, clears nothing on 401 / 403;
 *                      nor does one whose stored token changed while it was on its way: a login completed meanwhile)
 *   404                rejects ApiError {kind: not_found, code: 404, msg: 请求的资源不存在}
 *   500, 502           resolves `{code: -101, msg: server message}`
 *   503, 504, others   resolves `{code: -100, msg: server message or 服务暂时不可用}`
 *   no answer in time  rejects ApiError {kind: timeout, code: 0, msg: 网络链接超时,请稍后再试！}
 *   transport failure  resolves `{code: -100, msg: 'request:fail <reason>'}`
 */

/**
 * What a call resolves with: the server's answer (contract/codes.ts Answer), or the core's own stand-in for a failure
 * in the same form (-100 for a transport failure or 400/503/504, -101 for 500/502: R8.2, R8.5).
 */
export type Reply<T = unknown> = Answer<T>

export interface CallOptions {
  method?: 'GET' | 'POST'
  /** ms; default 60000 (R7.7). */
  timeout?: number
  /** A 401 on this call opens the login prompt (R8.4: subscribe, follow, lottery results, vote, quiz). */
  loginPrompt?: boolean
  header?: Record<string, string>
  /**
   * Ask as this token's holder instead of the stored login: a startup token checked before it is adopted (R2.26).
   * Its 401 / 403 leave the stored token alone (the token refused is not the session's).
   */
  bearer?: string
}

export const DEFAULT_TIMEOUT = 60000
export const UPLOAD_TIMEOUT = 600000
export const UPLOAD_PATH = '/upload'
export const UPLOAD_FIELD = 'file'
export const SUCCESS_CODE = CODE.OK

interface RequestConfig {
  hosts: Hosts | null
  timeout: number
  product: string
}

const config: RequestConfig = { hosts: null, timeout: DEFAULT_TIMEOUT, product: PRODUCT_CODE }

/** @internal Overrides for tests: hosts (otherwise resolved lazily from env), default timeout, product code. */
export function configureRequest(options: { hosts?: Partial<Hosts> | null; timeout?: number; product?: string }) {
  if (options.hosts === null) config.hosts = null
  else if (options.hosts) config.hosts = { ...currentHosts(), ...options.hosts }
  if (options.timeout !== undefined) config.timeout = options.timeout
  if (options.product !== undefined) config.product = options.product
}

export function currentHosts(): Hosts {
  return config.hosts || resolveHosts(env, pageOrigin())
}

/** The absolute URL of a call (R7.2–R7.6). */
export function urlOf(path: string): string {
  return callUrl(path, currentHosts(), mobileApiMarker(config.product), pageOrigin())
}

/** R7.1: is the envelope a success under the rule (the call's, from contract/codes.ts: see successRuleOf)? */
export function isSuccess(envelope: { code?: unknown } | null | undefined, rule: SuccessRule = 'one'): boolean {
  const code = Number(envelope?.code)
  return !Number.isNaN(code) && isSuccessCode(code, rule)
}

/** version and platform go with every call (R3.1, R7.1). */
export function commonFields(): { version: string; platform: string } {
  return { version: env.TARO_APP_VERSION, platform: currentPlatform() }
}

/** content-type, Cookie, Authorization and Fingerprint (R7.1, R6.3, R4.9, R4.10). */
export async function commonHeaders(): Promise<Record<string, string>> {
  const token = getToken()
  return {
    'content-type': 'application/json',
    Cookie: cookieHeader(),
    Authorization: token ? `Bearer ${token}` : '',
    Fingerprint: await getFingerprint()
  }
}

function parseBody(raw: unknown): { ok: true; value: unknown } | { ok: false } {
  if (raw === null || raw === undefined) return { ok: true, value: null }
  if (typeof raw !== 'string') return { ok: true, value: raw }
  if (!raw.trim()) return { ok: true, value: null }
  try {
    return { ok: true, value: JSON.parse(raw) }
  } catch {
    return { ok: false }
  }
}

function isAnswer(v: unknown): v is Answer {
  return !!v && typeof v === 'object' && !Array.isArray(v) && 'code' in v
}

/**
 * The server's own message of a failed response: its envelope's msg (or a JSON answer's `message`). A body that is
 * not the API's JSON (a proxy's or a framework's error page: `502 Bad Gateway`, `Internal Server Error`) carries no
 * message for a viewer: the catalogue's Chinese text stands in (decision; R8.8's upload keeps its raw text).
 */
function serverMessage(raw: unknown, fallback: string): string {
  const parsed = parseBody(raw)
  if (parsed.ok && isAnswer(parsed.value) && typeof parsed.value.msg === 'string' && parsed.value.msg)
    return parsed.value.msg
  if (parsed.ok && parsed.value && typeof parsed.value === 'object') {
    const m =
      (parsed.value as { msg?: unknown; message?: unknown }).msg ?? (parsed.value as { message?: unknown }).message
    if (typeof m === 'string' && m) return m
  }
  return fallback
}

function failure(code: number, msg: string): Reply<null> {
  return { code, msg, data: null }
}

/** What a response means, by status (the table at the top of this file). */
export function outcome<T>(statusCode: number, raw: unknown, loginPrompt = false, ownToken = true): Reply<T> {
  if (statusCode >= 200 && statusCode < 300) {
    const parsed = parseBody(raw)
    if (!parsed.ok) return failure(NETWORK_ERROR_CODE, errMsg('request', 'invalid JSON')) as Reply<T>
    if (isAnswer(parsed.value)) {
      const v = parsed.value
      return { code: Number(v.code), msg: typeof v.msg === 'string' ? v.msg : '', data: (v.data ?? null) as T }
    }
    return { code: SUCCESS_CODE, msg: '', data: parsed.value as T }
  }
  switch (statusCode) {
    case 401:
      if (ownToken) clearToken()
      if (ownToken && loginPrompt) openLoginPrompt()
      throw rejection(401, UNAUTHORIZED_MESSAGE, errMsg('request', '401'))
    case 403:
      if (ownToken) clearToken()
      throw rejection(403, FORBIDDEN_MESSAGE, errMsg('request', '403'))
    case 404:
      throw rejection(404, NOT_FOUND_MESSAGE, errMsg('request', '404'))
    case 500:
    case 502:
      return failure(SERVER_ERROR_CODE, serverMessage(raw, SERVER_ERROR_MESSAGE)) as Reply<T>
    case 400:
      return failure(NETWORK_ERROR_CODE, serverMessage(raw, BAD_REQUEST_MESSAGE)) as Reply<T>
    default:
      return failure(NETWORK_ERROR_CODE, serverMessage(raw, UNAVAILABLE_MESSAGE)) as Reply<T>
  }
}

function reasonOf(err: unknown): string {
  const e = err as { errMsg?: unknown; message?: unknown } | null
  const text =
    (e && (typeof e.errMsg === 'string' ? e.errMsg : typeof e.message === 'string' ? e.message : '')) || String(err)
  return text.replace(/^request:fail\s*/, '') || 'network error'
}

function isTimeout(err: unknown, elapsed: number, timeout: number): boolean {
  const e = err as { name?: unknown } | null
  return elapsed >= timeout || /timeout|timed out/i.test(reasonOf(err)) || e?.name === 'AbortError'
}

/**
 * One call. Resolves with the envelope (also the -100 / -101 failure envelopes); rejects only with ApiError
 * (auth 401 / 403, not_found 404, timeout). Success of the envelope is the call's rule (the contract's): see isSuccess, requestData.
 */
export async function request<T = unknown>(
  path: string,
  data: Record<string, unknown> = {},
  options: CallOptions = {}
): Promise<Reply<T>> {
  const method = options.method || 'POST'
  const timeout = options.timeout ?? config.timeout
  // the session's token this call goes out with (commonHeaders reads the same one): its 401 / 403 end the session only
  // while it is still the stored one; a login that completed while the call was on its way is not undone by its answer
  const sentToken = getToken()
  const header = {
    ...(await commonHeaders()),
    ...options.header,
    ...(options.bearer ? { Authorization: `Bearer ${options.bearer}` } : {})
  }
  const started = Date.now()
  let res: Taro.request.SuccessCallbackResult<string>
  try {
    res = await Taro.request<string>({
      url: urlOf(path),
      method,
      data: { ...data, ...commonFields() },
      header,
      timeout,
      dataType: 'text',
      responseType: 'text',
      credentials: requestCredentials
    } as Taro.request.Option<string>)
  } catch (err) {
    if (isTimeout(err, Date.now() - started, timeout)) throw rejection(0, TIMEOUT_MESSAGE, errMsg('request', 'timeout'))
    return failure(NETWORK_ERROR_CODE, errMsg('request', reasonOf(err))) as Reply<T>
  }
  saveCookies(responseCookies(res))
  return outcome<T>(res.statusCode, res.data, !!options.loginPrompt, !options.bearer && getToken() === sentToken)
}

/**
 * A text resource of the media server at its absolute URL (a stream's master playlist, which the mini-program's player
 * reads for its renditions): a plain GET, none of the API's fields, headers or cookies (a stream carries its own signed
 * token in the URL). Rejects ApiError on a timeout, an HTTP error or a transport failure.
 */
export async function fetchText(url: string, timeout = 10000): Promise<string> {
  const started = Date.now()
  let res: Taro.request.SuccessCallbackResult<string>
  try {
    res = await Taro.request<string>({
      url,
      method: 'GET',
      timeout,
      dataType: 'text',
      responseType: 'text'
    } as Taro.request.Option<string>)
  } catch (err) {
    if (isTimeout(err, Date.now() - started, timeout)) throw rejection(0, TIMEOUT_MESSAGE, errMsg('request', 'timeout'))
    throw new ApiError(
      NETWORK_ERROR_CODE,
      UNAVAILABLE_MESSAGE,
      null,
      'request',
      'network',
      errMsg('request', reasonOf(err))
    )
  }
  if (res.statusCode < 200 || res.statusCode >= 300)
    throw rejection(
      res.statusCode,
      serverMessage(res.data, UNAVAILABLE_MESSAGE),
      errMsg('request', String(res.statusCode))
    )
  return typeof res.data === 'string' ? res.data : String(res.data ?? '')
}

export function get<T = unknown>(path: string, params: Record<string, unknown> = {}, options: CallOptions = {}) {
  return request<T>(path, params, { ...options, method: 'GET' })
}

export function post<T = unknown>(path: string, data: Record<string, unknown> = {}, options: CallOptions = {}) {
  return request<T>(path, data, { ...options, method: 'POST' })
}

/**
 * The data of an envelope that is a success under the call's rule (the contract's, R7.1); any other envelope rejects
 * ApiError with its code, msg and data (R8.9).
 */
export async function requestData<T = unknown>(
  path: string,
  data: Record<string, unknown> = {},
  options: CallOptions = {}
): Promise<T> {
  const envelope = await request<T>(path, data, options)
  if (!isSuccess(envelope, successRuleOf(path))) throw new ApiError(envelope.code, envelope.msg, envelope.data)
  return envelope.data
}

/** @internal The core's own reading (its rejections pass through): the app's calls go through src/core/call.ts. */
export function postData<T = unknown>(path: string, data: Record<string, unknown> = {}, options: CallOptions = {}) {
  return requestData<T>(path, data, { ...options, method: 'POST' })
}

export interface UploadOptions {
  /** Extra form fields; version and platform are always added (R7.107). */
  formData?: Record<string, string>
  /** ms; default 600000 (R9.11). */
  timeout?: number
  path?: string
  /** The file's name (H5: a picked file is a blob: URL without one; the server takes the type from its extension). */
  fileName?: string
}

/**
 * Upload a local file (spec R7.107): POST /upload, multipart field `file` plus version and platform. Failures
 * reject ApiError of kind upload, its data's reason abort, timeout or network; a reply that is not JSON rejects with its
 * raw text (reason parse, R8.8);
 * a JSON reply follows the same status table as request().
 */
export async function upload<T = unknown>(filePath: string, options: UploadOptions = {}): Promise<Reply<T>> {
  const { Cookie, Authorization, Fingerprint } = await commonHeaders()
  const timeout = options.timeout ?? UPLOAD_TIMEOUT
  let res: Taro.uploadFile.SuccessCallbackResult
  try {
    res = await Taro.uploadFile({
      url: urlOf(options.path || UPLOAD_PATH),
      filePath,
      name: UPLOAD_FIELD,
      ...(options.fileName ? { fileName: options.fileName } : {}),
      formData: { ...options.formData, ...commonFields() },
      header: { Cookie, Authorization, Fingerprint },
      timeout
    })
  } catch (err) {
    const reason = reasonOf(err).replace(/^uploadFile:fail\s*/, '')
    if (/abort/i.test(reason)) throw uploadError('abort', 'abort')
    if (/timeout/i.test(reason)) throw uploadError('timeout', 'timeout')
    throw uploadError('network', reason || 'network error')
  }
  const raw = typeof res.data === 'string' ? res.data : JSON.stringify(res.data)
  if (!parseBody(raw).ok) throw uploadError('parse', `invalid JSON (status ${res.statusCode})`, raw)
  return outcome<T>(res.statusCode, raw)
}
