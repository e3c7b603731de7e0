import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { test } from 'node:test'
import { promisify } from 'node:util'
import { CALLS } from '../../contract'
import { openapiDocument } from '../../server/cli/openapi-document'
import { startChildServer } from '../../e2e/child-server'
import { listeningApp, login, makeApp } from './helpers'

const ROOT = path.resolve(__dirname, '..', '..')
const run = promisify(execFile)

const reference = listeningApp()

/**
 * `npm run contract:check -- …` as a user runs it: its output and exit code. CI's machine can stall a process for many
 * seconds, so each call may take a minute and the whole run ten; a run that is killed or throws says so in its output
 * (and answers code -1), so a failure names its cause.
 */
async function contractCheck(args: string[]): Promise<{ out: string; code: number }> {
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/contract-check.ts', '--timeout', '60000', ...args],
      { cwd: ROOT, env: { ...process.env, CONTRACT_STRICT: '' }, timeout: 600000 }
    )
    return { out: stdout, code: 0 }
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; code?: unknown; signal?: string | null; killed?: boolean }
    const why = e.killed ? `\n[killed: ${e.signal}]` : ''
    return { out: `${e.stdout ?? ''}${why}\n${e.stderr ?? ''}`, code: typeof e.code === 'number' ? e.code : -1 }
  }
}

test('contract:check finds every read-only call of the reference server inside the contract, logged in too', async () => {
  const { out, code } = await contractCheck([
    '--base',
    reference.origin,
    '--mobile',
    '13800000001',
    '--password',
    'demo1234'
  ])
  assert.equal(code, 0, out)
  assert.match(out, /(\d+)\/\1 个调用符合契约/)
  assert.doesNotMatch(out, /不符/)
  assert.match(out, /ok {4}POST {5}\/api\/v1\/userapp\/userinfo/)
})

test('contract:check without a test account leaves the login-only calls out and says so', async () => {
  const { out, code } = await contractCheck(['--base', reference.origin])
  assert.equal(code, 0, out)
  assert.match(out, /5 个需登录的调用未检查/)
  assert.doesNotMatch(out, /userapp\/userinfo/)
})

/**
 * A backend that answers wrong shapes: the reference server behind a proxy that breaks chosen answers (a field
 * missing, one of another type, one the contract lacks, a list item's field, a whole data of another type).
 */
async function faultServer(): Promise<{ origin: string; close: () => Promise<void> }> {
  const breakers: Record<string, (data: any) => unknown> = {
    '/api/v1/userapp/roominfo': (d) => {
      delete d.title
      d.online = 'many'
      d.secret_field = 1
      return d
    },
    '/api/v1/userapp/living/list': (d) => {
      d.list[0].cover = 5
      return d
    },
    '/live/api_mapp.php': () => ({ slides: [] }),
    '/api/v1/userapp/host/tags': () => null
  }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const up = http.request(
        `${reference.origin}${req.url}`,
        { method: req.method, headers: req.headers },
        (answer) => {
          const body: Buffer[] = []
          answer.on('data', (c: Buffer) => body.push(c))
          answer.on('end', () => {
            const route = (req.url ?? '').split('?')[0]
            let envelope
            try {
              envelope = JSON.parse(Buffer.concat(body).toString('utf8'))
            } catch {
              res.statusCode = answer.statusCode ?? 502
              return void res.end(Buffer.concat(body))
            }
            const slides = route === '/live/api_mapp.php' && (req.url ?? '').includes('a=slides')
            const breaker = route === '/live/api_mapp.php' ? (slides ? breakers[route] : undefined) : breakers[route]
            if (breaker) envelope.data = breaker(envelope.data)
            res.setHeader('content-type', 'application/json')
            res.end(JSON.stringify(envelope))
          })
        }
      )
      // a failed hop is an answer the script reports (a line of its output), not a crash of this test
      up.on('error', (err) => {
        res.statusCode = 502
        res.end(`proxy: ${err.message}`)
      })
      up.end(Buffer.concat(chunks))
    })
  })
  // an idle connection is kept a minute (Node's default is 5 s, announced, and fetch reuses one for 1 s less): on a
  // busy machine the script once sent a call on a connection this server was closing at that moment (fetch failed)
  server.keepAliveTimeout = 60_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}

