/**
 * Uploaded files and the daily quota: an upload reserves its row before its file is read (one transaction that counts
 * the day's rows and inserts), sets its size once known (one transaction that sums the day's bytes and updates), and
 * takes its file's name when the file is written; a refused or failed upload deletes its row.
 */
import type { AppContext } from '../types/context'
import { nowSec } from '../lib/util'

/** Reserves an upload of `userId` as `name` when fewer than `maxFiles` rows are theirs since `since`; false when not. */
export function reserveUpload(ctx: AppContext, name: string, userId: number, since: number, maxFiles: number): boolean {
  const db = ctx.store.db
  return db.transaction(() => {
    const { n } = db
      .prepare('SELECT COUNT(*) AS n FROM uploads WHERE user_id = ? AND created_at >= ?')
      .get(userId, since) as { n: number }
    if (n >= maxFiles) return false
    db.prepare('INSERT INTO uploads (name, user_id, size, created_at) VALUES (?, ?, 0, ?)').run(name, userId, nowSec())
    return true
  })()
}

/** Sets the reserved upload's size when the day's bytes (this one included) stay within `maxBytes`; false when not. */
export function sizeUpload(
  ctx: AppContext,
  name: string,
  userId: number,
  since: number,
  size: number,
  maxBytes: number
): boolean {
  const db = ctx.store.db
  return db.transaction(() => {
    const { bytes } = db
      .prepare(
        'SELECT COALESCE(SUM(size), 0) AS bytes FROM uploads WHERE user_id = ? AND created_at >= ? AND name != ?'
      )
      .get(userId, since, name) as { bytes: number }
    if (bytes + size > maxBytes) return false
    db.prepare('UPDATE uploads SET size = ? WHERE name = ?').run(size, name)
    return true
  })()
}

/** The reserved upload takes the name of its written file (`/files/<file>`, which avatars are checked against). */
export function finishUpload(ctx: AppContext, name: string, file: string): void {
  ctx.store.db.prepare('UPDATE uploads SET name = ? WHERE name = ?').run(file, name)
}

/** Gives a refused or failed upload's place back. */
export function releaseUpload(ctx: AppContext, name: string): void {
  ctx.store.db.prepare('DELETE FROM uploads WHERE name = ?').run(name)
}

/** Who uploaded the file `name` (undefined: no such upload). */
export function uploadOwner(ctx: AppContext, name: string): number | undefined {
  const row = ctx.store.db.prepare('SELECT user_id FROM uploads WHERE name = ?').get(name) as
    { user_id: number } | undefined
  return row?.user_id
}
