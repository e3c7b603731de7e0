// The pages' layout in Chromium against the real H5 build and server, at phone widths (320, 360, 390) and on a laptop:
// the live room's chat box in view and uncovered in every state (a paid room's trial and after it, a closed chat,
// each kind of activity card open), every card's buttons in reach, the chat beside the video on a wide window, a
// card that arrives while the room loads moving nothing; no page wider than the screen, no text input covered; and
// the top bar that leads back (or home) on every page that is not a tab.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { BrowserContext, Page } from 'playwright-core'
import {
  HOME_READY,
  afterMessengerLogin,
  closeRouted,
  eventually,
  loginThroughUserPage,
  suite,
  WAIT_MS,
  SHOTS_DIR
} from './harness'
import { PAGE_CASES } from '../weapp-sim/cases'
import { PAGE_PATHS, TAB_PAGES } from '../src/router/pages'
import { SEED_IDS } from '../server/db/seed-ids'

const s = suite()

const PHONES = [
  { width: 360, height: 640 },
  { width: 390, height: 844 }
]
const MOBILE_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36'
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN'

/**
 * What the tests read in the page, as plain script (installed before the app runs): whether a box is in view and
 * what a tap at its centre reaches, the elements past the screen's edges, the layout shifts so far.
 */
const PROBES = `
window.__shifts = 0;
try {
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (e) { if (!e.hadRecentInput) window.__shifts += e.value; });
  }).observe({ type: 'layout-shift', buffered: true });
} catch (e) {}
window.__describe = function (el) {
  if (!el) return 'nothing';
  var cls = typeof el.className === 'string' ? el.className : '';
  return el.tagName.toLowerCase() + (cls ? '.' + cls.trim().split(/\\s+/).join('.') : '');
};
/** null when the element's centre is in the viewport and a tap there reaches it (or something inside it), else why not */
window.__blocked = function (el) {
  var r = el.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0) return 'no size';
  var x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)
    return 'outside the viewport ' + JSON.stringify([r.left, r.top, r.right, r.bottom]);
  var hit = document.elementFromPoint(x, y);
  if (hit && (hit === el || el.contains(hit))) return null;
  return 'covered by ' + window.__describe(hit);
};
window.__visible = function (el) {
  var st = getComputedStyle(el);
  if (st.display === 'none' || st.visibility === 'hidden' || Number(st.opacity) === 0) return false;
  var r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
};
/**
 * whether an ancestor hides the element's overflow sideways (a carousel, the flying danmaku) or is a sideways scroller
 * (a row of chips) inside the page. A box that scrolls up and down only (a list) computes overflow-x auto as well, and
 * what passes its edge makes it move sideways: that is no clip; nor is the page's own box, the screen's edge.
 */
window.__clipped = function (el) {
  for (var a = el.parentElement; a && a !== document.body; a = a.parentElement) {
    // the page's own box (and the router's around it) is the screen: what it cuts off is cut off the screen
    if (a.classList.contains('taro_page') || !a.closest('.taro_page')) return false;
    var st = getComputedStyle(a);
    if (st.overflowX === 'hidden' || st.overflowX === 'clip') return true;
    if ((st.overflowX === 'auto' || st.overflowX === 'scroll') && !(st.overflowY === 'auto' || st.overflowY === 'scroll'))
      return true;
  }
  return false;
};
/** the visible elements whose box starts left of 0 or ends past the viewport's right edge, unclipped */
window.__overflowing = function () {
  var out = [];
  var w = document.documentElement.clientWidth;
  var all = document.body.querySelectorAll('*');
  for (var i = 0; i < all.length; i++) {
    var el = all[i];
    if (el.closest('[aria-hidden="true"]') && el.closest('#first-screen')) continue;
    var r = el.getBoundingClientRect();
    var right = Math.round(r.right * 100) / 100, left = Math.round(r.left * 100) / 100;
    if (right <= w && left >= 0) continue;
    if (!window.__visible(el) || window.__clipped(el)) continue;
    out.push(window.__describe(el) + ' ' + left + '→' + right + ' (' + (el.textContent || '').trim().slice(0, 20) + ')');
  }
  return out;
};
/** the visible text inputs a tap cannot reach (each scrolled into view first) */
window.__coveredInputs = function () {
  var out = [];
  var inputs = document.querySelectorAll('input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea');
  for (var i = 0; i < inputs.length; i++) {
    var el = inputs[i];
    if (!window.__visible(el)) continue;
    el.scrollIntoView({ block: 'center', inline: 'nearest' });
    var why = window.__blocked(el);
    if (why) out.push(window.__describe(el) + ': ' + why);
  }
  return out;
};
`

