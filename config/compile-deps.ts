import { readFileSync } from 'fs'
import { parse } from 'acorn'
import type { Chain } from './link-in-place'
import targets from './targets.json'

/**
 * Dependencies that ship what the targets (config/targets.json: iOS 12 / Safari 12 / Chrome 64, which parse ECMAScript
 * 2018 and have its built-ins) do not have, compiled down to them in both builds:
 * - syntax: Taro's Babel rule leaves node_modules alone, and some packages publish `?.`, `??`, `||=` or class fields
 *   (hls-parser, safe-regex2 and the code they bring): on an iPhone below iOS 14.5 such a file fails whole before a
 *   line of it runs, and with it the package that loads it;
 * - built-ins: a newer method or function (hls-parser reads every quoted attribute with `Array.prototype.at`, iOS 15.4,
 *   and checks with `Object.hasOwn`): the call fails where it runs. Each one the file uses is taken from core-js's
 *   library version (core-js-pure, babel-plugin-polyfill-corejs3's `usage-pure`): that file's calls use it, where the
 *   engine lacks the built-in, and nothing global changes. Only these files take polyfills: core-js for every built-in
 *   would cost the mini-program's main package and the H5 first load more than their budgets leave (about 31 KB for four
 *   of them), and the app's own code writes only the targets' built-ins (eslint-plugin-es-x, eslint.config.mjs).
 *
 * Which files: every JavaScript file under node_modules that the bundle takes is parsed once at ES2018 (acorn; a
 * module, else a script), and its text looked at for the names of newer built-ins; one that does not parse, or names
 * one, is compiled with Babel's preset-env for the targets, with the polyfills (Babel's own analysis decides which
 * names are the built-ins: a mere mention costs only the compile). So a dependency that starts shipping newer syntax
 * or built-ins is compiled without anyone listing it, and those that do not cost nothing. `scripts/check-syntax.mjs`
 * checks the outcome on the built files (CI), and `e2e/old-engines.e2e.ts` runs the app without those built-ins.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the version as installed, read at build time
const CORE_JS_PURE = (require('core-js-pure/package.json') as { version: string }).version
const NODE_MODULES = /[\\/]node_modules[\\/]/
/** Never compiled: the polyfills themselves (ES5, and full of the names of what they provide). */
const POLYFILLS = /[\\/]node_modules[\\/](core-js|core-js-pure|@babel[\\/]runtime-corejs3)[\\/]/
/**
 * Compiled to the targets' syntax but given no polyfills: query-string (Taro's H5 runtime), whose `replaceAll` (iOS
 * 13.4, Chrome 85) the app never reaches. It is in `parse` with decoding on, which Taro calls only for its multi-page
 * router and for onAppShow / onAppHide listeners (the H5 app routes as a single page with decoding off and listens for
 * its own wake, platform/app-wake.h5.ts), and in `stringify` with `strict`, for chooseLocation, which the app does not
 * call. Its polyfill would put 4.2 KB (gzip) on the first load of every page. `e2e/old-engines.e2e.ts` runs the app
 * without replaceAll.
 */
const SYNTAX_ONLY = /[\\/]node_modules[\\/]query-string[\\/]/
const SCRIPT = /\.[cm]?js$/
const verdicts = new Map<string, boolean>()

function parsesAtTargets(source: string): boolean {
  for (const sourceType of ['module', 'script'] as const) {
    try {
      parse(source, {
        ecmaVersion: 2018,
        sourceType,
        allowHashBang: true,
        allowReturnOutsideFunction: sourceType === 'script'
      })
      return true
    } catch {
      // the other source type, then Babel
    }
  }
  return false
}

/**
 * The built-ins after ECMAScript 2018 (and the web's queueMicrotask and structuredClone, iOS 12.2 and 15.4) that
 * core-js-pure provides, by a name its use has in the text: `.at(`, `.flat(`, `Object.hasOwn(`, `replaceAll`…
 * (`globalThis`, which libraries only read after a typeof check, and Symbol's `description` are left out.)
 */
const NEWER_BUILT_IN =
  /\.(?:at|flat|flatMap|findLast|findLastIndex|toSorted|toReversed|toSpliced|trimStart|trimEnd|matchAll|replaceAll)\(|\b(?:fromEntries|hasOwn|allSettled|AggregateError|groupBy|withResolvers|queueMicrotask|structuredClone)\b|\bPromise\.any\b/

/** True for a dependency's file the targets cannot parse, or that names a newer built-in (decided once per file and build). */
export function newerThanTargets(file: string): boolean {
  if (!NODE_MODULES.test(file) || !SCRIPT.test(file) || POLYFILLS.test(file)) return false
  let verdict = verdicts.get(file)
  if (verdict === undefined) {
    try {
      const source = readFileSync(file, 'utf8')
      verdict = NEWER_BUILT_IN.test(source) || !parsesAtTargets(source)
    } catch {
      verdict = false // not a file on disk (a virtual module): Taro's own rules decide
    }
    verdicts.set(file, verdict)
  }
  return verdict
}

/**
 * core-js's modules for the built-ins the targets do not have at all: only those are polyfilled. (core-js would also
 * replace built-ins the targets have for finer points of the standard, `push`, `trim`, `sort`…: not taken.)
 */
const MISSING = new Set([
  'es.array.at',
  'es.string.at-alternative',
  'esnext.string.at',
  'es.array.flat',
  'es.array.flat-map',
  'es.array.find-last',
  'es.array.find-last-index',
  'es.array.to-reversed',
  'es.array.to-sorted',
  'es.array.to-spliced',
  'es.array.with',
  'es.object.from-entries',
  'es.object.has-own',
  'es.object.group-by',
  'es.map.group-by',
  'es.string.trim-start',
  'es.string.trim-end',
  'es.string.trim-left',
  'es.string.trim-right',
  'es.string.match-all',
  'es.string.replace-all',
  'es.promise.all-settled',
  'es.promise.any',
  'es.promise.with-resolvers',
  'es.aggregate-error',
  'web.queue-microtask',
  'web.structured-clone'
])

/** Babel for such files: preset-env for the targets, each file's own module kind kept (webpack bundles it). */
const DEPS_BABEL = {
  babelrc: false,
  configFile: false,
  sourceType: 'unambiguous',
  presets: [['@babel/preset-env', { targets, modules: false, bugfixes: true }]]
}

/** With the built-ins the targets lack from core-js-pure (its version as installed: none newer is asked for). */
const DEPS_BABEL_WITH_POLYFILLS = {
  ...DEPS_BABEL,
  plugins: [
    [
      require.resolve('babel-plugin-polyfill-corejs3'),
      {
        method: 'usage-pure',
        targets,
        version: CORE_JS_PURE,
        // `at` is described by its proposal's name first (esnext.string.at), which only this lets through
        proposals: true,
        shouldInjectPolyfill: (name: string, needed: boolean) => needed && MISSING.has(name)
      }
    ]
  ]
}

export function compileDependencies(chain: Chain): void {
  chain.module
    .rule('deps-to-targets')
    .test(SCRIPT)
    .include.add((file: string) => newerThanTargets(file) && !SYNTAX_ONLY.test(file))
    .end()
    .use('babel')
    .loader('babel-loader')
    .options(DEPS_BABEL_WITH_POLYFILLS)
  chain.module
    .rule('deps-syntax-to-targets')
    .test(SCRIPT)
    .include.add((file: string) => newerThanTargets(file) && SYNTAX_ONLY.test(file))
    .end()
    .use('babel')
    .loader('babel-loader')
    .options(DEPS_BABEL)
}
