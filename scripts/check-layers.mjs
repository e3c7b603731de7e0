#!/usr/bin/env node
/**
 * No import points up a layer (README "How the code is laid out"). Run by `npm run typecheck`.
 *
 * Client (src/): pages → components → stores → api → core → platform → utils. A file may import its own layer or
 * any lower one. The folders beside those seven sit in a layer too (see CLIENT).
 * Server (server/): routes → api/context → db/lib, and no import circle among server files (type imports count:
 * context.ts describes what the routes get, so it may not depend on a module that imports it back).
 *
 * Prints every offending import and exits 1; prints one summary line otherwise.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Client layer of each top-level entry of src/ (higher number = higher layer). */
const CLIENT = {
  pages: 7, packageA: 7, packageB: 7, 'custom-tab-bar': 7, 'app.tsx': 7, 'app.config.ts': 7,
  components: 6, hooks: 6,
  stores: 5,
  api: 4, router: 4,
  core: 3, ui: 3,
  platform: 2,
  utils: 1, 'env.ts': 1, 'theme.ts': 1, 'share.ts': 1,
}
const CLIENT_NAMES = { 7: 'pages', 6: 'components', 5: 'stores', 4: 'api', 3: 'core', 2: 'platform', 1: 'utils' }

/** Server layer of each file (path relative to server/, without extension). */
function serverLayer(rel) {
  if (rel.startsWith('routes/') || ['app', 'start', 'seed-cli', 'demo-cli'].includes(rel)) return 3
  if (rel.startsWith('lib/') || ['db', 'types'].includes(rel)) return 1
  return 2
}
const SERVER_NAMES = { 3: 'routes', 2: 'api/context', 1: 'db/lib' }

function files(dir) {
  const out = []
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name)
      if (e.isDirectory()) {
        if (!['node_modules', 'fixtures', 'data'].includes(e.name)) walk(p)
      } else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p)
    }
  }
  walk(dir)
  return out
}

const IMPORT = /(?:^|\s)(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm

function imports(file, alias) {
  const text = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  const out = []
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3] ?? m[4]
    let target
    if (alias && spec.startsWith(alias[0])) target = path.join(alias[1], spec.slice(alias[0].length))
    else if (spec.startsWith('.')) target = path.resolve(path.dirname(file), spec)
    else continue
    out.push({ spec, target })
  }
  return out
}

/** The file an import names, trying the extensions and index files TypeScript would. */
function resolve(target) {
  for (const ext of ['', '.ts', '.tsx', '.h5.ts', '.h5.tsx', '/index.ts', '/index.tsx']) {
    const p = target + ext
    if (fs.existsSync(p) && fs.statSync(p).isFile()) return p
  }
  return null
}

const problems = []

// client
const SRC = path.join(ROOT, 'src')
const clientLayer = (f) => CLIENT[path.relative(SRC, f).split(path.sep)[0]]
let clientCount = 0
for (const f of files(SRC)) {
  const from = clientLayer(f)
  if (from === undefined) {
    problems.push(`src/${path.relative(SRC, f)}: not in any layer (add its folder to CLIENT in scripts/check-layers.mjs)`)
    continue
  }
  for (const { spec, target } of imports(f, ['@/', SRC])) {
    if (!target.startsWith(SRC + path.sep)) continue
    clientCount++
    const to = clientLayer(target)
    if (to !== undefined && to > from) {
      problems.push(`src/${path.relative(SRC, f)} (${CLIENT_NAMES[from]}) imports '${spec}' (${CLIENT_NAMES[to]}): an arrow up`)
    }
  }
}

// server
const SERVER = path.join(ROOT, 'server')
const graph = new Map()
const rel = (f) => path.relative(SERVER, f).replace(/\\/g, '/').replace(/\.tsx?$/, '')
for (const f of files(SERVER)) {
  const edges = []
  for (const { spec, target } of imports(f, null)) {
    if (!target.startsWith(SERVER + path.sep)) continue
    const to = resolve(target)
    if (!to) continue
    edges.push(to)
    const a = serverLayer(rel(f))
    const b = serverLayer(rel(to))
    if (b > a) problems.push(`server/${rel(f)}.ts (${SERVER_NAMES[a]}) imports '${spec}' (${SERVER_NAMES[b]}): an arrow up`)
  }
  graph.set(f, edges)
}
// circles: depth-first search; a grey node reached again closes a circle
const state = new Map()
const stack = []
const circles = new Set()
function visit(f) {
  state.set(f, 'grey')
  stack.push(f)
  for (const to of graph.get(f) ?? []) {
    if (state.get(to) === 'grey') circles.add(stack.slice(stack.indexOf(to)).concat(to).map((p) => `server/${rel(p)}`).join(' → '))
    else if (!state.has(to)) visit(to)
  }
  stack.pop()
  state.set(f, 'black')
}
for (const f of graph.keys()) if (!state.has(f)) visit(f)
for (const c of circles) problems.push(`import circle: ${c}`)

if (problems.length) {
  console.error(`check-layers: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
console.log(`check-layers: ok (${clientCount} client imports, ${graph.size} server files, no arrow up, no server circle)`)
