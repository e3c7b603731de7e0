/**
 * `npm run contract:openapi`: writes the OpenAPI document of the contract's calls (server/plugins/external/openapi.ts) to
 * docs/openapi.json, as `npm start` serves it at /api/docs/openapi.json. A server test fails when the file is stale.
 * `--stdout` prints it instead.
 */
import fs from 'node:fs'
import path from 'node:path'
import { openapiDocument } from '../server/cli/openapi-document'

void (async () => {
  const text = await openapiDocument()
  if (process.argv.includes('--stdout')) process.stdout.write(text)
  else {
    const file = path.resolve(__dirname, '..', 'docs', 'openapi.json')
    fs.writeFileSync(file, text)
    console.log(`${path.relative(process.cwd(), file)}: ${Object.keys(JSON.parse(text).paths).length} 个路径`)
  }
})()
