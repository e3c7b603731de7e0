/**
 * WeChat's JS runtime has no URL class on older base libraries: core-js's URL entry, loaded here while the test
 * environment's URL is hidden, keeps core-js's own WHATWG parser, as it does in the mini-program. Import this first.
 */

const g = globalThis as { URL?: typeof URL }
const native = g.URL
delete g.URL
export const CoreJsURL = require('core-js-pure/stable/url') as typeof URL
g.URL = native
export const NativeURL = native
