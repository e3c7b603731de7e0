// Links in the H5 build. Into the web view: the URL handed to the web-view page is encoded once and decoded once, the
// page checks it itself (spec R2.19, R2.27, R2.28, R2.35). The reference server is the live host, so its activity
// pages (/activity/<name>) are on the whitelist, and its links to the app's own pages (the home menu's, absolute on
// the main host) open those pages, never the app inside its own web view (R2.41). The login a room asks for comes
// back to that room, whichever of its paths was opened (R4.6).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import {
  callAsViewer as api,
  HOME_READY,
  recordToasts,
  submitLoginForm,
  suite,
  toastsSeen,
  waitForToast,
  WAIT_MS
} from './harness'

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
    (await page.frameLocator('taro-web-view-core iframe').locator('h2').textContent({ timeout: WAIT_MS })) ?? ''
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

/** The page shown is the app's own, at `path` (under /m2/), and holds no web view. */
async function ownPage(page: Page, path: string) {
  // a failure says where the tap led instead (another page, the web view, or nowhere)
  await page
    .waitForURL((u) => `${u.pathname}${u.search}` === `/m2${path}`, { timeout: WAIT_MS })
    .catch((e: Error) => {
      throw new Error(`expected /m2${path}, the page is at ${page.url()}: ${e.message}`)
    })
  // the page has drawn (its chunk came), and it is no web-view page with the app in an iframe
  await page.waitForFunction(() => {
    const pages = document.querySelectorAll('.taro_page')
    return pages.length > 0 && pages[pages.length - 1].childElementCount > 0
  })
  assert.equal(await page.locator('taro-web-view-core, iframe').count(), 0, `${path}: no web view, no iframe`)
}

const MENU: Array<[string, string]> = [
  ['直播', '/pages/list/list?type=live'],
  ['回放', '/pages/list/list?type=playback'],
  ['预告', '/pages/list/list?type=event'],
  ['慢直播', '/packageA/featured/wuxilcb/wuxilcb'],
  ['相册', '/packageB/pages/album/album?id=1'],
  ['图文', '/packageA/pages/timeline/timeline?id=1'],
  ['充值', '/packageB/pages/deposit/deposit']
]

test('R2.41 R2.42 each home menu entry (absolute links of the main host) opens the app’s own page, not the web view', async () => {
  const page = await open('/m2/pages/home/home')
  await page.waitForSelector(HOME_READY)
  // the menu's links as the server answers them: absolute, on the live host
  const links = await page.evaluate(() =>
    fetch('/api/v1/userapp/index', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ version: '1.0.0', platform: 'h5' })
    }).then((r) => r.json())
  )
  for (const [title, path] of MENU) {
    const item = links.data.menu.find((m: { title: string }) => m.title === title)
    assert.equal(item.url, `${s.server.origin}/m2${path}`, `${title}: an absolute link of the main host`)
  }
  for (const [title, path] of MENU) {
    await page.locator('.home__menu-item', { hasText: title }).first().click()
    await ownPage(page, path)
    await page.goBack()
    await page.waitForURL(/\/m2\/pages\/home\/home$/)
    await page.waitForSelector(HOME_READY)
  }
  await page.close()
})

test('R2.41 R2.35 a main-host link with or without /m2/ and by a short path opens the page; another path the web view', async () => {
  const cases: Array<[string, string | null]> = [
    ['/m2/pages/list/list?type=live', '/pages/list/list?type=live'],
    ['/pages/list/list?type=event', '/pages/list/list?type=event'],
    ['/m2/live?roomid=306', '/packageA/pages/live/live?roomid=306'],
    ['/binhu717', '/packageA/featured/hubin/hubin'],
    ['/activity/lottery-records', null]
  ]
  for (const [link, path] of cases) {
    const page = await s.browser.newPage({ viewport: { width: 390, height: 844 } })
    // the first menu entry links there, as the server could answer it
    await page.route('**/api/v1/userapp/index', async (route) => {
      const response = await route.fetch()
      const body = await response.json()
      body.data.menu[0].url = `${s.server.origin}${link}`
      await route.fulfill({ response, json: body })
    })
    await page.goto(`${s.server.origin}/m2/pages/home/home`)
    await page.waitForSelector(HOME_READY)
    await page.locator('.home__menu-item').first().click()
    if (path) await ownPage(page, path)
    else assert.equal((await webView(page)).src, `${s.server.origin}${link}`)
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await page.close()
  }
})

