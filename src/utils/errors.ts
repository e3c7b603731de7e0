import { CODE } from '../../contract/codes'

/** The business codes (contract/codes.ts, the server's too), for the client's every layer. */
export { CODE }

/**
 * The error catalogue of spec section 8, as values, and the app's one error class (ApiError, its kind saying what
 * happened). It sits in the lowest layer so that every layer throws it, the platform's refusals too. Every failure
 * carries an errMsg of the form `method:ok` / `method:fail reason` (R8.19), so a caller can log one string whatever
 * the target.
 */

/** R8.6: the timeout message, exactly. */
export const TIMEOUT_MESSAGE = '网络链接超时,请稍后再试！'
/** R8.1: HTTP 404. */
export const NOT_FOUND_MESSAGE = '请求的资源不存在'
/** R8.3: HTTP 403. */
export const FORBIDDEN_MESSAGE = '没有权限访问'
/** R8.4: HTTP 401. */
export const UNAUTHORIZED_MESSAGE = '需要身份验证'
/** R8.2: 500/502 without a readable server message. */
export const SERVER_ERROR_MESSAGE = '服务器开小差了,请稍后再试'
/** 503/504 without a readable server message (R9.3: "other failure" of R8.5). */
export const UNAVAILABLE_MESSAGE = '服务暂时不可用,请稍后再试'
/** 400 without a readable server message. */
export const BAD_REQUEST_MESSAGE = '请求参数错误'
/**
 * What a viewer reads for a transport failure: the -100 envelope of R8.5 keeps the error itself as its msg
 * (`request:fail Failed to fetch`, R8.19) for callers and logs, but a screen or toast never shows that English.
 */
export const NETWORK_FAILURE_MESSAGE = '网络异常,请检查网络后重试'

/** R8.2: code of the envelope a 500/502 resolves with. */
export const SERVER_ERROR_CODE = CODE.SERVER_FAILURE
/** R8.5: code of the envelope a network or other failure resolves with. */
export const NETWORK_ERROR_CODE = CODE.NETWORK_FAILURE

/** R8.19: `method:ok`, or `method:fail reason`. */
export function errMsg(method: string, reason?: string): string {
  return reason === undefined ? `${method}:ok` : `${method}:fail ${reason}`.replace(/\s+$/, '')
}

/**
 * What went wrong, in the one error model of the app (the stores read it through src/core/call.ts settle):
 *   business   the server answered with a code that is not a success under the call's rule (R7.1, R8.9, R8.10)
 *   auth       HTTP 401 or 403: the token is cleared (R4.5, R8.3, R8.4); code is the status
 *   not_found  HTTP 404 (R8.1); code 404
 *   timeout    no answer in time (R8.6); code 0
 *   network    a transport failure, an unreadable answer, HTTP 400, 503, 504 (the -100 envelope of R8.5)
 *   server     HTTP 500 or 502 (the -101 envelope of R8.2)
 *   upload     an upload that got no readable answer (R8.8): data says how (abort, timeout, network, parse)
 *   refused    the viewer refused a platform prompt: WeChat's privacy prompt before the user information (R5.15, R8.16)
 *   client     the app's own failure around a call (an answer for another user than asked, a platform call that failed)
 */
export type ApiErrorKind =
  'business' | 'auth' | 'not_found' | 'timeout' | 'network' | 'server' | 'upload' | 'refused' | 'client'

/** The kind of a failed envelope's code: the request core's -100 and -101 are transport failures, the rest business. */
export function kindOfCode(code: number): ApiErrorKind {
  if (code === NETWORK_ERROR_CODE) return 'network'
  if (code === SERVER_ERROR_CODE) return 'server'
  return 'business'
}

/**
 * A failed call, or a failure around one, with its kind (see ApiErrorKind). R8.9: a call whose envelope is not a
 * success under its rule carries the envelope's code, msg and data. `code` is the envelope's code; for auth /
 * not_found the HTTP status (401, 403, 404), for a timeout, an upload, a refusal or a client failure 0.
 */
