import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { after, before } from 'node:test'
import { createServer, type LiveServer, type ServerOptions } from '../../server/app'

// single-file runs check the contract as `npm test` does (scripts/test.mjs)
process.env.CONTRACT_STRICT ??= '1'

export type Json = { code: number; msg: string; data: any }

export async function makeApp(opts: ServerOptions = {}): Promise<LiveServer> {
  const app = await createServer({ dbFile: ':memory:', sandbox: true, ...opts })
  await app.ready()
  return app
}

/** A fresh in-memory server (makeApp with `opts`) for one test, closed after `fn` whatever happens. */
export async function withApp(opts: ServerOptions, fn: (app: LiveServer) => Promise<void>): Promise<void> {
  const app = await makeApp(opts)
  try {
    await fn(app)
  } finally {
    await app.close()
  }
}

/** Opens `app` on a free loopback port; resolves to that port. */
export async function listen(app: LiveServer): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return (app.server.address() as AddressInfo).port
}

/**
 * A reference server (makeApp with `opts`) listening on 127.0.0.1 for the whole file, for tests that go over real
 * HTTP: opened before the file's first test, closed after its last. Read `app` and `origin` inside the tests.
 */
export function listeningApp(opts: ServerOptions = {}): { readonly app: LiveServer; readonly origin: string } {
  const it = { app: undefined as unknown as LiveServer, origin: '' }
  before(async () => {
    it.app = await makeApp(opts)
    it.origin = `http://127.0.0.1:${await listen(it.app)}`
  })
  after(() => it.app?.close())
  return it
}

export interface CallResult {
  status: number
  body: Json
  headers: Record<string, unknown>
}

export async function call(
  app: LiveServer,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
  token?: string,
  headers: Record<string, string> = {}
): Promise<CallResult> {
  const h: Record<string, string> = { ...headers }
  if (token) h.authorization = `Bearer ${token}`
  let u = url
  let body: string | undefined
  if (method === 'GET' && payload) {
    const q = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)]))
    u += (u.includes('?') ? '&' : '?') + q.toString()
  } else if (payload !== undefined) {
    body = JSON.stringify({ version: '1.0.0', platform: 'h5', ...payload })
    h['content-type'] = 'application/json'
  }
  const res = await app.inject({ method, url: u, payload: body, headers: h })
  let json: Json
  try {
    json = res.json()
  } catch {
    throw new Error(`${method} ${url} answered non-JSON (${res.statusCode}): ${res.body.slice(0, 200)}`)
  }
  return { status: res.statusCode, body: json, headers: res.headers }
}

/** POST under /api/v1/userapp */
export const U = (path: string) => `/api/v1/userapp${path}`

export function assertEnvelope(r: CallResult, code = 1): any {
  assert.equal(r.status, 200, `HTTP ${r.status}: ${JSON.stringify(r.body)}`)
  assert.ok(r.body && typeof r.body === 'object', 'envelope is an object')
  assert.ok(
    'code' in r.body && 'msg' in r.body && 'data' in r.body,
    `envelope has code, msg, data: ${JSON.stringify(r.body).slice(0, 200)}`
  )
  assert.equal(r.body.code, code, `code ${r.body.code} (${r.body.msg})`)
  return r.body.data
}

/** A business refusal: HTTP 200, a non-1 code and a Chinese message. */
export function assertRefused(r: CallResult, code?: number): string {
  assert.equal(r.status, 200, `HTTP ${r.status}: ${JSON.stringify(r.body)}`)
  assert.notEqual(r.body.code, 1, `expected a refusal, got ${JSON.stringify(r.body).slice(0, 200)}`)
  if (code !== undefined) assert.equal(r.body.code, code, r.body.msg)
  assert.match(r.body.msg, /[\u4e00-\u9fa5]/, `Chinese message: ${r.body.msg}`)
  return r.body.msg
}

