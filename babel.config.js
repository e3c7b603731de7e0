// Production builds target what the app runs on at all, so async functions, classes, spread and for…of ship as
// written instead of as regenerator and helper code (docs/performance.md):
// - H5: Chrome / Android WebView 64+ (the messenger's browser, partner apps) and Safari / iOS 12+; below those the
//   app could not run anyway (MobX 6 needs Proxy, the player MSE or native HLS);
// - mini-program: WeChat's JavaScript engines (JavaScriptCore of iOS 12+, V8 on Android), which run ES2017.
// Jest keeps Taro's default (the running Node). hls.js's sources are compiled for the same targets (config/hls-source.ts),
// and so is every dependency that ships newer syntax (config/compile-deps.ts).
const production = process.env.NODE_ENV === 'production'
const targets = require('./config/targets.json')

// framework 'preact' as in config/index.ts: in the H5 watch build Taro's preset then adds Prefresh's Babel plugin
// (fast refresh for Preact, with @prefresh/webpack) instead of React's
module.exports = {
  presets: [['taro', { framework: 'preact', ts: true, compiler: 'webpack5', ...(production ? { targets } : {}) }]]
}