test('contract:check names each wrong field of a backend by its path and exits non-zero', async () => {
  const fault = await faultServer()
  try {
    const { out, code } = await contractCheck(['--base', fault.origin])
    assert.equal(code, 1, out)
    const block = (path: string) => out.split('\n').slice(out.split('\n').findIndex((l) => l.includes(path)))
    const roominfo = block('/api/v1/userapp/roominfo')
    assert.match(roominfo[0], /^不符 /, out)
    const lines = roominfo.slice(1, 6).join('\n')
    assert.match(lines, /data\.title: 缺少/, out)
    assert.match(lines, /data\.online: 类型应为 integer/, out)
    assert.match(lines, /data\.secret_field: 契约中没有/, out)
    assert.match(
      block('/api/v1/userapp/living/list').slice(1, 3).join('\n'),
      /data\.list\[0\]\.cover: 类型应为 string/,
      out
    )
    assert.match(block('?a=slides').slice(1, 3).join('\n'), /data: 类型应为 array/, out)
    assert.match(block('/api/v1/userapp/host/tags').slice(1, 3).join('\n'), /data: 类型应为 array/, out)
    // the calls left alone are still ok
    assert.match(out, /ok {4}POST {5}\/api\/v1\/userapp\/config/, out)
    assert.match(out, /(\d+)\/(\d+) 个调用符合契约/)
    const [, good, all] = /(\d+)\/(\d+) 个调用符合契约/.exec(out) ?? []
    assert.equal(Number(all) - Number(good), 4, out)
  } finally {
    await fault.close()
  }
})

test('the OpenAPI document in docs/ is the one the server builds (npm run contract:openapi)', async () => {
  const committed = fs.readFileSync(path.join(ROOT, 'docs', 'openapi.json'), 'utf8')
  assert.ok(committed === (await openapiDocument()), 'docs/openapi.json is stale: run npm run contract:openapi')
})

test('/api/docs/openapi.json describes every call of the contract with its spec ids, success rule and login', async () => {
  const res = await fetch(`${reference.origin}/api/docs/openapi.json`)
  assert.equal(res.status, 200)
  const doc = (await res.json()) as { paths: Record<string, Record<string, { description: string; summary: string }>> }
  for (const def of CALLS) {
    if (def.access === 'loopback' || def.path.startsWith('/sandbox/')) continue
    const key = def.action
      ? `${def.path}?a=${def.action}`
      : def.path.replace(/\/:name$/, '/{product}_login').replace(/:(\w+)/g, '{$1}')
    const methods = def.method === 'GET,POST' ? ['get', 'post'] : [def.method.toLowerCase()]
    for (const m of methods) {
      const op = doc.paths[key]?.[m]
      assert.ok(op, `${m.toUpperCase()} ${key} missing from the document`)
      assert.equal(op.summary, def.summary)
      for (const id of def.spec) assert.ok(op.description.includes(id), `${key}: ${id}`)
      assert.ok(op.description.includes(def.auth ? '需要登录' : '无需登录'), key)
      assert.ok(
        op.description.includes(
          def.success === 'positive' ? '大于 0' : def.success === 'zero' ? 'code 为 0' : 'code 为 1'
        ),
        key
      )
    }
  }
  const page = await fetch(`${reference.origin}/api/docs/`)
  assert.equal(page.status, 200)
  assert.match(await page.text(), /swagger-ui/i)
})

/**
 * The routes that are not calls of the contract, and what they answer instead. Anything else the server registers must
 * be a contract call: a route added outside the contract fails the test below.
 */
