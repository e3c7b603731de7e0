import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { Worker } from 'node:worker_threads'
import { createServer } from '../../server/app'
import { Store } from '../../server/db'
import { seed } from '../../server/db/seed'
import { assertEnvelope, call, login, U } from './helpers'

test('restart keeps data: a file database in a temp dir keeps users, chat, orders and the cookie secret', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-persist-'))
  try {
    const first = await createServer({ dataDir: dir, sandbox: true })
    const { token, cookies } = await login(first)
    const msg = assertEnvelope(
      await call(first, 'POST', U('/danmaku'), { room_id: 548, content: '重启前的消息' }, token)
    )
    const order = assertEnvelope(await call(first, 'POST', U('/pay_gold'), { m: 'weixin_h5', gold: 300 }, token))
    assertEnvelope(await call(first, 'POST', U('/follow'), { roomid: 548 }, token))
    const gold = assertEnvelope(await call(first, 'POST', U('/userinfo'), {}, token)).gold
    await first.close()
    assert.ok(fs.existsSync(path.join(dir, 'live.db')))

    const second = await createServer({ dataDir: dir, sandbox: true })
    assert.equal(assertEnvelope(await call(second, 'POST', U('/userinfo'), {}, token)).id, 10001, 'the token survives')
    const cookie = cookies.map((c) => c.split(';')[0]).join('; ')
    assert.equal(
      assertEnvelope(await call(second, 'POST', U('/userinfo'), {}, undefined, { cookie })).id,
      10001,
      'the sign secret survives'
    )
    const hist = assertEnvelope(
      await call(second, 'POST', U('/living/danmaku'), { roomid: 548, after_msg_id: msg.msg_id - 1 })
    )
    assert.equal(JSON.parse(hist[0].content).text, '重启前的消息')
    assert.equal(assertEnvelope(await call(second, 'POST', U('/myfollow'), {}, token)).total, 1)
    const next = assertEnvelope(await call(second, 'POST', U('/danmaku'), { room_id: 548, content: '重启后' }, token))
    assert.equal(next.msg_id, msg.msg_id + 1, 'msg_id keeps counting after a restart')
    // R1.4 a repeated confirmation credits once, across a restart too
    assertEnvelope(await call(second, 'POST', '/sandbox/pay/confirm', { order_id: order.order_id }, token))
    await second.close()
    const third = await createServer({ dataDir: dir, sandbox: true })
    assert.equal(
      assertEnvelope(await call(third, 'POST', '/sandbox/pay/confirm', { order_id: order.order_id }, token)).credited,
      0
    )
    assert.equal(assertEnvelope(await call(third, 'POST', U('/userinfo'), {}, token)).gold, gold + 300)
    await third.close()
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('npm run seed resets the content but keeps the secret', () => {
  const store = new Store(':memory:')
  seed(store)
  const secret = store.secret()
  store.db.prepare('UPDATE users SET gold = 1 WHERE id = 10001').run()
  seed(store)
  assert.equal(store.secret(), secret)
  assert.equal((store.db.prepare('SELECT gold FROM users WHERE id = 10001').get() as { gold: number }).gold, 500)
  assert.ok(store.docs('room').length >= 30)
  assert.ok(store.docs('streamer').length >= 12)
  store.close()
})

test('R1.4 the server starts on a database another connection holds for a moment: it waits for the lock, never fails with database is locked', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-busy-'))
  const file = path.join(dir, 'live.db')
  // another connection (a tool on the same data folder, a closing connection's checkpoint) writes, holding the file's
  // exclusive lock, and lets go a moment later: in a thread of its own, as another process would
  const holder = new Worker(
    `const { DatabaseSync } = require(${JSON.stringify(require.resolve('@photostructure/sqlite'))})
     const { parentPort } = require('node:worker_threads')
     const db = new DatabaseSync(${JSON.stringify(file)})
     db.exec('BEGIN EXCLUSIVE; CREATE TABLE held (x INTEGER)')
     parentPort.postMessage('held')
     setTimeout(() => { db.exec('COMMIT'); db.close(); parentPort.postMessage('released') }, 300)`,
    { eval: true }
  )
  const released = new Promise((resolve) => holder.on('message', (m) => m === 'released' && resolve(m)))
  await new Promise((resolve, reject) => {
    holder.once('message', resolve)
    holder.once('error', reject)
  })
  try {
    const app = await createServer({ dataDir: dir, sandbox: true })
    try {
      assert.equal(await released, 'released', 'the other connection had the lock while the server started')
      assertEnvelope(await call(app, 'POST', U('/config'), {}))
      const { token } = await login(app)
      assertEnvelope(await call(app, 'POST', U('/danmaku'), { room_id: 548, content: '锁释放之后' }, token))
    } finally {
      await app.close()
    }
  } finally {
    await holder.terminate()
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
