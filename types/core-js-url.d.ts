/** core-js-pure ships no types: its URL entry is the WHATWG URL class (src/platform/url.ts). */
declare module 'core-js-pure/stable/url' {
  const CoreJsURL: typeof URL
  export default CoreJsURL
}
