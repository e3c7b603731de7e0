/** Users and the words a message may not contain. */
import type { AppContext } from '../types/context'
import type { UserRow } from '../types'

export function userById(ctx: AppContext, id: number): UserRow | undefined {
  return ctx.store.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined
}

/**
 * What a word filter reads: compatibility forms folded (full-width letters to plain ones) and every space, punctuation
 * mark, symbol and invisible format character taken out, so 赌 博, 赌.博, 赌\u200b博 and ｓｐａｍ read as 赌博 and spam.
 */
function foldForWords(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\s\p{P}\p{S}\p{Cf}]/gu, '')
    .toLowerCase()
}

export function ctxHasSensitive(ctx: AppContext, text: string): boolean {
  const folded = foldForWords(text)
  return ctx.store.docs<{ word: string }>('sensitive').some((w) => folded.includes(foldForWords(w.word)))
}

/**
 * Words a viewer's own nickname may not carry: chat shows `nickname：text`, so a viewer named 系统消息 or 官方客服
 * would speak in the app's own voice to every viewer of a room. Names from WeChat's login are taken as they come.
 */
const STAFF_NAME_WORDS = ['系统', '官方', '管理员', '客服', '小助手']

export function namePosesAsStaff(name: string): boolean {
  const folded = foldForWords(name)
  return STAFF_NAME_WORDS.some((w) => folded.includes(w))
}
