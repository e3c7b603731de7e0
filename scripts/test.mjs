#!/usr/bin/env node
// `npm test`: every test runner of the project, then one closing line `N passed, N failed` that adds them up.
//   1. jest: the client (src/) over Taro's H5 runtime, as two projects: the H5 and the mini-program platform files
//   2. node:test: the reference server (server/)
//   3. node:test: the built mini-program (dist/weapp) run headless against the server (weapp-sim/)
//   4. node:test + playwright-core: browser tests in Debian's Chromium against the H5 build and the server
//   5. node:test + webdriverio: the H5 build in WebKitGTK (e2e/*.webkit.ts: Debian's WebKitWebDriver and MiniBrowser on
//      Xvfb) with an iPhone WeChat user agent, at the normal priority, before the Chromium tests in their lane
// Browser tests need /usr/bin/chromium (apt-get install chromium), the WebKit lane WebKitWebDriver and Xvfb (apt-get
// install webkit2gtk-driver xvfb). Outside CI a lane is reported as not run when its browser is missing; under CI=true
// a missing browser fails the run.
//
// The runners go side by side, in lanes (docs/testing.md): jest in one; the server's tests then the mini-program's in
// another; once the H5 build is there, the WebKit tests and then the browser tests, two files at a time
// (TEST_E2E_CONCURRENCY), in a third. The WebKit tests and the browser files that time a playing stream keep the normal
// priority; everything else runs at a lower one (NICE). The server's and the mini-program's files go two at a time too
// (TEST_SERVER_CONCURRENCY). Each lane builds what it needs first when the build is missing or older than src/
// (dist/weapp for the mini-program, dist/h5 for the browser), never twice. A lane's output is printed as a whole when
// it ends, and kept in .test-results/<lane>.log.
// `npm test -- <jest|server|weapp|e2e|webkit>` runs one runner alone; TEST_LANES=serial runs them one after another.
import { spawn } from 'node:child_process'
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { join } from 'node:path'
import { stripVTControlCharacters } from 'node:util'

const root = new URL('..', import.meta.url).pathname
// the reference server refuses an answer that leaves its call's contract (contract/, server/plugins/app/calls.ts): every suite
// that reaches it checks the contract too
process.env.CONTRACT_STRICT ??= '1'
const out = join(root, '.test-results')
mkdirSync(out, { recursive: true })
const only = process.argv[2] // jest | server | weapp | e2e | webkit
const serial = process.env.TEST_LANES === 'serial'
const e2eConcurrency = Number(process.env.TEST_E2E_CONCURRENCY || 2)
// the server's and the built mini-program's test files, two at a time: their tests wait on real time (a restart after
// kill -9, trials running out, 10 s of danmaku), which the other file fills
const serverConcurrency = Number(process.env.TEST_SERVER_CONCURRENCY || 2)
// jest in two workers (TEST_JEST_WORKERS): its default on two cores is one, in band, where its files that wait on real
// time (reconnects, the chat's chaos run, toasts' timers) left a core idle; alone, 181 s in band and 104 s in two, the
// same CPU
const jestWorkers = Number(process.env.TEST_JEST_WORKERS || 2)
// the lanes run side by side at a lower priority (nice 10) than the browser files that time a playing stream (latency,
// recovery, what loads before the first paint: the files whose suite says `timing`, e2e/harness.ts), which keep the
// normal one, so that those checks get the processor when they need it while jest, the server's and the
// mini-program's tests, the mini-program's build and the other browser files (which lower themselves) share the rest;
// the H5 build, which the browser lane waits for, keeps the normal priority
const NICE = process.env.TEST_NICE || '10'
const totals = { passed: 0, failed: 0 }
const lines = []
// the failed tests: their names, repeated under the closing lines, and what each said (its assertion or error, cut
// short) in .test-results/failures.txt, which .ci/run prints last: a CI log that keeps only its tail still names them
// and says why
const failures = [] // { name, detail }
const FAILURES_FILE = join(out, 'failures.txt')
rmSync(FAILURES_FILE, { force: true })
const started = Date.now()
const ticksAtStart = processorTicks()

/**
 * Runs a command with its output going to `log` (and to this terminal when the run is one runner alone). `background`:
 * at the lanes' lower priority (NICE) when they run side by side.
 */
