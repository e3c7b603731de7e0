/** @jest-environment node */
/*
 * The tests' reference servers run through e2e/server-loader.cjs, which keeps V8's code cache of the server's bundle
 * beside it. V8 matches a cache to its source by length alone: a bundle rebuilt to the same length must run its own
 * code, not the code cached from the one before.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const loader = resolve(__dirname, '../../e2e/server-loader.cjs')
let dir: string

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'server-loader-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A stand-in bundle that prints `word` and the script Node names as its main one, then lives long enough to be cached. */
function bundle(word: string) {
  writeFileSync(
    join(dir, 'start.cjs'),
    `console.log(${JSON.stringify(word)}, require('node:path').basename(process.argv[1]), typeof module.exports)\n` +
      'setTimeout(() => {}, 2500)\n'
  )
}

const run = () => spawnSync(process.execPath, [loader, join(dir, 'start.cjs')], { encoding: 'utf8' })

test('a bundle runs as the main script, its code cache is kept beside it, and a rebuilt bundle of the same length runs its own code', () => {
  bundle('first')
  const one = run()
  expect(one.stderr).toBe('')
  expect(one.stdout).toBe('first start.cjs object\n')
  const caches = readdirSync(dir).filter((f) => f.endsWith('.v8cache'))
  expect(caches).toEqual([expect.stringMatching(/^start\.cjs\.[0-9a-f]{16}\.v8cache$/)])

  bundle('other') // the same length as 'first'
  const two = run()
  expect(two.stderr).toBe('')
  expect(two.stdout).toBe('other start.cjs object\n')
})
