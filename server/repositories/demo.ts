/** What the sandbox's demo controls (routes/dev) read and write directly: SMS codes, chat retention, bulk content. */
import type { AppContext } from '../types/context'

/** The code last sent to a mobile number and when it expires (Unix seconds). */
export function smsCodeOf(ctx: AppContext, mobile: string): { code: string; expires_at: number } | undefined {
  return ctx.store.db.prepare('SELECT code, expires_at FROM sms WHERE mobile = ?').get(mobile) as
    { code: string; expires_at: number } | undefined
}

/** Every mobile number's last code that has not expired yet, the latest sent first. */
export function liveSmsCodes(
  ctx: AppContext,
  now: number
): Array<{ mobile: string; code: string; expires_at: number }> {
  return ctx.store.db
    .prepare('SELECT mobile, code, expires_at FROM sms WHERE expires_at > ? ORDER BY sent_at DESC, mobile')
    .all(now) as Array<{ mobile: string; code: string; expires_at: number }>
}

/**
 * Forgets all but the room's newest `keep` chat messages, as a history retention would: how many went, the oldest
 * msg_id kept (0: none left) and the newest (0: none ever).
 */
export function pruneChat(
  ctx: AppContext,
  roomId: number,
  keep: number
): { removed: number; oldest: number; last: number } {
  const db = ctx.store.db
  const last =
    (db.prepare('SELECT MAX(msg_id) AS m FROM danmaku WHERE room_id = ?').get(roomId) as { m: number | null }).m ?? 0
  const removed = db.prepare('DELETE FROM danmaku WHERE room_id = ? AND msg_id <= ?').run(roomId, last - keep).changes
  const oldest =
    (db.prepare('SELECT MIN(msg_id) AS m FROM danmaku WHERE room_id = ?').get(roomId) as { m: number | null }).m ?? 0
  return { removed, oldest, last }
}

/**
 * `count` more playbacks, copies of the seeded ones (ids from 100000, titles numbered, each a second older), in one
 * transaction: the total afterwards. Null when there is no seeded playback to copy.
 */
export function copyPlaybacks(ctx: AppContext, count: number): number | null {
  const seeded = ctx.store.docs<Record<string, unknown> & { id: number }>('playback').filter((x) => x.id < 100000)
  if (!seeded.length) return null
  const add = ctx.store.db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const base = seeded[i % seeded.length]
      const id = 100000 + i
      ctx.store.putDoc('playback', id, {
        ...base,
        id,
        title: `${String(base.title)} #${i + 1}`,
        time: Number(base.time) - i - 1,
        recommend: 0
      })
    }
  })
  add()
  return ctx.store.docs('playback').length
}
