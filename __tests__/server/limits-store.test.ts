/*
 * Where the limits' counters live: what protects an account or a room is kept in SQLite, where neither a flood of
 * other keys nor a restart takes it away; callers' rate windows live in memory, bounded.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { createServer } from '../../server/app'
import { openDb } from '../../server/db'
import { Limiter } from '../../server/lib/limit'
import { CounterWindows } from '../../server/repositories/counters'
import { LOCKED_MSG } from '../../server/routes/user'
import { DEFAULT_LIMITS } from '../../server/services/limits'
import { call, U } from './helpers'

test('a mobile’s lockout is not evicted by a flood of keys from rotated addresses, and rate windows stay bounded', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-limits-'))
  const db = openDb(path.join(dir, 'l.db'))
  try {
    db.exec(
      'CREATE TABLE counters (key TEXT PRIMARY KEY, start INTEGER NOT NULL, n INTEGER NOT NULL, until INTEGER NOT NULL)'
    )
    let now = 1_000_000
    const limiter = new Limiter(new CounterWindows(db), DEFAULT_LIMITS, { now: () => now, maxKeys: 100 })
    for (let i = 0; i < DEFAULT_LIMITS.loginFailures; i++) assert.ok(limiter.take('login.mobile', '13800000001'))
    assert.equal(limiter.take('login.mobile', '13800000001'), false)
    // 1000 addresses, each a fresh key of a per-caller rule: the memory store keeps at most 100
    limiter.take('like.calls', 'ip10.0.0.1:496')
    for (let i = 0; i < 1000; i++) limiter.take('like.calls', `ip10.1.${i >> 8}.${i & 255}:496`)
    assert.equal(limiter.count('like.calls', 'ip10.0.0.1:496'), 0, 'the oldest caller window went')
    assert.ok(limiter.over('login.mobile', '13800000001'), 'the lockout stays')
    // it ends with its window
    now += 15 * 60_000 + 1
    assert.equal(limiter.over('login.mobile', '13800000001'), false)
    limiter.sweep()
    assert.equal((db.prepare('SELECT COUNT(*) AS n FROM counters').get() as { n: number }).n, 0)
  } finally {
    db.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('R7.54 a mobile locked by wrong passwords stays locked over a restart of the server', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-lockout-'))
  try {
    const first = await createServer({ dataDir: dir, sandbox: true })
    await first.ready()
    for (let i = 0; i < DEFAULT_LIMITS.loginFailures; i++)
      await call(first, 'POST', U('/login'), { mobile: '13800000001', password: `wrong${i}` })
    await first.close()
    const second = await createServer({ dataDir: dir, sandbox: true })
    await second.ready()
    try {
      const r = await call(second, 'POST', U('/login'), { mobile: '13800000001', password: 'demo1234' })
      assert.equal(r.body.code, -8)
      assert.equal(r.body.msg, LOCKED_MSG)
    } finally {
      await second.close()
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
