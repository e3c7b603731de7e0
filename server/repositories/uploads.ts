/** Uploaded files: what a user uploaded since a time (the daily quota), and a new file's record. */
import type { AppContext } from '../context'
import { nowSec } from '../lib/util'

/** Files and bytes `userId` uploaded since `since` (unix seconds). */
export function uploadedSince(ctx: AppContext, userId: number, since: number): { n: number; bytes: number } {
  return ctx.store.db
    .prepare('SELECT COUNT(*) AS n, COALESCE(SUM(size), 0) AS bytes FROM uploads WHERE user_id = ? AND created_at >= ?')
    .get(userId, since) as { n: number; bytes: number }
}

export function recordUpload(ctx: AppContext, name: string, userId: number, size: number): void {
  ctx.store.db
    .prepare('INSERT INTO uploads (name, user_id, size, created_at) VALUES (?, ?, ?, ?)')
    .run(name, userId, size, nowSec())
}
