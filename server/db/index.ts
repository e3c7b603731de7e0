import { DatabaseSync, enhance } from '@photostructure/sqlite'
import fs from 'node:fs'
import path from 'node:path'
import { randomToken } from '../lib/util'

/**
 * SQLite storage. Content (rooms, streamers, playbacks ...) lives as JSON documents in `docs`, keyed by
 * kind and id, with a write-through in-memory cache; things users do (accounts, tokens, orders, chat,
 * comments, follows ...) live in ordinary tables. Migrations are numbered by PRAGMA user_version.
 *
 * The driver is @photostructure/sqlite: Node's own `node:sqlite` API (built into Node 22.5 and later) for Node 20,
 * with SQLite compiled in and prebuilt binaries inside its npm package, so an install compiles nothing (better-sqlite3
 * fell back to a minute's C++ compile wherever its binaries' download host was out of reach). Its `enhance()` adds
 * better-sqlite3's `transaction()` and `pragma()`, which the repositories use.
 */
export type Db = ReturnType<typeof openDb>

/**
 * How long a statement waits for a lock another connection holds before it fails with "database is locked" (SQLite's
 * busy timeout; the driver's default is 0, fail at once). Another connection holds the file for moments: a tool on the
 * same data folder (`npm run seed`, a test's look at the file), and a closing connection's last checkpoint, which takes
 * the file's exclusive lock. That checkpoint can come late: the driver's `close()` leaves a connection whose statements
 * are still referenced open until the garbage collector frees them, and a server started on the folder then failed
 * with SQLITE_BUSY (docs/testing.md, run 164). The wait blocks the server's thread only while another process holds
 * the lock.
 */
const BUSY_TIMEOUT_MS = 5000

/** Opens (or creates) the database file; `readOnly` for tools that only look. */
export function openDb(file: string, options: { readOnly?: boolean } = {}) {
  return enhance(new DatabaseSync(file, { readOnly: options.readOnly ?? false, timeout: BUSY_TIMEOUT_MS }))
}

