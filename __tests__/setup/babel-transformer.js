// Jest's transform: babel-jest over the project's own babel.config.js (Taro's preset, framework 'preact'), which under
// jest (NODE_ENV=test) compiles for the running Node, to CommonJS. It stands in for @tarojs/test-utils-react's
// transformer, which adds a second @babel/preset-env with no targets of its own: that one read package.json's
// browserslist (Android 4.1, iOS 8) and compiled every file, Taro's runtime included, down to ES5 with regenerator,
// which cost jest a quarter of its time and ran code no build ships. The two rewrites that transformer makes are kept;
// they depend on the source and its path alone, so babel-jest's cache key over the unrewritten source still fits.
const path = require('path')
const { createTransformer } = require('babel-jest')
const apiLoader = require('@tarojs/plugin-framework-react/dist/api-loader.js')

const transform = createTransformer({})
const src = path.join(__dirname, '..', '..', 'src')
const process_ = transform.process.bind(transform)
const processAsync = transform.processAsync?.bind(transform)

/** The source as test-utils-react rewrites it: Taro's API loader over its H5 runtime, TARO_ENV_JEST over src/. */
function rewrite(sourceText, sourcePath) {
  if (sourcePath.includes('test-utils-react/dist/jest/runtime/taro-h5.js')) return apiLoader(sourceText)
  if (sourcePath.startsWith(src))
    return sourceText.replace(/process\.env\.TARO_ENV/g, 'process.env.TARO_ENV_JEST || process.env.TARO_ENV')
  return sourceText
}

module.exports = {
  ...transform,
  process: (sourceText, sourcePath, options) => process_(rewrite(sourceText, sourcePath), sourcePath, options),
  ...(processAsync
    ? {
        processAsync: (sourceText, sourcePath, options) =>
          processAsync(rewrite(sourceText, sourcePath), sourcePath, options)
      }
    : {})
}
