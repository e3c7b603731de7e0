// In-room activities in Chromium against the real H5 build and server: the demo controls
// (`npm run demo -- <action> 539`, server/cli/demo.ts) push each activity into room 539 while a logged-in viewer
// watches the stream; each shows after the player's measured latency, and the viewer takes part.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { BrowserContext, Page } from 'playwright-core'
import {
  cutChunk,
  eventually,
  loginThroughUserPage,
  seriousAxeViolations,
  submitLoginForm,
  suite,
  WAIT_MS
} from './harness'
import { behindLive } from './live-measure'

const ROOM = 539
const run = promisify(execFile)
let context: BrowserContext
let page: Page

const s = suite(async () => {
  context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const p = await context.newPage()
  await loginThroughUserPage(p, s.server.origin)
  await p.close()
})

/** The demo control as a person runs it: `npm run demo -- <action> <room> …` (here its script, with the test server). */
async function demo(...args: string[]): Promise<{ code: number; data: any }> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', join(__dirname, '../server/cli/demo.ts'), ...args],
    { env: { ...process.env, DEMO_BASE: s.server.origin } }
  )
  return JSON.parse(stdout)
}

/** When the page's socket last received a push of each kind (`{"type":"vote",…}`), on the test's clock. */
const pushedAt = new Map<string, number>()
function followPushes(p: Page) {
  p.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      const kind = /^\{"type":"(\w+)"/.exec(String(f.payload))?.[1]
      if (kind) pushedAt.set(kind, Date.now())
    })
  )
}

/**
 * Runs the demo control and waits for `selector`. With `kind`, the ms from the page's receipt of that push until the
 * selector shows (the demo's own process start and exit do not count; under load they take most of a second).
 */
async function shownAfter(selector: string, action: () => Promise<unknown>, kind?: string): Promise<number> {
  if (kind) pushedAt.delete(kind)
  await action()
  await page.waitForSelector(selector, { timeout: WAIT_MS })
  const shown = Date.now()
  if (!kind) return 0
  const pushed = pushedAt.get(kind)
  assert.ok(pushed, `no ${kind} push reached the page`)
  return shown - pushed
}

