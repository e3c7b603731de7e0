#!/usr/bin/env node
// `npm test`: every test runner of the project, then one closing line `N passed, N failed` that adds them up.
//   1. jest: the client (src/) over Taro's H5 runtime, as two projects: the H5 and the mini-program platform files
//   2. node:test: the reference server (server/)
//   3. node:test: the built mini-program (dist/weapp) run headless against the server (weapp-sim/)
//   4. node:test + playwright-core: browser tests in Debian's Chromium against the H5 build and the server
// Browser tests need /usr/bin/chromium (apt-get install chromium). Outside CI they are reported as not run when it is
// missing; under CI=true a missing browser fails the run.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
// the reference server refuses an answer that leaves its call's contract (contract/, server/api.ts): every suite
// that reaches it checks the contract too
process.env.CONTRACT_STRICT ??= '1'
const out = join(root, '.test-results')
mkdirSync(out, { recursive: true })
const only = process.argv[2] // jest | server | weapp | e2e
const totals = { passed: 0, failed: 0 }
const lines = []

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  return r.status ?? 1
}

function tapCounts(file) {
  if (!existsSync(file)) return null
  const text = readFileSync(file, 'utf8')
  const pass = Number((text.match(/^# pass (\d+)/m) || [])[1] || 0)
  const fail = Number((text.match(/^# fail (\d+)/m) || [])[1] || 0)
  const cancelled = Number((text.match(/^# cancelled (\d+)/m) || [])[1] || 0)
  return { pass, fail: fail + cancelled }
}

function nodeTests(name, files, env = {}) {
  if (!files.length) return
  const tap = join(out, `${name}.tap`)
  const status = run(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=1',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      ...files
    ],
    env
  )
  const c = tapCounts(tap) || { pass: 0, fail: 1 }
  if (status !== 0 && c.fail === 0) c.fail = 1
  totals.passed += c.pass
  totals.failed += c.fail
  lines.push(`${name}: ${c.pass} passed, ${c.fail} failed`)
}

function listTests(dir, suffix) {
  const abs = join(root, dir)
  if (!existsSync(abs)) return []
  return readdirSync(abs)
    .filter((f) => f.endsWith(suffix))
    .sort()
    .map((f) => join(dir, f))
}

function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)
  }
  return newest
}

// jest runs two projects (jest.config.js): h5, and weapp for *.weapp.test.ts(x). Its --json totals cover both; the
// per-project split is read from the files' names.
const WEAPP_TEST = /\.weapp\.test\.tsx?$/

function jestByProject(r) {
  const by = { h5: { passed: 0, failed: 0 }, weapp: { passed: 0, failed: 0 } }
  for (const file of r.testResults || []) {
    const p = by[WEAPP_TEST.test(file.name) ? 'weapp' : 'h5']
    for (const a of file.assertionResults || []) {
      if (a.status === 'passed') p.passed += 1
      else if (a.status === 'failed') p.failed += 1
    }
    if (file.status === 'failed' && !(file.assertionResults || []).length) p.failed += 1 // the file did not run
  }
  return Object.entries(by)
    .map(([name, c]) => `${name} ${c.passed}/${c.passed + c.failed}`)
    .join(', ')
}

if (!only || only === 'jest') {
  const json = join(out, 'jest.json')
  rmSync(json, { force: true }) // never count an earlier run's results
  const status = run('npx', ['jest', '--ci', '--json', `--outputFile=${json}`])
  let passed = 0
  let failed = status === 0 ? 0 : 1
  let split = ''
  if (existsSync(json)) {
    const r = JSON.parse(readFileSync(json, 'utf8'))
    passed = r.numPassedTests
    failed = r.numFailedTests + (r.numRuntimeErrorTestSuites || 0)
    if (status !== 0 && failed === 0) failed = 1
    split = ` (${jestByProject(r)} passed)`
  }
  totals.passed += passed
  totals.failed += failed
  lines.push(`jest: ${passed} passed, ${failed} failed${split}`)
}

if (!only || only === 'server') nodeTests('server', listTests('__tests__/server', '.test.ts'))

// The production mini-program build in a Node vm with WeChat's globals (weapp-sim/sim.ts), rebuilt when src/ is newer.
if (!only || only === 'weapp') {
  const files = listTests('weapp-sim', '.weapp-run.test.ts')
  if (files.length) {
    const app = join(root, 'dist/weapp/app.js')
    let built = true
    if (!existsSync(app) || newestMtime(join(root, 'src')) > statSync(app).mtimeMs) {
      console.log('weapp: building the mini-program (dist/weapp is missing or older than src/)')
      built = run('npx', ['taro', 'build', '--type', 'weapp']) === 0
    }
    if (built) nodeTests('weapp', files)
    else {
      totals.failed += 1
      lines.push('weapp: mini-program build failed')
    }
  }
}

if (!only || only === 'e2e') {
  const files = listTests('e2e', '.e2e.ts')
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
  if (files.length && !existsSync(chromium)) {
    if (process.env.CI) {
      totals.failed += 1
      lines.push(`e2e: chromium not found at ${chromium}: 0 passed, 1 failed`)
    } else {
      lines.push(`e2e: not run: chromium not found at ${chromium} (apt-get install chromium)`)
    }
  } else if (files.length) {
    const index = join(root, 'dist/h5/index.html')
    if (!existsSync(index) || newestMtime(join(root, 'src')) > statSync(index).mtimeMs) {
      console.log('e2e: building the H5 app (dist/h5 is missing or older than src/)')
      if (run('npx', ['taro', 'build', '--type', 'h5']) !== 0) {
        totals.failed += 1
        lines.push('e2e: H5 build failed')
      }
    }
    nodeTests('e2e', files, { CHROMIUM_PATH: chromium })
  }
}

console.log('')
for (const l of lines) console.log(`  ${l}`)
console.log(`${totals.passed} passed, ${totals.failed} failed`)
process.exit(totals.failed ? 1 : 0)
