import { readFileSync } from 'fs'
import path from 'path'
import { linkInPlace, type Chain } from './link-in-place'
import targets from './targets.json'

/**
 * hls.js, built from the TypeScript sources its package ships (`hls.js/src`) with only what this client's streams use,
 * instead of its prebuilt light file. The streams (spec; the reference server's `server/streams/hls.ts`) are clear MPEG-TS
 * with H.264 and AAC, in renditions of one master playlist, low-latency or not; the player turns none of hls.js's
 * optional features on. So, besides what hls.js's own light build leaves out (subtitles, alternate audio, DRM, CMCD,
 * content steering, variable substitution, interstitials; the `__USE_*__` flags below, as hls.js's build sets them):
 * - the fMP4, raw AAC and MP3 demuxers and the fMP4 pass-through remuxer (segments are MPEG-TS);
 * - AES decryption and the key loader (no EXT-X-KEY: such a stream fails as hls.js's KEY_LOAD_ERROR);
 * - the cap-level, FPS and ID3 track controllers (no capping to the player's size, no dropped-frame capping, no timed
 *   metadata), the cue handler of the subtitle controller the light build already leaves out, and the fetch loader
 *   (only for `progressive`, which is off);
 * - its log calls: hls.js logs only with `debug` on, which the player never sets, yet every message's text ships.
 * hls.js's chunk: 113.6 KB gzip as its light file, 87.5 KB so (docs/performance.md, what each part saved). To play a
 * stream these leave out, take its stub out of STUBS (config/stubs/hls/ says what each stands for).
 */
const HLS_SRC = /[\\/]node_modules[\\/]hls\.js[\\/]src[\\/]/

/** hls.js's compile-time feature flags, as its light build sets them, and its version. */
function hlsDefines(): Record<string, string> {
  const { version } = JSON.parse(readFileSync(require.resolve('hls.js/package.json'), 'utf8')) as { version: string }
  const off = [
    'ALT_AUDIO',
    'EME_DRM',
    'SUBTITLES',
    'CMCD',
    'CONTENT_STEERING',
    'VARIABLE_SUBSTITUTION',
    'M2TS_ADVANCED_CODECS',
    'MEDIA_CAPABILITIES',
    'INTERSTITIALS',
    'IFRAMES'
  ]
  return {
    __VERSION__: JSON.stringify(version),
    __IN_WORKER__: 'false',
    ...Object.fromEntries(off.map((f) => [`__USE_${f}__`, 'false']))
  }
}

/** hls.js's modules (by their path inside hls.js/src) this build links a stub in place of (config/stubs/hls/). */
const STUBS: Array<[RegExp, string]> = [
  [/(controller[\\/](cap-level|fps|id3-track)-controller|utils[\\/]cues)\.ts$/, 'absent.js'],
  [/(demux[\\/]mp4demuxer|demux[\\/]audio[\\/](aac|mp3)demuxer|remux[\\/]passthrough-remuxer)\.ts$/, 'no-demuxer.js'],
  [/utils[\\/]fetch-loader\.ts$/, 'fetch-loader.js'],
  [/(crypt[\\/]decrypter|demux[\\/]sample-aes)\.ts$/, 'decrypter.js'],
  [/loader[\\/]key-loader\.ts$/, 'key-loader.js']
]

/** hls.js's logging calls, dropped by terser from hls.js's chunk only (their results are never used). */
const HLS_LOG_CALLS = ['log', 'warn', 'info', 'debug', 'trace', 'error'].flatMap((m) => [
  `this.${m}`,
  `logger.${m}`,
  `this.logger.${m}`,
  `hls.logger.${m}`,
  `this.hls.logger.${m}`
])

/** The chunk hls.js is in (the player's and the radio's `webpackChunkName: "hls"`). */
const HLS_CHUNK = /^js[\\/]hls\./

/**
 * Babel for hls.js's sources as hls.js's own build compiles them (TypeScript's class fields as assignments), for the
 * production builds' targets (babel.config.js).
 */
const HLS_BABEL = {
  babelrc: false,
  configFile: false,
  assumptions: { setPublicClassFields: true },
  presets: [['@babel/preset-env', { targets, modules: false, bugfixes: true }], ['@babel/preset-typescript']]
}

export function hlsFromSource(chain: Chain, production: boolean): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- webpack is loaded only when a build runs, from Taro's copy
  const { DefinePlugin } = require('webpack') as typeof import('webpack')
  // the package's exports name its built files only: its sources by their path (the stubs import them as hls.js-src)
  const src = path.join(path.dirname(require.resolve('hls.js/package.json')), 'src')
  chain.resolve.alias.set('hls.js$', path.join(src, 'exports-default.ts')).set('hls.js-src', src)
  chain.module
    .rule('hls-source')
    .test(/\.ts$/)
    .include.add(HLS_SRC)
    .end()
    .use('babel')
    .loader('babel-loader')
    .options(HLS_BABEL)
  // neither hls.js nor the media libraries it imports say they have no side effects, which they have not: without
  // this, the modules the flags above leave unused (CMCD's controller and its library among them) stay in the chunk
  chain.module
    .rule('hls-pure')
    .include.add(HLS_SRC)
    .add(/[\\/]node_modules[\\/]@svta[\\/]/)
    .end()
    .set('sideEffects', false)
  chain.plugin('hls-defines').use(DefinePlugin, [hlsDefines()])
  for (const [i, [pattern, stub]] of STUBS.entries())
    linkInPlace(
      chain,
      `hls-stub-${i}`,
      new RegExp(HLS_SRC.source + pattern.source),
      path.resolve(__dirname, 'stubs/hls', stub)
    )
  if (!production) return
  // a second terser for hls.js's chunk alone, the same options plus its log calls as pure and, as hls.js's code reads
  // no property for a getter's side effect nor counts on reading one of null to throw, every property read as pure
  type TerserArgs = [{ terserOptions: { compress?: object } }]
  const terser = chain.optimization.minimizer('terserPlugin')
  const [options] = terser.get('args') as TerserArgs
  terser.tap((args: TerserArgs[number][]) => [{ ...args[0], exclude: HLS_CHUNK }])
  chain.optimization.minimizer('terserHls').use(terser.get('plugin'), [
    {
      ...options,
      include: HLS_CHUNK,
      terserOptions: {
        ...options.terserOptions,
        compress: { ...options.terserOptions.compress, pure_funcs: HLS_LOG_CALLS, pure_getters: true }
      }
    }
  ])
}
