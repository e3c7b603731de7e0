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

/** R8.9: a call whose envelope is not a success under its rule rejects with the envelope's code, msg and data. */
export class ApiError<T = unknown> extends Error {
  readonly code: number
  readonly msg: string
  readonly data: T
  readonly errMsg: string
  constructor(code: number, msg: string, data: T, method = 'request') {
    super(msg || `code ${code}`)
    this.name = 'ApiError'
    this.code = code
    this.msg = msg
    this.data = data
    this.errMsg = errMsg(method, msg || `code ${code}`)
  }
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
  if (typeof e.msg === 'string' && e.msg) return e.msg
  if (typeof e.message === 'string' && e.message) return e.message
  if (typeof e.errMsg === 'string' && e.errMsg) return e.errMsg
  return fallback
}
