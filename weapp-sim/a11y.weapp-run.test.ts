// Accessibility attributes in the built mini-program. WeChat's screen readers read aria-label,
// aria-role, aria-selected and aria-hidden on components, but Taro's templates carry only the attributes Taro knows;
// config/a11y-plugin.ts adds them. Here the production build (dist/weapp) renders real pages from the reference
// server and the attributes are read where base.wxml draws them: image alternatives, tab roles and state, the
// flying danmaku hidden from screen readers.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { findAll } from './tree'
import { weappSuite } from './support'

const s = weappSuite()

test('the home page’s room covers are named by their titles, decorative menu icons are hidden', async () => {
  const rooms = (
    await s.server.api<{ list: { id: number; title: string; onair: number }[] }>('userapp/living/list', {
      page: 1,
      count: 10
    })
  ).data.list
  const sim = await s.launch('pages/home/home')
  await sim.waitForText(rooms[0].title)
  const covers = sim.page.findAll({ cls: 'card-item__img' })
  assert.ok(covers.length > 0, 'room covers on the page')
  const labels = covers.map((n) => sim.page.attr(n, 'aria-label'))
  for (const label of labels) assert.equal(typeof label, 'string')
  assert.ok(labels.includes(rooms[0].title), `a cover is named ${rooms[0].title} (saw ${labels.join(' | ')})`)
  const icons = sim.page.findAll({ cls: 'home__menu-icon' })
  assert.ok(icons.length > 0, 'menu icons on the page')
  for (const icon of icons) {
    assert.equal(sim.page.attr(icon, 'aria-hidden'), true)
    assert.equal(sim.page.attr(icon, 'aria-label'), undefined)
  }
})

test('the home banner’s slides are links named by their images; the copy at the end and the dots are hidden', async () => {
  const slides = await s.server.get<{ id: number; title: string }[]>('/live/api_mapp.php?a=slides')
  const sim = await s.launch('pages/home/home')
  await sim.waitFor(() => sim.page.findAll({ cls: 'banner__link' }).length > 0, 'the banner')
  const links = sim.page.findAll({ cls: 'banner__link' })
  const copies = sim.page.findAll({ cls: 'banner__slide--copy' })
  assert.equal(copies.length, 1)
  const real = links.filter((n) => !copies.includes(n))
  assert.deepEqual(
    real.map((n) => sim.page.attr(n, 'aria-role')),
    slides.map(() => 'link')
  )
  assert.deepEqual(
    real.map((n) => sim.page.attr(findAll(n, { cls: 'banner__img' })[0], 'aria-label')),
    slides.map((slide) => slide.title)
  )
  assert.equal(sim.page.attr(copies[0], 'aria-hidden'), true)
  assert.equal(sim.page.attr(sim.page.findAll({ cls: 'banner__dots' })[0], 'aria-hidden'), true)
})

test('the streamer tag tabs carry the tab role and which one is selected', async () => {
  const sim = await s.launch('pages/streamer/streamer')
  await sim.waitFor(() => sim.page.findAll({ cls: 'streamer-tab__tag' }).length > 1, 'the tag tabs')
  const tags = sim.page.findAll({ cls: 'streamer-tab__tag' })
  assert.deepEqual(new Set(tags.map((t) => sim.page.attr(t, 'aria-role'))), new Set(['tab']))
  const selected = tags.filter((t) => sim.page.attr(t, 'aria-selected') === true)
  assert.equal(selected.length, 1)
  assert.ok(
    sim.page.findAll({ cls: 'streamer-tab__tag--active' }).includes(selected[0]),
    'the selected tab is the highlighted one'
  )
  const list = sim.page.findAll({ cls: 'streamer-tab__tags' })[0]
  assert.equal(sim.page.attr(list, 'aria-role'), 'tablist')
})

test('in the live room the flying danmaku is hidden from screen readers and the room tabs are tabs', async () => {
  const sim = await s.launch('packageA/pages/live/live', { roomid: '496' })
  await sim.waitFor(() => sim.page.findAll({ cls: 'live__tab' }).length > 1, 'the room tabs')
  const layer = sim.page.findAll({ cls: 'danmaku' })[0]
  assert.ok(layer, 'the danmaku layer')
  assert.equal(sim.page.attr(layer, 'aria-hidden'), true)
  const tabs = sim.page.findAll({ cls: 'live__tab' })
  assert.deepEqual(
    tabs.map((t) => sim.page.attr(t, 'aria-role')),
    tabs.map(() => 'tab')
  )
  assert.deepEqual(
    tabs.map((t) => sim.page.attr(t, 'aria-selected')),
    tabs.map((_, i) => i === 0)
  )
})
