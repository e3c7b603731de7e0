// Request bodies: JSON (tolerant), forms (@fastify/formbody) and multipart uploads (@fastify/multipart). text/plain
// stays Fastify's plain string (a payload that is not an object: 参数错误), not JSON: it is the type a cross-site form
// or sendBeacon sends without a preflight.
import formbody from '@fastify/formbody'
import multipart from '@fastify/multipart'
import { exposed } from '../expose'

/** Empty JSON is {}, broken JSON a marker the API answers with a business error (server/plugins/app/calls.ts), never a 500. */
function parseJson(body: string): unknown {
  if (!body.trim()) return {}
  try {
    return JSON.parse(body)
  } catch {
    return { __invalid_json: true }
  }
}

export default exposed('body', async (app) => {
  app.removeContentTypeParser(['application/json'])
  app.addContentTypeParser(['application/json'], { parseAs: 'string' }, (_req, body, done) =>
    done(null, parseJson(body as string))
  )
  // a repeated field counts once, its last value (as URLSearchParams reads it; the plugin's default parser would make
  // it an array, which no call takes)
  await app.register(formbody, { parser: (body) => Object.fromEntries(new URLSearchParams(body)) })
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 20 } })
})
