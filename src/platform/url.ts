// The mini-program: WeChat's JS runtime has no URL class on older base libraries, and Taro's mini-program build
// replaces the bare identifier `URL` with @tarojs/runtime's regex parser (no userinfo, backslash, percent-encoded or
// IDN hosts: `https://a.example.com\.evil.com` keeps the backslash in its hostname). core-js's URL is a WHATWG URL
// parser written for old engines: the runtime's own URL when that one passes core-js's conformance checks, else
// core-js's implementation.
import CoreJsURL from 'core-js-pure/stable/url'

/** The WHATWG URL parser of this platform. */
export const WhatwgURL: typeof URL = CoreJsURL