const NOT_CALLS: Array<[RegExp, string]> = [
  [/^GET \/api\/docs(\/.*)?$/, 'the OpenAPI page, its assets and the document itself'],
  [
    /^(GET|POST) \/live\/api(_mapp)?\.php$/,
    'the answer for a missing or unknown a= (each action is a call of its own)'
  ],
  [/^GET \/ws$/, 'the room socket (its messages are contract/push.ts)'],
  [/^GET \/hls\//, 'HLS playlists and segments'],
  [/^GET \/img\/:kind\/:file$/, 'generated placeholder images'],
  [/^GET \/files\/:name$/, 'uploaded files'],
  [/^GET \/activity\/:name$/, 'the external activity pages (HTML)'],
  [/^GET \/(m2(\/\*)?)?$/, 'the H5 app and its redirects'],
  [/^[A-Z]+ \/mobile\/api\/\*$/, 'the mobile API host: nothing is served there (接口不存在)'],
  [/^GET \/wechat\/oauth_user$/, 'the sandbox messenger login: a redirect'],
  [/^GET \/sandbox\/(pay|jweixin\.js|analytics\.js)$/, "the sandbox's payment page and script stand-ins"],
  [/^(GET|POST) \/sandbox\/analytics\/events$/, 'the sandbox analytics record (contract/dev.ts describes it)']
]

test('every API route is a contract call with its request and response schemas; the others are named', () => {
  const unlisted: string[] = []
  const schemaless: string[] = []
  for (const r of reference.app.routeTable) {
    const key = `${r.method} ${r.url}`
    if (r.contract) {
      if (!r.schemas.request || !r.schemas.response) schemaless.push(key)
    } else if (!NOT_CALLS.some(([pattern]) => pattern.test(key))) unlisted.push(key)
  }
  assert.deepEqual(unlisted, [], 'routes outside the contract')
  assert.deepEqual(schemaless, [], 'contract routes without a request or response schema')
  assert.ok(reference.app.routeTable.filter((r) => r.contract).length >= CALLS.length)
})

test('npm start builds every call’s payload check and answer serializer before it listens, each once', async () => {
  const app = await makeApp()
  try {
    const built = app.api.warm()
    // every call of the contract but the two the sandbox's analytics stand-in answers on a route of its own
    const unbuilt = CALLS.filter((def) => !built.has(def)).map((def) => `${def.method} ${def.path}`)
    assert.deepEqual(unbuilt, ['GET /sandbox/analytics/events', 'POST /sandbox/analytics/events'])
    assert.equal(app.api.warm().size, 0, 'nothing built twice')
  } finally {
    await app.close()
  }
  // server/start.ts as `npm start` runs it, and as the tests' servers run it (WARM_CALLS=0)
  for (const [warm, built] of [
    ['', true],
    ['0', false]
  ] as const) {
    const server = await startChildServer({ env: { WARM_CALLS: warm } })
    try {
      // the start-up line, printed as it listens, may reach this process after the answer that said it is up
      for (let i = 0; i < 200 && !server.log().includes('启动用时'); i++) await new Promise((r) => setTimeout(r, 50))
      assert.equal(/预先构建 (\d+) 个接口/.test(server.log()), built, server.log())
    } finally {
      await server.stop()
    }
  }
})

test('every call of the contract checks an empty payload and answers in its envelope: its check and its serializer, built on its first request, build', async () => {
  let { token } = await login(reference.app)
  const broken: string[] = []
  for (const def of CALLS) {
    const method = def.method === 'GET' ? 'GET' : 'POST'
    const path = def.path.replace(':id', '496').replace(':name', 'no-such-call')
    const url = def.action ? `${path}?a=${def.action}` : path
    const send = () =>
      reference.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: method === 'POST' ? '{}' : undefined
      })
    let res = await send()
    if (res.statusCode === 401) {
      // an earlier call (the logout) ended the session: a new one, and the call again
      token = (await login(reference.app)).token
      res = await send()
    }
    let body: { code?: unknown; msg?: unknown } = {}
    try {
      body = res.json()
    } catch {
      // not JSON: named below
    }
    if (res.statusCode >= 500 || typeof body.code !== 'number' || typeof body.msg !== 'string')
      broken.push(`${method} ${url}: HTTP ${res.statusCode} ${res.body.slice(0, 160)}`)
  }
  assert.deepEqual(broken, [])
})