async function phone(viewport: { width: number; height: number }, userAgent = MOBILE_UA): Promise<BrowserContext> {
  const context = await s.browser.newContext({ viewport, userAgent, isMobile: true, hasTouch: true })
  await context.addInitScript({ content: PROBES })
  return context
}

const roomUrl = (roomId: number) => `${s.server.origin}/m2/packageA/pages/live/live?roomid=${roomId}`

/** Why the live room's chat box cannot be tapped (null: it can); waits for it first. */
async function chatBoxBlocked(page: Page): Promise<string | null> {
  await page.waitForSelector('.live .chat__input', { timeout: WAIT_MS })
  return page.$eval('.live .chat__input', (el) => (window as any).__blocked(el))
}

/** Starts an activity in a room with the demo control (`npm run demo -- <kind> <room>`). */
async function startActivity(roomId: number, kind: 'vote' | 'quiz' | 'rain' | 'lottery') {
  const path = { vote: 'vote', quiz: 'quiz', rain: 'rain/start', lottery: 'lottery/start?type=1' }[kind]
  const res = await fetch(`${s.server.origin}/dev/rooms/${roomId}/${path}`, { method: 'POST' })
  const body = (await res.json()) as { code: number }
  assert.equal(body.code, 1, `${kind} started in room ${roomId}: ${JSON.stringify(body)}`)
}

/**
 * Every button, option and input of the card at the front: scrolled into view inside the card's area (as a finger
 * scrolls it), each is reached by a tap at its centre, and the chat box stays uncovered meanwhile.
 */
async function assertCardReachable(page: Page, kind: string, where: string) {
  const card = `.act-card--${kind}`
  await page.waitForSelector(card, { timeout: WAIT_MS })
  const controls = page.locator(
    `${card} [role="button"], ${card} [role="radio"], ${card} [role="checkbox"], ${card} button, ${card} input`
  )
  const n = await controls.count()
  assert.ok(n > 0, `${where}: the ${kind} card has controls`)
  for (let i = 0; i < n; i++) {
    const control = controls.nth(i)
    if (!(await control.isVisible())) continue
    await control.scrollIntoViewIfNeeded()
    const why = await control.evaluate((el) => (window as any).__blocked(el))
    assert.equal(why, null, `${where}: the ${kind} card's control ${i} (${await control.textContent()}) is reachable`)
  }
  // the card's area ends above the chat box, which stays in view and uncovered
  const [area, input] = await Promise.all(
    ['.live .activities', '.live .chat__input'].map((sel) =>
      page.$eval(sel, (e) => e.getBoundingClientRect().toJSON() as DOMRect)
    )
  )
  assert.ok(area.bottom <= input.top + 0.5, `${where}: the ${kind} card ends above the chat box`)
  assert.equal(await chatBoxBlocked(page), null, `${where}: the chat box with the ${kind} card open`)
}

/** Brings the card of `kind` to the front (its chip) unless it is there. */
async function toFront(page: Page, kind: string) {
  if (await page.$(`.act-card--${kind}`)) return
  await page.click(`.activities__chip[data-kind="${kind}"]`)
  await page.waitForSelector(`.act-card--${kind}`)
}

