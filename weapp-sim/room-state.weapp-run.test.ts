// The live room follows its room's state in the built mini-program: going on and off the air (`live_status`) and the
// chat closing (`chat_status`) as the demo controls push them, and the viewer's own red packet after the room is
// opened again.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { WeappSim } from './sim'
import { assertNoErrors, loginOnUserPage, weappSuite } from './support'
import { textOf } from './tree'

const s = weappSuite()

/** The room's socket has been welcomed: pushes reach the page from then on. */
async function socketOpen(sim: WeappSim, roomid: number) {
  await sim.waitFor(
    () => sim.sockets.some((x) => x.url.includes(`/ws?roomid=${roomid}`) && x.received > 0),
    'the room socket'
  )
}

const videoSrc = (sim: WeappSim) => {
  const v = sim.page.byTag('video')[0]
  return v ? String(sim.page.attr(v, 'src')) : ''
}

test('live_status: a room that has not started plays when it goes on air; off the air it shows 直播已结束 and rooms on air', async () => {
  const sim = await s.launch('packageA/pages/live/live', { roomid: '310' })
  await sim.waitForText('直播未开始')
  await socketOpen(sim, 310)
  assert.equal(videoSrc(sim), '')
  await s.server.dev('rooms/310/onair')
  await sim.waitFor(() => /\/hls\/live\/310\/index\.m3u8$/.test(videoSrc(sim)), 'the stream in the <video>')
  assert.ok(!sim.page.text().includes('直播未开始'))
  await s.server.dev('rooms/310/offair')
  await sim.waitForText('直播已结束')
  assert.equal(sim.page.byTag('video').length, 0, 'the stream is gone')
  await sim.waitFor(() => sim.page.findAll({ cls: 'phase-card__room' }).length > 0, 'other rooms on air')
  assert.equal(textOf(sim.page.get({ cls: 'phase-card__rooms-title' })), '正在直播')
  assertNoErrors(sim)
})

test('chat_status R5.8: a closed chat says 聊天暂时关闭 at the input and takes no text; reopened, it does again', async () => {
  const sim = await s.launch('packageA/pages/live/live', { roomid: '301' })
  await socketOpen(sim, 301)
  const input = () => sim.page.byTag('input').find((n) => String(n.cl).includes('chat__input'))!
  await sim.waitFor(() => input(), 'the chat input')
  assert.notEqual(sim.page.attr(input(), 'disabled'), true)
  await s.server.dev('rooms/301/chat/close')
  await sim.waitFor(
    () => sim.page.attr(input(), 'disabled') === true && sim.page.attr(input(), 'placeholder') === '聊天暂时关闭',
    'the closed chat box'
  )
  await s.server.dev('rooms/301/chat/open')
  await sim.waitFor(
    () => sim.page.attr(input(), 'disabled') !== true && sim.page.attr(input(), 'placeholder') === '说点什么…',
    'the chat box open again'
  )
  assertNoErrors(sim)
})

/** The red packet's card in front (its chip, when another card is). */
async function redpackInFront(sim: WeappSim) {
  await sim.waitFor(
    () => sim.page.find({ cls: 'act-card--redpack' }) || sim.page.find({ cls: 'activities__chip', text: '红包' }),
    'the red packet'
  )
  if (!sim.page.find({ cls: 'act-card--redpack' })) sim.page.tap({ cls: 'activities__chip', text: '红包' })
  await sim.waitFor(() => sim.page.find({ cls: 'act-card--redpack' }), 'the red packet card')
}

/** The mini-program launched afresh (a new app process), logged in as the WeChat user, in the activity room. */
async function activityRoom(): Promise<WeappSim> {
  const sim = await s.launch('pages/user/user')
  await loginOnUserPage(sim)
  await sim.reLaunch('/packageA/pages/live/live?roomid=539')
  await redpackInFront(sim)
  return sim
}

test('R7.93 R7.94 a grabbed red packet shows the viewer’s own amount when the mini-program opens the room again, not 抢', async () => {
  await s.server.dev('rooms/539/redpack?total=100&count=5')
  const first = await activityRoom()
  // 抢 once the server has said this viewer took none yet (查询中… until then)
  await first.waitFor(() => first.page.find({ cls: 'act-redpack__draw' }), '抢')
  first.page.tap({ cls: 'act-redpack__draw' })
  const text = textOf(await first.waitFor(() => first.page.find({ cls: 'act-redpack__outcome--win' }), 'the amount'))
  assert.match(text, /^抢到 \d+ 慧币$/)
  assertNoErrors(first)
  await first.close()
  // the same viewer opens the mini-program again: nothing of the first run is in memory
  const again = await activityRoom()
  await again.waitFor(() => again.page.find({ cls: 'act-redpack__outcome--win' }), 'the amount restored')
  assert.equal(textOf(again.page.get({ cls: 'act-redpack__outcome--win' })), text)
  assert.equal(again.page.find({ cls: 'act-redpack__draw' }), undefined)
  assertNoErrors(again)
})
