// Jest's transform. The project's own files (src/, contract/, the tests) go through babel-jest over the project's
// babel.config.js (Taro's preset, framework 'preact'), which under jest (NODE_ENV=test) compiles for the running Node, to
// CommonJS, with jest.mock hoisted above the imports: the code the tests run is compiled as the builds compile it.
// Dependencies (Taro's runtime and components, MobX, hls.js…: already JavaScript, mostly ES modules) only need their
// modules turned into CommonJS, which esbuild does in a fraction of Babel's time: on a machine that has never run the
// tests (jest's cache empty, as in CI) Babel over node_modules was most of jest's processor time (docs/testing.md).
// It stands in for @tarojs/test-utils-react's transformer, which adds a second @babel/preset-env with no targets of its
// own: that one read package.json's browserslist (Android 4.1, iOS 8) and compiled every file, Taro's runtime included,
// down to ES5 with regenerator, which cost jest a quarter of its time and ran code no build ships. The two rewrites that
// transformer makes are kept; they depend on the source, its path and this file alone, which each cache key covers.
const crypto = require('crypto')
const fs = require('fs')
const path = require('path')
const esbuild = require('esbuild')
const { createTransformer } = require('babel-jest')
const apiLoader = require('@tarojs/plugin-framework-react/dist/api-loader.js')

const babel = createTransformer({})
const src = path.join(__dirname, '..', '..', 'src')
const DEPENDENCY = `${path.sep}node_modules${path.sep}`
// what every file's output depends on beside its own source and path: this file (the rewrites, the choice of compiler),
// Taro's API loader that rewrites its H5 runtime, esbuild and Node
const ownKey = crypto
  .createHash('sha1')
  .update(fs.readFileSync(__filename))
  .update(fs.readFileSync(require.resolve('@tarojs/plugin-framework-react/dist/api-loader.js')))
  .update(esbuild.version)
  .update(process.version)
  .digest('hex')

/** The source as test-utils-react rewrites it: Taro's API loader over its H5 runtime, TARO_ENV_JEST over src/. */
function rewrite(sourceText, sourcePath) {
  if (sourcePath.includes('test-utils-react/dist/jest/runtime/taro-h5.js')) return apiLoader(sourceText)
  if (sourcePath.startsWith(src))
    return sourceText.replace(/process\.env\.TARO_ENV/g, 'process.env.TARO_ENV_JEST || process.env.TARO_ENV')
  return sourceText
}

/** A dependency's module as CommonJS for the running Node, its syntax otherwise as shipped. */
function dependency(sourceText, sourcePath) {
  const { code, map } = esbuild.transformSync(rewrite(sourceText, sourcePath), {
    loader: 'js',
    format: 'cjs',
    target: `node${process.versions.node}`,
    sourcefile: sourcePath,
    sourcemap: 'external',
    logLevel: 'silent'
  })
  return { code, map }
}

module.exports = {
  canInstrument: babel.canInstrument,
  getCacheKey(sourceText, sourcePath, options) {
    // the project's files: babel-jest's key (its config, the source) with ownKey, which it does not know of
    const own = sourcePath.includes(DEPENDENCY) ? sourcePath : babel.getCacheKey(sourceText, sourcePath, options)
    return crypto.createHash('sha1').update(ownKey).update(own).update(sourceText).digest('hex')
  },
  async getCacheKeyAsync(sourceText, sourcePath, options) {
    return module.exports.getCacheKey(sourceText, sourcePath, options)
  },
  process(sourceText, sourcePath, options) {
    if (sourcePath.includes(DEPENDENCY)) return dependency(sourceText, sourcePath)
    return babel.process(rewrite(sourceText, sourcePath), sourcePath, options)
  },
  async processAsync(sourceText, sourcePath, options) {
    if (sourcePath.includes(DEPENDENCY)) return dependency(sourceText, sourcePath)
    return babel.processAsync(rewrite(sourceText, sourcePath), sourcePath, options)
  }
}
