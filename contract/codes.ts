/**
 * The business codes of an answer's envelope `{code, msg, data}` (spec R7.1, section 8): the one list the server
 * answers with and the client reads. Plain values, no schema: the client imports this module at run time (the only
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
