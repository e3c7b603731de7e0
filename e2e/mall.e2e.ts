// Mall order payment in Chromium against the real server (spec R2.21, R3.41, R3.50, R3.51, R7.86):
// a logged-in viewer opens a goods card's link (the goods of a live room, as living/goods answers them), the app
// makes the order and shows it, the viewer pays in the sandbox — tapping the pay button twice — and back on the order
// sees it paid, once.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { BrowserContext, Page } from 'playwright-core'
import { callAsViewer, CHROMIUM_ARGS, cutChunk, launchBrowser, loginThroughUserPage, suite, WAIT_MS } from './harness'

const api = (page: Page, path: string, body: Record<string, unknown>) =>
  callAsViewer(page, `/api/v1/userapp/${path}`, body)

let context: BrowserContext

const s = suite(async ({ browser, server }) => {
  context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await loginThroughUserPage(page, server.origin)
  await page.close()
})

test('R2.21 R3.41 R7.86 R3.50 R3.51 a logged-in viewer opens a goods card, pays the order in the sandbox and sees it paid once', async () => {
  const page = await context.newPage()
  const pays: string[] = []
  page.on('request', (r) => {
    if (/\/userapp\/mall\/order\/pay$/.test(new URL(r.url()).pathname)) pays.push(r.postData() || '')
  })
  // the goods card: live room 306's 商品 tab lists the room's goods (R7.100), 去购买 opens the order page
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=306`)
  const goods = (await api(page, 'living/goods', { roomid: 306 })).data as Array<{
    id: number
    title: string
    price: number
    url: string
  }>
  assert.ok(goods[0].url.includes('/m2/pages/mall/payment?goods_id='), JSON.stringify(goods[0])) // the link form of the same entry
  await page.locator('.live__tab:visible', { hasText: '商品' }).click()
  const card = page.locator('.act-goods__item:visible').first()
  await card.waitFor({ timeout: WAIT_MS })
  const goodsId = await card.getAttribute('data-goods')
  const g = goods.find((x) => String(x.id) === goodsId)!
  assert.ok(g)
  await card.locator('.act-goods__buy').click()
  await page.waitForURL(/\/m2\/packageB\/pages\/mall\/payment\?id=\d+$/)
  const orderId = new URL(page.url()).searchParams.get('id') as string
  await page.locator('.mall-order__title:visible').waitFor()
  assert.equal(await page.locator('.mall-order__title:visible').textContent(), g.title)
  assert.equal(await page.locator('.mall-order__quantity:visible').textContent(), '×1')
  assert.equal(await page.locator('.mall-order__amount:visible').textContent(), `¥${g.price.toFixed(2)}`)

  // two quick taps: one pay call, one trip to the sandbox payment page
  const pay = page.locator('.mall-pay:visible')
  await Promise.all([page.waitForURL(/\/sandbox\/pay\?order_id=/), pay.dblclick()])
  assert.equal(pays.length, 1, `pay calls: ${pays.length}`)
  const body = JSON.parse(pays[0])
  assert.equal(body.id, orderId)
  assert.equal(body.fromtype, 'h5')
  assert.equal(body._sj_userid, '10001')
  assert.ok(body._sj_token && typeof body.openid === 'string')
  assert.match((await page.textContent('body')) || '', new RegExp(`商城订单 ${orderId}`))

  // the sandbox provider takes the money and sends the viewer back to the order
  await Promise.all([
    page.waitForURL(new RegExp(`/m2/packageB/pages/mall/payment\\?id=${orderId}$`)),
    page.click('button[type="submit"]')
  ])
  await page.locator('.mall-result--paid:visible').waitFor({ timeout: WAIT_MS })
  assert.equal(await page.locator('.mall-result__title:visible').textContent(), '支付成功')
  assert.equal(await page.locator('.mall-pay:visible').count(), 0)

  // paid once: the order is paid and a second payment is refused
  assert.equal((await api(page, 'mall/order/detail', { id: orderId })).data.status, 'paid')
  const again = await api(page, 'mall/order/pay', { id: orderId, fromtype: 'h5' })
  assert.equal(again.code, 0)
  assert.match(again.msg, /已支付/)
  await page.close()
})

test('R7.100 a 商品 tab whose chunk fails every try (a phone’s network error) says 商品加载失败，点击重试, and the tap lists the goods', async () => {
  const page = await context.newPage()
  // the stage's cards and the 商品 tab are one chunk of their own (activities/entry.h5.tsx)
  const chunk = await cutChunk(page, '**/m2/js/act-stage.*.js')
  try {
    await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=306`)
    await page.locator('.live__tab:visible', { hasText: '商品' }).click()
    const retry = page.locator('.chunk-retry:visible', { hasText: '商品' })
    await retry.waitFor({ timeout: WAIT_MS }) // the first ask and one after each wait (1 s, 3 s, 9 s)
    assert.equal((await retry.textContent())?.trim(), '商品加载失败，点击重试')
    assert.ok(chunk.asked() >= 4, `asked ${chunk.asked()} times before giving up`)
    chunk.mend()
    await retry.click()
    await page.locator('.act-goods__item:visible').first().waitFor({ timeout: WAIT_MS })
    assert.equal(await retry.count(), 0)
  } finally {
    await page.close()
  }
})

test('R7.86 back from the payment page unpaid, the page handed back by the browser’s back-forward cache (as phones do): 已取消支付 and 重新支付', async () => {
  const cached = await launchBrowser(CHROMIUM_ARGS, { backForwardCache: true })
  try {
    const viewer = await cached.newContext({ viewport: { width: 390, height: 844 } })
    const page = await viewer.newPage()
    await loginThroughUserPage(page, s.server.origin)
    const goods = (await api(page, 'living/goods', { roomid: 306 })).data as Array<{ id: number }>
    await page.goto(`${s.server.origin}/m2/packageB/pages/mall/payment?goods_id=${goods[0].id}&quantity=1&roomid=306`)
    await page.waitForURL(/\/m2\/packageB\/pages\/mall\/payment\?id=\d+$/)
    await page.locator('.mall-pay:visible').waitFor()
    await page.evaluate(() => Object.assign(window, { __left: 'this page' }))
    await Promise.all([page.waitForURL(/\/sandbox\/pay\?order_id=/), page.locator('.mall-pay:visible').click()])
    await page.goBack({ waitUntil: 'commit' })
    await page.waitForURL(/\/m2\/packageB\/pages\/mall\/payment\?id=\d+$/, { waitUntil: 'commit' })
    assert.equal(await page.evaluate(() => (window as unknown as { __left?: string }).__left), 'this page')
    await page.locator('.mall-result--cancelled:visible').waitFor({ timeout: WAIT_MS })
    assert.equal(await page.locator('.mall-result__title:visible').textContent(), '已取消支付')
    assert.equal(await page.locator('.mall-result__retry:visible').textContent(), '重新支付')
    await viewer.close()
  } finally {
    await cached.close()
  }
})
