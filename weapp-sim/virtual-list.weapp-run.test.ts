// The mini-program's virtual list (src/components/virtual-list/index.tsx) in the built list page: rows of one height
// in a scroll-view, only those near the view rendered (a block of a viewport's rows, one block before and two after),
// however many pages load; a scroll renders the rows it brings into view, and reaching the bottom loads the next page
// (spec R2.7). setdata-budget.weapp-run.test.ts flings it.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { assertNoErrors, weappSuite } from './support'
import { textOf, walk, type MpNode } from './tree'

const s = weappSuite()

test('R2.7 the live list: rows bounded while every page loads, the rows in view follow the scroll', async () => {
  type Paged = { total: number; list: { title: string }[] }
  const page = async (n: number) => (await s.server.api<Paged>('userapp/living/list', { page: n, count: 10 })).data
  const first = await page(1)
  const titles = [...first.list.map((r) => r.title)]
  for (let n = 2; n <= Math.ceil(first.total / 10); n++) titles.push(...(await page(n)).list.map((r) => r.title))
  const total = first.total
  assert.ok(total > 30, `the seed has ${total} rooms`)
  const sim = await s.launch('pages/list/list', { type: 'live' })
  await sim.waitForText(titles[0])
  const list = () => sim.page.get({ cls: 'list-page__virtual' })
  const rows = () => sim.page.findAll({ cls: 'list-row' })
  for (let i = 0; i < 20 && !sim.page.text().includes('没有更多了'); i++) {
    sim.page.fire(list(), 'scrolltolower', {})
    await sim.settle()
  }
  await sim.waitForText('没有更多了')
  // the column is as tall as every row, but only the rows near the view (blocks of a viewport's rows: the one in view,
  // one before, two after) are there
  const column = () =>
    [...walk(sim.page.root)].map((w) => w.node).find((n) => /^virtual-list-\d+-inner$/.test(String(n.uid)))
  const inner = column()
  assert.ok(inner, 'the column')
  const wrapperTop = (n: MpNode) => Number(String(n.st).match(/top:\s*([\d.]+)px/)?.[1])
  const rowHeight = wrapperTop(inner.cn![1]) - wrapperTop(inner.cn![0])
  assert.ok(rowHeight > 0, `rows ${rowHeight}px apart`)
  const viewport = Number(String(list().st).match(/height:\s*([\d.]+)px/)?.[1])
  const block = Math.max(4, Math.ceil(viewport / rowHeight))
  const columnRows = (inner.cn ?? []).length
  assert.ok(
    columnRows > 0 && columnRows <= 3 * block && columnRows < total,
    `${columnRows} rows rendered of ${total} (blocks of ${block})`
  )
  assert.equal(textOf(rows()[0]).includes(titles[0]), true)
  // a scroll to the 30th row renders it and drops the first
  const columnHeight = Number(String(inner.st).match(/height:\s*([\d.]+)px/)?.[1])
  assert.ok(Math.abs(columnHeight - rowHeight * total) < 1, `a column of ${columnHeight}px for ${total} rows`)
  sim.page.fire(list(), 'scroll', { scrollTop: rowHeight * 30, scrollHeight: rowHeight * total })
  await sim.settle()
  const shown = rows().map(textOf).join('\n')
  assert.ok(shown.includes(titles[30]), 'the 31st room is rendered')
  assert.ok(!shown.includes(titles[0]), 'the first room is not')
  assert.ok(rows().length < 20, `${rows().length} rows rendered after the scroll`)
  assertNoErrors(sim)
})
