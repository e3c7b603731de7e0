// The API's OpenAPI page (/api/docs, @fastify/swagger-ui over the contract's calls) renders in Chromium with every
// operation of the document the server serves, and one call opens with its spec ids, payload and answer.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { suite, WAIT_MS } from './harness'

const s = suite()

test('/api/docs shows every call of the contract, each with its summary, and opens one with its spec ids', async () => {
  const doc = (await (await fetch(`${s.server.origin}/api/docs/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { summary: string }>>
  }
  const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods))
  assert.ok(operations.length > 80, `${operations.length} operations`)
  const page = await s.browser.newPage({ viewport: { width: 1280, height: 900 } })
  try {
    await page.goto(`${s.server.origin}/api/docs`)
    await page.waitForSelector('.opblock-tag', { timeout: WAIT_MS })
    // every tag section starts closed (docExpansion none): open them all
    for (const tag of await page.$$('.opblock-tag')) {
      if ((await tag.getAttribute('data-is-open')) !== 'true') await tag.click()
    }
    await page.waitForFunction((n) => document.querySelectorAll('.opblock').length >= n, operations.length, {
      timeout: WAIT_MS
    })
    assert.equal(await page.locator('.opblock').count(), operations.length)
    const summaries = await page.locator('.opblock-summary-description').allInnerTexts()
    for (const op of operations) assert.ok(summaries.includes(op.summary), op.summary)
    // the room-info call: its spec id, its login rule and its payload field
    const roomInfo = page.locator('.opblock', { hasText: '/api/v1/userapp/roominfo' }).first()
    await roomInfo.locator('.opblock-summary').click()
    // the body opens with an animation and fills in as it does: wait for its description to show
    await roomInfo.locator('.opblock-body', { hasText: /R7\.13/ }).waitFor({ timeout: WAIT_MS })
    const body = await roomInfo.innerText()
    assert.match(body, /R7\.13/)
    assert.match(body, /无需登录/)
    assert.match(body, /roomid/)
  } finally {
    await page.close()
  }
})
