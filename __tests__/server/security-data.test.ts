/*
 * Sandbox and production data stay apart: a database records the mode that wrote it, and a server of the other mode
 * refuses to start on it (the sandbox's free money and logins would work in production; a sandbox would hand out money
 * in production's data). Each test failed on the server before the fix.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { createServer } from '../../server/app'
import { Store } from '../../server/db'
import { seed } from '../../server/db/seed'
import { assertEnvelope, call, login, U } from './helpers'

async function withDir(fn: (dbFile: string) => Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-mode-'))
  try {
    await fn(path.join(dir, 'live.db'))
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

async function started(dbFile: string, sandbox: boolean) {
  const app = await createServer({ dbFile, dataDir: path.dirname(dbFile), sandbox })
  await app.ready()
  return app
}

test('R9.9 production refuses to start on a database the sandbox wrote, saying (中文 and English) how to reset it', async () => {
  await withDir(async (dbFile) => {
    const sandbox = await started(dbFile, true)
    const { token } = await login(sandbox)
    await sandbox.close()
    await assert.rejects(started(dbFile, false), (err: Error) => {
      assert.match(err.message, /沙箱模式/)
      assert.match(err.message, /sandbox mode/)
      assert.match(err.message, /npm run seed/)
      assert.match(err.message, /DATA_DIR/)
      assert.ok(err.message.includes(path.dirname(dbFile)), 'names the folder')
      return true
    })
    // nothing was changed by the refused start: the sandbox goes on with its data
    const again = await started(dbFile, true)
    assertEnvelope(await call(again, 'POST', U('/userinfo'), {}, token))
    await again.close()
  })
})

test('R9.9 a fresh production database starts, and a sandbox refuses it; npm run seed resets the mode', async () => {
  await withDir(async (dbFile) => {
    const prod = await started(dbFile, false)
    assert.equal((await call(prod, 'POST', U('/userinfo'), {})).status, 401)
    await prod.close()
    await assert.rejects(started(dbFile, true), /生产模式写下的[\s\S]*production mode/)
    // production starts again on its own data
    await (await started(dbFile, false)).close()
    // npm run seed (server/cli/seed.ts): the demo content again, written by no mode yet
    const store = new Store(dbFile)
    seed(store)
    store.close()
    await (await started(dbFile, true)).close()
    await assert.rejects(started(dbFile, false), /沙箱模式/)
  })
})
