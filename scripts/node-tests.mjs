#!/usr/bin/env node
// `node --import tsx scripts/node-tests.mjs <tap file> <concurrency> <files…>`: node:test over the files in the order
// given (the `--test` command line sorts them by name), reporting as `node --test` would, spec to stdout and TAP to
// the file; the exit code is 1 when a test failed. scripts/test.mjs starts the browser lane's longest file first with it.
// Children inherit this process's `--import tsx`.
import { createWriteStream, readFileSync, readdirSync, rmdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { run } from 'node:test'
import { spec, tap } from 'node:test/reporters'

const [tapFile, concurrency, ...files] = process.argv.slice(2)
// a file still running after this long is cut off and counted as failed (its process killed), so that one hung file
// (a request that never settles, a child that keeps it alive) ends the lane with its name instead of holding CI until
// its own limit; the longest files take 2–4 minutes on a busy machine
const FILE_TIMEOUT_MS = Number(process.env.TEST_FILE_TIMEOUT_MS || 15 * 60_000)
const stream = run({ files, concurrency: Number(concurrency) || 1, timeout: FILE_TIMEOUT_MS })
stream.on('test:fail', () => {
  process.exitCode = 1
})
const toSpec = new PassThrough({ objectMode: true })
const toTap = new PassThrough({ objectMode: true })
stream.pipe(toSpec)
stream.pipe(toTap)
toSpec.compose(spec).pipe(process.stdout)
toTap.compose(tap).pipe(createWriteStream(tapFile))

// each file's processor time, its servers and browsers included (scripts/file-cpu.mjs), most first, beside the TAP
const group = process.env.TEST_CPU_GROUP
if (group)
  stream.on('end', () => {
    const rows = []
    for (const entry of readdirSync(group, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue
      const dir = join(group, entry.name)
      try {
        rows.push([Number(readFileSync(join(dir, 'cpuacct.usage'), 'utf8')) / 1e9, entry.name])
        rmdirSync(dir)
      } catch {
        // a process of the file still running keeps its group: counted in the lane's all the same
      }
    }
    rows.sort((a, b) => b[0] - a[0])
    writeFileSync(tapFile.replace(/\.tap$/, '.cpu.txt'), rows.map(([s, f]) => `${s.toFixed(1)} s  ${f}\n`).join(''))
  })