test('R1.5 the running vote shows on entering (late joiner), and the stream is playing', async () => {
  page = await context.newPage()
  followPushes(page)
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=${ROOM}`)
  await page.waitForSelector('.act-card--vote', { timeout: WAIT_MS })
  assert.equal(await page.getAttribute('.act-card--vote', 'role'), 'dialog')
  // between the player and the chat: never over the video, never over the send box
  const [stack, video, input] = await Promise.all(
    ['.activities', '.live__stage', '.chat__input'].map((sel) =>
      page.$eval(sel, (e) => e.getBoundingClientRect().toJSON())
    )
  )
  assert.ok(stack.top >= video.bottom && stack.bottom <= input.top, JSON.stringify({ stack, video, input }))
  assert.ok(input.height > 0, JSON.stringify({ input, video }))
  await page.click('.act-card--vote [data-option="1"]') // the seeded vote: voted, so the next one is told apart
  await page.waitForSelector('.act-vote__foot:has-text("已投票")')
  await page.waitForSelector('.player[data-state="playing"]', { timeout: WAIT_MS })
})

test('R4.38 R7.96 a pushed vote appears after the measured latency; voting moves the count', async () => {
  await eventually(
    () => behindLive(page),
    (s) => s > 0.5,
    'hls.js to measure the latency',
    WAIT_MS
  )
  // the latency the player measures (hls.js: the playlist's edge minus the position), read as the push goes out
  const measured = await behindLive(page)
  const ms = await shownAfter(
    '.act-card--vote .act-vote__foot:has-text("每人限投一票")',
    async () => {
      const r = await demo('vote', String(ROOM))
      assert.equal(r.code, 1)
    },
    'vote'
  )
  // and as the card shows: a player behind the edge on a busy machine catches up meanwhile, and the card waits for the
  // latency of the moment it is scheduled, somewhere between the two readings
  const then = await behindLive(page)
  // low-latency HLS plays about 1.5 s behind the edge: the card waits that long after the push reaches the page (half a
  // second's leeway for the measurement's own moment), never shows at once
  assert.ok(measured > 0.5, `measured latency ${measured} s`)
  const least = Math.min(measured, then)
  assert.ok(
    ms >= Math.max(1000, least * 1000 - 500),
    `shown ${ms} ms after the push: it waits for the stream latency of ${measured.toFixed(2)} s (${then.toFixed(2)} s as it showed)`
  )
  await page.click('.act-card--vote [data-option="2"]')
  await page.waitForSelector('.act-vote__option--mine[data-option="2"] .act-vote__count:has-text("1")')
  await page.waitForSelector('.act-vote__foot:has-text("已投票")')
})

test('R4.39 R7.98 R7.99 the quiz: answer and see right or wrong with the right answer', async () => {
  await shownAfter('.act-card--quiz', () => demo('quiz', String(ROOM)))
  assert.equal(await page.$('.act-quiz__option--right'), null)
  await page.click('.act-card--quiz [data-option="1"]')
  const text = await (await page.waitForSelector('.act-quiz__result')).textContent()
  assert.match(text || '', /^(回答正确！|回答错误，正确答案：.+)$/)
  await page.waitForSelector('.act-quiz__option--right')
})

test('R4.31 R7.91 the rain lottery: play the game, tap a falling packet, get the prize or the miss', async () => {
  await shownAfter('.act-card--rain .act-rain__play', () => demo('rain-start', String(ROOM)))
  await page.click('.act-rain__play')
  await page.waitForSelector('.act-rain__packet')
  await page.$eval('.act-rain__packet', (el) => (el as HTMLElement).click()) // it is falling: tap it where it is
  const text = await (await page.waitForSelector('.act-rain__outcome')).textContent()
  assert.match(text || '', /^(抽中：.+|差一点，没抽中)$/)
  await page.waitForSelector('.act-rain__remain:has-text("剩余 2 次机会")')
  await demo('rain-stop', String(ROOM))
  await page.waitForSelector('.act-rain__remain:has-text("红包雨已结束")', { timeout: WAIT_MS })
})

test('R7.93 R7.94 the red packet: a double tap draws once and shows the amount', async () => {
  const draws: string[] = []
  page.on('request', (r) => /redpack\/draw/.test(r.url()) && draws.push(r.url()))
  await shownAfter('.act-card--redpack .act-redpack__draw', () => demo('redpack', String(ROOM), '100', '5'))
  await page.$eval('.act-redpack__draw', (el) => {
    ;(el as HTMLElement).click()
    ;(el as HTMLElement).click()
  })
  const text = await (await page.waitForSelector('.act-redpack__outcome--win')).textContent()
  assert.match(text || '', /^抢到 \d+ 慧币$/)
  await page.waitForSelector('.act-redpack__row')
  assert.equal(draws.length, 1)
})

test('R4.37 R3.36 the grab lottery: join, then the result (a win with the prize)', async () => {
  const started = await demo('lottery', String(ROOM), 'grab')
  await page.waitForSelector('.act-card--lottery .act-lottery__join', { timeout: WAIT_MS })
  await page.click('.act-lottery__join')
  await page.waitForSelector('.act-lottery__state:has-text("已参与，等待开奖")')
  await demo('lottery-result', String(ROOM))
  const text = await (await page.waitForSelector('.act-lottery__outcome--win', { timeout: WAIT_MS })).textContent()
  assert.equal(text, `恭喜中奖：${started.data.prize}`)
})

test('R4.35 R4.36 R4.37 the text lottery: send the title as chat, marked sent, then the result', async () => {
  await demo('lottery', String(ROOM), 'text')
  await page.waitForSelector('.act-card--lottery .act-lottery__send', { timeout: WAIT_MS })
  await page.click('.act-lottery__send')
  await page.waitForSelector('.act-lottery__state:has-text("已发送口令，等待开奖")')
  await demo('lottery-result', String(ROOM))
  await page.waitForSelector('.act-lottery__outcome--win', { timeout: WAIT_MS })
})

test('R4.41 R4.42 R7.100 R7.101 goods go on and off screen; the 商品 tab lists them and one opens', async () => {
  const views: string[] = []
  page.on('request', (r) => /living\/goods\/view/.test(r.url()) && views.push(r.postData() || ''))
  await shownAfter('.act-card--goods [data-goods]', () => demo('goods-on', String(ROOM)))
  await demo('goods-off', String(ROOM))
  await page.waitForSelector('.act-card--goods', { state: 'detached', timeout: WAIT_MS })
  await page.click('.live__tab:has-text("商品")')
  await page.waitForSelector('.act-goods__list .act-goods__item')
  const index = await page.$$eval('.act-goods__list .act-goods__index', (els) => els.map((e) => e.textContent))
  assert.deepEqual(
    index,
    index.map((_, i) => String(i + 1))
  )
  await Promise.all([
    page.waitForURL(/\/m2\/packageB\/pages\/mall\/payment/, { timeout: WAIT_MS }),
    page.click('.act-goods__list .act-goods__buy')
  ])
  assert.ok(views.length >= 1)
  await page.close()
})

/** A fresh live-room page in the logged-in viewer's context, entered after the activities started (a late joiner). */
async function enterRoom(): Promise<Page> {
  const p = await context.newPage()
  await p.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=${ROOM}`)
  await p.waitForSelector('.activities', { timeout: WAIT_MS })
  return p
}

