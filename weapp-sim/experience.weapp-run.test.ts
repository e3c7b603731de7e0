// What WeChat's experience score and its review read of the built mini-program: app.json's style v2 and sitemap
// (the deposit and payment pages not indexed), the nav bar laid out around the capsule where WeChat puts it
// (wx.getMenuButtonBoundingClientRect), no update prompt on a base library past the minimum, and chat inputs that lift their bar over the keyboard instead of pushing the
// page (and the live room's video) up.
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { DIST } from './sim'
import { assertNoErrors, weappSuite } from './support'
import type { MpNode } from './tree'

const s = weappSuite()
/** the build under test (WEAPP_DIST runs the suite on another) */
const dist = process.env.WEAPP_DIST ?? DIST

test('app.json: style v2 and a sitemap that keeps the deposit, payment, 消费记录 and 观看历史 pages out of WeChat search', () => {
  const app = JSON.parse(readFileSync(join(dist, 'app.json'), 'utf8')) as {
    style?: string
    sitemapLocation?: string
    pages: string[]
    subPackages: { root: string; pages: string[] }[]
  }
  assert.equal(app.style, 'v2')
  assert.equal(app.sitemapLocation, 'sitemap.json')
  assert.ok(existsSync(join(dist, 'sitemap.json')), 'sitemap.json in the build')
  const sitemap = JSON.parse(readFileSync(join(dist, 'sitemap.json'), 'utf8')) as {
    rules: { action: string; page: string }[]
  }
  const all = [...app.pages, ...app.subPackages.flatMap((p) => p.pages.map((page) => `${p.root}/${page}`))]
  const disallowed = sitemap.rules.filter((r) => r.action === 'disallow').map((r) => r.page)
  assert.deepEqual(disallowed.sort(), [
    'packageB/pages/consume/consume',
    'packageB/pages/deposit/deposit',
    'packageB/pages/history/history',
    'packageB/pages/mall/payment'
  ])
  for (const page of disallowed) assert.ok(all.includes(page), `${page} is a page of app.json`)
  // the rest is indexed: the rule for every page comes last
  assert.deepEqual(sitemap.rules.at(-1), { action: 'allow', page: '*' })
})

test('R9.13 the nav bar keeps clear of the capsule where WeChat lays it out (getMenuButtonBoundingClientRect)', async () => {
  const sim = await s.launch('pages/home/home')
  const inner = await sim.waitFor(() => sim.page.find({ cls: 'nav-bar__inner' }), 'the nav bar')
  // what the app service's wx answers (the simulator's phone: its capsule 10 px from the right edge)
  const wx = (sim as unknown as { context: { wx: Record<string, () => Record<string, number>> } }).context.wx
  const menu = wx.getMenuButtonBoundingClientRect()
  const win = wx.getWindowInfo()
  const right = Number(String(inner.st).match(/padding-right:\s*([\d.]+)px/)?.[1])
  assert.equal(right, win.windowWidth - menu.left, `padding-right ${right}px for a capsule at ${menu.left}px`)
  // the simulator's base library (getAppBaseInfo) is past the app's minimum, 2.21.2: no 微信版本过低 at launch
  assert.equal(sim.callsOf('showModal').length, 0)
  assertNoErrors(sim)
})

test('a chat input does not push the live room up: adjust-position off, its bar lifted by the keyboard’s height', async () => {
  const sim = await s.launch('packageA/pages/live/live', { roomid: '496' })
  await sim.waitForText('聊天简介')
  const input = await sim.waitFor(
    () => sim.page.byTag('input').find((n) => String(n.cl).includes('chat__input')),
    'the chat input'
  )
  assert.equal(sim.page.attr(input, 'adjust-position'), false)
  const bar = (): MpNode => sim.page.get({ cls: 'chat__bar' })
  assert.ok(!/translateY/.test(String(bar().st ?? '')), 'not lifted before the keyboard')
  sim.page.fire(input, 'keyboardheightchange', { height: 301, duration: 0.25 })
  await sim.waitFor(() => /translateY\(-301px\)/.test(String(bar().st ?? '')), 'the bar over the keyboard')
  sim.page.fire(input, 'keyboardheightchange', { height: 0, duration: 0.25 })
  await sim.waitFor(() => !/translateY/.test(String(bar().st ?? '')), 'the bar back down')
  assertNoErrors(sim)
})
