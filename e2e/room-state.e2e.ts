// The live room follows the room's state in Chromium against the real H5 build and server: going on and off the air
// (`live_status`) and the chat closing (`chat_status`) as the demo controls push them (`npm run demo -- onair 310`,
// server/cli/demo.ts: a POST to the server's dev route), the viewer's own red packet and rain draws after a reload,
// and the room's 互动 and 图文 tabs.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import type { BrowserContext, Page } from 'playwright-core'
import { loginThroughUserPage, roomSocketWelcomed, suite, WAIT_MS, SHOTS_DIR } from './harness'

let context: BrowserContext

const s = suite(async () => {
  context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const p = await context.newPage()
  await loginThroughUserPage(p, s.server.origin)
  await p.close()
})

/** The demo control as `npm run demo -- <action> <room>` runs it: a POST to the server's dev route. */
async function demo(path: string): Promise<{ code: number; data: any }> {
  const res = await fetch(`${s.server.origin}/dev/rooms/${path}`, { method: 'POST' })
  return (await res.json()) as { code: number; data: any }
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true })
  await page.screenshot({ path: `${SHOTS_DIR}/${name}` })
}

/** Opens a live room in a new page and waits for its socket's welcome (pushes reach it from then on). */
async function openRoom(roomId: number, ready: string): Promise<{ page: Page; loads: () => number }> {
  const page = await context.newPage()
  let loads = 0
  page.on('load', () => loads++)
  const welcomed = roomSocketWelcomed(page)
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=${roomId}`)
  await page.waitForSelector(ready, { timeout: WAIT_MS })
  await welcomed
  return { page, loads: () => loads }
}

/** The video element is playing: its position advances. */
async function videoPlays(page: Page) {
  await page.waitForFunction(
    () => {
      const v = document.querySelector('video')
      return !!v && v.currentTime > 0 && !v.paused
    },
    null,
    { timeout: WAIT_MS }
  )
  await page.waitForSelector('.player[data-state="playing"]', { timeout: WAIT_MS })
}

test('live_status: a room that has not started plays when it goes on air, without a reload', async () => {
  const { page, loads } = await openRoom(310, '.phase-card__title')
  assert.equal(await page.textContent('.phase-card__title'), '直播未开始')
  assert.equal(await page.$('video'), null)
  const r = await demo('310/onair')
  assert.equal(r.code, 1)
  try {
    await videoPlays(page)
  } catch (err) {
    await shot(page, '5-before-310.png')
    throw err
  }
  assert.equal(await page.$('.phase-card'), null)
  assert.equal(loads(), 1, 'the page was not reloaded')
  await shot(page, '5-after-310-live.png')
  await page.close()
})

test('live_status: a room going off the air shows 直播已结束 and other rooms on air; the player stops', async () => {
  const { page, loads } = await openRoom(307, '.player')
  await videoPlays(page)
  assert.equal((await demo('307/offair')).code, 1)
  await page.waitForSelector('.phase-card__title:has-text("直播已结束")', { timeout: WAIT_MS })
  assert.equal(await page.$('video'), null, 'the stream is gone')
  // 307 has no playback: no link to one
  assert.equal(await page.$('.phase-card__btn:has-text("观看回放")'), null)
  await page.waitForSelector('.phase-card__rooms [data-room]', { timeout: WAIT_MS })
  const others = await page.$$eval('.phase-card__rooms [data-room]', (els) =>
    els.map((e) => Number(e.getAttribute('data-room')))
  )
  assert.ok(others.length > 0 && !others.includes(307), JSON.stringify(others))
  assert.equal(await page.textContent('.phase-card__rooms-title'), '正在直播')
  assert.equal(loads(), 1, 'the page was not reloaded')
  await shot(page, '5-after-307-ended.png')
  // another room on air opens from there
  await Promise.all([
    page.waitForURL(new RegExp(`roomid=${others[0]}`), { timeout: WAIT_MS }),
    page.click(`.phase-card__rooms [data-room="${others[0]}"]`)
  ])
  await page.close()
})

test('live_status: a room with a playback ends on 直播已结束 with its 观看回放 link', async () => {
  assert.equal((await demo('302/onair')).code, 1)
  const { page } = await openRoom(302, '.player')
  assert.equal((await demo('302/offair')).code, 1)
  await page.waitForSelector('.phase-card__title:has-text("直播已结束")', { timeout: WAIT_MS })
  await Promise.all([
    page.waitForURL(/\/packageA\/pages\/playback\/playback\?id=5002/, { timeout: WAIT_MS }),
    page.click('.phase-card__btn:has-text("观看回放")')
  ])
  await page.close()
})

test('chat_status R5.8: a closed chat says 聊天暂时关闭 at the input before the viewer types; reopened, it takes text again', async () => {
  const { page } = await openRoom(301, '.chat__input')
  const input = '.chat__input input, input.chat__input'
  assert.equal(await page.$eval(input, (e) => (e as HTMLInputElement).disabled), false)
  assert.equal((await demo('301/chat/close')).code, 1)
  await page.waitForFunction(
    (sel) => {
      const e = document.querySelector<HTMLInputElement>(sel)
      return !!e && e.disabled && e.placeholder === '聊天暂时关闭'
    },
    input,
    { timeout: WAIT_MS }
  )
  assert.equal(await page.getAttribute(input, 'aria-label'), '聊天暂时关闭')
  assert.equal(await page.getAttribute('.chat__send', 'aria-disabled'), 'true')
  // a page opened while the chat is closed says so from the start
  const late = await openRoom(301, '.chat__input')
  await late.page.waitForSelector(
    `${input.split(', ')[0]}[placeholder="聊天暂时关闭"], input.chat__input[placeholder="聊天暂时关闭"]`
  )
  await late.page.close()
  assert.equal((await demo('301/chat/open')).code, 1)
  await page.waitForFunction(
    (sel) => {
      const e = document.querySelector<HTMLInputElement>(sel)
      return !!e && !e.disabled && e.placeholder === '说点什么…'
    },
    input,
    { timeout: WAIT_MS }
  )
  assert.equal(await page.getAttribute('.chat__send', 'aria-disabled'), null)
  await page.close()
})

const ACT_ROOM = 539

/** Brings `kind`'s card to the front of the stage (its chip, when another card is in front). */
async function toFront(p: Page, kind: string) {
  await p.waitForSelector(`.act-card--${kind}, .activities__chip[data-kind="${kind}"]`, { timeout: WAIT_MS })
  if (!(await p.$(`.act-card--${kind}`))) await p.click(`.activities__chip[data-kind="${kind}"]`)
  await p.waitForSelector(`.act-card--${kind}`)
}

/** The activity room, opened (or reloaded) by the logged-in viewer, with `kind`'s card in front. */
async function actRoom(kind: string, page?: Page): Promise<Page> {
  const p = page ?? (await context.newPage())
  if (page) await p.reload()
  else await p.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=${ACT_ROOM}`)
  await toFront(p, kind)
  return p
}