/** Brings `kind`'s card to the front of the stage (its chip, when another card is in front). */
async function toFront(p: Page, kind: string) {
  await p.waitForSelector(`.act-card--${kind}, .activities__chip[data-kind="${kind}"]`, { timeout: WAIT_MS })
  if (!(await p.$(`.act-card--${kind}`))) await p.click(`.activities__chip[data-kind="${kind}"]`)
  await p.waitForSelector(`.act-card--${kind}`)
}

/** The web-view page's iframe: its src and the heading of the page it shows. */
async function webView(p: Page): Promise<{ src: string; heading: string }> {
  await p.waitForURL(/\/m2\/packageB\/pages\/web\/web\?/, { timeout: WAIT_MS })
  const iframe = p.locator('taro-web-view-core iframe')
  await iframe.waitFor({ state: 'attached' })
  const src = (await iframe.getAttribute('src')) ?? ''
  const heading =
    (await p.frameLocator('taro-web-view-core iframe').locator('h2').textContent({ timeout: WAIT_MS })) ?? ''
  return { src, heading }
}

test('R2.22 the rain and lottery records links open the external records pages in the web view', async () => {
  await demo('rain-start', String(ROOM))
  await demo('lottery', String(ROOM), 'grab')
  let p = await enterRoom()
  await toFront(p, 'rain')
  await p.click('.act-card--rain .act-rain__records')
  const rain = await webView(p)
  assert.equal(rain.src, `${s.server.origin}/activity/rain-records?roomid=${ROOM}`)
  assert.equal(rain.heading, '红包雨记录')
  await p.close()
  p = await enterRoom()
  await toFront(p, 'lottery')
  await p.click('.act-card--lottery .act-lottery__records')
  const lottery = await webView(p)
  assert.equal(lottery.src, `${s.server.origin}/activity/lottery-records?roomid=${ROOM}`)
  assert.equal(lottery.heading, '我的抽奖记录')
  await p.close()
  await demo('rain-stop', String(ROOM))
  await demo('lottery-result', String(ROOM))
})

test('a vote, a quiz, a red packet and goods on screen: axe finds nothing serious; each card is a labelled dialog between the player and the chat, off the video and the send box, and closes', async () => {
  await demo('vote', String(ROOM))
  await demo('quiz', String(ROOM))
  await demo('redpack', String(ROOM), '50', '5')
  await demo('goods-on', String(ROOM))
  const p = await enterRoom()
  const kinds = ['vote', 'quiz', 'redpack', 'goods']
  for (const kind of kinds)
    await p.waitForSelector(`.act-card--${kind}, .activities__chip[data-kind="${kind}"]`, { timeout: WAIT_MS })
  const serious = await seriousAxeViolations(p, { include: '.live' })
  assert.deepEqual(
    serious.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    []
  )
  const rect = (sel: string) =>
    p.$eval(
      sel,
      (e) => e.getBoundingClientRect().toJSON() as { top: number; bottom: number; left: number; right: number }
    )
  const overlaps = (a: { top: number; bottom: number; left: number; right: number }, b: typeof a) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
  for (const kind of kinds) {
    await toFront(p, kind)
    const card = `.act-card--${kind}`
    assert.equal(await p.getAttribute(card, 'role'), 'dialog')
    assert.ok(await p.getAttribute(card, 'aria-label'), `${kind}: the dialog has a label`)
    assert.match((await p.getAttribute(`${card} .act-card__close`, 'aria-label')) || '', /^关闭/)
    const [stack, video, input] = await Promise.all([rect('.activities'), rect('.live__stage'), rect('.chat__input')])
    assert.ok(
      !overlaps(stack, video) && stack.top >= video.bottom,
      `${kind}: below the video ${JSON.stringify({ stack, video })}`
    )
    assert.ok(!overlaps(stack, input) && stack.bottom <= input.top, `${kind}: above the send box`)
  }
  for (const kind of kinds) {
    await toFront(p, kind)
    await p.click(`.act-card--${kind} .act-card__close`)
    await p.waitForSelector(`.act-card--${kind}, .activities__chip[data-kind="${kind}"]`, { state: 'detached' })
  }
  assert.equal(await p.$('.act-card'), null)
  await p.close()
  await demo('goods-off', String(ROOM))
})

