// Browse in Chromium against the real server: home rooms, reach-bottom paging, the virtual list, search history
// (spec R2.42, R4.14, R4.43, R2.7, R2.48).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { showAllOfHome, suite } from './harness'

const s = suite()

async function open(path: string, context = s.browser): Promise<Page> {
  const page = await context.newPage({ viewport: { width: 390, height: 844 } })
  await page.goto(`${s.server.origin}${path}`)
  return page
}

async function apiTotal(): Promise<number> {
  const r = await fetch(`${s.server.origin}/api/v1/userapp/living/list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: 1, count: 10 })
  })
  return ((await r.json()) as { data: { total: number } }).data.total
}

test('R2.42 R4.11 home shows the live rooms the server has, with status badges', async () => {
  const page = await open('/m2/pages/home/home')
  await showAllOfHome(page)
  const titles = await page.$$eval('.home__rooms .card-item__title', (els) => els.map((e) => e.textContent))
  assert.equal(titles.length, 10)
  const r = await fetch(`${s.server.origin}/api/v1/userapp/living/list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"page":1,"count":10}'
  })
  const first = ((await r.json()) as { data: { list: { title: string }[] } }).data.list.map((x) => x.title)
  assert.deepEqual(titles, first)
  const badges = await page.$$eval('.home__rooms .card-item__badge', (els) => els.map((e) => e.textContent))
  assert.ok(badges.includes('直播中'))
  await page.close()
})

test('R4.14 R4.15 scrolling home to the bottom loads the next page of rooms', async () => {
  const page = await open('/m2/pages/home/home')
  await showAllOfHome(page)
  const total = await apiTotal()
  for (let i = 0; i < 10; i++) {
    const n = await page.$$eval('.home__rooms .card-item', (els) => els.length)
    if (n >= Math.min(20, total)) break
    await page.mouse.wheel(0, 20000)
    await page.waitForTimeout(400)
  }
  const count = await page.$$eval('.home__rooms .card-item', (els) => els.length)
  assert.ok(count >= Math.min(20, total), `expected a second page, saw ${count} rooms`)
  await page.close()
})

test('R2.7 the live list renders through a virtual list: rendered rows stay bounded while scrolling through every room', async () => {
  const page = await open('/m2/pages/list/list?type=live')
  await page.waitForSelector('.list-row')
  const total = await apiTotal()
  let maxRows = 0
  for (let i = 0; i < 30; i++) {
    maxRows = Math.max(maxRows, await page.$$eval('.list-row', (els) => els.length))
    await page.mouse.move(195, 400)
    await page.mouse.wheel(0, 1200)
    await page.waitForTimeout(150)
  }
  const loaded = await page.evaluate(() => document.querySelector('.list-page__more')?.textContent)
  assert.equal(loaded, '没有更多了')
  assert.ok(total > 20, 'the seed has more rooms than two pages')
  assert.ok(maxRows < total, `rendered ${maxRows} rows for ${total} rooms`)
  // a 844 px window of 104 px rows shows 9–10 rows; the list renders them plus 4 overscan rows on each side
  assert.ok(maxRows <= 10 + 2 * 4, `rendered rows stay bounded (saw ${maxRows})`)
  await page.close()
})

test('R4.43 R2.48 a search shows the four tabs and its keyword survives a reload in the history', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await page.goto(`${s.server.origin}/m2/packageB/pages/search/search`)
  const input = page.locator('.search__input input, input.search__input').first()
  await input.waitFor()
  await input.fill('  太湖  ')
  await input.press('Enter')
  await page.waitForSelector('.search__tabs')
  const tabs = await page.$$eval('.search__tab', (els) => els.map((e) => e.textContent))
  assert.deepEqual(tabs, ['主播', '直播', '活动', '视频'])
  await page.waitForSelector('.search__result')
  await page.reload()
  await page.waitForSelector('.search__chip--history')
  const history = await page.$$eval('.search__chip--history', (els) => els.map((e) => e.textContent))
  assert.deepEqual(history, ['太湖'])
  await context.close()
})
