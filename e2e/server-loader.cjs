// `node e2e/server-loader.cjs <bundle>`: runs the reference server's bundle (e2e/server-bundle.ts) as `node <bundle>`
// would, with V8's code cache. Node 20 compiles a script's functions anew in every process; the tests start about 110
// servers from the same bundle, so the first start keeps what V8 compiled (vm.Script's createCachedData) beside the
// bundle, and every later one starts from it (its `cachedData`): about 0.1 processor-s less a start, measured in
// docs/testing.md. A cache V8 refuses (another Node, other flags) is written again; none is read when there is none.
'use strict'

const { createHash } = require('node:crypto')
const { readFileSync, renameSync, writeFileSync } = require('node:fs')
const { createRequire } = require('node:module')
const { dirname, resolve } = require('node:path')
const { Script } = require('node:vm')

const file = resolve(process.argv[2])
const source = readFileSync(file, 'utf8')
// V8 matches a cache to its source by the source's length alone: the cache is named by the source's hash, so a bundle
// rebuilt to the same length never runs code compiled from another
const cacheFile = `${file}.${createHash('sha1').update(source).digest('hex').slice(0, 16)}.v8cache`
let cachedData
try {
  cachedData = readFileSync(cacheFile)
} catch {
  // none yet: this start writes it
}
const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
  filename: file,
  cachedData
})
// the bundle is the process's main script, as with `node <bundle>`
process.argv.splice(1, 2, file)
const mod = { exports: {}, filename: file, id: '.', loaded: false, children: [], paths: [] }
script.runInThisContext()(mod.exports, createRequire(file), mod, file, dirname(file))
if (cachedData === undefined || script.cachedDataRejected) {
  // once the server has started and answered its first calls, with what V8 compiled by then; a server stopped sooner
  // leaves it to the next start. Written to a file of its own, then renamed: starts side by side never mix theirs
  setTimeout(() => {
    const tmp = `${cacheFile}.${process.pid}.tmp`
    writeFileSync(tmp, script.createCachedData())
    renameSync(tmp, cacheFile)
  }, 2000).unref()
}
