// The H5 build in Chromium: /m2/ routing, the tab bar, tab switching, the 404 hook (spec R2.1, R2.2–R2.6, R2.41).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { chromium, type Page } from 'playwright-core'
import { appEnv } from '../config/env'
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE, suite } from './harness'

const s = suite()

async function open(path: string): Promise<Page> {
  const page = await s.browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 })
  await page.goto(`${s.server.origin}${path}`)
  return page
}

test('R2.1 R2.2 R1.20 /m2/pages/home/home loads from /m2/ with the tab bar, 直播 marked in the theme #ff8300 (its text in the AA pair #b34f00)', async () => {
  const page = await open('/m2/pages/home/home')
  const requests: string[] = []
  page.on('request', (r) => requests.push(new URL(r.url()).pathname))
  await page.waitForSelector('.tab-bar__item')
  const tabs = await page.$$eval('.tab-bar__item', (els) =>
    els.map((e) => (e.textContent || '').replace(/[^\u4e00-\u9fa5]/g, ''))
  )
  assert.deepEqual(tabs, ['直播', '主播', '视听', '我的'])
  const home = await page.$eval('[data-tab="home"]', (e) => ({
    mark: getComputedStyle(e).borderTopColor,
    text: getComputedStyle(e).color
  }))
  assert.deepEqual(home, { mark: 'rgb(255, 131, 0)', text: 'rgb(179, 79, 0)' })
  const other = await page.$eval('[data-tab="media"]', (e) => getComputedStyle(e).borderTopColor)
  assert.equal(other, 'rgba(0, 0, 0, 0)')
  const scripts = await page.$$eval('script[src]', (els) => els.map((e) => (e as HTMLScriptElement).src))
  assert.ok(scripts.length > 0)
  // The app's own scripts (entry and page chunks) come from /m2/; the configured third-party scripts (analytics, the
  // messenger's JS-SDK) come from wherever the configuration points.
  const env = appEnv({})
  const thirdParty = [env.TARO_APP_ANALYTICS_URL, env.TARO_APP_JSSDK_URL].map(
    (u) => new URL(u, s.server.origin).pathname
  )
  const own = scripts.map((src) => new URL(src).pathname).filter((p) => !thirdParty.includes(p))
  assert.ok(own.length > 0)
  for (const p of own) assert.match(p, /^\/m2\//)
  await page.close()
})

/**
 * Taps a tab of the visible page. The click is dispatched on the element once it is visible: under CI load Playwright
 * sometimes never judged the fixed tab bar "stable" during a page switch, and what is tested here is the switch.
 */
async function tapTab(page: Page, key: string) {
  const tab = page.locator(`[data-tab="${key}"]:visible`)
  await tab.waitFor()
  await tab.dispatchEvent('click')
}

test('R2.6 tapping a tab switches to its page under /m2/', async () => {
  const page = await open('/m2/pages/home/home')
  await tapTab(page, 'media')
  await page.waitForURL(/\/m2\/pages\/media\/media/)
  await page.locator('.page__title:visible', { hasText: '视听' }).waitFor()
  const mark = await page.locator('[data-tab="media"]:visible').evaluate((e) => getComputedStyle(e).borderTopColor)
  assert.equal(mark, 'rgb(255, 131, 0)')
  await tapTab(page, 'user')
  await page.waitForURL(/\/m2\/pages\/user\/user/)
  await tapTab(page, 'home')
  await page.waitForURL(/\/m2\/pages\/home\/home/)
  await page.close()
})

test('R2.41 an unknown route shows the 404 screen through the page-not-found hook', async () => {
  const page = await open('/m2/pages/nowhere/nowhere')
  await page.waitForSelector('.not-found')
  assert.equal(await page.$eval('.not-found__code', (e) => e.textContent), '404')
  assert.equal(await page.$eval('.not-found__text', (e) => e.textContent), '页面不存在')
  await page.close()
})

test('R2.41 R2.15 the alias table: /m2/binhu717 opens the hubin featured page; canonical paths still work', async () => {
  const page = await open('/m2/binhu717')
  await page.waitForSelector('.featured__cam--on')
  assert.equal(await page.$eval('.featured__cam--on', (e) => e.getAttribute('data-room')), '172')
  await page.goto(`${s.server.origin}/m2/packageA/featured/hubin/hubin`)
  await page.waitForSelector('.featured__cam--on')
  assert.equal(await page.$('.not-found'), null)
  await page.close()
})

/** The features Chromium turns off when Playwright launches it with `args`: Chromium reads its last `--disable-features`. */
async function disabledFeatures(args: string[]): Promise<string[]> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_EXECUTABLE, args })
  try {
    const last = server
      .process()
      .spawnargs.filter((a) => a.startsWith('--disable-features='))
      .pop()
    return (last ?? '--disable-features=').slice('--disable-features='.length).split(',').filter(Boolean)
  } finally {
    await server.close()
  }
}

test('the browser tests’ Chromium keeps every feature Playwright turns off, and builds no address-bar popup per window', async () => {
  const playwrights = await disabledFeatures(['--headless', '--no-sandbox', '--disable-gpu'])
  assert.ok(playwrights.length > 0, 'Playwright’s launch names the features it turns off')
  const ours = await disabledFeatures(CHROMIUM_ARGS)
  assert.deepEqual(
    playwrights.filter((f) => !ours.includes(f)),
    [],
    'PLAYWRIGHT_DISABLED_FEATURES (e2e/harness.ts) lacks these of Playwright’s own'
  )
  // a context and its page, as each test opens them: the only target is the page itself
  const context = await s.browser.newContext()
  try {
    const page = await context.newPage()
    await page.goto(`${s.server.origin}/m2/pages/user/user`)
    const cdp = await s.browser.newBrowserCDPSession()
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] }
    await cdp.detach()
    // the page's own dedicated workers aside: the fingerprint's WebGL read-out runs in one for up to a second
    // (src/platform/fingerprint.h5.ts), still there on a busy machine when the targets are read
    assert.deepEqual(
      targetInfos.filter((t) => t.type !== 'page' && t.type !== 'worker').map((t) => `${t.type} ${t.url}`),
      [],
      'no browser UI of its own beside the pages'
    )
  } finally {
    await context.close()
  }
})