test('R7.93 R7.94 a grabbed red packet shows the viewer’s own amount after a reload, not 抢 again', async () => {
  assert.equal((await demo(`${ACT_ROOM}/redpack?total=100&count=5`)).code, 1)
  const page = await actRoom('redpack')
  await page.click('.act-card--redpack .act-redpack__draw')
  const won = await (await page.waitForSelector('.act-redpack__outcome--win')).textContent()
  assert.match(won || '', /^抢到 \d+ 慧币$/)
  await actRoom('redpack', page)
  await page.waitForSelector('.act-card--redpack .act-redpack__outcome--win', { timeout: WAIT_MS })
  assert.equal(await page.textContent('.act-card--redpack .act-redpack__outcome--win'), won)
  assert.equal(await page.$('.act-card--redpack .act-redpack__draw'), null)
  await page.close()
})

/**
 * Taps falling packets until the card says `left` chances are left: one tap, then a wait for the count to change (a
 * tap inside the throttle, or on no packet yet, draws nothing: then another).
 */
async function drawUntil(page: Page, left: number) {
  const text = `剩余 ${left} 次机会`
  const remain = () => page.textContent('.act-rain__remain').then((t) => t ?? '')
  const end = Date.now() + WAIT_MS
  for (let now = await remain(); now !== text; now = await remain()) {
    assert.ok(Date.now() < end, `timed out: the rain card to say ${text} (last read ${now})`)
    await page.$eval('.act-rain__packet', (el) => (el as HTMLElement).click()).catch(() => undefined)
    await page
      .waitForFunction((was) => document.querySelector('.act-rain__remain')?.textContent !== was, now, {
        timeout: 5000
      })
      .catch(() => undefined)
  }
}

