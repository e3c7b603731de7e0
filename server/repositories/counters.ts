/**
 * The limiter's durable windows (lib/limit.ts): what protects an account or a room (wrong passwords per mobile,
 * guesses per room, codes per number), in SQLite's `counters` table: never evicted, kept over a restart.
 */
import type { Db } from '../db'
import type { Window, WindowStore } from '../lib/limit'

export class CounterWindows implements WindowStore {
  private read
  private write
  private remove
  private expire
  constructor(db: Db) {
    this.read = db.prepare('SELECT start, n, until FROM counters WHERE key = ?')
    this.write = db.prepare(
      'INSERT INTO counters (key, start, n, until) VALUES (?, ?, ?, ?) ON CONFLICT(key) DO UPDATE SET start = excluded.start, n = excluded.n, until = excluded.until'
    )
    this.remove = db.prepare('DELETE FROM counters WHERE key = ?')
    this.expire = db.prepare('DELETE FROM counters WHERE until <= ?')
  }
  get(key: string) {
    return this.read.get(key) as Window | undefined
  }
  set(key: string, w: Window) {
    this.write.run(key, w.start, w.n, w.until)
  }
  delete(key: string) {
    this.remove.run(key)
  }
  sweep(now: number) {
    this.expire.run(now)
  }
}
