import type { ActionAt, ActionKey, DataOf, GetAt, GetPath, InputOf, PostAt, PostPath } from '../../contract'
import { ApiError, toApiError } from '@/utils/errors'
import { isSuccessCode, successRuleOf, type SuccessRule } from '../../contract/codes'
import { get, isSuccess, post, type CallOptions, type Reply } from './request'

/**
 * The API functions' side of the request core (src/api/*): a call gives its data, or throws one ApiError whose kind
 * says what happened (business code and msg, auth, not found, timeout, network, server). The success rule is the
 * call's (R7.1: code 1 by default, above 0 for follow, 0 for popularity), read here from the contract
 * (contract/codes.ts successRuleOf) by the call's path: an API function never states it.
 */
export async function dataOf<T>(pending: Promise<Reply<T>>, rule: SuccessRule = 'one'): Promise<T> {
  return (await answerOf(pending, rule)).data
}

/**
 * Like dataOf, with the server's message and code of the success too (for the few calls whose success text is shown,
 * or whose rule admits more than one success code: follow's 1 and 2).
 */
export async function answerOf<T>(
  pending: Promise<Reply<T>>,
  rule: SuccessRule = 'one'
): Promise<{ data: T; msg: string; code: number }> {
  let envelope: Reply<T>
  try {
    envelope = await pending
  } catch (err) {
    throw toApiError(err)
  }
  if (!isSuccess(envelope, rule)) throw new ApiError(envelope.code, envelope.msg, envelope.data)
  return { data: envelope.data, msg: envelope.msg, code: envelope.code }
}

/**
 * A call others may follow (analytics, R7.111), declared once beside its API function, which passes it to callPost or
 * callGet in place of its path: observers are told that this call completed, by identity, never by its path text.
 * P is the payload the API function gives, D the data of its answer.
 */
export interface DeclaredCall<P = Record<string, unknown>, D = unknown> {
  readonly path: string
  /** (types only) */
  readonly __types?: { payload: P; data: D }
}

/** A declared call that got an envelope, whatever its code (a rejection — 401, 403, 404, timeout — is not one). */
export interface CompletedCall {
  call: DeclaredCall<unknown, unknown>
  payload: unknown
  envelope: Reply<unknown>
}

type CallObserver = (done: CompletedCall) => void
const observers = new Set<CallObserver>()

/** Be told of every declared call that got an envelope. Returns the unsubscribe. */
export function observeCalls(observer: CallObserver): () => void {
  observers.add(observer)
  return () => observers.delete(observer)
}

/** What an event declaration says of a completed call (see track). */
export interface TrackRule<P, D> {
  /** the room the event is about: the analytics store adds the room's and its streamer's details (R7.111) */
  room: (payload: P) => unknown
  /** the event's own props, after the room's details; null: this answer is no event (default: none) */
  props?: (payload: P, data: D | null, code: number) => Record<string, unknown> | null
  /** the answer codes it follows (default: the call's successes, under its rule) */
  codes?: readonly number[]
}

/** An analytics event that follows a declared call (see track). */
export interface Tracked {
  readonly call: DeclaredCall<unknown, unknown>
  readonly event: string
  /** The event's room and props for a completed call of its own, or null when that answer is no event. */
  of(done: CompletedCall): { room: unknown; props: Record<string, unknown> } | null
}

/**
 * An analytics event (R7.111) declared beside the API function whose call it follows. Only the H5 analytics store
 * imports these declarations: the mini-program's build drops them as unused pure calls, and no tracking code ships
 * there. Mark the call `/*#__PURE__*\/`.
 */
export function track<P, D>(call: DeclaredCall<P, D>, event: string, rule: TrackRule<P, D>): Tracked {
  const success = successRuleOf(call.path)
  const follows = (code: number) => (rule.codes ? rule.codes.includes(code) : isSuccessCode(code, success))
  return {
    call,
    event,
    of(done) {
      const { code, data } = done.envelope
      if (!follows(code)) return null
      const payload = done.payload as P
      const props = rule.props ? rule.props(payload, data as D | null, code) : {}
      return props && { room: rule.room(payload), props }
    }
  }
}

/** The envelope of a call, its observers told first when it is a declared one. */
function observed<T>(
  path: string | DeclaredCall<unknown, T>,
  payload: unknown,
  send: (path: string) => Promise<Reply<T>>
): Promise<Reply<T>> {
  if (typeof path === 'string') return send(path)
  return send(path.path).then((envelope) => {
    for (const observer of observers) {
      try {
        observer({ call: path, payload, envelope })
      } catch {
        // an observer (analytics) never breaks a call
      }
    }
    return envelope
  })
}

/**
 * A POST call of the contract (contract/): the path is checked against it, and the payload and the data take their
 * types from the call's definition. A declared call (see DeclaredCall) goes in place of its path when others follow it.
 */
