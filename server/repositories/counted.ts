/** Counters one viewer could inflate or erase: a like, a day's visit or share, counted once per caller. */
import type { AppContext } from '../types/context'
import { nowSec } from '../lib/util'

/**
 * True the first time `caller` (callerKey: the user, else the address) counts `kind` of `target`: a like, or with a
 * day in `kind` a visit or share of that day. Repeating the call counts nothing more.
 */
export function countOnce(ctx: AppContext, kind: string, target: number, caller: string): boolean {
  return (
    ctx.store.db
      .prepare('INSERT OR IGNORE INTO counted (kind, target, caller, created_at) VALUES (?, ?, ?, ?)')
      .run(kind, target, caller, nowSec()).changes === 1
  )
}

/** True when `caller` had counted `kind` of `target` and no longer does: only one's own like is taken back. */
export function uncount(ctx: AppContext, kind: string, target: number, caller: string): boolean {
  return (
    ctx.store.db.prepare('DELETE FROM counted WHERE kind = ? AND target = ? AND caller = ?').run(kind, target, caller)
      .changes === 1
  )
}
