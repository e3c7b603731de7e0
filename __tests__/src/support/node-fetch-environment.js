/*
 * A jsdom page whose fetch is Node's own (undici) instead of taro-h5's whatwg-fetch polyfill over jsdom's
 * XMLHttpRequest. Node's fetch has no cookie jar, shows Set-Cookie to the caller and sends a Cookie header as given:
 * the conditions of the mini-program's wx.request. Used by the tests of the mini-program's cookie replay (R4.10).
 */
const { TestEnvironment } = require('jest-environment-jsdom')

class NodeFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context)
    for (const name of ['fetch', 'Headers', 'Request', 'Response', 'AbortController', 'AbortSignal']) {
      this.global[name] = globalThis[name]
    }
  }
}

// under `npm run mutate` (a Stryker worker), the environment reports each test's coverage to Stryker
module.exports = process.env.STRYKER_MUTATOR_WORKER
  ? require('@stryker-mutator/jest-runner').mixinJestEnvironment(NodeFetchEnvironment)
  : NodeFetchEnvironment
