/** Users and the words a message may not contain. */
import type { AppContext } from '../types/context'
import type { UserRow } from '../types'

export function userById(ctx: AppContext, id: number): UserRow | undefined {
  return ctx.store.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined
}

/**
 * A viewer's text as it is kept and shown (chat, comments, nicknames): without the bidirectional controls that would
 * show it in another order than it is read (\u202E统系 showed as 系统 and passed every word filter).
 */
export function plainText(text: string): string {
  return text.replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '')
}

/**
 * What a word filter reads. Padding a reader skips is taken out: invisible characters (format characters, every
 * default-ignorable one: zero-width, variation selectors, Hangul fillers; combining marks), spaces, symbols and ASCII
 * punctuation, so 赌 博, 赌.博, 赌\u200b博 and 赌\uFE0F博 all read as 赌博. Other punctuation (，。！、) ends a clause as it
 * does in writing: 我跟你打赌，博物馆… is not 赌博. Compatibility forms are folded first (full-width letters to plain
 * ones, 官⽅ to 官方). Traditional characters and look-alikes are words of their own in the lists.
 */
function foldForWords(text: string): string {
  return text
    .replace(/(?![!-~])\p{P}+/gu, '。')
    .normalize('NFKC')
    .replace(/[\p{Cf}\p{Default_Ignorable_Code_Point}\p{M}\s\p{S}!-/:-@[-`{-~]/gu, '')
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
const STAFF_NAME_WORDS = ['系统', '系統', '係統', '官方', '管理员', '管理員', '客服', '小助手']

export function namePosesAsStaff(name: string): boolean {
  const folded = foldForWords(name)
  return STAFF_NAME_WORDS.some((w) => folded.includes(w))
}