test('R3.37 R7.91 the rain after a reload: the chances left as the server counts them; at 0, 摇一摇 is disabled and says so', async () => {
  assert.equal((await demo(`${ACT_ROOM}/rain/start`)).code, 1)
  const page = await actRoom('rain')
  assert.equal(await page.textContent('.act-rain__remain'), '剩余 3 次机会')
  await page.click('.act-rain__play')
  await drawUntil(page, 2)
  const outcome = await page.textContent('.act-rain__outcome')
  await actRoom('rain', page)
  await page.waitForSelector('.act-rain__remain:has-text("剩余 2 次机会")', { timeout: WAIT_MS })
  assert.equal(await page.textContent('.act-rain__outcome'), outcome)
  await page.click('.act-rain__play')
  await drawUntil(page, 0)
  const shake = '.act-card--rain .act-rain__shake'
  await page.waitForSelector(`${shake}[aria-disabled="true"]`)
  assert.equal(await page.textContent(shake), '摇一摇 · 机会已用完')
  assert.equal(await page.getAttribute(shake, 'aria-label'), '摇一摇：机会已用完')
  assert.equal(await page.$('.act-rain__packet'), null, 'the game is over')
  await actRoom('rain', page)
  await page.waitForSelector('.act-rain__remain:has-text("剩余 0 次机会")', { timeout: WAIT_MS })
  assert.equal(await page.$('.act-rain__play'), null, 'no second game')
  await page.waitForSelector(`${shake}[aria-disabled="true"]`)
  await page.close()
  await demo(`${ACT_ROOM}/rain/stop`)
})

test('the 互动 tab lists the running activities and brings one to the front; a room with none has no 互动 tab, and its 图文 tab opens the 图文直播', async () => {
  assert.equal((await demo(`${ACT_ROOM}/quiz`)).code, 1)
  const page = await context.newPage()
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=${ACT_ROOM}`)
  await page.click('.live__tab:has-text("互动")', { timeout: WAIT_MS })
  await page.waitForSelector('.activities-tab__item[data-kind="quiz"]')
  const kinds = await page.$$eval('.activities-tab__item', (els) => els.map((e) => e.getAttribute('data-kind')))
  assert.ok(kinds.includes('vote') && kinds.includes('quiz'), JSON.stringify(kinds))
  assert.equal(await page.$('.live__panel :text("暂无内容")'), null)
  await page.click('.activities-tab__item[data-kind="vote"]')
  await page.waitForSelector('.activities[data-front="vote"]')
  await page.close()

  const plain = await context.newPage()
  await plain.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=301`)
  await plain.waitForSelector('.live__tab:has-text("图文")', { timeout: WAIT_MS })
  const tabs = await plain.$$eval('.live__tab', (els) => els.map((e) => e.textContent))
  assert.deepEqual(tabs, ['聊天', '图文'])
  await plain.click('.live__tab:has-text("图文")')
  assert.equal(await plain.$('.live__panel :text("暂无内容")'), null)
  await Promise.all([
    plain.waitForURL(/\/packageA\/pages\/timeline\/timeline\?id=4/, { timeout: WAIT_MS }),
    plain.click('.external-tab__link:has-text("查看图文直播")')
  ])
  await plain.close()
})
