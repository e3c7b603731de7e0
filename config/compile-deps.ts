import { readFileSync } from 'fs'
import { parse } from 'acorn'
import type { Chain } from './link-in-place'
import targets from './targets.json'

/**
 * Dependencies that ship syntax newer than the targets (config/targets.json: iOS 12 / Safari 12 / Chrome 64, which
 * parse ECMAScript 2018), compiled down to them in both builds. Taro's Babel rule leaves node_modules alone, and some
 * packages publish `?.`, `??`, `||=` or class fields (hls-parser, safe-regex2 and the code they bring): on an iPhone
 * below iOS 14.5 such a file fails whole before a line of it runs, and with it the package that loads it.
 *
 * Which files: every JavaScript file under node_modules that the bundle takes is parsed once at ES2018 (acorn; a
 * module, else a script); one that does not parse is compiled with Babel's preset-env for the targets. So a dependency
 * that starts shipping newer syntax is compiled without anyone listing it, and those that do not cost nothing.
 * `scripts/check-syntax.mjs` checks the outcome on the built files (CI).
 */
const NODE_MODULES = /[\\/]node_modules[\\/]/
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

/** True for a dependency's file the targets cannot parse (decided once per file and build). */
export function newerThanTargets(file: string): boolean {
  if (!NODE_MODULES.test(file) || !SCRIPT.test(file)) return false
  let verdict = verdicts.get(file)
  if (verdict === undefined) {
    try {
      verdict = !parsesAtTargets(readFileSync(file, 'utf8'))
    } catch {
      verdict = false // not a file on disk (a virtual module): Taro's own rules decide
    }
    verdicts.set(file, verdict)
  }
  return verdict
}

/** Babel for such files: preset-env for the targets, each file's own module kind kept (webpack bundles it). */
const DEPS_BABEL = {
  babelrc: false,
  configFile: false,
  sourceType: 'unambiguous',
  presets: [['@babel/preset-env', { targets, modules: false, bugfixes: true }]]
}

export function compileDependencies(chain: Chain): void {
  chain.module
    .rule('deps-to-targets')
    .test(SCRIPT)
    .include.add(newerThanTargets)
    .end()
    .use('babel')
    .loader('babel-loader')
    .options(DEPS_BABEL)
}