const MIGRATIONS: string[] = [
  `
  CREATE TABLE kv (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE docs (kind TEXT NOT NULL, id INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (kind, id));
  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    avatar TEXT NOT NULL DEFAULT '',
    mobile TEXT,
    password TEXT,
    openid TEXT,
    partner_uid TEXT,
    gold INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX users_mobile ON users(mobile) WHERE mobile IS NOT NULL;
  CREATE UNIQUE INDEX users_openid ON users(openid) WHERE openid IS NOT NULL;
  CREATE TABLE tokens (token TEXT PRIMARY KEY, user_id INTEGER NOT NULL, expires_at INTEGER NOT NULL);
  CREATE TABLE sms (mobile TEXT PRIMARY KEY, code TEXT NOT NULL, sent_at INTEGER NOT NULL, expires_at INTEGER NOT NULL);
  CREATE TABLE orders (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,            -- gold | mall
    user_id INTEGER NOT NULL,
    method TEXT NOT NULL,
    gold INTEGER NOT NULL DEFAULT 0,
    amount INTEGER NOT NULL,       -- fen
    target TEXT,
    status TEXT NOT NULL,          -- pending | paid
    created_at INTEGER NOT NULL,
    paid_at INTEGER
  );
  CREATE TABLE gift_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, room_id INTEGER NOT NULL,
    gift_id INTEGER NOT NULL, gift_name TEXT NOT NULL, combo INTEGER NOT NULL, gold INTEGER NOT NULL, created_at INTEGER NOT NULL
  );
  CREATE TABLE purchases (
    user_id INTEGER NOT NULL, kind TEXT NOT NULL, target_id INTEGER NOT NULL, gold INTEGER NOT NULL, created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, kind, target_id)
  );
  CREATE TABLE danmaku (
    id INTEGER PRIMARY KEY AUTOINCREMENT, room_id INTEGER NOT NULL, msg_id INTEGER NOT NULL, user_id INTEGER NOT NULL,
    nickname TEXT NOT NULL, avatar TEXT NOT NULL, content TEXT NOT NULL, created_at INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX danmaku_room_msg ON danmaku(room_id, msg_id);
  CREATE TABLE comments (
    id INTEGER PRIMARY KEY AUTOINCREMENT, playback_id INTEGER NOT NULL, user_id INTEGER NOT NULL, content TEXT NOT NULL, created_at INTEGER NOT NULL
  );
  CREATE INDEX comments_playback ON comments(playback_id, id);
  CREATE TABLE follows (user_id INTEGER NOT NULL, streamer_id INTEGER NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (user_id, streamer_id));
  CREATE TABLE subs (user_id INTEGER NOT NULL, kind TEXT NOT NULL, target_id INTEGER NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (user_id, kind, target_id));
  CREATE TABLE reports (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, msg_id INTEGER, target_user_id INTEGER, reason TEXT, created_at INTEGER NOT NULL);
  CREATE TABLE blocks (user_id INTEGER NOT NULL, blocked_user_id INTEGER NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (user_id, blocked_user_id));
  CREATE TABLE act_entries (
    act_id INTEGER NOT NULL, user_id INTEGER NOT NULL, kind TEXT NOT NULL, value TEXT NOT NULL, created_at INTEGER NOT NULL,
    PRIMARY KEY (act_id, user_id, kind)
  );
  `,
  // SMS codes count wrong tries; logout bumps a user's session version (voids the id/sign cookies)
  `
  ALTER TABLE sms ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE users ADD COLUMN session_version INTEGER NOT NULL DEFAULT 0;
  `,
  // a token belongs to the login session it came from (its family): a logout ends every token of that session
  `
  ALTER TABLE tokens ADD COLUMN family TEXT;
  CREATE INDEX tokens_family ON tokens(family);
  `,
  // who has counted what (a like, a visit of the day, a share of the day): each viewer counts once
  `
  CREATE TABLE counted (kind TEXT NOT NULL, target INTEGER NOT NULL, caller TEXT NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (kind, target, caller));
  `,
  // who uploaded which file: avatars only from one's own uploads, and a daily quota per user
  `
  CREATE TABLE uploads (name TEXT PRIMARY KEY, user_id INTEGER NOT NULL, size INTEGER NOT NULL, created_at INTEGER NOT NULL);
  CREATE INDEX uploads_user ON uploads(user_id, created_at);
  `,
  // the limiter's windows that protect an account or a room (lib/limit.ts): never evicted, kept over a restart
  `
  CREATE TABLE counters (key TEXT PRIMARY KEY, start INTEGER NOT NULL, n INTEGER NOT NULL, until INTEGER NOT NULL);
  CREATE INDEX counters_until ON counters(until);
  `,
  // which login session each id/sign cookie pair belongs to (a `sign` value is unique per login): a token made from the
  // cookies joins that session, and a logout by the cookies ends it
  `
  CREATE TABLE cookie_sessions (sign TEXT PRIMARY KEY, user_id INTEGER NOT NULL, family TEXT NOT NULL, expires_at INTEGER NOT NULL);
  CREATE INDEX cookie_sessions_user ON cookie_sessions(user_id, expires_at);
  CREATE INDEX cookie_sessions_family ON cookie_sessions(family);
  CREATE INDEX cookie_sessions_expiry ON cookie_sessions(expires_at);
  `,
  // the order of a user's 慧币 charges (repositories/payments.ts, nextChargeSeq): 消费记录 lists an unlock and a gift of
  // the same second, even of the same millisecond, in the order they came (rows from before carry 0)
  `
  CREATE TABLE sequences (name TEXT PRIMARY KEY, n INTEGER NOT NULL);
  ALTER TABLE purchases ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE gift_log ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
  `,
  // the login sessions a logout ended, by the tag their stream URLs carry (services/stream-access.ts), until the
  // longest such URL would have expired anyway
  `
  CREATE TABLE ended_stream_sessions (tag TEXT PRIMARY KEY, until INTEGER NOT NULL);
  CREATE INDEX ended_stream_sessions_until ON ended_stream_sessions(until);
  `
]

/** What wrote a database: a sandbox server (demo money, logins and payments for whoever asks) or a production one. */
export type DataMode = 'sandbox' | 'production'

/** The database was written in the other mode: the server does not start on it (server/README.md, Data). */
export class DataModeError extends Error {
  constructor(
    readonly file: string,
    readonly written: DataMode,
    readonly wanted: DataMode
  ) {
    const dir = path.dirname(file)
    super(
      written === 'sandbox'
        ? `数据库 ${file} 是沙箱模式写下的（沙箱发放的慧币、登录和支付都在里面），生产模式拒绝在它上面启动。` +
            `请给生产模式一个自己的数据目录（DATA_DIR=/path/to/prod-data），或先重置：DATA_DIR=${dir} npm run seed，或删除目录 ${dir}。\n` +
            `The database ${file} was written in sandbox mode (the sandbox's free money, logins and payments are in it): ` +
            `production refuses to start on it. Give production its own data folder (DATA_DIR=/path/to/prod-data), or ` +
            `reset it first: DATA_DIR=${dir} npm run seed, or delete the folder ${dir}.`
        : `数据库 ${file} 是生产模式写下的，沙箱模式拒绝在它上面启动（沙箱会给任何人发放慧币和登录）。` +
            `请给沙箱一个自己的数据目录（DATA_DIR=/path/to/sandbox-data）。\n` +
            `The database ${file} was written in production mode: a sandbox server refuses to start on it (the sandbox ` +
            `hands out money and logins to whoever asks). Give the sandbox its own data folder (DATA_DIR=/path/to/sandbox-data).`
    )
    this.name = 'DataModeError'
  }
}

