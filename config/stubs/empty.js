// Polyfills Taro's H5 request module imports (whatwg-fetch, abortcontroller-polyfill): every browser the H5 build
// targets (babel.config.js) has fetch and AbortController, so the build links this empty module instead.
export {}
