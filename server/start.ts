import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ROOT, createServer } from './app'
import { DataModeError } from './db'

/** `npm start`: builds the H5 app if there is no build yet, then serves /m2/ and the API on one port. */
async function main(): Promise<void> {
  const t0 = Date.now()
  const h5Dir = path.resolve(process.env.H5_DIR ?? path.join(ROOT, 'dist', 'h5'))
  if (!fs.existsSync(path.join(h5Dir, 'index.html')) && process.env.SKIP_H5_BUILD !== '1') {
    console.log('[start] 未找到 H5 构建（dist/h5/index.html），正在执行 npx taro build --type h5 …')
    const r = spawnSync('npx', ['taro', 'build', '--type', 'h5'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' }
    })
    if (r.status !== 0) console.error('[start] H5 构建失败；API 仍会启动，/m2/ 会提示尚未构建。')
  }
  const t1 = Date.now()
  const port = Number(process.env.PORT ?? 8080)
  // sandbox (demo controls, sandbox payment, SMS and logins): SANDBOX=1/0 decides; unset, `npm start` turns it on
  // unless NODE_ENV=production (server/README.md, Security)
  const sandbox = process.env.SANDBOX ? process.env.SANDBOX === '1' : process.env.NODE_ENV !== 'production'
  // the sandbox hands out logins and money to whoever asks: this machine only unless HOST says otherwise
  const host = process.env.HOST || (sandbox ? '127.0.0.1' : '0.0.0.0')
  const app = await createServer({ h5Dir, sandbox, logger: { level: process.env.LOG_LEVEL ?? 'warn' } })
  // every call's payload check and answer serializer built before the first viewer's requests (Api.warm); the tests'
  // servers, which answer a handful of calls each, leave them to each call's first request (WARM_CALLS=0)
  const warmed = process.env.WARM_CALLS === '0' ? 0 : app.api.warm().size
  await app.listen({ port, host })
  const bound = app.server.address()
  const actualPort = bound && typeof bound === 'object' ? bound.port : port
  console.log(
    `[start] 服务已启动：http://localhost:${actualPort}/m2/  （API /api/v1，WebSocket /ws?roomid=，数据目录 ${app.ctx.dataDir}）`
  )
  console.log(
    `[start] 监听地址 ${host}:${actualPort}${host === '127.0.0.1' ? '（仅本机可访问；要让其他设备访问，请设置 HOST=0.0.0.0）' : ''}`
  )
  console.log(
    `[start] 启动用时 ${Date.now() - t1} ms${warmed ? `（含预先构建 ${warmed} 个接口的校验与序列化）` : ''}${t1 - t0 > 500 ? `，H5 构建用时 ${Math.round((t1 - t0) / 1000)} s` : ''}；沙箱模式（/dev/* 仅限本机、沙箱支付、短信验证码打印在控制台）${app.ctx.sandbox ? '已开启' : '已关闭'}`
  )
  const stop = async () => {
    await app.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop())
  process.on('SIGTERM', () => void stop())
}

main().catch((err) => {
  // a database of the other mode: its message says how to go on, a stack trace would only bury it
  console.error(err instanceof DataModeError ? `[start] ${err.message}` : err)
  process.exit(1)
})
