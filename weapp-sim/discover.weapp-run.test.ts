// Search and the end of a playback in the built mini-program: 综合 first with a count on every tab and the keyword
// marked (searching 301 finds room 301 on 直播); at a playback's end the end screen over the video with 重播 (its
// video's context seeks to 0 and plays), the next recording and related ones, the next opening after a countdown
// the viewer can cancel.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { assertNoErrors, nodeText, weappSuite } from './support'

const s = weappSuite()
const PLAYBACK = 5026 // 无锡新闻周末版, room 301; its room's 5030 follows
const NEXT = 5030

test('R2.48 R4.44 search in the mini-program: 综合 first with counts on every tab, 301 marked, 直播 finds room 301', async () => {
  const sim = await s.launch('packageB/pages/search/search')
  await sim.waitFor(() => sim.page.find({ cls: 'search__input' }), 'the search box')
  sim.page.confirm({ cls: 'search__input' }, '301')
  await sim.waitFor(
    () => sim.page.findAll({ cls: 'search__tab' }).some((t) => nodeText(t) === '视频 0'),
    'every tab counted'
  )
  const tabs = sim.page.findAll({ cls: 'search__tab' }).map(nodeText)
  assert.deepEqual(tabs, ['综合 2', '主播 1', '直播 1', '活动 0', '视频 0'])
  assert.equal(nodeText(sim.page.get({ cls: 'search__tab--active' })), '综合 2')
  assert.equal(sim.page.findAll({ cls: 'search__group' }).length, 2)
  const marks = sim.page.findAll({ cls: 'search__mark' }).map(nodeText)
  assert.ok(marks.length > 0 && marks.every((m) => m === '301'), marks.join(','))

  sim.page.tap(sim.page.findAll({ cls: 'search__tab' })[2])
  await sim.waitFor(() => nodeText(sim.page.find({ cls: 'search__tab--active' })) === '直播 1', 'the 直播 tab')
  await sim.waitFor(() => sim.page.find({ cls: 'search__result', text: '《无锡新闻》直播间' }), 'room 301 on 直播')
  assert.equal(sim.page.findAll({ cls: 'search__result' }).length, 1)
  assert.match(nodeText(sim.page.get({ cls: 'search__result-sub' })), /房间号 301/)
  assertNoErrors(sim)
})

test('R2.9 a playback’s end in the mini-program: the end screen with 重播, the next recording, related ones; the countdown opens the next unless cancelled', async () => {
  const sim = await s.launch('packageA/pages/playback/playback', { id: String(PLAYBACK) })
  await sim.waitFor(() => sim.page.byTag('video').length > 0, 'the playback’s video')
  await sim.waitFor(() => sim.page.find({ cls: 'related__item' }), '相关推荐')
  const video = () => sim.page.byTag('video')[0]
  sim.page.fire(video(), 'play')
  sim.page.fire(video(), 'ended')
  await sim.waitFor(() => sim.page.find({ cls: 'end-screen' }), 'the end screen')
  assert.ok(sim.page.find({ cls: 'end-screen__replay', text: '重播' }))
  assert.match(nodeText(sim.page.get({ cls: 'end-screen__next-title' })), /江南古运河纪录片/)
  assert.ok(sim.page.findAll({ cls: 'end-screen__related-item' }).length > 0)
  assert.match(nodeText(sim.page.get({ cls: 'end-screen__label' })), /秒后播放下一个/)
  // 取消, then 重播: the context seeks to 0 and plays, the end screen goes
  sim.page.tap({ cls: 'end-screen__cancel' })
  await sim.waitFor(() => nodeText(sim.page.find({ cls: 'end-screen__label' })) === '下一个', 'the countdown stopped')
  sim.page.tap({ cls: 'end-screen__replay' })
  await sim.waitFor(() => !sim.page.find({ cls: 'end-screen' }), 'the end screen goes')
  assert.deepEqual(sim.callsOf('VideoContext.seek').at(-1)?.options.args, [0])
  assert.ok(sim.callsOf('VideoContext.play').length > 0)

  // the end again, left alone: the next recording opens after the countdown
  sim.page.fire(video(), 'ended')
  await sim.waitFor(() => sim.page.find({ cls: 'end-screen' }), 'the end screen again')
  await sim.waitFor(
    () => sim.page.route === 'packageA/pages/playback/playback' && sim.page.query.id === String(NEXT),
    'the next recording opened'
  )
  assertNoErrors(sim)
})

test('R2.9 a playback’s countdown stops when the viewer opens the streamer’s page over the end screen: the next recording does not replace that page', async () => {
  const sim = await s.launch('packageA/pages/playback/playback', { id: String(PLAYBACK) })
  await sim.waitFor(() => sim.page.byTag('video').length > 0, 'the playback’s video')
  await sim.waitFor(() => sim.page.find({ cls: 'related__item' }), '相关推荐')
  const playback = sim.page
  const video = () => playback.byTag('video')[0]
  sim.page.fire(video(), 'play')
  sim.page.fire(video(), 'ended')
  await sim.waitFor(() => /秒后播放下一个/.test(nodeText(playback.find({ cls: 'end-screen__label' }))), 'the countdown')
  playback.tap({ cls: 'playback-streamer__who' })
  const streamer = await sim.waitFor(() => (sim.page !== playback ? sim.page : null), 'the streamer’s page')
  // longer than the countdown (5 s): the hidden end screen opens nothing over the page the viewer is reading
  await new Promise((r) => setTimeout(r, 6500))
  assert.equal(sim.page, streamer)
  assert.equal(sim.callsOf('redirectTo').length, 0)
  // back on the playback, the end screen waits for the viewer: 下一个 with 播放下一个
  await sim.navigateBack()
  assert.equal(sim.page, playback)
  await sim.waitFor(
    () => nodeText(playback.find({ cls: 'end-screen__label' })) === '下一个',
    'the end screen, no countdown'
  )
  assert.ok(playback.find({ cls: 'end-screen__play-next' }))
  assertNoErrors(sim)
})
