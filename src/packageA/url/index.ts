// The mini-program's WHATWG URL parser, core-js's (why core-js's: src/platform/url.ts). A module of its own in package
// A (config/index.ts makes it an entry, packageA/url/index.js): WeChat runs it when the main package asks for it with
// require.async, or when the player (package A) imports it; either way it hands the parser to src/platform/url.ts.
import CoreJsURL from 'core-js-pure/stable/url'
import { provideWhatwgURL } from '@/platform/url'

provideWhatwgURL(CoreJsURL)
