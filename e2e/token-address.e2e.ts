// The startup login's token never stays in an address (spec R2.26, R7.58, R7.111, R3.54), in Chromium against the
// real H5 build and the reference server: the sandbox OAuth round trip (/wechat/oauth_user, which comes back with
// tokentype=wechat&token=<access token>) to home, 视听 and a live room, in a plain browser and in the messenger's.
// Afterwards the viewer is logged in, and neither the address, the page they go back to, an analytics event's page
// or props, nor the messenger's share payload holds the token.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { eventually, suite, WAIT_MS } from './harness'

const s = suite()

const PLAIN_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36'
const WECHAT_UA = `${PLAIN_UA} MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/zh_CN`
const SECRET = /[?&](token|tokentype|code|sign)=/i

/** name, the OAuth target, what shows once it is up, the page's path after the router (home's entry is /m2/) */
const PAGES: Array<[string, string, string, string]> = [
  ['home', '/m2/', '.tab-bar', '/m2/pages/home/home'],
  ['视听', '/m2/pages/media/media', '.tab-bar', '/m2/pages/media/media'],
  ['live room', '/m2/packageA/pages/live/live?roomid=496', '.chat', '/m2/packageA/pages/live/live']
]

function storedToken(page: Page) {
  return page.evaluate(() => {
    const raw = localStorage.getItem('access_token')
    const stored = raw ? JSON.parse(raw) : null
    return (stored?.data?.data ?? stored?.data ?? '') as string
  })
}

async function roundTrip(ua: string, path: string, ready: string, shownPath: string) {
  const context = await s.browser.newContext({ userAgent: ua, viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  const landed: string[] = []
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) landed.push(f.url())
  })
  await page.goto(`${s.server.origin}/wechat/oauth_user?target_url=${encodeURIComponent(path)}`)
  await page.waitForFunction(() => !!localStorage.getItem('access_token'), null, { timeout: WAIT_MS })
  await page.locator(`${ready}:visible`).first().waitFor({ timeout: WAIT_MS })
  assert.ok(await storedToken(page), 'logged in')
  // the server did hand a token over in the address (the round trip ran) …
  const handed = landed.map((u) => new URL(u).searchParams.get('token')).find(Boolean)
  assert.ok(handed, `came back with a token: ${landed.join('\n')}`)
  // … and it is gone: from the address, and from the entry the viewer goes back to
  await page.waitForFunction(() => !/[?&](token|tokentype)=/.test(location.href), null, { timeout: 5000 })
  assert.doesNotMatch(page.url(), SECRET)
  assert.equal(new URL(page.url()).pathname, shownPath)
  await page.evaluate(() => history.pushState(null, '', `${location.pathname}${location.search}#next`))
  await page.goBack()
  assert.doesNotMatch(page.url(), SECRET)
  return { context, page, token: handed }
}

async function analyticsEvents(page: Page): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(async () => (await (await fetch('/sandbox/analytics/events')).json()).data)
}

for (const [name, path, ready, shownPath] of PAGES) {
  test(`R2.26 R7.58 R7.111 after the OAuth round trip to ${name} no address, history entry or analytics event holds the token`, async () => {
    const { context, page, token } = await roundTrip(PLAIN_UA, path, ready, shownPath)
    await page.waitForFunction(() => !!(window as unknown as { zhuge?: unknown }).zhuge, null, { timeout: WAIT_MS })
    // the identify / load events on their way
    const events = await eventually(
      () => analyticsEvents(page),
      (all) => all.length > 0,
      'an analytics event'
    )
    assert.ok(events.length > 0, 'analytics recorded the visit')
    for (const e of events)
      assert.ok(!JSON.stringify(e).includes(token), `event without the token: ${JSON.stringify(e).slice(0, 300)}`)
    await context.close()
  })
}

test('R3.54 R1.24 R2.26 in the messenger the share payload and the signed URL after the round trip hold no token', async () => {
  const { context, page, token } = await roundTrip(
    WECHAT_UA,
    '/m2/packageA/pages/live/live?roomid=496',
    '.chat',
    '/m2/packageA/pages/live/live'
  )
  await page.waitForFunction(
    () => {
      const rec = (
        window as unknown as { __wxSandbox?: { shares: unknown[]; configs: Array<{ valid: boolean | null }> } }
      ).__wxSandbox
      return !!rec && rec.shares.length > 0 && rec.configs.some((c) => c.valid === true)
    },
    null,
    { timeout: WAIT_MS }
  )
  const rec = await page.evaluate(() => (window as unknown as { __wxSandbox: unknown }).__wxSandbox)
  const text = JSON.stringify(rec)
  assert.ok(!text.includes(token), `no token in the SDK's configs or shares: ${text.slice(0, 400)}`)
  assert.doesNotMatch(text, /tokentype=/)
  await context.close()
})
