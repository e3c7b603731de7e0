// The reference server (server/start.ts) as a child process on a free loopback port with a fresh database: how the
// store and page tests (__tests__/src/support/reference-server.ts), the mini-program suite (weapp-sim/server.ts), the
// browser tests and the benchmarks (e2e/harness.ts) run it. Sandbox mode (SANDBOX=1: demo controls, sandbox payment
// and logins, server/README.md), the existing dist/h5 only (never a rebuild), and the child goes when its parent does,
// even a parent killed with SIGKILL (e2e/die-with-parent.cjs watches it).
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { serverCommand } from './server-bundle'

export interface ChildServer {
  origin: string
  /** where the answers' stream URLs point: the `streamHost` origin when one was asked for, else `origin` */
  streamOrigin: string
  /** the database folder, removed by stop() */
  dataDir: string
  /** the server process's id */
  pid: number | undefined
  /** what the server has printed so far (stdout and stderr) */
  log(): string
  stop(): Promise<void>
}

export interface ChildServerOptions {
  /** extra environment (the benchmark raises WS_MAX_PER_IP for its 1,000 sockets from one address) */
  env?: Record<string, string>
  /** prepares the data folder before the server opens it (a seeded database with edits of its own) */
  prepare?: (dataDir: string) => void
  /** how long the server may take to answer (default 60 s: a loaded CI machine) */
  timeoutMs?: number
  /**
   * the streams' host name (`localhost`): the answers' stream URLs on this host and the server's port (STREAM_ORIGIN),
   * another origin than the pages' `127.0.0.1`, as a deployment's CDN serves its streams
   */
  streamHost?: string
  /** who started it (a jest test file), kept beside its pid: a jest run's teardown names it if it is still listed */
  owner?: string
}

/**
 * The servers a jest run started, as files named by their pid in the folder jest's global setup names
 * (REFERENCE_SERVER_PIDS, __tests__/setup/reference-servers.js), each holding who started it; its global teardown ends
 * any still running and names who left it. Outside jest nothing is kept.
 */
function trackChild(pid: number | undefined, owner = '') {
  const dir = process.env.REFERENCE_SERVER_PIDS
  if (!dir || !pid) return
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, String(pid)), owner)
}

function untrackChild(pid: number | undefined) {
  const dir = process.env.REFERENCE_SERVER_PIDS
  if (dir && pid) rmSync(join(dir, String(pid)), { force: true })
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => done(port))
    })
    s.on('error', fail)
  })
}

/** Whether a server could listen on `port` of the loopback now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((done) => {
    const s = createServer()
    s.once('error', () => done(false))
    s.listen(port, '127.0.0.1', () => s.close(() => done(true)))
  })
}

/**
 * A free port below Linux's ephemeral range (32768–60999), for a server that binds it seconds later (the dev server
 * behind `npm run dev`): a port freePort gets from the kernel may meanwhile become the local port of an outgoing
 * connection of the tests running beside it (a browser's, a server's), and the server then moves to another port.
 */
export async function quietPort(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = 20000 + Math.floor(Math.random() * 12000)
    if (await canListen(port)) return port
  }
  return freePort()
}

export async function startChildServer({
  env = {},
  prepare,
  timeoutMs = 60000,
  streamHost,
  owner
}: ChildServerOptions = {}): Promise<ChildServer> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const streamOrigin = streamHost ? `http://${streamHost}:${port}` : origin
  const dataDir = mkdtempSync(join(tmpdir(), 'live-ref-'))
  prepare?.(dataDir)
  // the watch (die-with-parent.cjs) ends the server when this process ends, however it ends (a SIGKILL included)
  const watch = resolve(__dirname, 'die-with-parent.cjs')
  // BENCH_SERVER_ROOT: another checkout's server and build, for the benchmark's before figures (bench/run.ts)
  const root = process.env.BENCH_SERVER_ROOT || resolve(__dirname, '..')
  // server/start.ts bundled (e2e/server-bundle.ts): the same code, 1.4 s of processor less than through tsx
  const child: ChildProcess = spawn(process.execPath, ['--require', watch, ...serverCommand(root)], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SKIP_H5_BUILD: '1',
      SANDBOX: '1',
      ...(streamHost ? { STREAM_ORIGIN: streamOrigin } : {}),
      DIE_WITH_PARENT_STDIN: '1',
      // a test's server answers a handful of calls: each call's check and serializer built on its first request
      WARM_CALLS: '0',
      ...env
    },
    // stdin: a pipe only this process holds; its end tells the child that its parent is gone
    stdio: ['pipe', 'pipe', 'pipe']
  })
  // a test process that exits (a timeout, ^C) takes its server along at once; a killed one, through the watch
  const killChild = () => child.kill('SIGTERM')
  process.once('exit', killChild)
  trackChild(child.pid, owner)
  let log = ''
  child.stdout?.on('data', (d) => (log += d))
  child.stderr?.on('data', (d) => (log += d))
  // ends the server and removes what it left; one that did not start too (its pipes would hold the test's process open)
  const stop = async (signal: NodeJS.Signals) => {
    process.off('exit', killChild)
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal)
      await new Promise((r) => child.once('exit', r))
    }
    untrackChild(child.pid)
    rmSync(dataDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null) {
      await stop('SIGKILL')
      throw new Error(`reference server exited:\n${log}`)
    }
    try {
      const r = await fetch(`${origin}/api/v1/userapp/config`, { method: 'POST' })
      if (r.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop('SIGKILL')
      throw new Error(`reference server did not start within ${timeoutMs / 1000} s:\n${log}`)
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  return {
    origin,
    streamOrigin,
    dataDir,
    pid: child.pid,
    log: () => log,
    stop: () => stop('SIGTERM')
  }
}
