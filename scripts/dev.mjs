#!/usr/bin/env node
// `npm run dev`: the reference server (server/start.ts) and the H5 dev server (taro build --type h5 --watch) together.
//
// - The reference server listens on 127.0.0.1:$PORT (default 8080, as `npm start`) with the sandbox on and without
//   building dist/h5: the dev server serves the app (its own build goes to dist/h5-dev, config/index.ts).
// - The dev server listens on $HOST:$DEV_PORT (default 127.0.0.1:10086, Taro's default port; when that port is busy
//   Taro moves to a free one and this script prints the one it took), serves /m2/ from memory with fast refresh
//   (Prefresh) and proxies the API, WebSocket, HLS, image, upload, sandbox, OAuth and /dev paths to the reference
//   server (config/dev-server.ts).
// - Once the first build is served it prints `http://localhost:<dev port>/m2/`.
// - Ctrl-C (SIGINT), SIGTERM or either child exiting stops both: each child runs in a process group of its own,
//   and the whole group is signalled, so nothing it started (webpack workers, tsx) is left behind.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const taroBin = createRequire(import.meta.url).resolve('@tarojs/cli/bin/taro')
const children = []
let stopping = false

function log(line) {
  console.log(`[dev] ${line}`)
}

/** Starts `cmd` in a process group of its own; `onLine` sees its output line by line (which is also passed through). */
function start(name, cmd, args, env, onLine) {
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true
  })
  children.push(child)
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr]
  ]) {
    let rest = ''
    stream.on('data', (chunk) => {
      out.write(chunk)
      rest += chunk
      const lines = rest.split('\n')
      rest = lines.pop() ?? ''
      for (const line of lines) onLine?.(line)
    })
  }
  child.on('exit', (code, signal) => {
    if (stopping) return
    log(`${name} 已退出（${signal ?? `退出码 ${code}`}），正在停止另一个进程`)
    stop(code || 1)
  })
  return child
}

function signalGroup(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    // the group is already gone
  }
}

function alive(child) {
  try {
    process.kill(-child.pid, 0)
    return true
  } catch {
    return false
  }
}

/** SIGTERM to both groups, SIGKILL to whatever is left after 5 s, then exit. */
async function stop(code) {
  if (stopping) return
  stopping = true
  for (const c of children) signalGroup(c, 'SIGTERM')
  const deadline = Date.now() + 5000
  while (children.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  for (const c of children) if (alive(c)) process.kill(-c.pid, 'SIGKILL')
  process.exit(code)
}

process.on('SIGINT', () => stop(130))
process.on('SIGTERM', () => stop(143))
process.on('SIGHUP', () => stop(129))
// last resort (an exception in this script): never leave the groups running
process.on('exit', () => {
  for (const c of children) if (alive(c)) process.kill(-c.pid, 'SIGKILL')
})

/** Resolves with the reference server's port once it prints its address. */
function startReferenceServer() {
  return new Promise((resolve) => {
    const { HOST: _host, ...rest } = process.env
    start(
      '参考服务器',
      process.execPath,
      ['--import', 'tsx', 'server/start.ts'],
      {
        ...rest,
        PORT: process.env.PORT ?? '8080',
        // only the dev server's proxy talks to it
        HOST: '127.0.0.1',
        SKIP_H5_BUILD: '1'
      },
      (line) => {
        const m = line.match(/服务已启动：http:\/\/localhost:(\d+)\//)
        if (m) resolve(Number(m[1]))
      }
    )
  })
}

/** Resolves with the dev server's port once the first build is served. */
function startDevServer(apiPort) {
  const host = process.env.HOST
  const pollHost = !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host
  let port = Number(process.env.DEV_PORT || 10086)
  return new Promise((resolve) => {
    start(
      'H5 开发服务器',
      process.execPath,
      [taroBin, 'build', '--type', 'h5', '--watch'],
      {
        DEV_PORT: String(port),
        DEV_PROXY_TARGET: `http://127.0.0.1:${apiPort}`
      },
      (line) => {
        const moved = line.match(/自动切换到空闲端口 (\d+)/)
        if (moved) port = Number(moved[1])
      }
    )
    // webpack-dev-middleware holds requests until the build is ready: the first answer means it is
    const poll = async () => {
      while (!stopping) {
        try {
          const r = await fetch(`http://${pollHost}:${port}/m2/`, { signal: AbortSignal.timeout(600_000) })
          if (r.ok) return resolve(port)
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 500))
      }
    }
    poll()
  })
}

const t0 = Date.now()
const apiPort = await startReferenceServer()
log(`参考服务器：http://127.0.0.1:${apiPort}（API、WebSocket、HLS 由开发服务器代理过去）`)
const devPort = await startDevServer(apiPort)
log(`开发服务器已就绪（${Math.round((Date.now() - t0) / 1000)} s）：http://localhost:${devPort}/m2/`)
log('修改 src/ 下的组件会在页面内热更新（fast refresh）；按 Ctrl-C 同时停止两个服务')
