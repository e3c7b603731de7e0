#!/usr/bin/env node
// `node --import tsx scripts/node-tests.mjs <tap file> <concurrency> <files…>`: node:test over the files in the order
// given (the `--test` command line sorts them by name), reporting as `node --test` would, spec to stdout and TAP to
// the file; the exit code is 1 when a test failed. scripts/test.mjs starts the browser lane's longest file first with it.
// Children inherit this process's `--import tsx`.
import { createWriteStream } from 'node:fs'
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
