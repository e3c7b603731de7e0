// `node e2e/build-server-bundle.mjs <root> <bundle> <inputs> <format>`: bundles <root>/server/start.ts into the file
// <bundle> for the tests' reference servers, with the file <inputs> naming the files it was built from, their
// modification times and <format> (e2e/server-bundle.ts says why and when). Each module keeps its own `__dirname`
// (server/app.ts finds the project's root from it, the stream fixtures and the data folder are found from theirs):
// esbuild would give every module the bundle's folder, so each source file's `__dirname` is written out as its
// folder's path before it is bundled. The packages are bundled too (Node then resolves and reads one file instead of
// some 800), but for those that find files of their own at run time (RUN_TIME_FILES); the build fails when a bundled
// package names its own folder (`__dirname`, `__filename`) where it is not known to be harmless, so that a new
// dependency that reads its files is left to node_modules instead of failing in a test.
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { build } from 'esbuild'

const [root, bundle, inputs, format] = process.argv.slice(2)
mkdirSync(dirname(bundle), { recursive: true })
// each build writes files of its own and renames them into place: builds that race each other never mix
const tmp = `${bundle}.${process.pid}.tmp`

const ownDirname = {
  name: 'own-dirname',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replace(/\b__dirname\b/g, JSON.stringify(dirname(args.path))),
      loader: 'ts'
    }))
  }
}

// packages loaded from node_modules, not bundled: a native addon found beside its package (node-gyp-build), the API
// docs' page served from its package's folder, the API description's defaults read from its package.json, and the QR
// drawer's worker, which requires qrcode by its resolved path (server/lib/qr-drawer.ts)
const RUN_TIME_FILES = ['@photostructure/sqlite', '@fastify/swagger-ui', '@fastify/swagger', 'qrcode']
// bundled packages that name their folder only on paths the reference server never takes: pino's and thread-stream's
// worker files, for a log transport (server/start.ts logs to stdout)
const FOLDER_NAMED_HARMLESSLY = ['pino', 'thread-stream']

const packageOf = (input) => {
  const rest = input.split('node_modules/').pop()
  return rest
    .split('/')
    .slice(0, rest.startsWith('@') ? 2 : 1)
    .join('/')
}

const started = Date.now()
const result = await build({
  absWorkingDir: root,
  entryPoints: [join(root, 'server/start.ts')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: RUN_TIME_FILES,
  outfile: tmp,
  metafile: true,
  logLevel: 'error',
  plugins: [ownDirname]
})
const naming = new Set()
for (const input of Object.keys(result.metafile.inputs)) {
  if (!input.includes('node_modules/') || !/\.[cm]?js$/.test(input)) continue
  if (/\b__(dirname|filename)\b/.test(readFileSync(join(root, input), 'utf8'))) naming.add(packageOf(input))
}
const unknown = [...naming].filter((p) => !FOLDER_NAMED_HARMLESSLY.includes(p))
if (unknown.length) {
  rmSync(tmp, { force: true })
  console.error(
    `these packages name their own folder, which the bundle would move: ${unknown.join(', ')}\n` +
      'add each to RUN_TIME_FILES (e2e/build-server-bundle.mjs) when it reads files of its own at run time, else to ' +
      'FOLDER_NAMED_HARMLESSLY'
  )
  process.exit(1)
}
const files = {}
for (const input of Object.keys(result.metafile.inputs)) files[input] = statSync(join(root, input)).mtimeMs
renameSync(tmp, bundle)
// the code caches of earlier bundles (e2e/server-loader.cjs) are of no use now
for (const name of readdirSync(dirname(bundle)))
  if (name.endsWith('.v8cache')) rmSync(join(dirname(bundle), name), { force: true })
// a file saved while the build read it may be in the bundle as it was before: without the list, the next start builds
// again
if (Object.values(files).every((mtime) => mtime < started)) {
  const list = `${inputs}.${process.pid}.tmp`
  writeFileSync(list, JSON.stringify({ format, files }))
  renameSync(list, inputs)
}
console.log(`reference server bundled: ${relative(root, bundle)} from ${Object.keys(files).length} files`)
