// The player in the built mini-program: WeChat's <video> with its controls, full screen (landscape for a landscape
// video) and picture-in-picture; 清晰度 switching the video's src between the master playlist and a rendition; 倍速
// through the video's context; 弹幕设置 reaching the flying danmaku's nodes, 屏蔽词 hiding a message; a playback
// resuming where the viewer stopped.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { WeappSim } from './sim'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DIST } from './sim'
import { assertNoErrors, nodeText, weappSuite } from './support'
import { textOf, type MpNode } from './tree'

/** The player's waits, as src/packageA/components/player/first-frame.ts and overlay.ts set them (ms). */
const FIRST_FRAME_CAP = 2000
const NEEDS_TAP_AFTER_MS = 3000

// Paid content as the broadcaster could publish it: room 303 with no trial, room 308 and playback 5004 with a trial
// of six seconds.
const NO_TRIAL = 303
const SHORT_TRIAL = 308
const PAID_PLAYBACK = 5004
const s = weappSuite((store) => {
  store.patchDoc('room', NO_TRIAL, { trial_seconds: 0 })
  store.patchDoc('room', SHORT_TRIAL, { trial_seconds: 6 })
  store.patchDoc('playback', PAID_PLAYBACK, { trial_seconds: 6 })
})
const ROOM = 496

const video = (sim: WeappSim): MpNode => {
  const v = sim.page.byTag('video')[0]
  assert.ok(v, 'a <video> on the page')
  return v
}
const src = (sim: WeappSim) => String(sim.page.attr(video(sim), 'src'))

async function room(roomid = ROOM): Promise<WeappSim> {
  const sim = await s.launch('packageA/pages/live/live', { roomid: String(roomid) })
  await sim.waitFor(() => sim.page.byTag('video').length > 0, 'the live room’s video')
  return sim
}

/**
 * Runs `attempt` (each in a new sim) until it sees the state it starts from: it answers null when a starved process
 * let one of the app's timers (the first-frame cap, the 3 s tap-to-play wait, a trial) run out before the test could
 * look. Three tries.
 */
async function seen<T>(attempt: () => Promise<T | null>, what: string): Promise<T> {
  for (let i = 0; i < 3; i++) {
    const r = await attempt()
    if (r !== null) return r
  }
  throw new Error(`${what}: a timer of the app ran out first three times`)
}

/** Another viewer sends a message into the room (the demo account). */
async function otherSays(text: string, roomid = ROOM) {
  const token = (
    await s.server.api<{ access_token: string }>('userapp/login', { mobile: '13800000001', password: 'demo1234' })
  ).data.access_token
  assert.equal((await s.server.api('userapp/danmaku', { room_id: roomid, content: text }, token)).code, 1)
}

test('the live room’s <video>: controls with full screen (landscape), no progress, picture-in-picture push and pop', async () => {
  const sim = await room()
  const v = video(sim)
  const attr = (a: string) => sim.page.attr(v, a)
  assert.equal(attr('controls'), true)
  assert.equal(attr('show-fullscreen-btn'), true)
  assert.equal(attr('show-progress'), false)
  assert.equal(attr('enable-progress-gesture'), false)
  assert.equal(attr('enable-play-gesture'), true)
  assert.equal(attr('direction'), 90)
  assert.deepEqual(attr('picture-in-picture-mode'), ['push', 'pop'])
  assert.match(src(sim), /\/hls\/live\/496\/index\.m3u8$/)
  // the flying danmaku are the video's children, so they stay in full screen
  const inside = (cls: string) => JSON.stringify(v).includes(`"${cls}`) || JSON.stringify(v).includes(` ${cls}`)
  assert.ok(inside('danmaku'), 'the danmaku layer is inside <video>')
  // full screen: the chat box and the like button join the video
  assert.equal(sim.page.find({ cls: 'fs-send' }), undefined)
  sim.page.fire(v, 'fullscreenchange', { fullScreen: true, direction: 'horizontal' })
  await sim.waitFor(() => sim.page.find({ cls: 'fs-send' }), 'the full-screen chat box')
  assert.ok(JSON.stringify(video(sim)).includes('fs-send'), 'inside <video>')
  assert.ok(JSON.stringify(video(sim)).includes('interact-like__button'), 'the like button inside <video>')
  sim.page.fire(video(sim), 'fullscreenchange', { fullScreen: false, direction: 'vertical' })
  await sim.waitFor(() => !sim.page.find({ cls: 'fs-send' }), 'the chat box leaves with full screen')
  assertNoErrors(sim)
})

