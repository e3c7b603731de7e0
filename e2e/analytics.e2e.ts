// Analytics in Chromium against the real server (spec R7.111, R4.10, R7.69, R7.70, R7.76, R7.77,
// R7.46, R7.88): the external analytics script (the reference server's sandbox stand-in, which posts every call to
// /sandbox/analytics/events) is loaded once with a date-based version, the logged-in viewer is identified, and room
// enter, like, gift, share, follow and purchase are tracked with the room's and streamer's details. With the script
// blocked, the same journey works and nothing is recorded.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { BrowserContext, Page } from 'playwright-core'
import { eventually, loginThroughUserPage, suite } from './harness'

const s = suite()

interface Recorded {
  type: 'load' | 'identify' | 'track'
  app_key: string | null
  uid: string | null
  version: string | null
  event?: string
  props?: Record<string, unknown>
}

async function recorded(page: Page): Promise<Recorded[]> {
  return page.evaluate(async () => (await (await fetch('/sandbox/analytics/events')).json()).data)
}

const today = () => {
  const d = new Date()
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`
}

/**
 * A viewer's journey in a live room: enter, like, a gift, share (the share sheet), follow, then a paid room's unlock.
 * Each step waits for what the viewer sees, so it proves the journey works with or without analytics.
 */
async function journey(page: Page, origin: string, room: number, paidRoom: number) {
  await page.goto(`${origin}/m2/packageA/pages/live/live?roomid=${room}`)
  await page.locator('.interact-like__button:visible').waitFor()
  // like: counted in the header after the batch is sent
  const likes = page.waitForResponse((r) => /\/userapp\/living\/like$/.test(r.url()))
  await page.locator('.interact-like__button:visible').click()
  await likes
  // a gift: the balance shown goes down
  await page.click('.interact__gift-button')
  await page.waitForSelector('[data-gift="1"]')
  await page.waitForFunction(() => Number(document.querySelector('.interact-panel__gold')?.textContent) > 0)
  const gold = Number(await page.textContent('.interact-panel__gold'))
  await page.click('[data-gift="1"]')
  await page.click('.interact-panel__send')
  await page.waitForFunction((g) => Number(document.querySelector('.interact-panel__gold')?.textContent) < g, gold)
  await page.locator('.interact-panel__mask').dispatchEvent('click')
  await page.locator('.interact-panel').waitFor({ state: 'detached' })
  // share: the share sheet opens
  await page.locator('.room-header__share:visible').dispatchEvent('click')
  await page.locator('.share-sheet:visible').waitFor()
  await page.locator('.share-sheet:visible').click({ position: { x: 5, y: 5 } })
  // follow
  await page.locator('.room-header__follow:visible').dispatchEvent('click')
  await page.locator('.room-header__follow--on:visible').waitFor()
  // a paid room: the unlock
  await page.goto(`${origin}/m2/packageA/pages/live/live?roomid=${paidRoom}`)
  await page.waitForSelector('.premium-banner[data-state="TRIAL"]')
  await page.click('.premium-banner') // the confirm sheet: price and balance, then 确认解锁
  await page.click('.premium-sheet__confirm:not(.premium-sheet__confirm--off)')
  await page.waitForSelector('.premium-banner[data-state="PREMIUM_PAYED"]')
}

async function viewer(blockAnalytics = false): Promise<{ context: BrowserContext; page: Page }> {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  if (blockAnalytics) await context.route('**/sandbox/analytics.js*', (r) => r.abort())
  const page = await context.newPage()
  await loginThroughUserPage(page, s.server.origin)
  return { context, page }
}

test('R7.111 R4.10 the analytics script loads once with a date version; identify, and enter, like, gift, share, follow, purchase carry room and streamer details', async () => {
  const { context, page } = await viewer()
  const scripts: string[] = []
  page.on('request', (r) => {
    if (/\/sandbox\/analytics\.js/.test(r.url())) scripts.push(r.url())
  })
  const before = (await recorded(page)).length
  // in-app navigation keeps the one script: 我的 → home tab → a room card
  await page.locator('[data-tab="home"]:visible').dispatchEvent('click')
  await page.locator('[data-room]:visible').first().waitFor()
  await journey(page, s.server.origin, 307, 303)
  // the events on their way: both page loads, the identify and every tracked step recorded
  const events = (
    await eventually(
      () => recorded(page),
      (all) => {
        const mine = all.slice(before)
        const names = new Set(mine.map((e) => e.event))
        return (
          mine.filter((e) => e.type === 'load').length >= 2 &&
          mine.some((e) => e.type === 'identify') &&
          ['进入直播间', '点赞', '送礼物', '分享', '关注', '购买'].every((n) => names.has(n))
        )
      },
      'the journey’s loads, identify and tracked events'
    )
  ).slice(before)
  // two page loads in the journey (the room, the paid room): one script each, with today's version
  assert.equal(scripts.length, 2, scripts.join('\n'))
  for (const url of scripts) assert.equal(new URL(url).searchParams.get('v'), today())
  const loads = events.filter((e) => e.type === 'load')
  assert.ok(loads.length >= 2 && loads.every((e) => e.app_key === 'sandbox' && e.version === today()))
  const identify = events.find((e) => e.type === 'identify')
  assert.equal(identify?.uid, '10001')
  assert.ok((identify?.props as { name?: string })?.name)

  const room = await page.evaluate(async () => {
    const r = await fetch('/api/v1/userapp/roominfo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"roomid":307}'
    })
    return (await r.json()).data as { title: string; streamer: { id: number; nick_name: string } }
  })
  const tracked = (name: string) => events.filter((e) => e.type === 'track' && e.event === name)
  for (const name of ['进入直播间', '点赞', '送礼物', '分享', '关注']) {
    const [e] = tracked(name)
    assert.ok(e, `${name} was tracked: ${JSON.stringify(events.map((x) => x.event))}`)
    assert.equal(e.uid, '10001')
    assert.deepEqual(
      {
        room_id: e.props?.room_id,
        room_title: e.props?.room_title,
        streamer_id: e.props?.streamer_id,
        streamer_name: e.props?.streamer_name
      },
      { room_id: 307, room_title: room.title, streamer_id: room.streamer.id, streamer_name: room.streamer.nick_name },
      name
    )
  }
  assert.ok(Number(tracked('点赞')[0].props?.combo) >= 1)
  assert.equal(tracked('送礼物')[0].props?.gift_id, 1)
  assert.equal(tracked('关注')[0].props?.action, 'follow')
  const [purchase] = tracked('购买')
  assert.equal(purchase?.props?.room_id, 303)
  assert.equal(purchase?.props?.kind, 'room')
  assert.equal(purchase?.props?.price, 30)
  assert.ok(purchase?.props?.room_title)
  await context.close()
})

test('R7.111 with the analytics script blocked, the same journey works and nothing is recorded', async () => {
  const { context, page } = await viewer(true)
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  const before = (await recorded(page)).length
  // the same demo viewer as above, in rooms they have not followed or unlocked yet
  await journey(page, s.server.origin, 306, 308)
  // a pause that is the behaviour: nothing is recorded in the time events take when the script is there
  await page.waitForTimeout(500)
  assert.equal((await recorded(page)).length, before)
  assert.deepEqual(errors, [])
  await context.close()
})
