// The contract's schemas (TypeBox) need the TextEncoder of Node, which the jsdom test environments do not expose:
// imported before a test reads the contract at run time (the app itself only imports its types).
import { TextDecoder, TextEncoder } from 'node:util'

Object.assign(globalThis, {
  TextEncoder: globalThis.TextEncoder ?? TextEncoder,
  TextDecoder: globalThis.TextDecoder ?? TextDecoder
})