test('video first: the group’s rooms are asked for once the live room’s <video> plays, not at the 2 s cap', async () => {
  const group = (sim: WeappSim) =>
    sim.requestsTo(/\/userapp\/living\/list$/).filter((r) => String(r.body.roomid).includes(','))
  const sim = await seen(async () => {
    const sim = await room()
    // the group switcher keeps its place while the video starts
    await sim.waitFor(() => sim.page.find({ cls: 'group-switcher--waiting' }), 'the group switcher’s place')
    // the player has set its stream up (its renditions asked for) when WeChat's <video> starts playing
    await sim.waitFor(() => sim.requestsTo(/\/hls\/live\/496\/index\.m3u8$/).length, 'the stream’s renditions')
    return sim.firedTimers.includes(FIRST_FRAME_CAP) ? null : sim
  }, 'the room before its first-frame cap')
  assert.equal(group(sim).length, 0, 'nothing asked for before the video plays')
  const fired = sim.firedTimers.length
  // the app's timers that ran between the play and the request: the 2 s cap's is not among them
  let firedByThen: number[] = []
  sim.page.fire(video(sim), 'play', {})
  await sim.waitFor(
    () => group(sim).length > 0 && (firedByThen = sim.firedTimers.slice(fired)),
    'the group’s rooms asked for'
  )
  assert.ok(!firedByThen.includes(FIRST_FRAME_CAP), `asked for before the ${FIRST_FRAME_CAP} ms cap ran out`)
  await sim.waitFor(
    () => sim.page.find({ cls: 'group-switcher' }) && !sim.page.find({ cls: 'group-switcher--waiting' }),
    'the group’s rooms shown'
  )
  assertNoErrors(sim)
})

test('清晰度 switches the live <video>’s src between the master playlist and each rendition, and is remembered', async () => {
  const sim = await room()
  await sim.waitFor(
    () => sim.page.find({ cls: 'player__quality' }),
    'the 清晰度 button (the stream has two renditions)'
  )
  assert.equal(sim.page.find({ cls: 'player__speed' }), undefined, 'no 倍速 on live')
  const choose = async (label: string, expected: RegExp) => {
    sim.page.tap({ cls: 'player__quality' })
    await sim.waitFor(() => sim.page.find({ cls: 'player-menu__item', text: label }), `the ${label} item`)
    assert.deepEqual(sim.page.findAll({ cls: 'player-menu__item' }).map(textOf), ['自动', '高清 720P', '标清 360P'])
    sim.page.tap({ cls: 'player-menu__item', text: label })
    await sim.waitFor(() => expected.test(src(sim)), `src for ${label}`)
  }
  await choose('标清 360P', /\/hls\/live\/496\/360p\.m3u8$/)
  await choose('高清 720P', /\/hls\/live\/496\/720p\.m3u8$/)
  assert.equal(textOf(sim.page.get({ cls: 'player__quality' })), '720P')
  assert.equal(sim.callsOf('VideoContext.seek').length, 0, 'live goes on at the edge')
  // the next room starts in the viewer's 清晰度
  await sim.reLaunch('/packageA/pages/live/live?roomid=306')
  await sim.waitFor(
    () => /\/hls\/live\/306\/720p\.m3u8$/.test(String(sim.page.attr(sim.page.byTag('video')[0], 'src'))),
    'room 306 in 720P'
  )
  await choose('自动', /\/hls\/live\/306\/index\.m3u8$/)
  assertNoErrors(sim)
})

