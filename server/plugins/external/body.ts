// Request bodies: JSON (tolerant), forms (@fastify/formbody) and multipart uploads (@fastify/multipart). text/plain
// stays Fastify's plain string (a payload that is not an object: 参数错误), not JSON: it is the type a cross-site form
// or sendBeacon sends without a preflight.
import formbody from '@fastify/formbody'
import multipart from '@fastify/multipart'
import { exposed } from '../expose'

/**
 * The largest JSON body a call takes: every call's payload is a few fields of bounded text (a comment is 300
 * characters), and JSON.parse of a body of deeply nested arrays costs the event loop about 1.5 µs a level (a 2 MB
 * one, a million levels, held every caller for over a second).
 */
export const JSON_BODY_LIMIT = 64 * 1024
/** No call's payload nests deeper than a few levels; a body that does is refused before it is parsed. */
export const JSON_MAX_DEPTH = 32

/** No call takes more than a few fields; the sandbox payment form has the most (about ten). */
export const FORM_MAX_FIELDS = 64

/**
 * The body of a request whose JSON is broken or nested too deeply, or whose form has too many fields: one object no
 * payload can be (a client's own `{"…": true}` is never it), which the API answers with a business error
 * (server/plugins/app/calls.ts), never a 500.
 */
export const UNREADABLE_BODY: Readonly<Record<string, never>> = Object.freeze({})

/** Whether a form body has more than `max` fields (`&`-separated). */
function fieldsOver(body: string, max: number): boolean {
  let fields = 1
  for (let i = body.indexOf('&'); i !== -1; i = body.indexOf('&', i + 1)) if (++fields > max) return true
  return false
}

/** Whether `text` opens more than `max` arrays or objects inside each other (brackets in strings do not count). */
function nestsDeeper(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92 /* \ */) i++
      else if (c === 34 /* " */) inString = false
    } else if (c === 34) inString = true
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--
  }
  return false
}

/** Empty JSON is {}, broken or too deeply nested JSON the unreadable body. */
function parseJson(body: string): unknown {
  if (!body.trim()) return {}
  if (nestsDeeper(body, JSON_MAX_DEPTH)) return UNREADABLE_BODY
  try {
    return JSON.parse(body)
  } catch {
    return UNREADABLE_BODY
  }
}

export default exposed('body', async (app) => {
  app.removeContentTypeParser(['application/json'])
  app.addContentTypeParser(
    ['application/json'],
    { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT },
    (_req, body, done) => done(null, parseJson(body as string))
  )
  // a repeated field counts once, its last value (as URLSearchParams reads it; the plugin's default parser would make
  // it an array, which no call takes)
  // within the same 64 KB as JSON, and at most FORM_MAX_FIELDS fields (URLSearchParams of 2 MB of `k0=&k1=&…` held the
  // event loop about a second); a form past it is answered as a body that is no payload
  await app.register(formbody, {
    bodyLimit: JSON_BODY_LIMIT,
    parser: (body) =>
      fieldsOver(body, FORM_MAX_FIELDS) ? UNREADABLE_BODY : Object.fromEntries(new URLSearchParams(body))
  })
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 20 } })
})
