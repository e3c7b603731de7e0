// Accessibility in Chromium against the real H5 build and reference server: axe-core finds no
// serious or critical violation on any screen of the route map (spec section 2) with realistic queries; the
// viewport lets people zoom; the flying danmaku is hidden from screen readers while the chat list is a polite log
// that goes quiet when the room is busy; with reduced motion asked for, no danmaku flies.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { BrowserContext, Page } from 'playwright-core'
import {
  CHAT_READY,
  HOME_READY,
  injectChat,
  visitorAndMember,
  roomSocketWelcomed,
  seriousAxeViolations,
  showAllOfHome,
  suite,
  type AxeViolation,
  WAIT_MS
} from './harness'
import { openScreen, SCREENS, screenPath } from './screens'

const VIEWPORT = { width: 390, height: 844 }
let visitor: BrowserContext
let member: BrowserContext

const s = suite(async ({ browser, server }) => {
  ;({ visitor, member } = await visitorAndMember(browser, server.origin, { viewport: VIEWPORT }))
})

/** Rule id, impact, what it asks, and where: the failure message lists every serious or critical violation. */
function describe(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.id} [${v.impact}] ${v.help}\n${v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${(n.failureSummary || '').replace(/\s+/g, ' ').slice(0, 200)}`).join('\n')}`
    )
    .join('\n')
}

// one page for each context, taken from screen to screen: a new page costs the browser about as much as the load itself
// (docs/testing.md), and each screen's own load starts it afresh (a new document; the context's storage as it was)
const screenPages = new Map<BrowserContext, Page>()
async function screenPage(context: BrowserContext): Promise<Page> {
  const open = screenPages.get(context)
  if (open && !open.isClosed()) return open
  const page = await context.newPage()
  screenPages.set(context, page)
  return page
}

for (const screen of SCREENS) {
  test(`${screen.name} has no serious or critical axe violation`, async () => {
    const page = await screenPage(screen.login ? member : visitor)
    await openScreen(page, screen, s.server.origin)
    if (screen.scrollAll) await showAllOfHome(page)
    // late images and counts: every image loaded (or failed) and no request for more pending
    await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete), null, { timeout: WAIT_MS })
    const found = await seriousAxeViolations(page, { exclude: screen.exclude })
    assert.equal(found.length, 0, `${screen.name} (${screenPath(screen, s.server.origin)}):\n${describe(found)}`)
  })
}

// The check itself: what the screens above must not have, planted in a page, is found (axe runs in the page, its
// violations reported in full: seriousAxeViolations), inside an included part and not in an excluded one.
test('the axe check finds a button without a name and grey-on-white text planted in a page, where it looks', async () => {
  const page = await visitor.newPage()
  try {
    await page.goto(`${s.server.origin}/m2/pages/nowhere/nowhere`)
    await page.waitForSelector('.not-found')
    await page.evaluate(() => {
      const planted = document.createElement('div')
      planted.className = 'planted'
      planted.innerHTML =
        '<button type="button"></button><p style="color:#bbb;background:#fff;font-size:14px">灰色的小字</p>'
      document.querySelector('.not-found')!.appendChild(planted)
    })
    const ids = (found: AxeViolation[]) => found.map((v) => v.id).sort()
    assert.deepEqual(ids(await seriousAxeViolations(page)), ['button-name', 'color-contrast'])
    assert.deepEqual(ids(await seriousAxeViolations(page, { include: '.planted' })), ['button-name', 'color-contrast'])
    assert.deepEqual(ids(await seriousAxeViolations(page, { exclude: [['.planted']] })), [])
  } finally {
    await page.close()
  }
})

