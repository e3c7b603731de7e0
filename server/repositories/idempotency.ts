/**
 * The answers kept for idempotency keys (services/idempotency.ts): the `idempotency` table, made on first use, and its
 * rows by caller scope, route and key.
 */
import type { Db } from '../db'
import type { AppContext } from '../types/context'

const ready = new WeakSet<Db>()

/** Makes the table once per database. */
export function ensureIdempotencyTable(ctx: AppContext): void {
  const db = ctx.store.db
  if (ready.has(db)) return
  db.exec(`
    CREATE TABLE IF NOT EXISTS idempotency (
      scope TEXT NOT NULL, route TEXT NOT NULL, key TEXT NOT NULL, params TEXT NOT NULL, result TEXT NOT NULL,
      created_at INTEGER NOT NULL, PRIMARY KEY (scope, route, key)
    );
    CREATE INDEX IF NOT EXISTS idempotency_created ON idempotency(created_at);
  `)
  ready.add(db)
}

/** Runs `step` in one transaction: concurrent repeats of a key cannot both run. */
export function inIdempotencyTransaction<T>(ctx: AppContext, step: () => T): T {
  return ctx.store.db.transaction(step)()
}

/** Forgets the answers kept before `before` (unix seconds). */
export function forgetAnswersBefore(ctx: AppContext, before: number): void {
  ctx.store.db.prepare('DELETE FROM idempotency WHERE created_at < ?').run(before)
}

/** The answer kept for a key, with the parameters it was made for. */
export function keptAnswer(
  ctx: AppContext,
  scope: string,
  route: string,
  key: string
): { params: string; result: string } | undefined {
  return ctx.store.db
    .prepare('SELECT params, result FROM idempotency WHERE scope = ? AND route = ? AND key = ?')
    .get(scope, route, key) as { params: string; result: string } | undefined
}

/** Keeps the first answer of a key. */
export function keepAnswer(
  ctx: AppContext,
  row: { scope: string; route: string; key: string; params: string; result: string; createdAt: number }
): void {
  ctx.store.db
    .prepare('INSERT INTO idempotency (scope, route, key, params, result, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(row.scope, row.route, row.key, row.params, row.result, row.createdAt)
}
