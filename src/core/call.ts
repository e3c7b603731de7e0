import type { ActionAt, ActionKey, DataOf, GetAt, GetPath, InputOf, PostAt, PostPath } from '../../contract'
import { ApiError, toApiError } from './errors'
import { get, isSuccess, post, type CallOptions, type Envelope, type SuccessRule } from './request'

/**
 * The API functions' side of the request core (src/api/*): a call gives its data, or throws one ApiError whose kind
 * says what happened (business code and msg, auth, not found, timeout, network, server). The success rule is the
 * call's (R7.1): code 1 by default, above 0 for some calls, 0 for popularity.
 */
export async function dataOf<T>(pending: Promise<Envelope<T>>, rule: SuccessRule = 'one'): Promise<T> {
  return (await answerOf(pending, rule)).data
}

/** Like dataOf, with the server's message of the success too (for the few calls whose success text is shown). */
export async function answerOf<T>(
  pending: Promise<Envelope<T>>,
  rule: SuccessRule = 'one'
): Promise<{ data: T; msg: string }> {
  let envelope: Envelope<T>
  try {
    envelope = await pending
  } catch (err) {
    throw toApiError(err)
  }
  if (!isSuccess(envelope, rule)) throw new ApiError(envelope.code, envelope.msg, envelope.data)
  return { data: envelope.data, msg: envelope.msg }
}

/**
 * A POST call of the contract (contract/): the path is checked against it, and the payload and the data take their
 * types from the call's definition.
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
/** A POST call's data (see dataOf), typed by hand: only for a path the contract does not have yet. */
export function callPost<T = unknown>(path: string, data?: Record<string, unknown>, options?: CallOptions): Promise<T>
export function callPost(path: string, data: object = {}, options: CallOptions = {}): Promise<unknown> {
  return dataOf(post(path, data as Record<string, unknown>, options), options.success)
}

/** A POST call of the contract (see callPost), with the server's message of the success too (see answerOf). */
export function answerPost<P extends PostPath>(
  path: P,
  data: InputOf<PostAt<P>>,
  options: CallOptions = {}
): Promise<{ data: DataOf<PostAt<P>>; msg: string }> {
  return answerOf(post<DataOf<PostAt<P>>>(path, data as Record<string, unknown>, options), options.success)
}

/** A GET call of the contract (see callPost). */
export function callGet<P extends GetPath>(
  path: P,
  params: InputOf<GetAt<P>>,
  options?: CallOptions
): Promise<DataOf<GetAt<P>>>
/** A GET call's data (see dataOf), typed by hand: only for a path the contract does not have yet. */
export function callGet<T = unknown>(path: string, params?: Record<string, unknown>, options?: CallOptions): Promise<T>
export function callGet(path: string, params: object = {}, options: CallOptions = {}): Promise<unknown> {
  return dataOf(get(path, params as Record<string, unknown>, options), options.success)
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
    options.success
  )
}

/**
 * A call whose answered failures (a refusal, or the core's -100 / -101 failures) are settled here, while the core's
 * rejections (auth, not found, timeout) go on to the caller: resolves the data, or the ApiError it was refused with.
 */
export async function answered<T>(call: Promise<T>): Promise<Settled<T>> {
  const res = await settle(call)
  if (!res.ok && !res.error.answered) throw res.error
  return res
}

/** A settled call: its data, or the ApiError it failed with. */
export type Settled<T> = { ok: true; data: T } | { ok: false; error: ApiError }

/** Wait for a call and say how it went, without throwing: for a store that handles both outcomes in one place. */
export async function settle<T>(call: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, data: await call }
  } catch (err) {
    return { ok: false, error: toApiError(err) }
  }
}