test('R2.8 the live room’s chat box is in view and uncovered in rooms 301, 303, 306 and 318 at 360×640 and 390×844', async () => {
  for (const viewport of PHONES) {
    const context = await phone(viewport)
    // one page from room to room: each room's load is a new document (a new page costs about as much again)
    const page = await context.newPage()
    for (const roomId of [301, SEED_IDS.rooms.premium, SEED_IDS.rooms.onAirWithGoods, SEED_IDS.rooms.chatClosed]) {
      await page.goto(roomUrl(roomId))
      assert.equal(await chatBoxBlocked(page), null, `room ${roomId} at ${viewport.width}×${viewport.height}`)
      // the page itself never scrolls: the video's top stays at the top bar's foot
      const stage = await page.$eval('.live__stage', (e) => e.getBoundingClientRect().top)
      assert.ok(stage >= 0, `room ${roomId}: the video's top in view (${stage})`)
    }
    await context.close()
  }
})

test('R4.12 a paid room’s chat box stays uncovered during its trial and after it ends', async () => {
  for (const viewport of PHONES) {
    const context = await phone(viewport)
    const page = await context.newPage()
    // the room's trial made short in the info the app receives; the banner says when it ends
    await page.route('**/userapp/roominfo*', async (route) => {
      const response = await route.fetch()
      const body = await response.json()
      if (body.data?.id === SEED_IDS.rooms.premium) body.data.trial_seconds = 3
      await route.fulfill({ response, json: body })
    })
    await page.goto(roomUrl(SEED_IDS.rooms.premium))
    await page.waitForSelector('.premium-banner--trial', { timeout: WAIT_MS })
    assert.equal(await chatBoxBlocked(page), null, `during the trial at ${viewport.width}×${viewport.height}`)
    await page.waitForSelector('.premium-banner--trial_ended', { timeout: WAIT_MS })
    assert.equal(await chatBoxBlocked(page), null, `after the trial at ${viewport.width}×${viewport.height}`)
    await closeRouted(page)
    await context.close()
  }
})

test('R1.5 with a vote, quiz, rain or lottery card open the chat box stays uncovered and every card button is in reach', async () => {
  const kinds = ['vote', 'quiz', 'rain', 'lottery'] as const
  const rooms = [SEED_IDS.rooms.onAirWithGoods, SEED_IDS.rooms.chatClosed, 301]
  for (const roomId of rooms) for (const kind of kinds) await startActivity(roomId, kind)
  for (const viewport of PHONES) {
    const context = await phone(viewport)
    const page = await context.newPage()
    for (const roomId of rooms) {
      const where = `room ${roomId} at ${viewport.width}×${viewport.height}`
      await page.goto(roomUrl(roomId))
      await page.waitForSelector('.act-card', { timeout: WAIT_MS })
      for (const kind of kinds) {
        await toFront(page, kind)
        await assertCardReachable(page, kind, where)
      }
    }
    await context.close()
  }
})

test('R2.8 on a 1280×720 window the chat stands beside the video, the video’s top in view and a pushed vote in reach', async () => {
  const context = await s.browser.newContext({ viewport: { width: 1280, height: 720 } })
  await context.addInitScript({ content: PROBES })
  const page = await context.newPage()
  await page.goto(roomUrl(301))
  assert.equal(await chatBoxBlocked(page), null, 'the chat box at 1280×720')
  const rect = (sel: string) => page.$eval(sel, (e) => e.getBoundingClientRect().toJSON() as DOMRect)
  const [stage, side] = [await rect('.live__stage'), await rect('.live__tabs')]
  assert.ok(stage.top >= 0 && stage.bottom <= 720, `the whole video in view ${JSON.stringify(stage)}`)
  assert.ok(side.left >= stage.right - 0.5, `the chat column right of the video ${JSON.stringify({ stage, side })}`)
  assert.ok(side.top < stage.bottom && stage.top < side.bottom, 'side by side, not below')
  assert.ok(stage.width >= 640, `the video uses the width (${stage.width})`)
  await startActivity(301, 'vote')
  await assertCardReachable(page, 'vote', 'room 301 at 1280×720')
  assert.ok((await rect('.live__stage')).top >= 0, 'the video stays in view with the card')
  await page.screenshot({ path: `${SHOTS_DIR}/1-after-1280x720.png` })
  await context.close()
})

