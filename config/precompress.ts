import zlib from 'zlib'

/**
 * H5 build: writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every script, stylesheet,
 * HTML and SVG file of 1 KB or more, so the reference server (server/plugins/external/h5-files.ts) answers compressed without compressing
 * on the first request. Files that compress by less than 5 % are left alone.
 */
export class PrecompressPlugin {
  apply(compiler: any) {
    const { Compilation, sources } = compiler.webpack
    compiler.hooks.thisCompilation.tap('precompress', (compilation: any) => {
      compilation.hooks.processAssets.tap(
        { name: 'precompress', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets: Record<string, any>) => {
          for (const [name, asset] of Object.entries(assets)) {
            if (!/\.(js|css|html|svg|json)$/.test(name)) continue
            const raw = asset.buffer() as Buffer
            if (raw.length < 1024) continue
            const br = zlib.brotliCompressSync(raw, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length }
            })
            if (br.length > raw.length * 0.95) continue
            compilation.emitAsset(`${name}.br`, new sources.RawSource(br), { compressed: true })
            compilation.emitAsset(`${name}.gz`, new sources.RawSource(zlib.gzipSync(raw, { level: 9 })), {
              compressed: true
            })
          }
        }
      )
    })
  }
}
