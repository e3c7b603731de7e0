import { createServer } from '../app'

/**
 * The OpenAPI document as text (2-space JSON, a newline at the end), from a fresh in-memory server in sandbox mode:
 * the same routes `npm start` has. The document names no host, so it is the same wherever it is built.
 */
export async function openapiDocument(): Promise<string> {
  const app = await createServer({ dbFile: ':memory:', sandbox: true })
  try {
    await app.ready()
    return `${JSON.stringify(app.swagger(), null, 2)}\n`
  } finally {
    await app.close()
  }
}
