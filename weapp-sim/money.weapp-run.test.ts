// Money in the built mini-program, logged in through WeChat login (the dev user, 100 慧币): a paid room's banner names
// its price and only the confirm sheet's 确认解锁 buys (取消 charges nothing); short of the price, the sheet says 余额不足
// and offers 充值; the gift panel does not send what the balance cannot pay (余额不足 with 充值).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { WeappSim } from './sim'
import { assertNoErrors, loginOnUserPage, nodeText, weappSuite } from './support'

const s = weappSuite()

async function loggedIn(route: string): Promise<{ sim: WeappSim; token: string }> {
  const sim = await s.launch('pages/user/user')
  const token = await loginOnUserPage(sim)
  await sim.reLaunch(route)
  return { sim, token }
}

const serverGold = async (token: string) =>
  (await s.server.api<{ gold: number }>('userapp/userinfo', {}, token)).data.gold
const text = (sim: WeappSim, cls: string) => nodeText(sim.page.find({ cls }))

test('R4.12 R7.88 R1.6 room 308: the banner names 50 慧币; a tap opens the sheet with price and balance; 取消 charges nothing, 确认解锁 charges once', async () => {
  const { sim, token } = await loggedIn('/packageA/pages/live/live?roomid=308')
  await sim.waitFor(() => sim.page.find({ cls: 'premium-banner--trial' }), 'the trial banner')
  assert.equal(text(sim, 'premium-banner__action'), '50 慧币解锁')
  const gold = await serverGold(token)
  assert.ok(gold >= 50, `the viewer can pay (${gold})`)

  sim.page.tap({ cls: 'premium-banner' })
  await sim.waitFor(() => text(sim, 'premium-sheet__balance') === `${gold} 慧币`, 'the sheet with the balance')
  assert.equal(text(sim, 'premium-sheet__title'), '解锁付费直播')
  assert.equal(text(sim, 'premium-sheet__price'), '50 慧币')
  sim.page.tap({ cls: 'premium-sheet__cancel' })
  await sim.waitFor(() => !sim.page.find({ cls: 'premium-sheet' }), 'the sheet closed')
  await sim.settle()
  assert.equal(sim.requestsTo(/\/userapp\/premium_pay$/).length, 0, '取消 sends no purchase')
  assert.equal(await serverGold(token), gold)

  sim.page.tap({ cls: 'premium-banner' })
  await sim.waitFor(() => text(sim, 'premium-sheet__confirm') === '确认解锁 50 慧币', 'the confirm button')
  sim.page.tap({ cls: 'premium-sheet__confirm' })
  await sim.waitFor(() => sim.page.find({ cls: 'premium-banner--premium_payed' }), 'unlocked')
  assert.equal(sim.requestsTo(/\/userapp\/premium_pay$/).length, 1)
  assert.equal(await serverGold(token), gold - 50)
  assertNoErrors(sim)
})

test('R1.4 R4.12 short of the price (room 303, 30 慧币), the sheet says 余额不足 and its 充值 opens the top-up', async () => {
  const { sim, token } = await loggedIn('/packageA/pages/live/live?roomid=303')
  for (let gold = await serverGold(token); gold > 10; gold = await serverGold(token))
    assert.equal(
      (await s.server.api('userapp/send_gifts', { roomid: 307, giftid: 1, combo: Math.min(999, gold - 10) }, token))
        .code,
      1
    )
  await sim.waitFor(() => sim.page.find({ cls: 'premium-banner--trial' }), 'the trial banner')
  sim.page.tap({ cls: 'premium-banner' })
  await sim.waitFor(() => text(sim, 'premium-sheet__balance') === '10 慧币', 'the sheet with the balance')
  assert.equal(text(sim, 'premium-sheet__short'), '余额不足，还差 20 慧币')
  assert.equal(sim.page.find({ cls: 'premium-sheet__confirm' }), undefined)
  sim.page.tap({ cls: 'premium-sheet__topup' })
  await sim.waitFor(() => sim.page.route === 'packageB/pages/deposit/deposit', 'the top-up page')
  assert.deepEqual({ from: sim.page.query.from, id: sim.page.query.id }, { from: 'live', id: '303' })
  assert.equal(sim.requestsTo(/\/userapp\/premium_pay$/).length, 0)
  assertNoErrors(sim)
})

test('R1.4 R9.1 the gift panel: 太湖明珠 ×188 above the balance says 余额不足 with 充值, sends nothing; 充值 opens the top-up', async () => {
  const { sim } = await loggedIn('/packageA/pages/live/live?roomid=496')
  await sim.waitFor(() => sim.page.find({ cls: 'interact__gift-button' }), 'the gift button')
  sim.page.tap({ cls: 'interact__gift-button' })
  await sim.waitForText('太湖明珠')
  await sim.waitFor(() => /^\d+$/.test(text(sim, 'interact-panel__gold')), 'the balance')
  const gold = Number(text(sim, 'interact-panel__gold'))
  sim.page.tap({ cls: 'interact-panel__gift', text: '太湖明珠' })
  await sim.settle(50)
  sim.page.tap({ cls: 'interact-panel__combo', text: '×188' })
  const short = `余额不足：太湖明珠 ×188 需 97760 慧币，还差 ${97760 - gold} 慧币`
  await sim.waitFor(() => text(sim, 'interact-panel__short') === short, short)
  assert.equal(sim.page.find({ cls: 'interact-panel__send' }), undefined)
  assert.equal(text(sim, 'interact-panel__topup'), '充值')
  sim.page.tap({ cls: 'interact-panel__topup' })
  await sim.waitFor(() => sim.page.route === 'packageB/pages/deposit/deposit', 'the top-up page')
  assert.equal(sim.requestsTo(/\/userapp\/send_gifts$/).length, 0)
  assertNoErrors(sim)
})