test('R1.5 a running vote that shows while room 496 loads moves nothing (layout shift under 0.1)', async (t) => {
  await startActivity(496, 'vote')
  for (const viewport of PHONES) {
    const context = await phone(viewport)
    const page = await context.newPage()
    await page.goto(roomUrl(496))
    await page.waitForSelector('.act-card--vote', { timeout: WAIT_MS })
    await page.waitForSelector('.live .chat__input', { timeout: WAIT_MS })
    // the card's entrance has ended, and a frame has been drawn since
    await page.waitForFunction(
      () =>
        document
          .querySelector('.live .activities')!
          .getAnimations()
          .every((a) => a.playState !== 'running'),
      undefined,
      { timeout: WAIT_MS }
    )
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
    const shifts = await page.evaluate(() => (window as any).__shifts as number)
    t.diagnostic(`room 496 at ${viewport.width}×${viewport.height}: layout shift ${shifts.toFixed(3)}`)
    assert.ok(shifts < 0.1, `layout shift ${shifts.toFixed(3)} at ${viewport.width}×${viewport.height}`)
    await page.close()
    await context.close()
  }
})

test('every page at 320, 360 and 390 wide: nothing past the screen’s edges, no text input covered', async () => {
  const routes = PAGE_CASES.map((c) => ({ route: c.route, query: new URLSearchParams(c.query).toString() }))
  // and the live room's other faces: the password prompt, a paid room's banner, a room with its group switcher
  const live = 'packageA/pages/live/live'
  const rooms = [SEED_IDS.rooms.password, SEED_IDS.rooms.premium, 301].map((id) => ({
    route: live,
    query: `roomid=${id}`
  }))
  // every page of the route map has its realistic link here
  assert.deepEqual(
    [...new Set(routes.map((r) => `/${r.route}`))].sort(),
    Object.values(PAGE_PATHS).sort(),
    'the sweep covers every page of src/router/pages.ts'
  )
  const problems: string[] = []
  for (const viewport of [
    { width: 320, height: 568 },
    { width: 360, height: 640 },
    { width: 390, height: 844 }
  ]) {
    for (const loggedIn of [false, true]) {
      const context = await phone(viewport)
      const page = await context.newPage()
      if (loggedIn) await loginThroughUserPage(page, s.server.origin)
      // logged in: the pages that differ for a member (我的, 关注, 充值) again
      const pages = loggedIn ? routes.filter((r) => /user\/user|follow|deposit/.test(r.route)) : [...routes, ...rooms]
      for (const { route, query } of pages) {
        const where = `${route}${query ? `?${query}` : ''} at ${viewport.width}${loggedIn ? ' (logged in)' : ''}`
        await page.goto(`${s.server.origin}/m2/${route}${query ? `?${query}` : ''}`)
        // the page has drawn its content: no loading state left, the pre-rendered first screen gone
        await page.waitForFunction(
          () =>
            !!document.querySelector('.taro_page') &&
            !document.querySelector('.page-state--loading') &&
            !document.getElementById('first-screen'),
          undefined,
          { timeout: WAIT_MS }
        )
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
        for (const o of await page.evaluate(() => (window as any).__overflowing() as string[]))
          problems.push(`${where}: ${o}`)
        for (const c of await page.evaluate(() => (window as any).__coveredInputs() as string[]))
          problems.push(`${where}: input ${c}`)
      }
      await page.close()
      await context.close()
    }
  }
  assert.deepEqual(problems, [])
})

