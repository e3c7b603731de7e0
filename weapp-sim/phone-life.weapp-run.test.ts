// Sound and sockets as a phone lives, in the built mini-program: the radio (WeChat's background audio manager) pauses
// when a video plays instead of playing on under it, and plays again after the system stopped it by setting `src`
// again; a room's socket is dropped and reconnected when the network changes and when the app comes back after more
// than 5 s in the background, not left half-open until the heartbeat gives up.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { sleep, type WeappSim } from './sim'
import { assertNoErrors, weappSuite } from './support'
import { textOf } from './tree'

const s = weappSuite()
const ROOM = 496

async function radioPlaying(): Promise<{ sim: WeappSim; src: string }> {
  const radio = (await s.server.api<{ channels: { radio: { id: number }[] } }>('userapp/index')).data.channels.radio[0]
  const sim = await s.launch('packageA/pages/watch/watch', { type: 'channel', id: String(radio.id) })
  await sim.waitFor(() => sim.backgroundAudio.srcSets.length > 0, 'the radio started')
  sim.fireBackgroundAudio('play')
  await sim.waitFor(() => sim.page.find({ cls: 'watch-audio', text: '直播中' }), 'the radio playing')
  return { sim, src: sim.backgroundAudio.srcSets[0] }
}

const roomSockets = (sim: WeappSim) => sim.sockets.filter((x) => x.url.includes(`/ws?roomid=${ROOM}`))

async function inRoom(): Promise<WeappSim> {
  const sim = await s.launch('packageA/pages/live/live', { roomid: String(ROOM) })
  await sim.waitFor(() => roomSockets(sim).some((x) => x.received > 0), 'the room socket')
  return sim
}

test('the radio pauses when a live room’s video plays, instead of playing on under its sound', async () => {
  const { sim } = await radioPlaying()
  await sim.reLaunch(`/packageA/pages/live/live?roomid=${ROOM}`)
  await sim.waitFor(() => sim.page.byTag('video').length > 0, 'the live room’s video')
  assert.ok(!sim.backgroundAudio.calls.includes('pause'), 'still playing before the video does')
  sim.page.fire(sim.page.byTag('video')[0], 'play', {})
  await sim.waitFor(() => sim.backgroundAudio.calls.includes('pause'), 'the radio paused')
  await sim.settle()
  assertNoErrors(sim)
})

test('after the system stopped the radio, playing it again sets the background audio’s src again', async () => {
  const { sim, src } = await radioPlaying()
  // the viewer closed WeChat's floating audio control: WeChat stops it and forgets the source
  sim.fireBackgroundAudio('stop')
  await sim.waitFor(() => sim.page.find({ cls: 'watch-audio__toggle' }), 'the play button')
  await sim.settle(50)
  sim.page.tap({ cls: 'watch-audio__toggle' })
  await sim.waitFor(() => sim.backgroundAudio.srcSets.length > 1, 'src set again')
  assert.equal(sim.backgroundAudio.srcSets.at(-1), src)
  assertNoErrors(sim)
})

test('a network change drops the room socket and it reconnects', async () => {
  const sim = await inRoom()
  const before = roomSockets(sim).length
  sim.networkChange({ isConnected: true, networkType: '4g' })
  await sim.waitFor(() => roomSockets(sim)[before - 1].closed, 'the old connection closed')
  await sim.waitFor(() => roomSockets(sim).length > before && roomSockets(sim).at(-1)!.received > 0, 'a new connection')
  assertNoErrors(sim)
})

test('back from more than 5 s in the background the room socket is dropped and reconnects; a short hide keeps it', async () => {
  const sim = await inRoom()
  let before = roomSockets(sim).length
  // a short hide (the app's own clock, read in onHide and onShow, brackets inside this one): a try that a process
  // starved of the processor stretched toward the 5 s may rightly reconnect, and is made again from there
  for (let tries = 0; ; tries++) {
    const hidden = Date.now()
    sim.appHide()
    await sleep(300)
    sim.appShow()
    if (Date.now() - hidden < 4000 || tries === 5) break
    await sleep(1500)
    await sim.waitFor(
      () => !roomSockets(sim).at(-1)!.closed && roomSockets(sim).at(-1)!.received > 0,
      'the connection back'
    )
    before = roomSockets(sim).length
  }
  await sleep(1500)
  assert.equal(roomSockets(sim).length, before, 'a short hide keeps the connection')
  assert.equal(roomSockets(sim)[before - 1].closed, false)
  sim.appHide()
  await sleep(5300)
  sim.appShow()
  await sim.waitFor(() => roomSockets(sim)[before - 1].closed, 'the old connection closed')
  await sim.waitFor(() => roomSockets(sim).length > before && roomSockets(sim).at(-1)!.received > 0, 'a new connection')
  assertNoErrors(sim)
})

