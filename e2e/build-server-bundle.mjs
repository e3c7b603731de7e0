// `node e2e/build-server-bundle.mjs <root> <folder> <format>`: bundles <root>/server/start.ts into <folder>/start.cjs
// for the tests' reference servers, with <folder>/inputs.json naming the files it was built from, their modification
// times and <format> (e2e/server-bundle.ts says why and when). Each module keeps its own `__dirname` (server/app.ts
// finds the project's root from it, the stream fixtures and the data folder are found from theirs): esbuild would
// give every module the bundle's folder, so each source file's `__dirname` is written out as its folder's path
// before it is bundled.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { build } from 'esbuild'

const [root, dir, format] = process.argv.slice(2)
mkdirSync(dir, { recursive: true })
const tmp = join(dir, `start.${process.pid}.tmp.cjs`)

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
renameSync(tmp, join(dir, 'start.cjs'))
// a file saved while the build read it may be in the bundle as it was before: without the list, the next start builds
// again
if (Object.values(files).every((mtime) => mtime < started)) {
  const list = join(dir, `inputs.${process.pid}.tmp.json`)
  writeFileSync(list, JSON.stringify({ format, files }))
  renameSync(list, join(dir, 'inputs.json'))
}
console.log(
  `reference server bundled: ${relative(root, join(dir, 'start.cjs'))} from ${Object.keys(files).length} files`
)