test('R2.40 a live room opened from a link has 首页 in its top bar, one opened from home has 返回', async () => {
  const context = await phone({ width: 390, height: 844 })
  const page = await context.newPage()
  await page.goto(roomUrl(301))
  const home = page.locator('.top-bar__action')
  await home.waitFor({ timeout: WAIT_MS })
  assert.equal(await home.getAttribute('data-action'), 'home')
  assert.equal(await home.getAttribute('aria-label'), '回到首页')
  assert.equal(await home.evaluate((el) => (window as any).__blocked(el)), null, 'the home control can be tapped')
  await eventually(
    () => page.textContent('.top-bar__title'),
    (t) => !!t && t.includes('无锡新闻'),
    'the room’s title in the bar'
  )
  await home.click()
  await page.waitForSelector(HOME_READY, { timeout: WAIT_MS })
  assert.match(new URL(page.url()).pathname, /\/m2\/(pages\/home\/home)?$/)
  // the tab pages have no top bar
  assert.equal(await page.locator('.top-bar:visible').count(), 0, 'home has no top bar')

  // home → a room: 返回 goes back to home
  await page.click('.home__top-rooms .card-item')
  const back = page.locator('.taro_page:not([style*="display: none"]) .top-bar__action[data-action="back"]')
  await back.waitFor({ timeout: WAIT_MS })
  assert.equal(await back.getAttribute('aria-label'), '返回')
  await back.click()
  await page.waitForFunction(() => /\/pages\/home\/home$|\/m2\/?$/.test(location.pathname), undefined, {
    timeout: WAIT_MS
  })
  await page.waitForSelector(`${HOME_READY}`, { state: 'visible' })
  await context.close()
})

test('R2.40 every page that is not a tab has the top bar: a heading and a way out (首页 when opened from a link)', async () => {
  const tabs = new Set<string>(Object.values(TAB_PAGES))
  const context = await phone({ width: 390, height: 844 })
  const page = await context.newPage()
  const missing: string[] = []
  for (const c of PAGE_CASES.filter((c) => !tabs.has(c.route))) {
    const url = `${s.server.origin}/m2/${c.route}${c.query ? `?${new URLSearchParams(c.query)}` : ''}`
    await page.goto(url)
    const action = page.locator('.taro_page:not([style*="display: none"]) .top-bar__action').first()
    const found = await action.waitFor({ timeout: 15000 }).then(
      () => true,
      () => false
    )
    if (!found) missing.push(c.route)
    else if ((await action.getAttribute('data-action')) !== 'home')
      missing.push(`${c.route}: ${await action.getAttribute('data-action')}`)
  }
  assert.deepEqual(missing, [])
  await context.close()
})

test('R2.7 the 更多 list has its title in the top bar; inside WeChat its own bar stands alone', async () => {
  const context = await phone({ width: 390, height: 844 })
  const page = await context.newPage()
  await page.goto(`${s.server.origin}/m2/${TAB_PAGES.home}`)
  await page.waitForSelector(HOME_READY, { timeout: WAIT_MS })
  await page.goto(`${s.server.origin}/m2/pages/list/list?type=live`)
  await page.waitForSelector('.list-row', { timeout: WAIT_MS })
  await eventually(
    () => page.textContent('.top-bar__title'),
    (t) => t === '正在直播',
    'the list’s title'
  )
  // the rows start under the bar
  const [bar, row] = await Promise.all(
    ['.top-bar', '.list-row'].map((sel) => page.$eval(sel, (e) => e.getBoundingClientRect().toJSON() as DOMRect))
  )
  assert.ok(row.top >= bar.bottom - 0.5, 'the first row under the bar')
  await context.close()

  const wechat = await phone({ width: 390, height: 844 }, WECHAT_UA)
  const wx = await wechat.newPage()
  await wx.goto(`${s.server.origin}/m2/pages/list/list?type=live`)
  await afterMessengerLogin(wx)
  await wx.waitForSelector('.list-row', { timeout: WAIT_MS })
  assert.equal(await wx.locator('.top-bar').count(), 0, 'no bar of ours under WeChat’s')
  assert.equal(await wx.title(), '正在直播', 'WeChat’s bar shows the page’s title')
  await wechat.close()
})
