// The mini-program: WeChat's JS runtime has no URL class on older base libraries, and Taro's mini-program build
// replaces the bare identifier `URL` with @tarojs/runtime's regex parser (no userinfo, backslash, percent-encoded or
// IDN hosts: `https://a.example.com\.evil.com` keeps the backslash in its hostname). core-js's URL is a WHATWG URL
// parser written for old engines: the runtime's own URL when that one passes core-js's conformance checks, else
// core-js's implementation.
//
// It weighs 47 KB, a tenth of the main package, and only reading a link needs it (the link router and the web-view
// page, spec R2.35; the player's renditions). So it lives in package A (`src/packageA/url`, which home and the 视听 tab
// preload), and the main package loads it with WeChat's require.async the first time a link is read: `openLink` and
// the web-view page wait for it (`loadWhatwgURL`). Nothing ever reads a link with another parser meanwhile.

type UrlClass = typeof URL

let parser: UrlClass | null = null
let loading: Promise<void> | null = null

/** Package A's url module hands its parser over as WeChat runs it (src/packageA/url/index.ts). */
export function provideWhatwgURL(loaded: UrlClass): void {
  parser = loaded
}

/** Whether the parser is here (links can be read now). */
export function whatwgURLLoaded(): boolean {
  return parser !== null
}

// WeChat's own `require` of the file this module is bundled into: app.js or common.js, both at the package root
// (webpack's `__non_webpack_require__`). Its `async` loads a module of another package (分包异步化, base library 2.11.2).
declare const __non_webpack_require__: { async(path: string): Promise<unknown> }
const PARSER_MODULE = './packageA/url/index.js'

/** Loads package A's parser once; a failed download rejects, and the next call tries again. */
export function loadWhatwgURL(): Promise<void> {
  if (parser) return Promise.resolve()
  loading ??= __non_webpack_require__.async(PARSER_MODULE).then(
    () => {
      if (!parser) throw new Error(`${PARSER_MODULE} gave no URL parser`)
    },
    (error: unknown) => {
      loading = null
      throw error
    }
  )
  return loading
}

/**
 * The WHATWG URL parser of this platform: core-js's, once loaded. Before that constructing one throws, so a caller
 * that did not wait reads no link at all (the link router then finds no http(s) URL, and opens nothing in the web view).
 */
export const WhatwgURL = function WhatwgURL(url: string | URL, base?: string | URL): URL {
  if (!parser) throw new TypeError('the WHATWG URL parser is not loaded yet')
  return new parser(url, base)
} as unknown as UrlClass
