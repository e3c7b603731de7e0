/** @jest-environment node */
/*
 * A reference server started by a test process never outlives it (e2e/child-server.ts, e2e/die-with-parent.cjs): not
 * even when that process is killed with SIGKILL, as a jest worker is at its timeout or when the run is killed, which
 * runs none of its own exit handlers.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { sleep } from './support/wait'

const root = resolve(__dirname, '../..')

/** Running, and not a zombie waiting for its new parent to reap it. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'))
  } catch {
    return false
  }
}

test('a parent killed with SIGKILL takes its reference server along', async () => {
  const parent = spawn(process.execPath, ['--import', 'tsx', '__tests__/src/support/server-parent.ts'], {
    cwd: root,
    // not listed for jest's teardown (REFERENCE_SERVER_PIDS): its parent's end is what ends it here, and the test
    // ends it itself if not
    env: { ...process.env, REFERENCE_SERVER_PIDS: '' },
    stdio: ['ignore', 'pipe', 'inherit']
  })
  let out = ''
  parent.stdout.on('data', (d) => (out += d))
  const end = Date.now() + 60000
  while (!/server \d+/.test(out)) {
    if (Date.now() > end || parent.exitCode !== null) throw new Error(`the server did not start: ${out}`)
    await sleep(50)
  }
  const pid = Number(/server (\d+)/.exec(out)![1])
  expect(alive(pid)).toBe(true)
  parent.kill('SIGKILL')
  // a generous limit: the server sees its parent gone at once (its stdin ends) and shuts down
  const deadline = Date.now() + 20000
  while (alive(pid) && Date.now() < deadline) await sleep(50)
  const left = alive(pid)
  if (left) process.kill(pid, 'SIGKILL') // leave nothing behind, even when failing
  expect(left).toBe(false)
})
