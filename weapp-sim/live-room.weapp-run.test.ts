// The live room in the built mini-program, logged in through WeChat login: chat sent over HTTP and received over the
// room's WebSocket (ours and another viewer's), likes batched into one combo call, a gift with the balance falling.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { WeappSim } from './sim'
import { assertNoErrors, loginOnUserPage, weappSuite } from './support'
import { textOf } from './tree'

const s = weappSuite()
const ROOM = 496

async function loggedInRoom(roomid = ROOM): Promise<{ sim: WeappSim; token: string }> {
  const sim = await s.launch('pages/user/user')
  const token = await loginOnUserPage(sim)
  await sim.reLaunch(`/packageA/pages/live/live?roomid=${roomid}`)
  await sim.waitForText('聊天简介')
  await sim.waitFor(
    () => sim.sockets.some((x) => x.url.endsWith(`/ws?roomid=${roomid}`) && x.received > 0),
    'the room socket'
  )
  return { sim, token }
}

const chatLines = (sim: WeappSim) => sim.page.findAll({ cls: 'chat__msg' }).map(textOf)

test('R1.3, R7.73, R3.14: a chat sent from the room shows once, reaches the server, and another viewer’s arrives over the socket', async () => {
  const { sim } = await loggedInRoom()
  const mine = `小程序发来的弹幕 ${Date.now() % 100000}`
  const input = sim.page.byTag('input').find((n) => String(n.cl).includes('chat__input'))!
  assert.ok(input, 'the chat input')
  sim.page.input(input, mine)
  await sim.settle(50)
  sim.page.tap({ cls: 'chat__send' })
  await sim.waitFor(() => chatLines(sim).some((l) => l.includes(mine)), 'my message in the chat list')
  // the list shows it as it is sent; the simulator records the call when its answer is in
  await sim.waitFor(() => sim.requestsTo(/\/userapp\/danmaku$/).length > 0, 'the send call answered')
  const sent = sim.requestsTo(/\/userapp\/danmaku$/)
  assert.equal(sent.length, 1)
  assert.equal(sent[0].body.content, mine)
  assert.equal(Number(sent[0].body.room_id), ROOM)
  const history = (await s.server.api<{ content: string }[]>('userapp/living/danmaku', { roomid: ROOM, count: 10 }))
    .data
  assert.equal((JSON.parse(history[history.length - 1].content) as { text: string }).text, mine)

  // another viewer (the demo account, logged in elsewhere) sends one: it arrives by the socket, no HTTP poll
  const other = (
    await s.server.api<{ access_token: string }>('userapp/login', { mobile: '13800000001', password: 'demo1234' })
  ).data.access_token
  const theirs = `另一位观众的弹幕 ${Date.now() % 100000}`
  const historyCalls = sim.requestsTo(/\/living\/danmaku$/).length
  assert.equal((await s.server.api('userapp/danmaku', { room_id: ROOM, content: theirs }, other)).code, 1)
  await sim.waitFor(() => chatLines(sim).some((l) => l.includes(theirs)), 'the other viewer’s message')
  await sim.settle()
  assert.equal(chatLines(sim).filter((l) => l.includes(theirs)).length, 1, 'shown once')
  assert.equal(chatLines(sim).filter((l) => l.includes(mine)).length, 1, 'mine shown once (sent, then pushed back)')
  assert.equal(sim.requestsTo(/\/living\/danmaku$/).length, historyCalls, 'no history poll')
  assertNoErrors(sim)
})

test('R3.17, R7.76: likes tapped quickly go out as one combo call per 1.5 s window', async () => {
  const { sim } = await loggedInRoom()
  for (let i = 0; i < 5; i++) sim.page.tap({ cls: 'interact-like__button' })
  await sim.waitFor(() => sim.requestsTo(/\/living\/like$/).length === 1, 'the first combo call')
  const first = sim.requestsTo(/\/living\/like$/)[0]
  assert.equal(Number(first.body.combo), 5)
  assert.equal(Number(first.body.roomid), ROOM)
  for (let i = 0; i < 3; i++) sim.page.tap({ cls: 'interact-like__button' })
  await sim.waitFor(() => sim.requestsTo(/\/living\/like$/).length === 2, 'the second combo call')
  const calls = sim.requestsTo(/\/living\/like$/)
  assert.equal(Number(calls[1].body.combo), 3)
  assert.ok(calls[1].t - calls[0].t >= 1400, `one window apart (${calls[1].t - calls[0].t} ms)`)
  await sim.settle()
  assert.equal(sim.requestsTo(/\/living\/like$/).length, 2, 'nothing more')
  assertNoErrors(sim)
})

test('R1.4, R3.16, R7.66, R7.77, R9.1: a gift from the panel lowers the 慧币 balance shown by its price', async () => {
  const { sim, token } = await loggedInRoom()
  const gifts = (await s.server.api<{ id: number; name: string; price: number }[]>('userapp/living/gifts/list')).data
  const gift = gifts.slice().sort((a, b) => a.price - b.price)[0]
  const before = (await s.server.api<{ gold: number }>('userapp/userinfo', {}, token)).data.gold
  sim.page.tap({ cls: 'interact__gift-button' })
  await sim.waitForText(gift.name)
  const gold = () => textOf(sim.page.find({ cls: 'interact-panel__gold' }))
  await sim.waitFor(() => gold() === String(before), `the balance ${before}`)
  assert.match(textOf(sim.page.get({ cls: 'interact-panel__balance' })), /慧币/)
  sim.page.tap({ cls: 'interact-panel__gift', text: gift.name })
  await sim.settle(50)
  sim.page.tap({ cls: 'interact-panel__send' })
  await sim.waitFor(() => gold() === String(before - gift.price), `the balance ${before - gift.price}`)
  const sent = sim.requestsTo(/\/userapp\/send_gifts$/)
  assert.equal(sent.length, 1)
  assert.deepEqual(
    [Number(sent[0].body.roomid), Number(sent[0].body.giftid), Number(sent[0].body.combo)],
    [ROOM, gift.id, 1]
  )
  assert.equal((await s.server.api<{ gold: number }>('userapp/userinfo', {}, token)).data.gold, before - gift.price)
  // the gift comes back over the socket into the room's gift strip
  await sim.waitFor(
    () => sim.page.findAll({ cls: 'interact-gifts__gift' }).some((n) => textOf(n) === gift.name),
    'the gift strip'
  )
  assertNoErrors(sim)
})
