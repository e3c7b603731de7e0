// The H5 app on the oldest engines it targets (config/targets.json: iOS 12.0, Safari 12, Chrome 64): Chromium with
// every built-in that came after ECMAScript 2018 taken away before the app's first script (e2e/old-engine.ts). Every
// screen (e2e/screens.ts) opens with its content and no script error, as a visitor and logged in, and a toast and a
// dialog open. The app's own code writes only the targets' built-ins (eslint-plugin-es-x); a dependency's newer ones
// come with the build (config/compile-deps.ts). Before, every list page (直播, 回放, 活动…) failed on Object.fromEntries.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { BrowserContext, Page } from 'playwright-core'
import { suite, visitorAndMember, WAIT_MS } from './harness'
import { WITHOUT_NEWER_BUILT_INS_IN_PAGE } from './old-engine'
import { openScreen, SCREENS, type Screen } from './screens'

let visitor: BrowserContext
let member: BrowserContext

const s = suite(async ({ browser, server }) => {
  ;({ visitor, member } = await visitorAndMember(browser, server.origin, {
    initScript: WITHOUT_NEWER_BUILT_INS_IN_PAGE
  }))
})

/** A page of the context with the script errors it has thrown. */
async function pageOf(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  return { page, errors }
}

async function look(screen: Screen, context: BrowserContext) {
  const { page, errors } = await pageOf(context)
  try {
    await openScreen(page, screen, s.server.origin)
    // the engine is the old one: the page's realm has none of them
    assert.deepEqual(
      await page.evaluate(() => ['fromEntries' in Object, 'at' in Array.prototype, 'replaceAll' in String.prototype]),
      [false, false, false]
    )
    assert.equal(await page.locator('.page-state--error').count(), 0, `${screen.name} shows an error state`)
    assert.deepEqual(errors, [], `${screen.name}: script errors`)
  } finally {
    await page.close()
  }
}

test('every screen as a visitor, on an engine with nothing after ES2018: its content, no script error', async () => {
  for (const screen of SCREENS.filter((x) => !x.login)) await look(screen, visitor)
})

test('every screen logged in, on an engine with nothing after ES2018: its content, no script error', async () => {
  for (const screen of SCREENS.filter((x) => x.login)) await look(screen, member)
})

test('a toast and a dialog on an engine with nothing after ES2018: a visitor’s 关注 asks to log in; an empty room password says so', async () => {
  const { page, errors } = await pageOf(visitor)
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=496`)
  await page.locator('.room-header__follow').click({ timeout: WAIT_MS })
  // the login prompt (showModal) with its choice
  await page.getByText('去登录').waitFor({ timeout: WAIT_MS })
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=309`)
  await page.locator('.password-form__btn').click({ timeout: WAIT_MS })
  await page.getByText('请输入直播间密码').waitFor({ timeout: WAIT_MS })
  assert.deepEqual(errors, [])
  await page.close()
})
