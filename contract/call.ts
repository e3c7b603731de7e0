/**
 * One call of the API: where it is, who may make it, what it takes and what it answers. The reference server
 * registers its route from it (server/plugins/app/calls.ts), the OpenAPI document describes it, `contract:check` checks
 * a backend's answers against it, and the client's API functions take their types from it (type-only imports: no
 * schema is shipped to the client).
 */
import type { Static, TObject, TSchema } from 'typebox'
import { successRuleOf, type SuccessRule } from './codes'

export type { SuccessRule }

/** GET, POST, or both (the .php actions and a few helpers answer either) */
export type Method = 'GET' | 'POST' | 'GET,POST'

export interface CallDef<
  Path extends string = string,
  P extends TObject = TObject,
  D extends TSchema = TSchema,
  A extends string | undefined = string | undefined,
  M extends Method = Method
> {
  /** the spec's requirement ids the call serves (R7.x, and the screens' ids) */
  spec: readonly string[]
  /** one line in Chinese, shown in the OpenAPI document */
  summary: string
  /** more about the call, in Chinese (the OpenAPI description): e.g. what a call without spec ids is for */
  description?: string
  /** GET, POST, or both (the .php actions and a few helpers answer either) */
  method: M
  /**
   * The server's path. Calls on the live API host's default base (R7.2) start with /api/v1, which the client's
   * request core adds: the client writes the rest (ClientPath).
   */
  path: Path
  /** the `a` of a `/live/<file>.php?a=<action>` call */
  action?: A
  /** login required: HTTP 401 `{code: 401, msg: '请先登录'}` without a valid token */
  auth?: boolean
  /** who may call it: `loopback` (this machine only, a 404 to anyone else) or `public`; unset: anyone */
  access?: 'loopback' | 'public'
  /** success rule: given by defineCall from contract/codes.ts SUCCESS_RULES (the one place it is written) */
  success?: SuccessRule
  /** the payload: query and body together */
  payload: P
  /** the answer's data on success (a refusal's data is null unless `refusal` says otherwise) */
  data: D
  /** the data a refusal may carry (e.g. the history's {after_msg_id, oldest_msg_id}) */
  refusal?: TSchema
}

export function defineCall<
  const Path extends string,
  P extends TObject,
  D extends TSchema,
  const A extends string | undefined = undefined,
  const M extends Method = Method
>(def: Omit<CallDef<Path, P, D, A, M>, 'success'>): CallDef<Path, P, D, A, M> {
  return { ...def, success: successRuleOf(def.path) }
}

/** The path as the client's request core takes it: the live API host's /api/v1 base is the core's to add (R7.2). */
export type ClientPath<S extends string> = S extends `/api/v1${infer R}` ? R : S

export type PayloadOf<C extends CallDef> = Static<C['payload']>
export type DataOf<C extends CallDef> = Static<C['data']>
