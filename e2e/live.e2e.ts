// The live room in Chromium against the real server (spec R2.8, R2.24, R3.12, R4.11, R9.29, R1.2, R4.26).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { injectChat, loginThroughUserPage, serverList, suite } from './harness'
import { addedCount, countAdded } from './added-nodes'

// timing: its first test times a live stream's picture as it plays (e2e/harness.ts)
const s = suite(undefined, { timing: true })

async function rooms() {
  type Room = { id: number; onair: number; status: number; need_password?: number; is_premium?: number }
  return (await serverList<Room>(s.server.origin, 'living/list', 100)).list
}

test('R2.8 R3.12 an on-air room plays: the video element advances through the HLS stream', async () => {
  const page = await s.browser.newPage({ viewport: { width: 390, height: 844 } })
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=496`)
  await page.waitForSelector('video')
  await page.waitForFunction(
    () => {
      const v = document.querySelector('video')
      return !!v && v.currentTime > 0 && !v.paused
    },
    null,
    { timeout: 30000 }
  )
  const t1 = await page.evaluate(() => document.querySelector('video')!.currentTime)
  await page.waitForFunction((from) => document.querySelector('video')!.currentTime > from, t1, { timeout: 15000 })
  const t2 = await page.evaluate(() => document.querySelector('video')!.currentTime)
  assert.ok(t2 > t1, `currentTime advanced from ${t1} to ${t2}`)
  const src = await page.evaluate(
    () =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .find((n) => n.includes('.m3u8')) || ''
  )
  assert.match(src, /^http:\/\/127\.0\.0\.1:\d+\/hls\/live\/496\/index\.m3u8/)
  // the player says so (after a moment's stall, when the machine is busy, it says so again)
  await page.waitForFunction(() => document.querySelector('.player')?.getAttribute('data-state') === 'playing', null, {
    timeout: 10000
  })
  await page.close()
})

test('video first: the live room draws its tabs, chat and interaction bar once the video shows its first frame', async () => {
  const page = await s.browser.newPage({ viewport: { width: 390, height: 844 } })
  // when the room (its player) and then its tabs enter the page, stamped as they do
  await page.addInitScript(() => {
    const seen: Record<string, number> = {}
    ;(window as unknown as { seen: typeof seen }).seen = seen
    new MutationObserver(() => {
      for (const sel of ['.live__stage', '.live__tabs', '.chat', '.interact-like__button'])
        if (!(sel in seen) && document.querySelector(sel)) seen[sel] = performance.now()
    }).observe(document, { childList: true, subtree: true })
  })
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=496`)
  await page.waitForSelector('.live__tabs', { timeout: 20000 })
  const { seen, frame } = await page.evaluate(() => ({
    seen: (window as unknown as { seen: Record<string, number> }).seen,
    frame: performance.getEntriesByName('first-frame')[0]?.startTime ?? Infinity
  }))
  const room = seen['.live__stage']
  assert.ok(room !== undefined, 'the room rendered')
  // at the first frame, or at the cap (player/first-frame.ts FIRST_FRAME_CAP, 2 s) if the frame is later than that
  const due = Math.min(frame, room + 2000)
  for (const sel of ['.live__tabs', '.chat', '.interact-like__button'])
    assert.ok(seen[sel] >= due - 1, `${sel} at ${seen[sel]} ms, the room at ${room} ms, the first frame at ${frame} ms`)
  await page.close()
})

test('R4.11 a room that has not started shows 直播未开始 with a reminder button', async () => {
  const upcoming = (await rooms()).find((r) => r.status === 2 && !r.need_password)
  assert.ok(upcoming, 'the seed has a scheduled room')
  const page = await s.browser.newPage({ viewport: { width: 390, height: 844 } })
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=${upcoming.id}`)
  await page.waitForSelector('.phase-card__title')
  assert.equal(await page.$eval('.phase-card__title', (e) => e.textContent), '直播未开始')
  assert.equal(await page.$eval('.phase-card__btn', (e) => e.textContent), '预约提醒')
  await page.close()
})

test('R2.24 a startup roomid on the home path opens the live room', async () => {
  const page = await s.browser.newPage({ viewport: { width: 390, height: 844 } })
  await page.goto(`${s.server.origin}/m2/?roomid=496`)
  await page.waitForURL(/packageA\/pages\/live\/live\?roomid=496/, { timeout: 15000 })
  await page.locator('.live__title-text:visible').waitFor()
  await page.close()
})

test('R9.29 R2.15 the first featured page lists the slow-live cameras and opens on room 496', async () => {
  const page = await s.browser.newPage({ viewport: { width: 390, height: 844 } })
  await page.goto(`${s.server.origin}/m2/packageA/featured/wuxilcb/wuxilcb`)
  await page.waitForSelector('.featured__cam')
  const on = await page.$eval('.featured__cam--on', (e) => e.getAttribute('data-room'))
  assert.equal(on, '496')
  assert.match((await page.$eval('.featured__pop', (e) => e.textContent)) || '', /^热度 /)
  await page.close()
})

test('R1.2 R4.26 a viewer who logged in follows the room streamer', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await loginThroughUserPage(page, s.server.origin)
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=306`)
  const follow = page.locator('.room-header__follow:visible')
  await follow.waitFor()
  const before = (await follow.textContent()) || ''
  await follow.click()
  const expected = before.includes('已关注') ? '+ 关注' : '已关注'
  await page.waitForFunction((text) => document.querySelector('.room-header__follow')?.textContent === text, expected)
  await context.close()
})

test('R2.44 the live room offers chat, gifts, likes, and report and block on a message', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await loginThroughUserPage(page, s.server.origin)
  // a message of another viewer to act on, whatever the hour (the seed's are not today's after China's midnight)
  await injectChat(s.server.origin, 496, 1, 1)
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=496`)
  await page
    .locator('.chat__msg:visible')
    .first()
    .waitFor({ timeout: 20000 })
    .catch(async (e: Error) => {
      // what the chat showed instead (loading, empty, an error), for the failure's message
      const chat = await page.evaluate(() => document.querySelector('.chat')?.outerHTML.slice(0, 600) ?? 'no .chat')
      throw new Error(`${e.message}\n${chat}`)
    })
  await page.locator('.interact-like__button:visible').waitFor()
  const count = page.locator('.interact-like__count:visible')
  const before = (await count.textContent()) || ''
  await page.evaluate(countAdded, '.interact-like__heart')
  await page.locator('.interact-like__button:visible').click()
  await page.waitForFunction(addedCount, '.interact-like__heart')
  assert.ok(((await count.textContent()) || '') !== before || before.includes('万'), 'a tap counts at once')
  await page.locator('.chat__msg:visible').first().click()
  const sheet = page.locator('.taro-actionsheet__cell:visible')
  await sheet.first().waitFor()
  assert.deepEqual((await sheet.allTextContents()).slice(0, 2), ['举报', '屏蔽'])
  await context.close()
})
