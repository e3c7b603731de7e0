// Links into the web view in the H5 build: the URL handed to the web-view page is encoded once
// and decoded once, the page checks it itself (spec R2.19, R2.27, R2.28, R2.35). The reference server is the live
// host, so its activity pages (/activity/<name>) are on the whitelist.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { suite } from './harness'

const s = suite()

async function open(path: string): Promise<Page> {
  const page = await s.browser.newPage({ viewport: { width: 390, height: 844 } })
  await page.goto(`${s.server.origin}${path}`)
  return page
}

/** The web-view page's iframe: its src once set, and the heading of the page it shows. */
async function webView(page: Page): Promise<{ src: string; heading: string }> {
  await page.waitForURL(/\/m2\/packageB\/pages\/web\/web\?/)
  const iframe = page.locator('taro-web-view-core iframe')
  await iframe.waitFor({ state: 'attached' })
  const src = (await iframe.getAttribute('src')) ?? ''
  const heading =
    (await page.frameLocator('taro-web-view-core iframe').locator('h2').textContent({ timeout: 15000 })) ?? ''
  return { src, heading }
}

test('R2.27 startup /m2/?page=preview&id=1473 opens the external activity page in the web view', async () => {
  const page = await open('/m2/?page=preview&id=1473')
  const shown = await webView(page)
  assert.equal(shown.src, `${s.server.origin}/activity/preview-1473`)
  assert.equal(shown.heading, '太湖灯光秀 · 线上互动活动')
  // the location holds the URL encoded once
  assert.equal(new URL(page.url()).searchParams.get('url'), shown.src)
  await page.close()
})

test('R2.27 R2.29 tapping the home slide of preview 1473: the preview page hands over to the activity page', async () => {
  const page = await open('/m2/pages/home/home')
  const slide = page.locator('.home__slides .banner__slide:not(.banner__slide--copy) .banner__link').nth(3)
  await slide.waitFor({ state: 'attached' })
  await slide.dispatchEvent('click')
  const shown = await webView(page)
  assert.equal(shown.src, `${s.server.origin}/activity/preview-1473`)
  assert.equal(shown.heading, '太湖灯光秀 · 线上互动活动')
  // the web view took the preview page's place: back returns home
  await page.goBack()
  await page.waitForURL(/\/m2\/pages\/home\/home/)
  await page.close()
})

test('R2.28 R2.35 a whitelisted http link (the saved post-login redirect, restored at startup) opens in the web view', async () => {
  // the storage is written from a page of the origin that runs no app code
  const page = await open('/activity/rain-records')
  const link = `${s.server.origin}/activity/lottery-records?from=登录&x=a%2Fb`
  // as the app saves it (src/router/redirect.ts): a { data } record, which Taro's H5 storage wraps in its own { data }
  await page.evaluate((link) => localStorage.setItem('login_redirect', JSON.stringify({ data: { data: link } })), link)
  await page.goto(`${s.server.origin}/m2/pages/home/home`)
  const shown = await webView(page)
  assert.equal(shown.src, `${s.server.origin}/activity/lottery-records?from=${encodeURIComponent('登录')}&x=a%2Fb`)
  assert.equal(shown.heading, '我的抽奖记录')
  await page.close()
})

test('R2.35 the web-view page refuses a url off the whitelist by itself: 链接无效, no iframe', async () => {
  for (const url of [
    'https://127.0.0.1:443@evil.example/',
    'https://evil.example\\.127.0.0.1/',
    'javascript:alert(document.cookie)'
  ]) {
    const page = await open(`/m2/packageB/pages/web/web?url=${encodeURIComponent(url)}`)
    await page.locator('.page-state--error:visible').waitFor()
    assert.equal(await page.locator('.page-state--error:visible').textContent(), '链接无效')
    assert.equal(await page.locator('taro-web-view-core').count(), 0)
    await page.close()
  }
})
