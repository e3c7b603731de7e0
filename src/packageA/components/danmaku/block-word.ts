import safeRegex from 'safe-regex2'
import { BLOCK_WORDS_MAX, BLOCK_WORD_MAX_LENGTH, BLOCK_WORD_MESSAGES, regexOf, type BlockWordCheck } from './settings'

/**
 * A new 屏蔽词, checked against the list it joins (the 弹幕设置 panel's add button; the live room's first load does
 * not carry it): the word, or the message that refuses it. A `/regex/` that does not compile is refused, never
 * thrown, and so is one whose backtracking could grow without bound (nested repetition such as `/(a+)+/`, found by
 * safe-regex2, the check Fastify's router uses): every message in the room is tested against it, and one crafted
 * message must not freeze the viewer's page.
 */
export const checkBlockWord: BlockWordCheck = (input, list) => {
  const word = String(input ?? '').trim()
  if (!word) return { error: BLOCK_WORD_MESSAGES.empty }
  if (word.length > BLOCK_WORD_MAX_LENGTH) return { error: BLOCK_WORD_MESSAGES.tooLong }
  if (list.length >= BLOCK_WORDS_MAX) return { error: BLOCK_WORD_MESSAGES.full }
  if (list.includes(word)) return { error: BLOCK_WORD_MESSAGES.duplicate }
  const re = regexOf(word)
  if (re instanceof Error) return { error: BLOCK_WORD_MESSAGES.badRegex }
  if (re && !safeRegex(re)) return { error: BLOCK_WORD_MESSAGES.slowRegex }
  return { word }
}