function run(cmd, args, log, env = {}, background = false) {
  const [tc, ta] = accounted(log, cmd, args)
  const [c, a] = background && !only && !serial ? ['nice', ['-n', NICE, tc, ...ta]] : [tc, ta]
  return new Promise((resolve) => {
    const group = groups.get(log) ? { TEST_CPU_GROUP: groups.get(log) } : {}
    const child = spawn(c, a, {
      cwd: root,
      env: { ...process.env, ...env, ...group },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (d) => {
        log.write(d)
        if (only) process.stdout.write(d)
      })
    child.on('close', (code) => resolve(code ?? 1))
  })
}

/**
 * Each lane's processor time: its commands run in a control group of their own (cgroup v1's cpuacct, where this user
 * may make one: root on the CI machine), which every process they start stays in, the browsers' and the servers' too,
 * detached or not (GNU time's count of the waited-for children missed two thirds of the WebKit lane). On two busy
 * cores the run lasts about the lanes' processor time added up, not the longest lane: these say where it goes.
 * Elsewhere the command runs as it is and the figure is left out.
 */
const CPUACCT = '/sys/fs/cgroup/cpuacct'
const groups = new Map() // a lane's log stream → its control group's folder
function accounted(log, cmd, args) {
  let dir = groups.get(log)
  if (dir === undefined) {
    dir = join(CPUACCT, `npm-test-${process.pid}-${groups.size}`)
    try {
      mkdirSync(dir)
    } catch {
      dir = null
    }
    groups.set(log, dir)
  }
  if (!dir) return [cmd, args]
  // the command runs whether or not it could join the group (its time then goes uncounted)
  return ['sh', ['-c', `{ echo $$ > ${dir}/cgroup.procs; } 2>/dev/null; exec "$@"`, 'sh', cmd, ...args]]
}
/** The lane's processor seconds so far, and its control group removed once `last` (undefined where there is none). */
function processorSeconds(log, last = false) {
  const dir = groups.get(log)
  if (!dir) return undefined
  const seconds = Number(readFileSync(join(dir, 'cpuacct.usage'), 'utf8')) / 1e9
  if (last) removeGroup(dir)
  return seconds
}
/** A group and its files' groups removed, tried again for a few seconds while a last process of it is still exiting. */
function removeGroup(dir, tries = 20) {
  try {
    for (const entry of readdirSync(dir, { withFileTypes: true }))
      if (entry.isDirectory()) rmdirSync(join(dir, entry.name))
    rmdirSync(dir)
  } catch {
    if (tries > 1) setTimeout(() => removeGroup(dir, tries - 1), 250)
  }
}

/** The processors' busy and total time so far (/proc/stat's first line, in clock ticks); null off Linux. */
function processorTicks() {
  if (!existsSync('/proc/stat')) return null
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number)
  const total = ticks.reduce((a, b) => a + b, 0)
  return { busy: total - ticks[3] - (ticks[4] ?? 0), total } // idle and iowait are the 4th and 5th
}