export class ApiError<T = unknown> extends Error {
  readonly code: number
  readonly msg: string
  readonly data: T
  readonly errMsg: string
  readonly kind: ApiErrorKind
  constructor(
    code: number,
    msg: string,
    data: T,
    method = 'request',
    kind: ApiErrorKind = kindOfCode(code),
    errMsgText?: string
  ) {
    super(msg || `code ${code}`)
    this.name = 'ApiError'
    this.code = code
    // a transport failure's envelope keeps its reason (R8.5); a screen shows NETWORK_FAILURE_MESSAGE, errMsg the reason
    this.msg = readable(msg)
    this.data = data
    this.kind = kind
    this.errMsg = errMsgText ?? (TRANSPORT_FAILURE.test(msg) ? msg : errMsg(method, msg || `code ${code}`))
  }

  /**
   * The failure came back as an answer (a business refusal, or the request core's -100 / -101 envelopes) rather than
   * as one of the core's rejections (auth, not found, timeout): some screens show an answer's message and treat a
   * rejection otherwise.
   */
  get answered(): boolean {
    return this.kind === 'business' || this.kind === 'network' || this.kind === 'server'
  }

  /** A business refusal with this code (CODE of contract/codes.ts): -7 not enough 慧币, whatever its text says. */
  is(code: number): boolean {
    return this.kind === 'business' && this.code === code
  }
}

/**
 * The request core's rejection for an HTTP status (R8.1, R8.3, R8.4) or a timeout (status 0, R8.6): 401 / 403 are
 * auth, 404 not_found, 0 timeout, any other status network.
 */
export function rejection(status: number, msg: string, errMsgText: string): ApiError<null> {
  const kind: ApiErrorKind =
    status === 401 || status === 403 ? 'auth' : status === 404 ? 'not_found' : status === 0 ? 'timeout' : 'network'
  return new ApiError(status, msg, null, 'request', kind, errMsgText)
}

/** R8.8: how an upload failed without a readable answer; `raw` holds an unparseable reply as text. */
export interface UploadFailure {
  reason: 'abort' | 'timeout' | 'network' | 'parse'
  raw?: string
}

/** R8.8: an upload's failure (kind upload): its message is the raw reply when there is one, else the detail. */
export function uploadError(reason: UploadFailure['reason'], detail: string, raw?: string): ApiError<UploadFailure> {
  const data: UploadFailure = raw !== undefined ? { reason, raw } : { reason }
  return new ApiError(0, raw !== undefined ? raw : detail, data, 'uploadFile', 'upload', errMsg('uploadFile', detail))
}

/**
 * A platform call's failure around an API call (its errMsg `method:fail reason`, R8.19, as message): kind client, or
 * refused for a prompt the viewer refused (WeChat's privacy prompt, R5.15).
 */
export function platformError(text: string, kind: 'client' | 'refused' = 'client'): ApiError<null> {
  return new ApiError(0, text, null, 'platform', kind, text)
}

/** The ApiError of anything thrown: an ApiError as it is; anything else is a network failure (its text as msg). */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err
  return new ApiError(NETWORK_ERROR_CODE, messageOf(err, ''), null, 'request', 'network')
}

/** The text a view shows for a failed call: the server's (or the catalogue's) message, else the caller's fallback. */
export function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.msg || fallback
  return messageOf(err, fallback)
}

/** The request core's `request:fail <reason>` (R8.5, R8.19) is the transport's text, not a viewer's. */
const TRANSPORT_FAILURE = /^request:fail\b/

function readable(text: string): string {
  return TRANSPORT_FAILURE.test(text) ? NETWORK_FAILURE_MESSAGE : text
}

/** The text to show for any failure of the core (or anything else thrown), never empty. */
export function messageOf(err: unknown, fallback = '操作失败,请稍后再试'): string {
  if (!err) return fallback
  if (typeof err === 'string') return err
  const e = err as { msg?: unknown; message?: unknown; errMsg?: unknown }
  if (typeof e.msg === 'string' && e.msg) return readable(e.msg)
  if (typeof e.message === 'string' && e.message) return readable(e.message)
  if (typeof e.errMsg === 'string' && e.errMsg) return readable(e.errMsg)
  return fallback
}

/** A load whose failure the screen already shows (a list's error state, a retry): nothing more to do with it. */
export const quietly = (p: Promise<unknown>): Promise<unknown> => p.catch(() => undefined)