test('R4.38 a push that arrives while the picture is stalled shows when the picture reaches its moment, not after the latency measured before the stall', async () => {
  const p = await context.newPage()
  await p.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=${ROOM}`)
  await p.waitForSelector('.player[data-state="playing"]', { timeout: WAIT_MS })
  await eventually(
    () => behindLive(p),
    (s) => s > 0.5,
    'its latency measured while playing',
    WAIT_MS
  )
  // the media stops arriving (the playlists still do): the picture stalls and falls behind the live edge
  const media = new RegExp(`/hls/live/${ROOM}/.*\\.ts`)
  let release: () => void = () => undefined
  const held = new Promise<void>((r) => (release = r))
  await p.route(media, async (route) => {
    await held
    await route.continue().catch(() => undefined)
  })
  const lag = () => behindLive(p)
  await eventually(lag, (s) => s >= 3.5, 'the stalled picture to fall behind', WAIT_MS)
  const r = await demo('vote', String(ROOM))
  assert.equal(r.code, 1)
  const pushed = Date.now()
  const card = '.act-card--vote .act-vote__foot:has-text("每人限投一票")'
  // while the picture stands still it never reaches the push: nothing shows (the latency before the stall, about
  // 1.5 s, would have shown it by now): a pause that is the behaviour
  await p.waitForTimeout(3000)
  assert.equal(await p.$(card), null, 'shown while the picture was still behind the push')
  // the media comes back: the picture plays on, and the vote shows once the picture has reached it
  release()
  await p.unroute(media)
  await p.waitForSelector(card, { timeout: WAIT_MS })
  const elapsed = (Date.now() - pushed) / 1000
  const behind = await lag()
  // half a second's leeway for the moments of the two readings
  assert.ok(elapsed >= behind - 0.5, `shown ${elapsed} s after the push with the picture ${behind} s behind`)
  await p.close()
})

test('R6.2 R4.6 a visitor’s vote: 去登录 opens 我的, the login there returns to the room, and the vote kept for it is cast', async () => {
  const visitor = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  try {
    const p = await visitor.newPage()
    await p.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=${ROOM}`)
    await p.waitForSelector('.chat__input', { timeout: WAIT_MS })
    const r = await demo('vote', String(ROOM))
    assert.equal(r.code, 1)
    await p.waitForSelector(`.act-card--vote .act-vote__foot:has-text("每人限投一票")`, { timeout: WAIT_MS })
    await p.click('.act-card--vote [data-option="3"]')
    const confirm = p.locator('.taro-model__confirm:visible')
    await confirm.waitFor({ timeout: WAIT_MS })
    assert.equal(await confirm.textContent(), '去登录')
    await Promise.all([p.waitForURL(/\/m2\/pages\/user\/user/, { timeout: WAIT_MS }), confirm.click()])
    await submitLoginForm(p)
    // back in the room, logged in: the vote tapped as a visitor is this viewer's, counted by the server
    await p.waitForURL(new RegExp(`live\\?roomid=${ROOM}`), { timeout: WAIT_MS })
    await p.waitForSelector('.act-vote__option--mine[data-option="3"]:visible', { timeout: WAIT_MS })
    const detail = await fetch(`${s.server.origin}/api/v1/userapp/living/activity/vote/detail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ act_id: r.data.id })
    }).then((res) => res.json() as Promise<{ data: { options: { vote: number }[] } }>)
    const counts = detail.data.options.map((o) => o.vote)
    assert.deepEqual(
      counts,
      counts.map((_, i) => (i === 2 ? 1 : 0))
    )
  } finally {
    await visitor.close()
  }
})

test('R1.5 running activities whose cards’ chunk fails every try say 互动加载失败，点击重试 over the chat, and the tap brings the cards', async () => {
  const p = await context.newPage()
  // the stage's cards are a chunk of their own (activities/entry.h5.tsx); the room's running activities (its seeded vote
  // at least) want them at entry
  const chunk = await cutChunk(p, '**/m2/js/act-stage.*.js')
  try {
    await p.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=${ROOM}`)
    const retry = p.locator('.chunk-retry:visible')
    await retry.waitFor({ timeout: WAIT_MS }) // the first ask and one after each wait (1 s, 3 s, 9 s)
    assert.equal((await retry.textContent())?.trim(), '互动加载失败，点击重试')
    assert.ok(chunk.asked() >= 4, `asked ${chunk.asked()} times before giving up`)
    // where the card would be: between the player and the send box, and nothing over it takes the tap
    const [bar, video, input] = await Promise.all(
      ['.chunk-retry', '.live__stage', '.chat__input'].map((sel) =>
        p.$eval(sel, (e) => e.getBoundingClientRect().toJSON())
      )
    )
    assert.ok(bar.top >= video.bottom && bar.bottom <= input.top, JSON.stringify({ bar, video, input }))
    chunk.mend()
    await retry.click()
    // the card in front: the seeded vote, or what an earlier test left running in the room
    await p.waitForSelector('.activities .act-card', { timeout: WAIT_MS })
    assert.equal(await p.locator('.chunk-retry').count(), 0)
  } finally {
    await p.close()
  }
})
