/**
 * H5 build: V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136 and later) as the first line of
 * every script. V8 then compiles the script's functions on the background thread that parses it as it downloads,
 * instead of compiling each one on the main thread at its first call, in the middle of a task: Taro's start, the
 * page's first render and hls.js's first playlist and parts ran most of their functions for the first time. Measured
 * side by side on the live room (docs/performance.md, lever table): Lighthouse TBT 189 → 100 ms, first video frame
 * at 4x 1360 → 1127 ms. Other browsers read it as a comment. It goes in after minification (Terser would drop it)
 * and before the content hashes and the precompressed copies, so both include it.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

export class CompileHintsPlugin {
  apply(compiler: any) {
    const { Compilation, sources } = compiler.webpack
    compiler.hooks.thisCompilation.tap('compile-hints', (compilation: any) => {
      compilation.hooks.processAssets.tap(
        { name: 'compile-hints', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        (assets: Record<string, any>) => {
          for (const name of Object.keys(assets)) {
            if (!name.endsWith('.js')) continue
            compilation.updateAsset(name, (source: any) => new sources.ConcatSource(COMPILE_HINT, source))
          }
        }
      )
    })
  }
}