// The text drawn over a cover (a room's 人在看 count) is read against the cover's grey placeholder too, as a slow network
// shows it while the pictures are on their way.
test('home while its covers are still loading has no serious or critical axe violation', async () => {
  const page = await visitor.newPage()
  try {
    // the covers never arrive while the page is checked
    await page.route(/\/img\/room\//, () => undefined)
    // not until the load event: a cover asked for before it (the app is quick to render its rooms) would hold it
    await page.goto(`${s.server.origin}/m2/pages/home/home`, { waitUntil: 'domcontentloaded' })
    await page.waitForSelector('.card-item__meta')
    const found = await seriousAxeViolations(page)
    assert.equal(found.length, 0, `home, covers loading:\n${describe(found)}`)
  } finally {
    await page.close()
  }
})

test('the viewport lets people zoom, and the page has a title and a description', async () => {
  const page = await visitor.newPage()
  await page.goto(`${s.server.origin}/m2/pages/home/home`)
  const head = await page.evaluate(() => ({
    viewport: document.querySelector('meta[name="viewport"]')?.getAttribute('content') || '',
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') || '',
    title: document.title
  }))
  assert.match(head.viewport, /width=device-width/)
  assert.doesNotMatch(head.viewport, /user-scalable\s*=\s*(no|0)/i)
  const max = /maximum-scale\s*=\s*([\d.]+)/i.exec(head.viewport)
  assert.ok(!max || Number(max[1]) >= 5, `maximum-scale ${max?.[1]} keeps people from zooming`)
  // the defaults of config/env.ts: brand 慧直播, description 城市台直播与点播
  assert.match(head.description, /慧直播/)
  assert.match(head.description, /城市台直播与点播/)
  assert.ok(head.title.length > 0)
  await page.close()
})

test('the Tab key reaches every section of home: each one further down is drawn before focus gets to it', async () => {
  const page = await visitor.newPage()
  await page.goto(`${s.server.origin}/m2/pages/home/home`)
  await page.waitForSelector(HOME_READY)
  let reached = false
  for (let i = 0; i < 400 && !reached; i++) {
    await page.keyboard.press('Tab')
    reached = await page.evaluate(() => !!document.activeElement?.closest('.home__rooms'))
  }
  assert.ok(reached, 'focus never reached the room list at the bottom of home')
  assert.equal(await page.locator('[id^="near-viewport-"]').count(), 0)
  await page.close()
})

const ROOM = 307 // on air in the seed
/** An ended room: no chat in the seed. */
const EMPTY_ROOM = 305

async function openRoom(context: BrowserContext, room = ROOM): Promise<Page> {
  const page = await context.newPage()
  const joined = roomSocketWelcomed(page)
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=${room}`)
  await page.waitForSelector(CHAT_READY) // today's history
  await joined // the room socket has joined
  return page
}

const chatRows = (page: Page) =>
  page.$$eval('.chat__msg', (els) => els.map((e) => e.getAttribute('data-msg-id')).join(','))

test('the album’s photo viewer: a dialog named 图片预览 with 关闭 focused and each photo’s text; Back closes it and keeps the album; 关闭 and Esc close it, focus back on the photo', async () => {
  const page = await visitor.newPage()
  // into album 1 as a viewer goes there: room 496's 相册 tab, a route inside the app
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=496`)
  await page.locator('.live__tab', { hasText: '相册' }).click({ timeout: WAIT_MS })
  await Promise.all([
    page.waitForURL(/\/m2\/packageB\/pages\/album\/album\?id=1$/, { timeout: WAIT_MS }),
    page.getByText('查看相册').click({ timeout: WAIT_MS })
  ])
  const thumbs = page.locator('.album__img')
  await thumbs.nth(2).waitFor({ timeout: WAIT_MS })
  const shown = await thumbs.count()
  const alt = await thumbs.nth(2).locator('img').getAttribute('alt')
  assert.ok(alt, 'the thumbnail has its text')
  // the album as it is: the same page (not loaded again) is still there after each close
  await page.evaluate(() => Object.assign(document.querySelector('.album')!, { __kept: true }))
  const focused = () =>
    page.evaluate(() => document.activeElement?.closest('.photo-viewer__close, .album__img')?.className)
  const count = page.locator('.photo-viewer__count')

  await thumbs.nth(2).click()
  const dialog = page.getByRole('dialog', { name: '图片预览' })
  await dialog.waitFor({ timeout: WAIT_MS })
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), '关闭')
  assert.equal(await count.textContent(), `3 / ${shown}`)
  assert.equal(await dialog.getByRole('img', { name: alt }).count(), 1)
  assert.deepEqual(await seriousAxeViolations(page, { include: '.photo-viewer' }), [])
  await page.keyboard.press('ArrowRight')
  await page.locator('.photo-viewer__count', { hasText: `4 / ${shown}` }).waitFor({ timeout: WAIT_MS })

  // the phone's Back closes the viewer, not the album
  await page.goBack()
  await dialog.waitFor({ state: 'detached', timeout: WAIT_MS })
  assert.match(page.url(), /\/album\?id=1$/)
  assert.equal(
    await page.evaluate(() => (document.querySelector('.album') as { __kept?: boolean } | null)?.__kept),
    true
  )
  assert.match((await focused()) ?? '', /album__img/)

  await thumbs.nth(0).click()
  await dialog.waitFor({ timeout: WAIT_MS })
  await page.getByRole('button', { name: '关闭' }).click()
  await dialog.waitFor({ state: 'detached', timeout: WAIT_MS })
  assert.match((await focused()) ?? '', /album__img/)
  await thumbs.nth(1).click()
  await dialog.waitFor({ timeout: WAIT_MS })
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached', timeout: WAIT_MS })
  assert.equal(
    await page.evaluate(() => (document.querySelector('.album') as { __kept?: boolean } | null)?.__kept),
    true
  )
  // a viewer closed leaves no step behind: Back goes to the room
  await page.goBack()
  await page.waitForURL(/\/live\?roomid=496$/, { timeout: WAIT_MS })

  // a reload with the viewer open reloads the album without the browser's 离开此网站? (nothing there to lose)
  const asked: string[] = []
  page.on('dialog', (d) => {
    asked.push(d.type())
    void d.accept()
  })
  await page.goto(`${s.server.origin}/m2/packageB/pages/album/album?id=1`)
  await thumbs.nth(1).click({ timeout: WAIT_MS })
  await dialog.waitFor({ timeout: WAIT_MS })
  await page.reload()
  await thumbs.nth(1).waitFor({ timeout: WAIT_MS })
  assert.deepEqual(asked, [])
  assert.equal(await dialog.count(), 0)
  await page.close()
})