export function assertPaged(data: any, page = 1): any[] {
  for (const k of ['currentPage', 'totalPage', 'total', 'list']) assert.ok(k in data, `paged list has ${k}`)
  assert.equal(data.currentPage, page)
  assert.ok(Array.isArray(data.list))
  assert.ok(data.totalPage >= 1)
  return data.list
}

export async function login(
  app: LiveServer,
  mobile = '13800000001',
  password = 'demo1234'
): Promise<{ token: string; user: any; cookies: string[] }> {
  const r = await call(app, 'POST', U('/login'), { mobile, password })
  const data = assertEnvelope(r)
  const sc = r.headers['set-cookie']
  return {
    token: data.access_token,
    user: data.user,
    cookies: Array.isArray(sc) ? (sc as string[]) : sc ? [String(sc)] : []
  }
}

export async function loginNoMobile(app: LiveServer): Promise<{ token: string; user: any }> {
  const r = await call(app, 'POST', U('/login'), { code: 'dev', encryptedData: 'x', iv: 'y' })
  const data = assertEnvelope(r)
  return { token: data.access_token, user: data.user }
}

/**
 * The sandbox OAuth round trip as a browser makes it (R7.58): the start (`query` without state) binds a state to the
 * browser (the oauth_state cookie) and comes back to itself with it; the callback, with that cookie, is answered.
 * `headers` go with the start (e.g. a Sec-Fetch-Site). Returns the start's and the callback's answers (callback null
 * when the start did not come back with a state).
 */
export async function oauthRoundTrip(
  app: LiveServer,
  query: string,
  headers: Record<string, string> = {}
): Promise<{
  start: Awaited<ReturnType<LiveServer['inject']>>
  callback: Awaited<ReturnType<LiveServer['inject']>> | null
}> {
  const start = await app.inject({ method: 'GET', url: `/wechat/oauth_user?${query}`, headers })
  const loc = String(start.headers.location ?? '')
  if (!loc.startsWith('/wechat/oauth_user?') || !new URL(`http://x${loc}`).searchParams.get('state'))
    return { start, callback: null }
  const sc = start.headers['set-cookie']
  const cookie = (Array.isArray(sc) ? sc : [String(sc)]).map((c) => c.split(';')[0]).join('; ')
  const callback = await app.inject({ method: 'GET', url: loc, headers: { cookie } })
  return { start, callback }
}

/**
 * Runs `fn` with JSON.parse counting the texts it is handed that start with `prefix` (the server runs in this process),
 * and gives fn the count so far: a test proves a body or frame was refused before it was parsed.
 */
export async function countingParses(prefix: string, fn: (parsed: () => number) => Promise<void>): Promise<void> {
  const parse = JSON.parse
  let parsed = 0
  JSON.parse = ((text: string, reviver?: (k: string, v: unknown) => unknown) => {
    if (typeof text === 'string' && text.startsWith(prefix)) parsed++
    return parse(text, reviver)
  }) as typeof JSON.parse
  try {
    await fn(() => parsed)
  } finally {
    JSON.parse = parse
  }
}

/** An upload of `content` named `name` (its type by the name's extension) as the app sends it: multipart field `file`. */
export function uploadAs(app: LiveServer, token: string, name: string, content: Buffer) {
  const boundary = `----u${Math.random().toString(36).slice(2)}`
  return app.inject({
    method: 'POST',
    url: '/upload',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`)
    ])
  })
}

/**
 * Asks `check` every `step` ms until it holds or `ms` have passed, and tells whether it held. The default bound is
 * one that a test process starved of the processor for seconds still meets, where what it waits for takes a moment.
 */
export async function waitUntil(check: () => boolean | Promise<boolean>, ms = 30000, step = 100): Promise<boolean> {
  for (const end = Date.now() + ms; ;) {
    if (await check()) return true
    if (Date.now() >= end) return false
    await new Promise((r) => setTimeout(r, step))
  }
}
