/**
 * The business codes of an answer's envelope `{code, msg, data}` (spec R7.1, section 8): the one list the server
 * answers with and the client reads; and when a code is a call's success (R7.1). Plain values, no schema: the client imports this module at run time (the only
 * contract module it may, see .dependency-cruiser.cjs), so it imports nothing.
 */
export const CODE = {
  /** success of most calls (R7.1) */
  OK: 1,
  /** generic refusal (already done, not allowed, ...); the success of the popularity call (R7.1) */
  FAIL: 0,
  /** the payload failed validation */
  BAD_PARAM: -1,
  /** wrong password / code / token at login */
  AUTH_FAILED: -2,
  /** the room needs (another) password */
  NEED_PASSWORD: -3,
  /** the thing asked for does not exist */
  NOT_FOUND: -4,
  /** the content contains a sensitive word (R8.10) */
  SENSITIVE: -5,
  /** the room's chat is closed (R8.11) */
  CHAT_CLOSED: -6,
  /** not enough 慧币 for a gift or a purchase */
  NO_BALANCE: -7,
  /** rate limited: 操作太频繁，请稍后再试 (SMS, login, likes, chat, room passwords, sockets) */
  TOO_FAST: -8,
  /** the client's request core: a network or other failure (R8.5); never sent by the server */
  NETWORK_FAILURE: -100,
  /** the client's request core: HTTP 500 or 502 (R8.2); never sent by the server */
  SERVER_FAILURE: -101
} as const

/**
 * Every call's answer on the wire (R7.1): its code (CODE above; success under the call's rule below), msg and data.
 * Its schema is contract/schema.ts AnswerSchema; the client's request core resolves with it (src/core/request.ts
 * Reply: this answer, or the core's stand-in for a failure).
 */
export interface Answer<T = unknown> {
  code: number
  msg: string
  data: T
}

/** When a call succeeded (R7.1): code 1; a code above 0; or code 0 (popularity). */
export type SuccessRule = 'one' | 'positive' | 'zero'

/**
 * The calls whose success is not code 1 (R7.1), by path without the live API host's /api/v1 base (the client's
 * form, R7.2). The one place a call's rule is written: defineCall gives it to each call definition (the server's
 * strict mode, the OpenAPI document and contract:check read it there), and the client's request core reads it here.
 */
export const SUCCESS_RULES: Readonly<Record<string, SuccessRule>> = {
  /** R7.44: the statistics service answers its success with code 0 */
  '/rank-page/host-statistics': 'zero',
  /** R7.46, R4.26: code 1 now following, code 2 no longer following: both are answers */
  '/userapp/follow': 'positive'
}

/** The success rule of a call by its path (server or client form; a query is ignored). */
export function successRuleOf(path: string): SuccessRule {
  const bare = path.split('?')[0].replace(/^\/api\/v1(?=\/)/, '')
  return SUCCESS_RULES[bare] ?? 'one'
}

/** R7.1: is `code` a success under `rule`? The one evaluation, for the server, contract:check and the client. */
export function isSuccessCode(code: number, rule: SuccessRule = 'one'): boolean {
  if (rule === 'positive') return code > 0
  if (rule === 'zero') return code === 0
  return code === CODE.OK
}
