// The server's boundaries (docs/architecture.md): SQL lives in server/repositories/ (and server/db/, where the
// database is opened, migrated and seeded), the SQLite driver is opened in server/db/ only, and the root of server/
// holds the entry points alone. dependency-cruiser checks the imports (.dependency-cruiser.cjs,
// server-db-only-from-repositories); this reads the text, which an import rule cannot see.
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { test } from 'node:test'

const SERVER = path.join(__dirname, '..', '..', 'server')

/** Where SQL may be written: the repositories, and the database's own folder (the Store, migrations, seed). */
const SQL_HOMES = ['repositories', 'db']

function sources(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) {
      if (!['fixtures', 'data', 'node_modules'].includes(e.name)) sources(full, out)
    } else if (e.name.endsWith('.ts')) out.push(full)
  }
  return out
}

/** Each place a file talks to SQLite: a statement prepared or run, a transaction, SQL text, the driver imported. */
function sqlSites(text: string): string[] {
  const patterns: Array<[string, RegExp]> = [
    ['.prepare(', /\.prepare\(/g],
    ['db.exec(', /\bdb\.exec\(/g],
    ['.transaction(', /\.transaction\(/g],
    ['SQL text', /['"`]\s*(SELECT|INSERT|UPDATE|DELETE|CREATE\s+(TABLE|INDEX)|DROP\s+TABLE)\s/g],
    ['the SQLite driver', /from '@photostructure\/sqlite'/g]
  ]
  const sites: string[] = []
  for (const [what, re] of patterns)
    for (const m of text.matchAll(re)) sites.push(`${what} at line ${text.slice(0, m.index).split('\n').length}`)
  return sites
}

const relative = (file: string) => path.relative(SERVER, file).split(path.sep).join('/')

test('SQL is written in server/repositories/ (and server/db/) only', () => {
  const outside: string[] = []
  let inside = 0
  for (const file of sources(SERVER)) {
    const sites = sqlSites(fs.readFileSync(file, 'utf8'))
    if (SQL_HOMES.includes(relative(file).split('/')[0])) inside += sites.length
    else outside.push(...sites.map((s) => `server/${relative(file)}: ${s}`))
  }
  assert.deepEqual(outside, [], 'move these behind a repository function (server/repositories/)')
  assert.ok(inside > 50, `the check finds the repositories' own SQL (found ${inside})`)
})

test('the root of server/ holds the entry points only', () => {
  const files = fs
    .readdirSync(SERVER, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => e.name)
    .sort()
  assert.deepEqual(files, ['app.ts', 'start.ts'], 'give a new file a home (docs/architecture.md, the server)')
})
