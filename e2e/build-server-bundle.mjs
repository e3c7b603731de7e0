// `node e2e/build-server-bundle.mjs <root> <bundle> <inputs> <format>`: bundles <root>/server/start.ts into the file
// <bundle> for the tests' reference servers, with the file <inputs> naming the files it was built from, their
// modification times and <format> (e2e/server-bundle.ts says why and when). Each module keeps its own `__dirname`
// (server/app.ts finds the project's root from it, the stream fixtures and the data folder are found from theirs):
// esbuild would give every module the bundle's folder, so each source file's `__dirname` is written out as its
// folder's path before it is bundled.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
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

const started = Date.now()
const result = await build({
  absWorkingDir: root,
  entryPoints: [join(root, 'server/start.ts')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  packages: 'external',
  outfile: tmp,
  metafile: true,
  logLevel: 'error',
  plugins: [ownDirname]
})
const files = {}
for (const input of Object.keys(result.metafile.inputs)) files[input] = statSync(join(root, input)).mtimeMs
renameSync(tmp, bundle)
// a file saved while the build read it may be in the bundle as it was before: without the list, the next start builds
// again
if (Object.values(files).every((mtime) => mtime < started)) {
  const list = `${inputs}.${process.pid}.tmp`
  writeFileSync(list, JSON.stringify({ format, files }))
  renameSync(list, inputs)
}
console.log(`reference server bundled: ${relative(root, bundle)} from ${Object.keys(files).length} files`)
