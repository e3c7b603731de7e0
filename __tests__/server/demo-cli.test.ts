/*
 * `npm run demo -- <action>` (server/cli/demo.ts) as a person runs it, against a listening reference server: each
 * action reaches its demo control (contract/dev.ts) with that control's method and prints the answer.
 */
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import path from 'node:path'
import { test } from 'node:test'
import { promisify } from 'node:util'
import { assertEnvelope, call, listeningApp } from './helpers'

const ROOT = path.resolve(__dirname, '..', '..')
const run = promisify(execFile)

const reference = listeningApp()

/** The demo command's printed answer and exit code. */
async function demo(...args: string[]): Promise<{ out: string; code: number }> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/cli/demo.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DEMO_BASE: reference.origin },
      timeout: 60000
    })
    return { out: stdout, code: 0 }
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; code?: number }
    return { out: `${e.stdout ?? ''}${e.stderr ?? ''}`, code: typeof e.code === 'number' ? e.code : 1 }
  }
}

test('R7.61 npm run demo -- sms prints the sandbox SMS codes; with a mobile, that number’s code', async () => {
  for (const mobile of ['13900000001', '13900000002'])
    assertEnvelope(await call(reference.app, 'POST', '/api/v1/liveapp/sendsms', { mobile, type: 1 }))
  const codes = new Map<string, string>()
  for (const mobile of ['13900000001', '13900000002']) {
    const r = await call(reference.app, 'GET', '/dev/sms-code', { mobile })
    codes.set(mobile, assertEnvelope(r).code)
  }

  const all = await demo('sms')
  assert.equal(all.code, 0, all.out)
  const listed = JSON.parse(all.out) as { code: number; data: Array<{ mobile: string; code: string }> }
  assert.equal(listed.code, 1)
  for (const [mobile, code] of codes)
    assert.ok(
      listed.data.some((d) => d.mobile === mobile && d.code === code),
      `${mobile}'s code ${code} is listed: ${all.out}`
    )

  const one = await demo('sms', '13900000002')
  assert.equal(one.code, 0, one.out)
  const shown = JSON.parse(one.out) as { code: number; data: { mobile: string; code: string } }
  assert.deepEqual([shown.code, shown.data.mobile, shown.data.code], [1, '13900000002', codes.get('13900000002')])

  // a number no code was sent to: the control's 404 answer, and a failing exit
  const none = await demo('sms', '13900000009')
  assert.equal(none.code, 1)
  assert.match(none.out, /没有发给这个手机号的验证码/)
})

test('the other demo actions still reach their controls (POST): onair and offair of a room', async () => {
  const on = await demo('onair', '310')
  assert.equal(on.code, 0, on.out)
  assert.equal((JSON.parse(on.out) as { code: number }).code, 1)
  const off = await demo('offair', '310')
  assert.equal(off.code, 0, off.out)
})
