// 我的 › 观看历史 in the built mini-program: a playback played for a while is listed with its cover, title and progress;
// 继续观看 opens it at the saved position; 清空 asks and empties the list. The history is the device's (storage), like
// the resume positions it is built on.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { WeappSim } from './sim'
import { assertNoErrors, confirmDialog, currentDialog, weappSuite } from './support'
import { textOf } from './tree'

const s = weappSuite()
const PLAYBACK = 5003

const video = (sim: WeappSim) => {
  const v = sim.page.byTag('video')[0]
  assert.ok(v, 'a <video> on the page')
  return v
}

test('观看历史: a playback watched to 35 % is listed with its cover, title and 已看 35%; 继续观看 opens it there; 清空 asks, then 暂无观看记录', async () => {
  const pb = (await s.server.api<{ title: string; cover: string }>('userapp/playback/detail', { id: PLAYBACK })).data
  const sim = await s.launch('packageA/pages/playback/playback', { id: String(PLAYBACK) })
  await sim.waitFor(() => sim.page.byTag('video').length > 0, 'the playback’s video')
  const stored = () => String(sim.storage.get('watch_history') ?? '')
  // the entry is written once the player has rendered as playing (with the playback's title). A playing <video> says
  // play, then its time four times a second: a play that came before the player had set up its source (its effect
  // runs after the first paint; on a busy machine the test's play came first) is followed by the times, as on a phone
  const entry = `playback:${PLAYBACK}`
  sim.page.fire(video(sim), 'play', {})
  for (let t = 0; !stored().includes(entry); t += 0.25) {
    assert.ok(t < 30, 'the history entry within 30 s of playing')
    await new Promise((r) => setTimeout(r, 250))
    sim.page.fire(video(sim), 'timeupdate', { currentTime: t, duration: 60 })
  }
  sim.page.fire(video(sim), 'timeupdate', { currentTime: 21, duration: 60 })
  sim.page.fire(video(sim), 'pause', {})
  await sim.waitFor(() => stored().includes('"position":21'), 'the paused position in the history')

  await sim.reLaunch('/pages/user/user')
  await sim.waitForText('观看历史')
  sim.page.tap({ cls: 'user-menu__history' })
  await sim.waitFor(() => sim.page.route === 'packageB/pages/history/history', 'the history page')
  await sim.waitForText('本机观看记录')
  const items = () => sim.page.findAll({ cls: 'history-item' })
  await sim.waitFor(() => items().length === 1, 'one entry')
  const item = items()[0]
  const title = pb.title.replace(/<[^>]*>/g, '')
  assert.equal(textOf(sim.page.get({ cls: 'history-item__title' })), title)
  assert.match(textOf(sim.page.get({ cls: 'history-item__meta' })), /^已看 35% · /)
  const cover = sim.page.get({ cls: 'history-item__image' })
  assert.equal(sim.page.attr(cover, 'src'), pb.cover)
  assert.equal(sim.page.attr(cover, 'aria-label'), title)
  assert.ok(item)

  sim.page.tap({ cls: 'history-item__resume' })
  await sim.waitFor(() => sim.page.route === 'packageA/pages/playback/playback', 'the playback')
  assert.equal(sim.page.query.id, String(PLAYBACK))
  await sim.waitFor(() => sim.page.byTag('video').length > 0, 'its video')
  assert.equal(sim.page.attr(video(sim), 'initial-time'), 21, 'it starts where the viewer stopped')

  await sim.navigateBack()
  assert.equal(sim.page.route, 'packageB/pages/history/history')
  sim.page.tap({ cls: 'history__clear' })
  const dialog = await sim.waitFor(() => currentDialog(sim), 'the confirm')
  assert.equal(dialog.title, '清空观看历史')
  assert.equal(dialog.content, '确定清空本机的全部观看记录吗？')
  assert.equal(items().length, 1, 'nothing cleared before the answer')
  confirmDialog(sim)
  await sim.waitForText('暂无观看记录')
  assert.equal(items().length, 0)
  assert.equal(sim.storage.get('watch_history'), undefined)
  await sim.settle()
  assertNoErrors(sim)
})
