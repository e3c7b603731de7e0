// The reference server as the tests start it (e2e/child-server.ts): server/start.ts, the project's own modules it
// imports (server/, contract/) and the packages they use bundled by esbuild into one CommonJS file, run by
// e2e/server-loader.cjs with V8's code cache. The few packages that read files of their own at run time stay in
// node_modules (e2e/build-server-bundle.mjs). A server started from the bundle takes about 1 s of processor less than
// one started through tsx, which compiles the same files with the same esbuild, one at a time behind Node's module
// hooks, and the packages bundled and the code cache about 0.4 s less again than the bundle of the project's modules
// alone (measured in docs/testing.md); the test suites start about 110 servers. `npm start`, `npm run dev` and the
// server tests that start server/start.ts themselves (crash, security-access) keep tsx.
//
// The bundle is kept in node_modules/.cache/reference-server with the list of files it was built from and their
// modification times; a start finds it stale when one of them changed or went, and builds it again in a process of
// its own (esbuild's API needs Node's own typed arrays, which a jest environment replaces). Builds that race each
// other each write a file of their own and rename it into place.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Changes whenever the build's options do, so that a bundle built with other options counts as stale. */
const BUNDLE_FORMAT = 'cjs-node20-packages-bundled-dirname-2'

function bundlePaths(root: string) {
  const dir = join(root, 'node_modules', '.cache', 'reference-server')
  return { bundle: join(dir, 'start.cjs'), inputs: join(dir, 'inputs.json') }
}

/** Whether the bundle is there and every file it was built from is as it was then. */
function fresh(root: string): boolean {
  const { bundle, inputs } = bundlePaths(root)
  if (!existsSync(bundle) || !existsSync(inputs)) return false
  try {
    const built = JSON.parse(readFileSync(inputs, 'utf8')) as { format: string; files: Record<string, number> }
    if (built.format !== BUNDLE_FORMAT) return false
    return Object.entries(built.files).every(([file, mtime]) => statSync(join(root, file)).mtimeMs === mtime)
  } catch {
    return false // a file gone, a list half written
  }
}

/**
 * How to run the bundled server/start.ts of the checkout at `root` (`node …`), its bundle built first when it is
 * missing or stale.
 */
export function serverCommand(root: string): string[] {
  if (!fresh(root)) {
    const script = join(__dirname, 'build-server-bundle.mjs')
    const { bundle, inputs } = bundlePaths(root)
    const r = spawnSync(process.execPath, [script, root, bundle, inputs, BUNDLE_FORMAT], { encoding: 'utf8' })
    if (r.status !== 0) throw new Error(`the reference server's bundle did not build:\n${r.stdout}${r.stderr}`)
  }
  return [join(__dirname, 'server-loader.cjs'), bundlePaths(root).bundle]
}