function tapCounts(file) {
  if (!existsSync(file)) return null
  const text = readFileSync(file, 'utf8')
  const pass = Number((text.match(/^# pass (\d+)/m) || [])[1] || 0)
  const fail = Number((text.match(/^# fail (\d+)/m) || [])[1] || 0)
  const cancelled = Number((text.match(/^# cancelled (\d+)/m) || [])[1] || 0)
  // a failed subtest's name, and its file's: the innermost `not ok` lines come first in TAP; each with its YAML block
  // (where, what was expected, the error)
  const failed = []
  for (const m of text.matchAll(/^( *)not ok \d+ - (.*)\n((?:\1 +.*\n)*?)\1 +\.\.\.$/gm)) {
    const block = m[3].split('\n').filter((l) => !/^\s*(---|duration_ms:|type:)/.test(l))
    const stack = block.findIndex((l) => /^\s*stack:/.test(l))
    // up to the stack's first two frames
    failed.push({ name: m[2], detail: brief(stack < 0 ? block : block.slice(0, stack + 3)) })
  }
  return { pass, fail: fail + cancelled, failed }
}

/** A failure's message, its first lines, without terminal colours or the test runners' own stack frames. */
function brief(lines) {
  const plain = lines
    .map((l) => stripVTControlCharacters(l).trimEnd())
    .filter((l) => l.trim() && !/^\s*(at )?.*(node_modules\/|node:internal\/|node:async_hooks|\(<anonymous>\))/.test(l))
  const indent = Math.min(...plain.map((l) => l.match(/^ */)[0].length))
  const cut = plain.slice(0, 30).map((l) => `    ${l.slice(indent)}`)
  return plain.length > 30 ? [...cut, '    …'].join('\n') : cut.join('\n')
}

async function nodeTests(name, files, log, env = {}, concurrency = 1, background = false) {
  if (!files.length) return
  const tap = join(out, `${name}.tap`)
  rmSync(tap, { force: true }) // never count an earlier run's results
  const status = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      join(root, 'scripts/file-cpu.mjs'),
      join(root, 'scripts/node-tests.mjs'),
      tap,
      String(concurrency),
      ...files
    ],
    log,
    env,
    background
  )
  const c = tapCounts(tap) || { pass: 0, fail: 1, failed: [] }
  if (status !== 0 && c.fail === 0) c.fail = 1
  for (const f of c.failed) failures.push({ name: `${name}: ${f.name}`, detail: f.detail })
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

/**
 * Builds `type` (`build`: the command, else `taro build`) when its output (`marker`) is missing or older than src/, or
 * when the caller names why the build there will not do (`unfit`); false when the build failed.
 */
async function buildIfStale(type, marker, log, background = false, unfit = null, build = null) {
  const file = join(root, marker)
  if (!unfit && existsSync(file) && newestMtime(join(root, 'src')) <= statSync(file).mtimeMs) return true
  log.write(`${type}: building (${marker} is ${unfit ?? 'missing or older than src/'})\n`)
  const [cmd, args, env] = build ?? ['npx', ['taro', 'build', '--type', type], { NODE_ENV: 'production' }]
  return (await run(cmd, args, log, env, background)) === 0
}

// The mini-program's tests run its release build (`npm run release:weapp`, scripts/release-weapp.mjs: the package a
// phone gets, which the size, syntax, style and WeChat quality checks then read too), made with example https hosts,
// app id and legal texts; the simulator points every host at the test's server, as DNS would (weapp-sim/sim.ts). One
// build of the mini-program for the tests and the release checks, where there were two (about 48 processor-s each).
const WEAPP_LEGAL = join(out, 'weapp-legal')
const WEAPP_RELEASE_ENV = {
  TARO_APP_API_HOST: 'https://api.example.com',
  TARO_APP_LIVE_HOST: 'https://live.example.com',
  TARO_APP_STATS_HOST: 'https://stats.example.com',
  TARO_APP_MOBILE_HOST: 'https://m.example.com',
  TARO_APP_MP_APPID: 'wx0123456789abcdef',
  // the tests read what the legal page must show from these files (weapp-sim/sim.ts, builtLegalText)
  TARO_APP_USER_AGREEMENT_FILE: join(WEAPP_LEGAL, 'user-agreement.txt'),
  TARO_APP_PRIVACY_POLICY_FILE: join(WEAPP_LEGAL, 'privacy-policy.txt')
}

/** The legal texts of the tests' release build, written each run (the same each time). */
function writeWeappLegalTexts() {
  mkdirSync(WEAPP_LEGAL, { recursive: true })
  writeFileSync(WEAPP_RELEASE_ENV.TARO_APP_USER_AGREEMENT_FILE, '用户协议（测试用发布构建的示例文本）\n\n第二段。\n')
  writeFileSync(WEAPP_RELEASE_ENV.TARO_APP_PRIVACY_POLICY_FILE, '隐私政策（测试用发布构建的示例文本）\n\n第二段。\n')
}

/**
 * Why dist/weapp will not do for the tests, or null: it is another build (the DevTools preview, `npm run
 * build:weapp`, or a release with other values), known by its app id and domain check (project.config.json).
 */
function weappUnfit() {
  try {
    const project = JSON.parse(readFileSync(join(root, 'dist/weapp/project.config.json'), 'utf8'))
    if (project.appid === WEAPP_RELEASE_ENV.TARO_APP_MP_APPID && project.setting?.urlCheck === true) return null
    return project.setting?.urlCheck === true ? 'a release build with other values' : 'the DevTools preview build'
  } catch {
    return null // missing: buildIfStale says so
  }
}

// jest runs two projects (jest.config.js): h5, and weapp for *.weapp.test.ts(x). Its --json totals cover both; the
// per-project split is read from the files' names. The failed tests' names go to `failures` on the same pass.
const WEAPP_TEST = /\.weapp\.test\.tsx?$/

function jestByProject(r) {
  const by = { h5: { passed: 0, failed: 0 }, weapp: { passed: 0, failed: 0 } }
  for (const file of r.testResults || []) {
    const p = by[WEAPP_TEST.test(file.name) ? 'weapp' : 'h5']
    for (const a of file.assertionResults || []) {
      if (a.status === 'passed') p.passed += 1
      else if (a.status === 'failed') {
        p.failed += 1
        failures.push({ name: `jest: ${a.fullName}`, detail: brief((a.failureMessages || []).join('\n').split('\n')) })
      }
    }
    if (file.status === 'failed' && !(file.assertionResults || []).length) {
      p.failed += 1 // the file did not run
      failures.push({
        name: `jest: ${file.name.slice(root.length)} did not run`,
        detail: brief((file.message || '').split('\n'))
      })
    }
  }
  return Object.entries(by)
    .map(([name, c]) => `${name} ${c.passed}/${c.passed + c.failed}`)
    .join(', ')
}

async function jest(log) {
  const json = join(out, 'jest.json')
  rmSync(json, { force: true }) // never count an earlier run's results
  const status = await run(
    'npx',
    ['jest', '--ci', `--maxWorkers=${jestWorkers}`, '--json', `--outputFile=${json}`],
    log,
    {},
    true
  )
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

const server = (log) => nodeTests('server', listTests('__tests__/server', '.test.ts'), log, {}, serverConcurrency, true)

// The production mini-program build in a Node vm with WeChat's globals (weapp-sim/sim.ts).
async function weapp(log) {
  const files = listTests('weapp-sim', '.weapp-run.test.ts')
  if (!files.length) return
  writeWeappLegalTexts()
  const release = [process.execPath, ['--import', 'tsx', 'scripts/release-weapp.mjs'], WEAPP_RELEASE_ENV]
  const built = await buildIfStale('weapp', 'dist/weapp/app.js', log, true, weappUnfit(), release)
  const { TARO_APP_USER_AGREEMENT_FILE, TARO_APP_PRIVACY_POLICY_FILE } = WEAPP_RELEASE_ENV
  const legal = { TARO_APP_USER_AGREEMENT_FILE, TARO_APP_PRIVACY_POLICY_FILE }
  if (built) await nodeTests('weapp', files, log, legal, serverConcurrency, true)
  else {
    totals.failed += 1
    lines.push('weapp: mini-program build failed')
  }
}

async function e2e(log) {
  // the longest files first, so that the lane does not end on one of them alone
  const first = ['e2e/live-recovery.e2e.ts', 'e2e/live-stream.e2e.ts']
  const files = listTests('e2e', '.e2e.ts').sort((a, b) => first.includes(b) - first.includes(a))
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
  if (!files.length) return
  if (!existsSync(chromium)) {
    if (process.env.CI) {
      totals.failed += 1
      lines.push(`e2e: chromium not found at ${chromium}: 0 passed, 1 failed`)
    } else {
      lines.push(`e2e: not run: chromium not found at ${chromium} (apt-get install chromium)`)
    }
    return
  }
  if (!(await buildIfStale('h5', 'dist/h5/index.html', log))) {
    totals.failed += 1
    lines.push('e2e: H5 build failed')
    return
  }
  // side by side with the other lanes, the files that time nothing lower their priority to theirs (e2e/harness.ts)
  const yieldTo = only || serial ? {} : { TEST_E2E_NICE: NICE }
  await nodeTests('e2e', files, log, { CHROMIUM_PATH: chromium, ...yieldTo }, e2eConcurrency)
}

// WebKitGTK as WebKitWebDriver starts it (e2e/webkit-harness.ts): the driver, its MiniBrowser and an X server
const WEBKIT_NEEDS = [
  process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver',
  process.env.WEBKIT_MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/bin/Xvfb'
]

async function webkit(log) {
  const files = listTests('e2e', '.webkit.ts')
  if (!files.length) return
  const missing = WEBKIT_NEEDS.filter((p) => !existsSync(p))
  if (missing.length) {
    if (process.env.CI) {
      totals.failed += 1
      lines.push(`webkit: ${missing.join(', ')} not found: 0 passed, 1 failed`)
    } else {
      lines.push(`webkit: not run: ${missing.join(', ')} not found (apt-get install webkit2gtk-driver xvfb)`)
    }
    return
  }
  if (!(await buildIfStale('h5', 'dist/h5/index.html', log))) {
    totals.failed += 1
    lines.push('webkit: H5 build failed')
    return
  }
  // one file at a time, at the normal priority, as the Chromium files that time a playing stream: WebKitGTK decodes in
  // software (GStreamer), and its live journey times a stream playing past two loops; at the lanes' lower priority a
  // busy machine starved the decoder until the picture stood still (buffered islands of 2 s, readyState 1). The lane
  // is short (about 2 minutes), so the others lose little
  await nodeTests('webkit', files, log, {}, 1)
}

/** A lane: its steps one after another, its output kept in .test-results/<name>.log and printed when it ends. */
async function lane(name, steps) {
  const file = join(out, `${name}.log`)
  const log = createWriteStream(file)
  const t0 = Date.now()
  for (const step of steps) await step(log)
  await new Promise((r) => log.end(r))
  const secs = Math.round((Date.now() - t0) / 1000)
  if (!only) {
    console.log(`\n===== ${name} (${secs} s) =====`)
    process.stdout.write(readFileSync(file))
  }
  const cpu = processorSeconds(log, true)
  lines.push(`(${name} lane: ${secs} s${cpu === undefined ? '' : `, ${Math.round(cpu)} processor-s`})`)
}

const RUNNERS = { jest, server, weapp, e2e, webkit }

if (only) {
  if (!RUNNERS[only]) {
    console.error(`npm test -- <${Object.keys(RUNNERS).join('|')}>`)
    process.exit(2)
  }
  await lane(only, [RUNNERS[only]])
} else if (serial) {
  await lane('all', [jest, server, weapp, e2e, webkit])
} else {
  // the browser tests' lane starts once the H5 build (at the normal priority) is there, beside the others
  const h5BuildLog = createWriteStream(join(out, 'h5-build.log'))
  const e2eBuilt = buildIfStale('h5', 'dist/h5/index.html', h5BuildLog).then((built) => {
    const cpu = processorSeconds(h5BuildLog, true)
    if (cpu !== undefined) lines.push(`(H5 build: ${Math.round(cpu)} processor-s)`)
    return built
  })
  const jestLane = lane('jest', [jest])
  const serverWeappLane = lane('server-weapp', [server, weapp])
  // WebKit's lane (about a minute) first on that build, then Chromium's: WebKitGTK decodes its live stream in software,
  // and beside Chromium's files that time a playing stream (at the same normal priority) a busy machine starved it
  // until the video never started or stood still (two red runs in ten). The processors stay as busy, so the run's
  // time changes little (its failed build is counted once, by the e2e lane)
  const webkitLane = e2eBuilt.then((built) => (built ? lane('webkit', [webkit]) : undefined))
  const e2eLane = webkitLane.then(async () => {
    if (await e2eBuilt) return lane('e2e', [e2e])
    totals.failed += 1
    lines.push('e2e: H5 build failed (.test-results/h5-build.log)')
  })
  await Promise.all([jestLane, e2eLane, serverWeappLane, webkitLane])
}

console.log('')
for (const l of lines) console.log(`  ${l}`)
// how busy the processors were: near 100 % the run's time is its processor work, which more lanes would not shorten
const ticksAtEnd = processorTicks()
const busy =
  ticksAtStart && ticksAtEnd && ticksAtEnd.total > ticksAtStart.total
    ? `; the processors busy ${Math.round((100 * (ticksAtEnd.busy - ticksAtStart.busy)) / (ticksAtEnd.total - ticksAtStart.total))} % of it`
    : ''
console.log(`  (${Math.round((Date.now() - started) / 1000)} s in all${busy})`)
if (failures.length) {
  console.log(`failed:\n${failures.map((f) => `  ✖ ${f.name}`).join('\n')}`)
  writeFileSync(FAILURES_FILE, `${failures.map((f) => `✖ ${f.name}\n${f.detail}`).join('\n\n')}\n`)
}
console.log(`${totals.passed} passed, ${totals.failed} failed`)
process.exit(totals.failed ? 1 : 0)
