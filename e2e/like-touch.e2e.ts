// Browser test: the like button on a touch screen (spec R9.25, R3.17, R7.76). Chromium with touch: a tap sends
// touchstart, touchend and then a click; the like counts once per tap, a touch that moves is no like, and a click
// without a touch (mouse) still counts.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { suite, touchDrag, waitUntil, WAIT_MS } from './harness'

const s = suite()

test('R9.25 R3.17 R7.76 a tap on the like button is one like (its click within 1 s is part of it); a touch that moves more than 8 px is none; a mouse click is one', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
  const page = await context.newPage()
  const combos: number[] = []
  page.on('request', (r) => {
    if (r.url().includes('/userapp/living/like')) combos.push(Number(JSON.parse(r.postData() || '{}').combo) || 0)
  })
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=496`)
  const button = page.locator('.interact-like__button:visible')
  await button.waitFor({ timeout: WAIT_MS })
  const box = (await button.boundingBox())!
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  const sum = () => combos.reduce((a, b) => a + b, 0)

  for (let i = 0; i < 5; i++) await page.touchscreen.tap(x, y)
  await waitUntil(() => sum() >= 5, 'the batch of 5 taps is sent')
  await new Promise((r) => setTimeout(r, 2000)) // one more batch window: nothing else may follow
  assert.equal(sum(), 5, 'five taps, five likes (their clicks do not count again)')

  // A touch that starts on the button and moves 30 px (a scroll) is no like.
  const cdp = await context.newCDPSession(page)
  await touchDrag(cdp, { x, y }, { x, y: y - 30 })
  // A small tremor (5 px) is still a tap.
  await touchDrag(cdp, { x, y }, { x: x + 5, y })
  await waitUntil(() => sum() >= 6, 'the tremor tap is sent')
  await new Promise((r) => setTimeout(r, 2000))
  assert.equal(sum(), 6, 'the moved touch added nothing, the tremor tap one')

  // More than 1 s after the last touch, a click with no touch before it (a mouse) is a like of its own.
  await new Promise((r) => setTimeout(r, 1100))
  await button.dispatchEvent('click')
  await waitUntil(() => sum() >= 7, 'the click is sent')
  await new Promise((r) => setTimeout(r, 2000))
  assert.equal(sum(), 7)
  await context.close()
})
