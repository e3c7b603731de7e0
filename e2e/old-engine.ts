/**
 * The oldest engines the builds target (config/targets.json: iOS 12.0's JavaScriptCore, in Safari, in WeChat's browser
 * and under the mini-program; Chrome 64) have ECMAScript 2018's library and not what came after. This script takes
 * away, from the realm it runs in, every later built-in either of them lacks, so that the app runs in a current
 * browser (an init script, e2e/old-engines.e2e.ts) or in the mini-program's simulator (its app service's context,
 * weapp-sim) as it runs there: a call to one of them fails, unless the build brought its own (config/compile-deps.ts).
 */
export const WITHOUT_NEWER_BUILT_INS = withoutNewerBuiltIns(['globalThis'])

/**
 * The same in a page that Playwright drives: its own evaluation in the page needs `globalThis`, which stays (the app's
 * dependencies read it only after a typeof check, weapp-sim runs them without it).
 */
export const WITHOUT_NEWER_BUILT_INS_IN_PAGE = withoutNewerBuiltIns([])

function withoutNewerBuiltIns(globals: string[]): string {
  return `(() => {
  const gone = {
    Object: ['fromEntries', 'hasOwn', 'groupBy'],
    'Array.prototype': ['flat', 'flatMap', 'at', 'findLast', 'findLastIndex', 'toSorted', 'toReversed', 'toSpliced', 'with'],
    'String.prototype': ['trimStart', 'trimEnd', 'matchAll', 'replaceAll', 'at', 'isWellFormed', 'toWellFormed'],
    'Symbol.prototype': ['description'],
    Promise: ['allSettled', 'any', 'withResolvers'],
    Map: ['groupBy']
  }
  const root = typeof window === 'object' ? window : this
  for (const path in gone) {
    const target = path.split('.').reduce((o, key) => o[key], root)
    for (const name of gone[path]) delete target[name]
  }
  for (const name of ${JSON.stringify(['queueMicrotask', 'structuredClone', 'AggregateError', 'WeakRef', 'FinalizationRegistry', 'Iterator', ...globals])})
    delete root[name]
})()`
}
