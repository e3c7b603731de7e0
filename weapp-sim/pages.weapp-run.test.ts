// Every page of dist/weapp/app.json, opened in the built mini-program with realistic queries, shows its content from
// the reference server: the texts below are read from the server's own answers at test time, then looked for in the
// page's setData tree. No page throws, logs console.error or shows an error state. Pages opened without their
// parameters show their own error text.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Answer } from '../contract/codes'
import { PAGE_CASES as CASES } from './cases'
import { assertNoErrorState, assertNoErrors, loginOnUserPage, weappSuite } from './support'

const s = weappSuite()

const data = async <T>(p: Promise<Answer<T>>) => (await p).data

test('the cases cover every page of app.json', async () => {
  const sim = await s.launch()
  assert.deepEqual(CASES.map((c) => c.route).sort(), sim.allPages().sort())
  assert.equal(sim.allPages().length, 25)
})

/** The route map of spec section 2: each page named by its requirement. */
const ROUTE_IDS: Record<string, string> = {
  'pages/home/home': 'R2.2',
  'pages/streamer/streamer': 'R2.3',
  'pages/media/media': 'R2.4',
  'pages/user/user': 'R2.5',
  'pages/list/list': 'R2.7',
  'packageA/pages/live/live': 'R2.8',
  'packageA/pages/playback/playback': 'R2.9',
  'packageA/pages/preview/preview': 'R2.10',
  'packageA/pages/timeline/timeline': 'R2.11',
  'packageA/pages/post/post': 'R2.12',
  'packageA/pages/streamer/streamer': 'R2.13',
  'packageA/pages/streamer/follow/follow': 'R2.14',
  'packageA/featured/wuxilcb/wuxilcb': 'R2.15',
  'packageA/featured/dingshu/dingshu': 'R2.15',
  'packageA/featured/hubin/hubin': 'R2.15',
  'packageB/pages/deposit/deposit': 'R2.16',
  'packageB/pages/album/album': 'R2.17',
  'packageB/pages/search/search': 'R2.18',
  'packageB/pages/web/web': 'R2.19',
  'packageB/pages/channel/bridge': 'R2.20',
  'packageB/pages/mall/payment': 'R2.21',
  'packageB/pages/consume/consume': 'R2.46'
}

for (const c of CASES) {
  test(`${ROUTE_IDS[c.route] ?? ''} ${c.route}${
    c.query
      ? '?' +
        Object.entries(c.query)
          .map(([k, v]) => `${k}=${v}`)
          .join('&')
      : ''
  } shows its content from the server`, async () => {
    const expected = await c.expect(s.server)
    const sim = await s.launch(c.route, c.query)
    for (const text of expected) await sim.waitForText(text)
    await c.check?.(sim, s.server)
    await sim.settle()
    assertNoErrorState(sim.page)
    assertNoErrors(sim)
    assert.equal(sim.page.route, c.route, 'the page stays open')
  })
}

// Pages behind the login: logged in through the 我的 tab's WeChat login (R7.55), then entered again (reLaunch).
test('R2.14 R2.46 R2.21 logged in: my follows, the deposit, gift and 消费记录 logs, the balance on the top-up page, a goods order', async () => {
  const sim = await s.launch('pages/user/user')
  const token = await loginOnUserPage(sim)
  const streamer = await data(s.server.api<{ streamer: { nick_name: string } }>('userapp/roominfo', { roomid: 306 }))
  assert.equal((await s.server.api('userapp/follow', { roomid: 306 }, token)).code, 1)
  const gifts = await data(s.server.api<{ id: number; name: string; price: number }[]>('userapp/living/gifts/list'))
  const cheapest = gifts.slice().sort((a, b) => a.price - b.price)[0]
  assert.equal(
    (await s.server.api('userapp/send_gifts', { roomid: 306, giftid: cheapest.id, combo: 1 }, token)).code,
    1
  )
  assert.equal((await s.server.api('userapp/pay_gold', { m: 'weixin_mini', gold: 60 }, token)).code, 1)
  const user = await data(s.server.api<{ gold: number }>('userapp/userinfo', {}, token))

  await sim.reLaunch('/packageA/pages/streamer/follow/follow')
  await sim.waitForText(streamer.streamer.nick_name)
  await sim.reLaunch('/pages/list/list?type=gift')
  await sim.waitForText(cheapest.name)
  await sim.reLaunch('/pages/list/list?type=deposit')
  await sim.waitForText('60')
  await sim.reLaunch('/packageB/pages/consume/consume')
  await sim.waitForText(`送出 ${cheapest.name} ×1`)
  await sim.waitForText(`−${cheapest.price} 慧币`)
  await sim.reLaunch('/packageB/pages/deposit/deposit')
  await sim.waitForText(String(user.gold))
  // a goods card's order (R2.21): made for the viewer, then shown under its own id
  const goods = await data(s.server.api<{ id: number; title: string }[]>('userapp/living/goods', { roomid: 306 }))
  await sim.reLaunch(`/packageB/pages/mall/payment?goods_id=${goods[0].id}`)
  await sim.waitFor(() => sim.page.query.id, 'the order page under the order id')
  await sim.waitForText(goods[0].title)
  await sim.waitForText(`订单号 ${sim.page.query.id}`)
  await sim.waitForText('立即支付')
  await sim.settle()
  assertNoErrorState(sim.page)
  assertNoErrors(sim)
})

// A log of the viewer's own, opened logged out: the way on is the login, which comes back to the log with its query.
test('R4.6 R8.4 logged out, the deposit log says 登录后查看充值记录 and its 去登录 logs in and comes back to the log', async () => {
  const sim = await s.launch('pages/list/list', { type: 'deposit' })
  await sim.waitForText('登录后查看充值记录')
  sim.page.tap({ cls: 'page-state__retry' })
  await sim.waitFor(() => sim.page.route === 'pages/user/user', 'the user page')
  await loginOnUserPage(sim)
  await sim.waitFor(
    () => sim.page.route === 'pages/list/list' && sim.page.query.type === 'deposit',
    'back on the deposit log'
  )
  await sim.waitForText(/暂无充值记录|充值/)
  await sim.settle()
  assertNoErrorState(sim.page)
  assertNoErrors(sim)
})

const MISSING: [string, string][] = [
  ['pages/list/list', '列表类型不存在'],
  ['packageA/pages/live/live', '直播间不存在'],
  ['packageA/pages/playback/playback', '回看不存在或已下线'],
  ['packageA/pages/preview/preview', '预告不存在或已下线'],
  ['packageA/pages/post/post', '内容不存在'],
  ['packageA/pages/streamer/streamer', '缺少主播参数'],
  ['packageB/pages/web/web', '链接无效'],
  ['packageB/pages/channel/bridge', '视频号参数缺失'],
  ['packageB/pages/mall/payment', '订单不存在'],
  ['packageB/pages/legal/legal', '文档不存在']
]

for (const [route, message] of MISSING) {
  test(`${route} without its parameters says ${message}`, async () => {
    const sim = await s.launch(route)
    await sim.waitForText(message)
    await sim.settle()
    assertNoErrors(sim)
  })
}