test('on the oldest iPhone engine the build targets (iOS 12: nothing after ES2018, every test here runs on it), 清晰度 still lists each rendition and switches to it', async () => {
  // the renditions come from the master playlist through hls-parser, which reads each quoted attribute with
  // Array.prototype.at (iOS 15.4): without the build's own copy (config/compile-deps.ts) the parse failed there and
  // the player offered no 清晰度. The simulator's engine is always that one (weapp-sim/sim.ts).
  const sim = await s.launch('packageA/pages/live/live', { roomid: String(ROOM) })
  assert.equal(
    sim.evaluate('typeof [].at + typeof Object.fromEntries + typeof Object.hasOwn'),
    'undefinedundefinedundefined'
  )
  await sim.waitFor(
    () => sim.page.find({ cls: 'player__quality' }),
    'the 清晰度 button (the stream has two renditions)'
  )
  sim.page.tap({ cls: 'player__quality' })
  await sim.waitFor(() => sim.page.find({ cls: 'player-menu__item', text: '标清 360P' }), 'the 标清 360P item')
  assert.deepEqual(sim.page.findAll({ cls: 'player-menu__item' }).map(textOf), ['自动', '高清 720P', '标清 360P'])
  sim.page.tap({ cls: 'player-menu__item', text: '标清 360P' })
  await sim.waitFor(() => /\/hls\/live\/496\/360p\.m3u8$/.test(src(sim)), 'src for 标清 360P')
  assertNoErrors(sim)
})

test('弹幕设置 reach the flying danmaku’s nodes; a 屏蔽词 hides another viewer’s message', async () => {
  const sim = await room()
  await sim.waitFor(
    () => sim.sockets.some((x) => x.url.endsWith(`/ws?roomid=${ROOM}`) && x.received > 0),
    'the room socket'
  )
  sim.page.tap({ cls: 'player__danmaku-settings' })
  await sim.waitFor(() => sim.page.find({ cls: 'danmaku-panel' }), 'the 弹幕设置 panel')
  sim.page.tap(sim.page.findAll({ cls: 'danmaku-panel__choice', text: '大' })[0])
  sim.page.fire({ cls: 'danmaku-panel__range' }, 'change', { value: 60 })
  const input = sim.page.byTag('input').find((n) => String(n.cl).includes('danmaku-panel__input'))!
  sim.page.input(input, '/([a-z/')
  await sim.settle(50)
  sim.page.tap({ cls: 'danmaku-panel__add-btn' })
  await sim.waitFor(
    () => sim.callsOf('showToast').some((c) => c.options.title === '正则表达式有误，请检查后再添加'),
    'the bad regex refused'
  )
  sim.page.input(input, '不想看')
  await sim.settle(50)
  sim.page.tap({ cls: 'danmaku-panel__add-btn' })
  await sim.waitFor(() => sim.page.find({ cls: 'danmaku-panel__word', text: '不想看' }), 'the word in the list')
  sim.page.tap({ cls: 'player-menu__close' })

  const shown = `小程序里飞过 ${Date.now() % 100000}`
  await otherSays(`这条不想看 ${Date.now() % 1000}`)
  await otherSays(shown)
  const item = await sim.waitFor(
    () => sim.page.findAll({ cls: 'danmaku__item' }).find((n) => textOf(n).includes(shown)),
    'the message flying'
  )
  assert.match(String(item.st), /opacity:\s*0\.6/)
  assert.ok(String(sim.page.get({ cls: 'danmaku' }).cl).includes('danmaku--font-large'))
  assert.ok(
    !sim.page.findAll({ cls: 'danmaku__item' }).some((n) => textOf(n).includes('不想看')),
    'the 屏蔽词 message does not fly'
  )
  assert.ok(
    !sim.page.findAll({ cls: 'chat__msg' }).some((n) => textOf(n).includes('不想看')),
    'nor is it in the chat list'
  )
  assertNoErrors(sim)
})

