/**
 * `npm run contract:check -- --base <origin>`: checks a backend against the contract. Every read-only call of
 * contract/probes.ts is made with safe parameters and its answer validated against the call's contract; each line
 * says ok, or names the field paths that are missing (缺少), mistyped (类型应为 …) or unknown (契约中没有), or the
 * refusal the backend gave. Exits 1 on any mismatch.
 *
 *   --base <origin>          the live API host (calls under /api/v1, R7.2)
 *   --live-base <origin>     the main live host for .php and /m2/ paths (R7.3; default --base)
 *   --stats-base <origin>    the statistics service for rank-page paths (R7.4; default --base)
 *   --id name=value          an id the probes use (repeatable; see --list for the names and defaults)
 *   --mobile <m> --password <p>
 *                            a test account: the calls that need a login are checked too (never without one)
 *   --list                   prints the probes and the ids they use, and calls nothing
 *   --timeout <ms>           per call (default 15000)
 */
import { parseArgs } from 'node:util'
import type { CallDef } from '../contract/call'
import { mismatches } from '../contract/check'
import { isSuccessCode } from '../contract/codes'
import { DEFAULT_IDS, LOGIN, probes, type Ids } from '../contract/probes'
import { AnswerSchema } from '../contract/schema'
import { Type } from 'typebox'

const ANSWER = AnswerSchema(Type.Unknown())

interface Outcome {
  ok: boolean
  lines: string[]
}

function origin(value: string): string {
  const u = new URL(value)
  return u.origin
}

function baseFor(def: CallDef, bases: { api: string; live: string; stats: string }): string {
  if (def.path.includes('.php') || def.path.startsWith('/m2/')) return bases.live
  if (def.path.includes('rank-page')) return bases.stats
  return bases.api
}

async function callOnce(
  def: CallDef,
  payload: Record<string, unknown>,
  base: string,
  token: string | null,
  timeout: number
): Promise<{ status: number; body: unknown }> {
  const fields = { version: 'contract-check', platform: 'h5', ...payload, ...(def.action ? { a: def.action } : {}) }
  const headers: Record<string, string> = { accept: 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  const get = def.method !== 'POST'
  const url = new URL(def.path, base)
  if (get) for (const [k, v] of Object.entries(fields)) url.searchParams.set(k, String(v))
  else headers['content-type'] = 'application/json'
  const res = await fetch(url, {
    method: get ? 'GET' : 'POST',
    headers,
    body: get ? undefined : JSON.stringify(fields),
    signal: AbortSignal.timeout(timeout)
  })
  const text = await res.text()
  try {
    return { status: res.status, body: JSON.parse(text) as unknown }
  } catch {
    return { status: res.status, body: text.slice(0, 80) }
  }
}

function succeeded(def: CallDef, code: number): boolean {
  return isSuccessCode(code, def.success)
}

async function check(
  def: CallDef,
  payload: Record<string, unknown>,
  base: string,
  token: string | null,
  timeout: number
): Promise<Outcome> {
  let answer: { status: number; body: unknown }
  try {
    answer = await callOnce(def, payload, base, token, timeout)
  } catch (err) {
    return { ok: false, lines: [`请求失败：${(err as Error).message}`] }
  }
  const envelope = mismatches(ANSWER, answer.body, '(答复)')
  if (envelope.length) return { ok: false, lines: [`HTTP ${answer.status}，不是 {code, msg, data} 答复`, ...envelope] }
  const { code, msg, data } = answer.body as { code: number; msg: string; data: unknown }
  if (!succeeded(def, code)) return { ok: false, lines: [`拒绝：code ${code} ${msg}（参数见 --list，可用 --id 更换）`] }
  const faults = mismatches(def.data, data)
  return { ok: !faults.length, lines: faults }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      base: { type: 'string' },
      'live-base': { type: 'string' },
      'stats-base': { type: 'string' },
      id: { type: 'string', multiple: true },
      mobile: { type: 'string' },
      password: { type: 'string' },
      list: { type: 'boolean' },
      timeout: { type: 'string' }
    }
  })
  const ids: Ids = { ...DEFAULT_IDS }
  for (const pair of values.id ?? []) {
    const [name, value] = pair.split('=')
    if (!name || !(name in ids) || !value) {
      console.error(`--id ${pair}：可用的 id 为 ${Object.keys(ids).join('、')}`)
      return 2
    }
    ids[name as keyof Ids] = /^\d+$/.test(value) ? Number(value) : value
  }
  const list = probes(ids)
  if (values.list) {
    for (const p of list)
      console.log(
        `${p.login ? '需登录 ' : ''}${p.call.method} ${p.call.path}${p.call.action ? `?a=${p.call.action}` : ''} ${JSON.stringify(p.payload)}`
      )
    console.log(`ids: ${JSON.stringify(ids)}`)
    return 0
  }
  if (!values.base) {
    console.error('用法：npm run contract:check -- --base <origin> [--mobile m --password p] [--id name=value]')
    return 2
  }
  const api = origin(values.base)
  const bases = { api, live: origin(values['live-base'] ?? api), stats: origin(values['stats-base'] ?? api) }
  const timeout = Number(values.timeout ?? 15000)
  let token: string | null = null
  if (values.mobile && values.password) {
    const login = await callOnce(LOGIN, { mobile: values.mobile, password: values.password }, bases.api, null, timeout)
    const body = login.body as { code?: number; msg?: string; data?: { access_token?: string } }
    if (body.code !== 1 || !body.data?.access_token) {
      console.error(`登录失败：${body.code ?? login.status} ${body.msg ?? ''}`)
      return 1
    }
    token = body.data.access_token
  }
  let failed = 0
  let skipped = 0
  for (const p of list) {
    const name = `${p.call.method.padEnd(8)} ${p.call.path}${p.call.action ? `?a=${p.call.action}` : ''}`
    if (p.login && !token) {
      skipped++
      continue
    }
    const out = await check(p.call, p.payload, baseFor(p.call, bases), p.login ? token : null, timeout)
    if (!out.ok) failed++
    console.log(`${out.ok ? 'ok  ' : '不符'}  ${name}  (${p.call.spec.join(', ')})`)
    for (const line of out.lines) console.log(`        ${line}`)
  }
  const checked = list.length - skipped
  console.log(
    `\n${checked - failed}/${checked} 个调用符合契约` +
      (skipped ? `；${skipped} 个需登录的调用未检查（给出 --mobile 与 --password）` : '')
  )
  return failed ? 1 : 0
}

void main().then((code) => process.exit(code))
