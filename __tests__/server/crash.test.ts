/*
 * Crash: the real server process (server/start.ts, bundled as the browser tests start it) on 127.0.0.1 is killed with
 * SIGKILL while writes are in flight. After a restart on the same data folder every write the server had acknowledged
 * is there: orders, their confirmations and the credited gold, chat messages; the database passes SQLite's integrity
 * check.
 */
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { openDb } from '../../server/db'
import { freePort } from '../../e2e/child-server'
import { serverCommand } from '../../e2e/server-bundle'

const ROOT = path.resolve(__dirname, '../..')
/** No request of this test waits longer (a stalled one fails the test with a message, never holds the file open). */
const REQUEST_MS = 30_000
/**
 * How long a start may take: a server lane at its lower priority on a busy CI machine started nothing within 30 s.
 * A server that does not answer by then is killed, so that its pipes do not hold the test file open.
 */
const START_MS = 120_000

async function start(dataDir: string, port: number): Promise<ChildProcess> {
  // server/start.ts bundled, as the browser tests start it (e2e/server-bundle.ts): the same code, started sooner
  const child = spawn(process.execPath, serverCommand(ROOT), {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SKIP_H5_BUILD: '1',
      SANDBOX: '1',
      QUIET_SMS: '1'
    },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let log = ''
  child.stdout?.on('data', (d) => (log += d))
  child.stderr?.on('data', (d) => (log += d))
  const deadline = Date.now() + START_MS
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`)
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/v1/userapp/config`, {
        method: 'POST',
        signal: AbortSignal.timeout(REQUEST_MS)
      })
      if (r.ok) return child
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not start within ${START_MS / 1000} s:\n${log}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
}

test(
  'R1.4 kill -9 during writes: every acknowledged order, confirmation, credit and chat message is there after a restart',
  { timeout: 2 * START_MS + 120_000 },
  async (t) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-crash-'))
    const port = await freePort()
    const origin = `http://127.0.0.1:${port}`
    let child: ChildProcess | null = await start(dataDir, port)
    // the server goes with the test whatever ends it, its timeout included (a finally never runs for a test cut off)
    t.after(() => {
      child?.kill('SIGKILL')
    })
    try {
      const post = async (p: string, body: Record<string, unknown>, token: string) => {
        const r = await fetch(origin + p, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(REQUEST_MS)
        })
        return (await r.json()) as { code: number; data: any }
      }
      const login = async (body: Record<string, unknown>) => {
        const r = await fetch(`${origin}/api/v1/userapp/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(REQUEST_MS)
        })
        return ((await r.json()) as { data: { access_token: string; user: { id: number; gold: number } } }).data
      }
      const a = await login({ mobile: '13800000001', password: 'demo1234' })
      const b = await login({ code: 'dev', encryptedData: 'x', iv: 'y' })
      const users = [a, b]
      const created = new Map<string, { user: number; gold: number }>() // acknowledged orders
      const confirmed = new Set<string>() // acknowledged confirmations
      const chats: Array<{ room: number; msg_id: number; text: string }> = []
      let running = true
      let n = 0
      const writer = async (w: number) => {
        const u = users[w % 2]
        while (running) {
          try {
            const i = n++
            const o = await post('/api/v1/userapp/pay_gold', { m: 'weixin_h5', gold: 10 + (i % 7) }, u.access_token)
            if (o.code === 1) created.set(o.data.order_id, { user: u.user.id, gold: o.data.gold })
            const c = await post('/sandbox/pay/confirm', { order_id: o.data.order_id }, u.access_token)
            if (c.code === 1) confirmed.add(o.data.order_id)
            if (i % 5 === 0) {
              const text = `崩溃前 ${i}`
              const d = await post('/api/v1/userapp/danmaku', { room_id: 548, content: text }, u.access_token)
              if (d.code === 1) chats.push({ room: 548, msg_id: d.data.msg_id, text })
            }
          } catch {
            return // the server is gone
          }
        }
      }
      const writers = Array.from({ length: 6 }, (_, w) => writer(w))
      // killed once writes are flowing (20 confirmations acknowledged, or a minute on a starved machine), not after a
      // fixed time: what is tested is the writes around the kill
      for (let waited = 0; confirmed.size < 20 && waited < 60000; waited += 50)
        await new Promise((r) => setTimeout(r, 50))
      child.kill('SIGKILL')
      await new Promise((r) =>
        child!.exitCode !== null || child!.signalCode !== null ? r(null) : child!.once('exit', r)
      )
      running = false
      await Promise.all(writers)
      child = null
      assert.ok(confirmed.size >= 10, `only ${confirmed.size} confirmations were acknowledged before the kill`)
      t.diagnostic(
        `acknowledged before kill -9: ${created.size} orders, ${confirmed.size} confirmations, ${chats.length} chat messages`
      )

      // the files as the crash left them: SQLite recovers the WAL and finds nothing broken
      const raw = openDb(path.join(dataDir, 'live.db'))
      assert.equal(raw.pragma('integrity_check', { simple: true }), 'ok')
      raw.close()

      child = await start(dataDir, port)
      const db = openDb(path.join(dataDir, 'live.db'), { readOnly: true })
      try {
        for (const [id, o] of created) {
          const row = db.prepare('SELECT user_id, gold, status FROM orders WHERE id = ?').get(id) as
            { user_id: number; gold: number; status: string } | undefined
          assert.ok(row, `acknowledged order ${id} is missing`)
          assert.deepEqual([row.user_id, row.gold], [o.user, o.gold])
          if (confirmed.has(id)) assert.equal(row.status, 'paid', `acknowledged confirmation of ${id} is missing`)
        }
        // every credit that was written is in the balance, exactly (the confirmation is one transaction)
        for (const u of users) {
          const paid = (
            db
              .prepare(
                "SELECT COALESCE(SUM(gold), 0) AS s FROM orders WHERE user_id = ? AND status = 'paid' AND kind = 'gold'"
              )
              .get(u.user.id) as { s: number }
          ).s
          const gold = (db.prepare('SELECT gold FROM users WHERE id = ?').get(u.user.id) as { gold: number }).gold
          assert.equal(gold, u.user.gold + paid, `user ${u.user.id}: ${u.user.gold} + ${paid} credited`)
        }
        for (const c of chats) {
          const row = db
            .prepare('SELECT content FROM danmaku WHERE room_id = ? AND msg_id = ?')
            .get(c.room, c.msg_id) as { content: string } | undefined
          assert.equal(row?.content, c.text, `acknowledged chat ${c.msg_id} is missing`)
        }
      } finally {
        db.close()
      }
      // and the restarted server answers from it
      const after = await post('/api/v1/userapp/userinfo', {}, a.access_token)
      assert.equal(after.code, 1)
    } finally {
      child?.kill('SIGKILL')
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }
)