test('a playback: 倍速 through the video’s context, 2x while a long press is held, 清晰度 seeks back to where it was, and it resumes where the viewer stopped', async () => {
  const sim = await s.launch('packageA/pages/playback/playback', { id: '5006' })
  await sim.waitFor(() => sim.page.byTag('video').length > 0, 'the playback’s video')
  assert.equal(sim.page.attr(video(sim), 'show-progress'), true)
  assert.equal(sim.page.attr(video(sim), 'initial-time'), undefined, 'a first viewing starts at the start')
  sim.page.fire(video(sim), 'play', {})
  sim.page.tap({ cls: 'player__speed' })
  await sim.waitFor(() => sim.page.find({ cls: 'player-menu__item', text: '1.5x' }), 'the 倍速 menu')
  sim.page.tap({ cls: 'player-menu__item', text: '1.5x' })
  await sim.waitFor(() => sim.callsOf('VideoContext.playbackRate').length === 1, 'the rate set')
  assert.deepEqual(sim.callsOf('VideoContext.playbackRate')[0].options.args, [1.5])
  // a long press plays at 2x while held, then the chosen rate again
  sim.page.fire(video(sim), 'longpress', {})
  await sim.waitFor(() => sim.callsOf('VideoContext.playbackRate').length === 2, 'the 2x hold')
  assert.deepEqual(sim.callsOf('VideoContext.playbackRate')[1].options.args, [2])
  sim.page.fire(video(sim), 'touchend', {})
  await sim.waitFor(() => sim.callsOf('VideoContext.playbackRate').length === 3, 'the hold released')
  assert.deepEqual(sim.callsOf('VideoContext.playbackRate')[2].options.args, [1.5])
  // 清晰度 on demand: the new source seeks back to where the video was once it has loaded (the position is played
  // once the renditions are known: until then the player is still setting its source up)
  await sim.waitFor(() => sim.page.find({ cls: 'player__quality' }), 'the 清晰度 button')
  sim.page.fire(video(sim), 'timeupdate', { currentTime: 20.2, duration: 60 })
  sim.page.tap({ cls: 'player__quality' })
  await sim.waitFor(() => sim.page.find({ cls: 'player-menu__item', text: '标清 360P' }), 'the 清晰度 menu')
  sim.page.tap({ cls: 'player-menu__item', text: '标清 360P' })
  await sim.waitFor(() => /\/hls\/vod\/5006\/360p\.m3u8$/.test(src(sim)), 'the 360P source')
  sim.page.fire(video(sim), 'loadedmetadata', { width: 640, height: 360, duration: 60 })
  await sim.waitFor(() => sim.callsOf('VideoContext.seek').length === 1, 'the seek back')
  assert.deepEqual(sim.callsOf('VideoContext.seek')[0].options.args, [20.2])
  sim.page.fire(video(sim), 'pause', {})
  // opened again: it starts there, with the toast
  await sim.reLaunch('/packageA/pages/playback/playback?id=5006')
  await sim.waitFor(() => sim.page.byTag('video').length > 0, 'the playback again')
  assert.equal(sim.page.attr(video(sim), 'initial-time'), 20.2)
  sim.page.fire(video(sim), 'timeupdate', { currentTime: 20.5, duration: 60 })
  await sim.waitFor(
    () => sim.callsOf('showToast').some((c) => c.options.title === '已为你定位到上次观看位置 00:20'),
    'the resume toast'
  )
  // back to 自动 for the tests after
  await sim.waitFor(() => sim.page.find({ cls: 'player__quality' }), 'the 清晰度 button')
  assert.equal(textOf(sim.page.get({ cls: 'player__quality' })), '360P', 'the viewer’s 清晰度 is remembered')
  sim.page.tap({ cls: 'player__quality' })
  await sim.waitFor(() => sim.page.find({ cls: 'player-menu__item', text: '自动' }), 'the menu')
  sim.page.tap({ cls: 'player-menu__item', text: '自动' })
  assertNoErrors(sim)
})