test('a lottery’s 还剩 mm:ss does not tick while its room is under another page, and is right again when the viewer comes back', async () => {
  await s.server.dev('rooms/539/lottery/start?type=1&seconds=600')
  const sim = await s.launch('packageA/pages/live/live', { roomid: '539' })
  const room = sim.page
  const card = () => room.find({ cls: 'act-lottery__left' })
  await sim.waitFor(() => card() || room.find({ cls: 'activities__chip', text: '抽奖' }), 'the lottery')
  if (!card()) room.tap({ cls: 'activities__chip', text: '抽奖' })
  await sim.waitFor(card, 'the lottery’s time left')
  const ticking = textOf(card())
  await sim.waitFor(() => textOf(card()) !== ticking, 'the time left ticking while the room shows')
  // the viewer opens the streamer's page over the room: the room's timers are off (WeChat: 及时回收定时器)
  room.tap({ cls: 'room-header__avatar' })
  await sim.waitFor(() => sim.page !== room, 'the streamer’s page')
  await sim.settle(50)
  const hidden = textOf(card())
  await sleep(2500)
  assert.equal(textOf(card()), hidden, 'no tick on the hidden room')
  await sim.navigateBack()
  // at once, what is left by the clock: 600 s from the start, less the time since
  await sim.waitFor(() => textOf(card()) !== hidden, 'the time left brought up to date')
  const [mm, ss] = /还剩 (\d\d):(\d\d)/.exec(textOf(card()))!.slice(1).map(Number)
  const [hm, hs] = /还剩 (\d\d):(\d\d)/.exec(hidden)!.slice(1).map(Number)
  assert.ok(hm * 60 + hs - (mm * 60 + ss) >= 2, `${hidden} then ${textOf(card())}`)
  assertNoErrors(sim)
})

test('a room under another page takes its chat without drawing it: no setData there, and back on the room the messages are in its list without flying', async () => {
  const sim = await inRoom()
  const room = sim.page
  await sim.waitFor(() => room.find({ cls: 'chat__list' }), 'the chat')
  // the room's start over (the simulator's <video> never plays: 点击播放 after 3 s), so what draws later is the chat
  await sim.waitFor(() => room.find({ cls: 'player__overlay--needs-tap' }), 'the room settled', 15000)
  room.tap({ cls: 'room-header__avatar' })
  await sim.waitFor(() => sim.page !== room, 'the streamer’s page')
  await sim.settle(300)
  const socket = roomSockets(sim).at(-1)!
  const received = socket.received
  const hiddenFrom = Date.now()
  const { data } = (await s.server.dev(`rooms/${ROOM}/inject?rate=10&seconds=2`)) as { data: { total: number } }
  await sim.waitFor(() => socket.received - received >= data.total, 'the burst over the socket', 15000)
  await sleep(600) // past the list's 200 ms flushes
  const drawnHidden = sim.setDataLog.filter((r) => r.route === room.route && r.t >= hiddenFrom)
  assert.equal(drawnHidden.length, 0, `setData on the hidden room: ${JSON.stringify(drawnHidden)}`)
  assert.ok(!room.text().includes(`#${data.total}`), 'not in the hidden room’s list')
  await sim.navigateBack()
  await sim.waitFor(() => room.text().includes(`#${data.total}`), 'the burst’s last message in the chat')
  assert.equal(room.findAll({ cls: 'danmaku__item' }).length, 0, 'what came while hidden does not fly')
  assertNoErrors(sim)
})

test('R4.12 a paid room’s 试看中 seconds do not tick while the room is under another page, and the time it was hidden is spent all the same', async () => {
  const sim = await s.launch('packageA/pages/live/live', { roomid: '303' })
  const room = sim.page
  const banner = () => textOf(room.find({ cls: 'premium-banner__text' }))
  const left = (text: string) => Number(/剩余 (\d+) 秒/.exec(text)?.[1])
  await sim.waitFor(() => left(banner()) > 0, 'the trial’s seconds')
  const ticking = banner()
  await sim.waitFor(() => banner() !== ticking, 'the seconds ticking while the room shows')
  room.tap({ cls: 'room-header__avatar' })
  await sim.waitFor(() => sim.page !== room, 'the streamer’s page')
  await sim.settle(50)
  const hidden = banner()
  await sleep(2500)
  assert.equal(banner(), hidden, 'no tick on the hidden room')
  await sim.navigateBack()
  await sim.waitFor(() => banner() !== hidden, 'the seconds brought up to date')
  assert.ok(left(hidden) - left(banner()) >= 2, `${hidden} then ${banner()}`)
  assertNoErrors(sim)
})