test('the flying danmaku is hidden from screen readers; the chat list is a log that goes quiet when busy', async () => {
  const page = await openRoom(visitor)
  const list = page.locator('.chat__list')
  assert.equal(await list.getAttribute('role'), 'log')
  assert.equal(await list.getAttribute('aria-live'), 'polite')
  // the list's quiet spell is seen by the page itself (a busy test process may look after it has ended)
  await list.evaluate((el) => {
    new MutationObserver(() => {
      if (el.getAttribute('aria-live') === 'off') el.setAttribute('data-was-quiet', '')
    }).observe(el, { attributes: true, attributeFilter: ['aria-live'] })
  })
  await injectChat(s.server.origin, ROOM, 10, 3) // 10 a second: more than the 2 a second a polite region keeps up with
  await page.waitForSelector('.danmaku__item')
  assert.equal(await page.locator('.danmaku').getAttribute('aria-hidden'), 'true')
  await page.waitForSelector('.chat__list[data-was-quiet]', { state: 'attached', timeout: WAIT_MS })
  // calm again: it speaks again
  await page.waitForFunction(
    () => document.querySelector('.chat__list')?.getAttribute('aria-live') === 'polite',
    null,
    { timeout: WAIT_MS }
  )
  await page.close()
})

test('R9.7 a room with no chat today shows 还没有人发言，来说两句吧 inside the log region, and the first message joins that region', async () => {
  const page = await openRoom(visitor, EMPTY_ROOM)
  const list = page.locator('.chat__list')
  assert.equal(await list.getAttribute('role'), 'log')
  assert.equal(await list.getAttribute('aria-live'), 'polite')
  assert.equal(await list.getAttribute('aria-label'), '聊天消息')
  assert.equal(await page.locator('.chat__empty').textContent(), '还没有人发言，来说两句吧')
  await list.evaluate((el) => Object.assign(el, { __known: true }))
  await injectChat(s.server.origin, EMPTY_ROOM, 1, 1)
  await page.waitForSelector('.chat__msg', { timeout: WAIT_MS })
  // the region a screen reader already knows gets the message: not a new element in its place
  assert.equal(
    await page.$eval('.chat__msg', (e) => (e.closest('[role="log"]') as { __known?: boolean } | null)?.__known),
    true
  )
  assert.equal(await page.locator('.chat__empty').count(), 0)
  await page.close()
})

test('with reduced motion asked for, no danmaku flies while the chat list still gets every message', async () => {
  const moving = await openRoom(visitor)
  const calm = await s.browser.newContext({ viewport: VIEWPORT, reducedMotion: 'reduce' })
  const still = await openRoom(calm)
  const before = await chatRows(still)
  await injectChat(s.server.origin, ROOM, 5, 3)
  // the same messages reach both; in the default context they fly
  await moving.waitForSelector('.danmaku__item')
  const animation = await moving.$eval('.danmaku__item', (e) => getComputedStyle(e).animationName)
  assert.equal(animation, 'danmaku-fly')
  await still.waitForFunction(
    (b) =>
      Array.from(document.querySelectorAll('.chat__msg'))
        .map((e) => e.getAttribute('data-msg-id'))
        .join(',') !== b,
    before,
    { timeout: WAIT_MS }
  )
  // a pause that is the behaviour: for 1.5 s after the message came, nothing starts to fly
  await still.waitForTimeout(1500)
  const flying = await still.$$eval(
    '.danmaku__item',
    (els) =>
      els.filter((e) => getComputedStyle(e).animationName !== 'none' && getComputedStyle(e).visibility !== 'hidden')
        .length
  )
  assert.equal(flying, 0, 'no danmaku item animates under prefers-reduced-motion')
  await moving.close()
  await calm.close()
})