test('视听: a TV channel plays live in the player page; a radio channel plays its sound alone in the background audio manager', async () => {
  const sim = await s.launch('pages/media/media')
  await sim.waitForText('看直播')
  sim.page.tap({ cls: 'media-channels__watch' })
  await sim.waitFor(() => sim.page.route === 'packageA/pages/watch/watch', 'the player page')
  await sim.waitFor(() => sim.page.byTag('video').length > 0, 'its video')
  assert.match(src(sim), /\/hls\/live\/ch\d+\/index\.m3u8$/)
  await sim.waitFor(() => sim.page.find({ cls: 'player__quality' }), 'the 清晰度 of a TV channel')
  const radio = (
    await s.server.api<{ channels: { radio: { id: number; title: string; frequency: string }[] } }>('userapp/index')
  ).data.channels.radio[0]
  await sim.reLaunch(`/packageA/pages/watch/watch?type=channel&id=${radio.id}`)
  await sim.waitFor(() => sim.backgroundAudio.calls.includes('play'), 'the background audio started')
  const a = sim.backgroundAudio.props
  assert.equal(a.title, radio.title)
  assert.equal(a.epname, '广播直播')
  assert.equal(a.protocol, 'hls')
  assert.match(String(a.src), new RegExp(`/hls/live/ch${radio.id}/audio\\.m3u8$`))
  assert.equal(sim.page.byTag('video').length, 0, 'no video box')
  // WeChat says it plays: the page and the tab bar's mini player show it; the tab bar takes it along
  sim.fireBackgroundAudio('play')
  await sim.waitFor(() => sim.page.find({ cls: 'watch-audio', text: '直播中' }), 'playing')
  await sim.reLaunch('/pages/home/home')
  await sim.settle(200)
  const bar = sim.stack.length && sim.page.tabBar?.find({ cls: 'mini-player' })
  assert.ok(bar, 'the mini player bar above the tab bar')
  assert.ok(textOf(bar).includes(radio.title))
  assertNoErrors(sim)
})

