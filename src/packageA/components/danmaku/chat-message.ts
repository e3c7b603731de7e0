import type { HistoryItem } from '@/api/chat'
import type { DanmakuPushData } from '@/core/socket'
import { ApiError } from '@/utils/errors'
import { displayText, stripHtml } from '@/utils/validate'

/**
 * A chat message and the rules of its words (spec R3.14, R3.15, R5.6–R5.9, R8.10–R8.12): history items and pushes
 * read into one shape, and what a refused send means.
 */

/** The marker row where messages could not be loaded. */
export const GAP_MARKER_TEXT = '部分消息未能加载'
/** R5.7: a failure message with a word for sensitive, illegal or rule-violating. */
export const SENSITIVE_WORDS = /敏感|违法|违规/
/** R5.8: a failure message with the word for closed. */
export const CLOSED_WORD = '关闭'
/** R5.8, R8.11 */
export const CHAT_CLOSED_MESSAGE = '聊天暂时关闭'

export interface ChatMessage {
  msgId: number
  userId: number
  nickname: string
  avatar: string
  text: string
  /** ms since epoch */
  time: number
  /** A gap marker row: msg_ids from…to could not be loaded. Its msgId is from − 0.5, so it sorts in place. */
  gap?: { from: number; to: number }
}

function toMs(t: unknown): number {
  const n = Number(t)
  if (!Number.isFinite(n) || n <= 0) return 0
  return n > 1e9 && n < 1e12 ? n * 1000 : n // R9.22: seconds between 1e9 and 1e12
}

/** R3.15, R8.12: a history item whose content is not a JSON object with text gives false (and is skipped). */
export function parseHistoryItem(item: HistoryItem | null | undefined): ChatMessage | false {
  if (!item || typeof item !== 'object') return false
  const msgId = Number(item.msg_id ?? item.id)
  if (!Number.isInteger(msgId) || msgId <= 0) return false
  let content: unknown
  try {
    content = typeof item.content === 'string' ? JSON.parse(item.content) : item.content
  } catch {
    return false
  }
  if (!content || typeof content !== 'object') return false
  const c = content as { text?: unknown; nickname?: unknown; avatar?: unknown; user_id?: unknown }
  if (typeof c.text !== 'string') return false
  return {
    msgId,
    userId: Number(c.user_id ?? item.user_id) || 0,
    nickname: typeof c.nickname === 'string' ? stripHtml(c.nickname) : '',
    avatar: typeof c.avatar === 'string' ? c.avatar : '',
    text: displayText(c.text),
    time: toMs(item.msgTimestamp)
  }
}

/** A pushed (or just sent) chat message (R3.14). */
export function messageFromPush(d: DanmakuPushData | null | undefined): ChatMessage | null {
  if (!d || typeof d !== 'object') return null
  const msgId = Number(d.msg_id)
  if (!Number.isInteger(msgId) || msgId <= 0 || typeof d.content !== 'string') return null
  return {
    msgId,
    userId: Number(d.user_id) || 0,
    nickname: typeof d.nickname === 'string' ? stripHtml(d.nickname) : '',
    avatar: typeof d.avatar === 'string' ? d.avatar : '',
    text: displayText(d.content),
    time: toMs(d.time) || Date.now()
  }
}

/**
 * R5.6–R5.9, R8.10, R8.11: what a failed send means. Sensitive / illegal / rule-violating → reject a business ApiError
 * with the server code and message (the send's only business rejection, which the view shows); closed → with
 * 聊天暂时关闭; anything else → false.
 */
export function sendFailure(refusal: { code: number; msg?: unknown }): false {
  const msg = typeof refusal.msg === 'string' ? refusal.msg : ''
  if (SENSITIVE_WORDS.test(msg)) throw new ApiError(refusal.code, msg, null, 'sendDanmaku', 'business')
  if (closedRefusal(refusal)) throw new ApiError(refusal.code, CHAT_CLOSED_MESSAGE, null, 'sendDanmaku', 'business')
  return false
}

/** R5.8: the send was refused because the room's chat is closed (not for its words). */
export function closedRefusal(refusal: { msg?: unknown }): boolean {
  const msg = typeof refusal.msg === 'string' ? refusal.msg : ''
  return !SENSITIVE_WORDS.test(msg) && msg.includes(CLOSED_WORD)
}

/** A gap marker row for msg_ids from…to. */
export function gapMarker(from: number, to: number, time = Date.now()): ChatMessage {
  return { msgId: from - 0.5, userId: 0, nickname: '', avatar: '', text: GAP_MARKER_TEXT, time, gap: { from, to } }
}