export class Store {
  readonly db: Db
  private cache = new Map<string, Map<number, Record<string, unknown>>>()

  constructor(file: string) {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
    this.db = openDb(file)
    if (file !== ':memory:') this.db.pragma('journal_mode = WAL')
    this.db.pragma('synchronous = NORMAL')
    this.migrate()
  }

  private migrate(): void {
    const current = this.db.pragma('user_version', { simple: true }) as number
    for (let v = current; v < MIGRATIONS.length; v++) {
      this.db.transaction(() => {
        this.db.exec(MIGRATIONS[v])
        this.db.pragma(`user_version = ${v + 1}`)
      })()
    }
  }

  /**
   * Refuses (DataModeError) a database written in the other mode: the `mode` key of kv, which recordMode writes on
   * the first start and clearAll (`npm run seed`) removes with the rest.
   */
  checkMode(mode: DataMode, file: string): void {
    const written = this.kvGet('mode')
    if (written && written !== mode) throw new DataModeError(file, written as DataMode, mode)
  }

  /** Records which mode writes this database, if nothing has yet (after the first seed, which empties kv). */
  recordMode(mode: DataMode): void {
    this.db.prepare('INSERT OR IGNORE INTO kv (key, value) VALUES (?, ?)').run('mode', mode)
  }

  kvGet(key: string): string | undefined {
    const row = this.db.prepare('SELECT value FROM kv WHERE key = ?').get(key) as { value: string } | undefined
    return row?.value
  }

  kvSet(key: string, value: string): void {
    this.db
      .prepare('INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
      .run(key, value)
  }

  /** The server secret used to sign cookies: generated at first start, kept in the database. */
  secret(): string {
    let s = this.kvGet('secret')
    if (!s) {
      s = randomToken(32)
      this.kvSet('secret', s)
    }
    return s
  }

  private kindMap(kind: string): Map<number, Record<string, unknown>> {
    let m = this.cache.get(kind)
    if (!m) {
      m = new Map()
      const rows = this.db.prepare('SELECT id, data FROM docs WHERE kind = ? ORDER BY id').all(kind) as Array<{
        id: number
        data: string
      }>
      for (const r of rows) m.set(r.id, JSON.parse(r.data))
      this.cache.set(kind, m)
    }
    return m
  }

  doc<T>(kind: string, id: number): T | undefined {
    return this.kindMap(kind).get(id) as T | undefined
  }

  docs<T>(kind: string): T[] {
    return [...this.kindMap(kind).values()] as T[]
  }

  putDoc(kind: string, id: number, data: object): void {
    this.db
      .prepare(
        'INSERT INTO docs (kind, id, data) VALUES (?, ?, ?) ON CONFLICT(kind, id) DO UPDATE SET data = excluded.data'
      )
      .run(kind, id, JSON.stringify(data))
    this.kindMap(kind).set(id, data as Record<string, unknown>)
  }

  patchDoc<T>(kind: string, id: number, patch: Partial<T>): T | undefined {
    const cur = this.doc<T>(kind, id)
    if (!cur) return undefined
    const next = { ...cur, ...patch }
    this.putDoc(kind, id, next)
    return next
  }

  deleteDoc(kind: string, id: number): void {
    this.db.prepare('DELETE FROM docs WHERE kind = ? AND id = ?').run(kind, id)
    this.kindMap(kind).delete(id)
  }

  nextDocId(kind: string, floor = 1): number {
    let max = floor - 1
    for (const id of this.kindMap(kind).keys()) max = Math.max(max, id)
    return max + 1
  }

  /** Empties every table and kv but the secret (which survives a reseed): the recorded mode goes too. */
  clearAll(): void {
    const tables = this.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('kv', 'sqlite_sequence')")
      .all() as Array<{ name: string }>
    this.db.transaction(() => {
      for (const t of tables) this.db.exec(`DELETE FROM ${t.name}`)
      this.db.exec("DELETE FROM kv WHERE key <> 'secret'")
    })()
    this.cache.clear()
  }

  close(): void {
    this.db.close()
  }
}
