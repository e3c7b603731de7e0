/** Users and the words a message may not contain. */
import type { AppContext } from '../types/context'
import type { UserRow } from '../types'

export function userById(ctx: AppContext, id: number): UserRow | undefined {
  return ctx.store.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined
}

export function ctxHasSensitive(ctx: AppContext, text: string): boolean {
  return ctx.store.docs<{ word: string }>('sensitive').some((w) => text.includes(w.word))
}
