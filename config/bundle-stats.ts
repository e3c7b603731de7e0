import fs from 'fs'
import path from 'path'

/**
 * `BUNDLE_STATS=<file> npm run build:h5`: writes every output chunk of the H5 build with its files and the source
 * modules inside it: each module's path, its size as webpack holds it (after Babel) and its size once minified on its
 * own (terser, production defines). `npx tsx bench/bundles.ts <file>` turns it into the bundle analysis of docs/performance.md's
 * performance section: which of the bytes a page loads are Taro's runtime, its components, API polyfills, React, MobX,
 * other libraries and the app's own code. Off in normal builds (nothing is added to the output).
 */
export interface BundleStats {
  chunks: Array<{
    id: string | number
    files: string[]
    initial: boolean
    modules: Array<{ path: string; size: number; minified: number }>
  }>
}

type Module = {
  modules?: Module[]
  resource?: string
  identifier(): string
  size(type?: string): number
  originalSource?(): { source(): string | Buffer } | null
  type: string
}

export class BundleStatsPlugin {
  constructor(private file: string) {}

  apply(compiler: {
    context: string
    hooks: { done: { tapPromise(name: string, fn: (stats: { compilation: any }) => Promise<void>): void } }
  }) {
    compiler.hooks.done.tapPromise('bundle-stats', async ({ compilation }) => {
      const { minify } = await import('terser')
      const leaves = (m: Module): Module[] => (m.modules ? m.modules.flatMap(leaves) : [m])
      const minified = new Map<Module, number>()
      const minSize = async (m: Module): Promise<number> => {
        if (minified.has(m)) return minified.get(m)!
        let n = 0
        // a stylesheet's JS module is an empty stub once mini-css-extract has taken the CSS out
        const css = /\.(css|s[ac]ss|less)$/.test(m.resource ?? '')
        const code = m.type.startsWith('javascript') && !css ? m.originalSource?.()?.source() : null
        if (typeof code === 'string') {
          try {
            const out = await minify(code, {
              module: true,
              compress: { global_defs: { 'process.env.NODE_ENV': 'production' }, passes: 1 },
              mangle: { toplevel: false }
            })
            n = out.code?.length ?? 0
          } catch {
            n = m.size()
          }
        }
        minified.set(m, n)
        return n
      }
      const chunks: BundleStats['chunks'] = []
      for (const chunk of compilation.chunks) {
        const modules: BundleStats['chunks'][number]['modules'] = []
        for (const m of (compilation.chunkGraph.getChunkModules(chunk) as Module[]).flatMap(leaves)) {
          const file = m.resource ?? m.identifier()
          modules.push({
            path: path.relative(compiler.context, file).split(path.sep).join('/'),
            size: m.size(),
            minified: await minSize(m)
          })
        }
        chunks.push({ id: chunk.id, files: [...chunk.files], initial: chunk.canBeInitial(), modules })
      }
      fs.writeFileSync(this.file, JSON.stringify({ chunks } satisfies BundleStats))
    })
  }
}