export function callPost<P extends PostPath>(
  path: P,
  data: InputOf<PostAt<P>>,
  options?: CallOptions
): Promise<DataOf<PostAt<P>>>
/** A POST call of the contract whose path carries a query too (`/puzzle/result?act_id=1`, R7.99). */
export function callPost<P extends PostPath>(
  path: `${P}?${string}`,
  data: InputOf<PostAt<P>>,
  options?: CallOptions
): Promise<DataOf<PostAt<P>>>
export function callPost<P extends object, T>(
  call: DeclaredCall<P, T>,
  data: NoInfer<P>,
  options?: CallOptions
): Promise<T>
/**
 * A POST call's data (see dataOf), typed by hand with the contract's answer: only where the typed overload cannot take
 * the call — a path made at run time (the product login, /userapp/{product}_login) or a page's query value sent as it
 * is (the mall's ids, numeric strings the server reads as integers).
 */
export function callPost<T = unknown>(path: string, data?: Record<string, unknown>, options?: CallOptions): Promise<T>
export function callPost(
  path: string | DeclaredCall<unknown, unknown>,
  data: object = {},
  options: CallOptions = {}
): Promise<unknown> {
  const payload = data as Record<string, unknown>
  return dataOf(
    observed(path, payload, (p) => post(p, payload, options)),
    successRuleOf(typeof path === 'string' ? path : path.path)
  )
}

/** A POST call of the contract (see callPost), with the server's message and code of the success too (see answerOf). */
export function answerPost<P extends PostPath>(
  path: P,
  data: InputOf<PostAt<P>>,
  options?: CallOptions
): Promise<{ data: DataOf<PostAt<P>>; msg: string; code: number }>
/** A declared call (see DeclaredCall), its observers told, with the server's message and code of the success too. */
export function answerPost<P extends object, T>(
  call: DeclaredCall<P, T>,
  data: NoInfer<P>,
  options?: CallOptions
): Promise<{ data: T; msg: string; code: number }>
export function answerPost(
  path: string | DeclaredCall<unknown, unknown>,
  data: object,
  options: CallOptions = {}
): Promise<{ data: unknown; msg: string; code: number }> {
  const payload = data as Record<string, unknown>
  return answerOf(
    observed(path, payload, (p) => post(p, payload, options)),
    successRuleOf(typeof path === 'string' ? path : path.path)
  )
}

/** A GET call of the contract (see callPost). */
export function callGet<P extends GetPath>(
  path: P,
  params: InputOf<GetAt<P>>,
  options?: CallOptions
): Promise<DataOf<GetAt<P>>>
export function callGet<P extends object, T>(
  call: DeclaredCall<P, T>,
  params: NoInfer<P>,
  options?: CallOptions
): Promise<T>
/** A GET call's data (see dataOf), typed by hand (see callPost). */
export function callGet<T = unknown>(path: string, params?: Record<string, unknown>, options?: CallOptions): Promise<T>
export function callGet(
  path: string | DeclaredCall<unknown, unknown>,
  params: object = {},
  options: CallOptions = {}
): Promise<unknown> {
  const payload = params as Record<string, unknown>
  return dataOf(
    observed(path, payload, (p) => get(p, payload, options)),
    successRuleOf(typeof path === 'string' ? path : path.path)
  )
}

/**
 * A `/live/<file>.php?a=<action>` call of the contract (GET, R7.3), named as one string: `/live/api.php?a=live_stat_get`.
 */
export function callAction<K extends ActionKey>(
  key: K,
  params: InputOf<ActionAt<K>>,
  options: CallOptions = {}
): Promise<DataOf<ActionAt<K>>> {
  const [path, action] = key.split('?a=') as [string, string]
  return dataOf(
    get<DataOf<ActionAt<K>>>(path, { a: action, ...(params as Record<string, unknown>) }, options),
    successRuleOf(path)
  )
}

/** A settled call: its data, or the ApiError it failed with (data then undefined, so `.data ?? fallback` reads it). */
export type Settled<T> = { ok: true; data: T; error?: undefined } | { ok: false; data?: undefined; error: ApiError }

export interface SettleOptions {
  /**
   * Settle only the failures that came back as answers (a refusal, or the core's -100 / -101 failures) and let the
   * core's rejections (auth, not found, timeout) go on to the caller: for a login-gated action, whose wrapper opens
   * the login on a 401 and shows a rejection's message (the activity stage).
   */
  rejections?: 'throw'
}

/**
 * The stores' one way to meet a failed call (R8.17 among them): wait for it and say how it went, without throwing.
 * Whatever was thrown becomes an ApiError (src/utils/errors.ts), whose kind says what happened. A call without a
 * use for its failure reads `(await settle(call)).data ?? fallback`, or `void settle(call)` when it only runs.
 */
export async function settle<T>(call: Promise<T>, options: SettleOptions = {}): Promise<Settled<T>> {
  let res: Settled<T>
  try {
    res = { ok: true, data: await call }
  } catch (err) {
    res = { ok: false, error: toApiError(err) }
  }
  if (options.rejections === 'throw' && !res.ok && !res.error.answered) throw res.error
  return res
}