test('app.json asks for background audio; a live room’s <video> that fails is loaded again by itself, 点击重试 only after two minutes', async () => {
  const sim = await room()
  const app = JSON.parse(readFileSync(join(DIST, 'app.json'), 'utf8')) as { requiredBackgroundModes?: string[] }
  assert.deepEqual(app.requiredBackgroundModes, ['audio'])
  // the player has read the stream's renditions (清晰度 shown) and rendered since: the error meets the <video> on screen
  await sim.waitFor(() => sim.page.find({ cls: 'player__quality' }), 'the 清晰度 control')
  await sim.settle(200)
  const before = video(sim).sid
  sim.page.fire(video(sim), 'error', { errMsg: 'MEDIA_ERR_NETWORK' })
  await sim.waitFor(
    () => sim.page.find({ cls: 'player__text', text: '网络不给力，正在重连…' }),
    'the reconnecting notice'
  )
  assert.equal(sim.page.find({ cls: 'player__retry' }), undefined, 'no 点击重试 while it retries')
  // after the backoff's first wait (1 s ±20 %) a new <video> loads the same stream
  await sim.waitFor(
    () => sim.page.byTag('video')[0] && sim.page.byTag('video')[0].sid !== before,
    'a new <video>',
    3000
  )
  assert.match(src(sim), /\/hls\/live\/496\//)
  sim.page.fire(video(sim), 'play', {})
  await sim.waitFor(() => !sim.page.find({ cls: 'player__overlay' }), 'playing again')
  assertNoErrors(sim)
})

test('R4.12 a paid room waiting to be bought gives its <video> no src: none with no trial, and none once the trial ends', async () => {
  const banner = (sim: WeappSim, state: string) => sim.page.find({ cls: `premium-banner--${state}` })
  const paid = await room(NO_TRIAL)
  await paid.waitFor(() => banner(paid, 'premium'), 'PREMIUM')
  assert.equal(src(paid), '', 'no stream for a room not bought')
  assertNoErrors(paid)

  const trial = await seen(async () => {
    const sim = await room(SHORT_TRIAL)
    const state = await sim.waitFor(() => banner(sim, 'trial') || banner(sim, 'trial_ended'), 'TRIAL')
    return String(state.cl).includes('premium-banner--trial_ended') ? null : sim
  }, 'the trial')
  assert.match(src(trial), /\/hls\/live\/308\/index\.m3u8\?token=/, 'the trial plays the stream')
  await trial.waitFor(() => banner(trial, 'trial_ended'), 'the trial’s end')
  await trial.waitFor(() => src(trial) === '', 'the <video> gives the stream up')
  assertNoErrors(trial)
})

test('R1.6 R4.12 a paid playback shows 付费回放 over its trial and gives its <video> no src once the trial ends', async () => {
  const sim = await seen(async () => {
    const sim = await s.launch('packageA/pages/playback/playback', { id: String(PAID_PLAYBACK) })
    const state = await sim.waitFor(
      () => sim.page.find({ cls: 'premium-banner--trial' }) || sim.page.find({ cls: 'premium-banner--trial_ended' }),
      'the trial banner'
    )
    return String(state.cl).includes('premium-banner--trial_ended') ? null : sim
  }, 'the trial')
  assert.match(nodeText(sim.page.get({ cls: 'premium-banner__text' })), /^付费回放 试看中/)
  assert.match(src(sim), /\/hls\/vod\/5004\//, 'the trial plays the recording')
  await sim.waitFor(() => sim.page.find({ cls: 'premium-banner--trial_ended' }), 'the trial’s end')
  await sim.waitFor(() => src(sim) === '', 'the <video> gives the recording up')
  assertNoErrors(sim)
})

test('the status layer lets taps reach <video>’s controls while loading and rebuffering; 点击播放 after 3 s with no play; <video> has title, is-live and 投屏', async () => {
  const layerOf = (sim: WeappSim) => sim.page.find({ cls: 'player__overlay' })
  const passesTaps = (n: MpNode | undefined) => /pointer-events:\s*none/.test(String(n?.st ?? ''))
  // loading: the layer is there but every tap goes through it to WeChat's controls
  const { sim, loading } = await seen(async () => {
    const sim = await room()
    const loading = await sim.waitFor(() => layerOf(sim), 'the loading layer')
    return sim.firedTimers.includes(NEEDS_TAP_AFTER_MS) ? null : { sim, loading }
  }, 'the loading layer')
  const layer = () => layerOf(sim)
  assert.ok(String(loading.cl).includes('player__overlay--loading'))
  assert.ok(passesTaps(loading), `the loading layer's style: ${String(loading.st)}`)
  // the video's attributes: its title in full screen, a live source, the casting button (投屏)
  const title = textOf(await sim.waitFor(() => sim.page.find({ cls: 'live__title-text' }), 'the room’s title'))
  assert.ok(title.length > 0)
  assert.equal(sim.page.attr(video(sim), 'title'), title)
  assert.equal(sim.page.attr(video(sim), 'is-live'), true)
  assert.equal(sim.page.attr(video(sim), 'show-casting-button'), true)
  // no `play` within 3 s (autoplay never started): 点击播放, which takes the tap and plays the video
  const needsTap = await sim.waitFor(() => sim.page.find({ cls: 'player__overlay--needs-tap' }), '点击播放')
  // it came when the app's own 3 s wait ran (read from the timers that ran, not measured)
  assert.ok(sim.firedTimers.includes(NEEDS_TAP_AFTER_MS), `点击播放 after the ${NEEDS_TAP_AFTER_MS} ms wait`)
  assert.ok(textOf(needsTap).includes('点击播放'))
  assert.ok(!passesTaps(needsTap), `点击播放 takes the tap: ${String(needsTap.st)}`)
  sim.page.tap(needsTap)
  await sim.waitFor(() => sim.callsOf('VideoContext.play').length === 1, 'the video played by the tap')
  sim.page.fire(video(sim), 'play', {})
  await sim.waitFor(() => !layer(), 'no layer while it plays')
  // a rebuffer: 网络不给力… shown, and taps still reach the controls (pause, leave full screen)
  sim.page.fire(video(sim), 'waiting', {})
  const stalled = await sim.waitFor(() => sim.page.find({ cls: 'player__overlay--stalled' }), 'the rebuffer layer')
  assert.ok(passesTaps(stalled), `the rebuffer layer's style: ${String(stalled.st)}`)
  assertNoErrors(sim)
})
