/**
 * The error catalogue of spec section 8, as values. Every failure the request core produces carries an errMsg of
 * the form `method:ok` / `method:fail reason` (R8.19), so a caller can log one string whatever the target.
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
export const SERVER_ERROR_CODE = -101
/** R8.5: code of the envelope a network or other failure resolves with. */
export const NETWORK_ERROR_CODE = -100

/** R8.19: `method:ok`, or `method:fail reason`. */
export function errMsg(method: string, reason?: string): string {
  return reason === undefined ? `${method}:ok` : `${method}:fail ${reason}`.trimEnd()
}

/** A rejection of the request core: HTTP 401/403/404 (errorCode = status) or a timeout (errorCode 0). */
export class RequestError extends Error {
  /** The HTTP status that caused it (401, 403, 404), or 0 for a timeout / transport failure. */
  readonly errorCode: number
  /** The user-facing text (Chinese). */
  readonly msg: string
  /** R8.19 form, e.g. `request:fail 404` or `request:fail timeout`. */
  readonly errMsg: string
  constructor(errorCode: number, msg: string, errMsgText: string) {
    super(msg)
    this.name = 'RequestError'
    this.errorCode = errorCode
    this.msg = msg
    this.errMsg = errMsgText
  }
}

/**
 * What went wrong with an API call, in the one error model the stores see (src/core/call.ts):
 *   business   the server answered with a code that is not a success under the call's rule (R7.1, R8.9)
 *   auth       HTTP 401 or 403: the token is cleared (R4.5, R8.3, R8.4)
 *   not_found  HTTP 404 (R8.1)
 *   timeout    no answer in time (R8.6)
 *   network    a transport failure, an unreadable answer, HTTP 400, 503, 504 (the -100 envelope of R8.5)
 *   server     HTTP 500 or 502 (the -101 envelope of R8.2)
 */
export type ApiErrorKind = 'business' | 'auth' | 'not_found' | 'timeout' | 'network' | 'server'

/** The kind of a failed envelope's code: the request core's -100 and -101 are transport failures, the rest business. */
export function kindOfCode(code: number): ApiErrorKind {
  if (code === NETWORK_ERROR_CODE) return 'network'
  if (code === SERVER_ERROR_CODE) return 'server'
  return 'business'
}

/**
 * R8.9: a call whose envelope is not a success under its rule rejects with the envelope's code, msg and data; the
 * request core's rejections (RequestError) become one too (see toApiError), so a store handles one type.
 * `code` is the envelope's code; for auth / not_found it is the HTTP status (401, 403, 404), for a timeout 0.
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
}

/** The ApiError of a request core rejection: 401/403 auth, 404 not_found, 0 timeout; anything else thrown is network. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err
  if (err instanceof RequestError) {
    const kind: ApiErrorKind =
      err.errorCode === 401 || err.errorCode === 403
        ? 'auth'
        : err.errorCode === 404
          ? 'not_found'
          : err.errorCode === 0
            ? 'timeout'
            : 'network'
    return new ApiError(err.errorCode, err.msg, null, 'request', kind, err.errMsg)
  }
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

/** R8.8: upload failures. `reason` is abort, timeout or network; `raw` holds an unparseable reply as text. */
export class UploadError extends Error {
  readonly reason: 'abort' | 'timeout' | 'network' | 'parse'
  readonly errMsg: string
  readonly raw?: string
  constructor(reason: UploadError['reason'], detail: string, raw?: string) {
    super(raw !== undefined ? raw : detail)
    this.name = 'UploadError'
    this.reason = reason
    this.errMsg = errMsg('uploadFile', detail)
    this.raw = raw
  }
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