test('R4.6 R2.41 R4.26 关注 in a room opened by its short path, 去登录, log in: back in the room, followed, and Back stays in the app', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await recordToasts(page)
  await page.goto(`${s.server.origin}/m2/live?roomid=301`)
  assert.equal(await page.locator('.room-header__follow:visible').textContent(), '+ 关注')
  await page.locator('.room-header__follow:visible').click()
  const confirm = page.locator('.taro-model__confirm:visible')
  await confirm.waitFor()
  assert.equal(await confirm.textContent(), '去登录')
  // the theme's text colour (#b34f00, 5.2:1 on the modal's white), not WeChat green
  assert.equal(await confirm.evaluate((e) => getComputedStyle(e).color), 'rgb(179, 79, 0)')
  await Promise.all([page.waitForURL(/\/m2\/pages\/user\/user/), confirm.click()])
  // the login button in the theme: white on #b34f00 (5.2:1), not Taro's default grey
  const submit = page.locator('.user-form__submit:visible').first()
  await submit.waitFor()
  assert.deepEqual(await submit.evaluate((e) => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color]), [
    'rgb(179, 79, 0)',
    'rgb(255, 255, 255)'
  ])
  await submitLoginForm(page)
  await page.waitForURL(/\/m2\/packageA\/pages\/live\/live\?roomid=301$/, { timeout: WAIT_MS })
  // the tap the visitor made is done for them once back: the room shows 已关注, and the server has the follow
  await waitForToast(page, '关注成功')
  await page.locator('.room-header__follow:visible', { hasText: '已关注' }).waitFor({ timeout: WAIT_MS })
  assert.equal((await api(page, '/api/v1/userapp/isfollow', { roomid: 301 })).data?.isfollow, 1)
  // Back: the app's 我的 (where the login was), not the page before the app
  await page.goBack()
  await page.waitForURL(/\/m2\/pages\/user\/user/)
  await page.locator('.user-profile').waitFor({ timeout: WAIT_MS })
  await context.close()
})

test('R4.6 R4.27 预约提醒 on a teaser as a visitor, 去登录, log in: back on the teaser, the reminder set once, counted', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await recordToasts(page)
  await page.goto(`${s.server.origin}/m2/packageA/pages/preview/preview?id=1471`)
  const button = page.locator('.preview__btn')
  await button.waitFor({ timeout: WAIT_MS })
  assert.equal(await button.textContent(), '预约提醒')
  const before = Number((await page.locator('.preview__sub').textContent())?.match(/\d+/)?.[0])
  await button.click()
  const confirm = page.locator('.taro-model__confirm:visible')
  await confirm.waitFor({ timeout: WAIT_MS })
  await Promise.all([page.waitForURL(/\/m2\/pages\/user\/user/, { timeout: WAIT_MS }), confirm.click()])
  await submitLoginForm(page)
  await page.waitForURL(/\/m2\/packageA\/pages\/preview\/preview\?id=1471$/, { timeout: WAIT_MS })
  await waitForToast(page, '预约成功，开播时提醒您')
  await page.locator('.preview__btn', { hasText: '已预约' }).waitFor({ timeout: WAIT_MS })
  await page.locator('.preview__sub', { hasText: `${before + 1}人已预约` }).waitFor({ timeout: WAIT_MS })
  // one toast of the outcome, not a second reminder
  assert.deepEqual(
    (await toastsSeen(page)).filter((t) => t.startsWith('预约')),
    ['预约成功，开播时提醒您']
  )
  await context.close()
})

test('R4.6 R5.6 a visitor’s chat message: 发送 asks for a login, and back in the room the box still holds it; 发送 sends it', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=307`)
  const input = page.locator('.chat__bar input:visible, input.chat__input:visible').first()
  await input.waitFor({ timeout: WAIT_MS })
  const text = `登录前写好的 ${Date.now() % 100000}`
  await input.fill(text)
  await page.locator('.chat__send:visible').click()
  const confirm = page.locator('.taro-model__confirm:visible')
  await confirm.waitFor({ timeout: WAIT_MS })
  assert.equal(await confirm.textContent(), '去登录')
  await Promise.all([page.waitForURL(/\/m2\/pages\/user\/user/, { timeout: WAIT_MS }), confirm.click()])
  await submitLoginForm(page)
  await page.waitForURL(/\/m2\/packageA\/pages\/live\/live\?roomid=307$/, { timeout: WAIT_MS })
  const again = page.locator('.chat__bar input:visible, input.chat__input:visible').first()
  await again.waitFor({ timeout: WAIT_MS })
  assert.equal(await again.inputValue(), text)
  // not sent for the viewer: they send it
  assert.equal(await page.locator('.chat__msg', { hasText: text }).count(), 0)
  await page.locator('.chat__send:visible').click()
  await page.locator('.chat__msg', { hasText: text }).first().waitFor({ timeout: WAIT_MS })
  assert.equal(await again.inputValue(), '')
  await context.close()
})

test('R4.6 R7.82 a visitor’s playback comment: 评论 asks for a login, and back on the playback the box still holds it', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await page.goto(`${s.server.origin}/m2/packageA/pages/playback/playback?id=5001`)
  const box = '.playback__comments .playback__input input, .playback__comments input.playback__input'
  await page.locator(box).waitFor({ timeout: WAIT_MS })
  const comment = `登录前的评论 ${Date.now() % 100000}`
  await page.fill(box, comment)
  await page.locator('.playback__comments .playback__send').click()
  const confirm = page.locator('.taro-model__confirm:visible')
  await confirm.waitFor({ timeout: WAIT_MS })
  await Promise.all([page.waitForURL(/\/m2\/pages\/user\/user/, { timeout: WAIT_MS }), confirm.click()])
  await submitLoginForm(page)
  await page.waitForURL(/\/m2\/packageA\/pages\/playback\/playback\?id=5001$/, { timeout: WAIT_MS })
  await page.locator(box).waitFor({ timeout: WAIT_MS })
  assert.equal(await page.locator(box).inputValue(), comment)
  await context.close()
})
