// jest's global setup and teardown (jest.config.js) for the reference servers the tests start
// (e2e/child-server.ts): setup names a fresh folder where each server's pid is kept while it runs
// (REFERENCE_SERVER_PIDS, read by the workers, which start after it); teardown ends any server still listed, so none
// outlives the run even when a test timed out before its afterAll. A worker killed outright is covered by the
// server's own watch of its parent (e2e/die-with-parent.cjs).
const { mkdtempSync, readFileSync, readdirSync, rmSync } = require('node:fs')
const { tmpdir } = require('node:os')
const { join, relative } = require('node:path')

async function setup() {
  process.env.REFERENCE_SERVER_PIDS = mkdtempSync(join(tmpdir(), 'live-ref-pids-'))
}

async function teardown() {
  const dir = process.env.REFERENCE_SERVER_PIDS
  if (!dir) return
  let pids = []
  try {
    pids = readdirSync(dir).map(Number).filter(Boolean)
  } catch {
    return
  }
  for (const pid of pids) {
    let owner = ''
    try {
      owner = relative(process.cwd(), readFileSync(join(dir, String(pid)), 'utf8'))
    } catch {
      // stopped meanwhile
    }
    let running = true
    try {
      process.kill(pid, 'SIGTERM')
    } catch {
      running = false // its watch ended it with the worker that started it
    }
    // a server a test started and never stopped (its afterAll did not run, or it has none)
    console.warn(
      `jest: a reference server (pid ${pid}) was never stopped, started by ${owner || 'an unnamed test'}${running ? '; ended now' : ''}`
    )
  }
  rmSync(dir, { recursive: true, force: true })
}

module.exports = { setup, teardown }
