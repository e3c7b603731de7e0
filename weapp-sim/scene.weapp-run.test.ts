// How the built mini-program is opened from outside a chat: Moments' single-page mode (scene 1154) on the album, the
// one page that can be shared to Moments, and the codes a poster or a print carries: a mini-program code
// (wxacode.getUnlimited; its `scene` arrives percent-encoded, `?scene=roomid%3D496`) and a plain-link QR code (its
// link arrives whole in `q`). WeChat's single-page restrictions are the simulator's (sim.ts SINGLE_PAGE_REFUSED).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { SINGLE_PAGE_REFUSED, SINGLE_PAGE_SCENE, type WeappSim } from './sim'
import { assertNoErrorState, assertNoErrors, weappSuite } from './support'

const s = weappSuite()
const TIP = '当前为朋友圈预览模式，请点击下方「前往小程序」使用完整功能'
const ALBUM = 'packageB/pages/album/album'
const LIVE = 'packageA/pages/live/live'
/** Album 1 of the seed, 鼋头渚樱花季, belongs to live room 496. */
const ALBUM_TITLE = '鼋头渚樱花季'

const refusedCalls = (sim: WeappSim) =>
  sim.calls.filter((c) => (SINGLE_PAGE_REFUSED as readonly string[]).includes(c.api))

test('R4.7: the album opened from Moments (scene 1154) shows the preview tip, offers no 进入直播间 or likes, and never calls wx.login, navigateTo or switchTab', async () => {
  const sim = await s.launch(ALBUM, { id: '1' }, { scene: SINGLE_PAGE_SCENE })
  await sim.waitForText(ALBUM_TITLE)
  await sim.waitFor(() => sim.page.findAll({ cls: 'album__photo' }).length > 0, 'the photos')
  await sim.settle()
  const text = sim.page.text()
  assert.ok(text.includes(TIP), 'the single-page tip on the album')
  assert.ok(!text.includes('进入直播间'), 'no way into the room: single-page mode routes nowhere')
  assert.equal(sim.page.findAll({ cls: 'album__like' }).length, 0, 'no likes: they may need a login')
  // what a viewer still can do there: read, change the order, preview a photo
  sim.page.tap({ cls: 'album__order', text: '最热' })
  sim.page.tap({ cls: 'album__img' })
  await sim.settle()
  assert.equal(sim.callsOf('previewImage').length, 1)
  assert.deepEqual(
    refusedCalls(sim).map((c) => c.api),
    [],
    'no wx.login, navigateTo, switchTab or other route in single-page mode'
  )
  assert.equal(sim.callsOf('showModal').length, 0, 'no login prompt')
  assert.equal(sim.stack.length, 1)
  assertNoErrorState(sim.page)
  assertNoErrors(sim)
})

test('R4.7 R2.17: outside Moments the album has no tip and keeps 进入直播间 and likes; its Moments share carries the cover as imageUrl', async () => {
  const sim = await s.launch(ALBUM, { id: '1' })
  await sim.waitForText(ALBUM_TITLE)
  await sim.waitFor(() => sim.page.findAll({ cls: 'album__like' }).length > 0, 'the like buttons')
  assert.ok(!sim.page.text().includes(TIP))
  assert.ok(sim.page.text().includes('进入直播间'))
  const timeline = sim.page.shareTimeline()!
  assert.equal(timeline.title, ALBUM_TITLE)
  assert.equal(timeline.query, 'id=1')
  // the cover, cropped square as Moments shows it
  assert.match(timeline.imageUrl, /\/img\/album\/1\.png\?x-oss-process=image\/resize,w_400\/crop,mid,w_400,h_400$/)
  sim.page.tap({ cls: 'album__live' })
  await sim.routed()
  assert.equal(sim.page.route, LIVE)
  assert.equal(sim.page.query.roomid, '496')
  assertNoErrors(sim)
})

test('R7.39: a mini-program code of the live page (?scene=roomid%3D496, as WeChat hands it to onLoad) opens room 496', async () => {
  const sim = await s.launch(LIVE, { scene: 'roomid%3D496' }, { scene: 1047 })
  const title = (await s.server.api<{ title: string }>('userapp/roominfo', { roomid: 496 })).data.title
  await sim.waitForText(title)
  await sim.waitForText('聊天简介')
  assert.ok(sim.requestsTo(/\/userapp\/roominfo$/).every((r) => Number(r.body.roomid) === 496))
  assert.ok(!sim.page.text().includes('直播间不存在'))
  assert.equal(sim.stack.length, 1, 'the page the code names, opened once')
  await sim.settle()
  assertNoErrors(sim)
})

test('R7.39 R2.23: a mini-program code without a page opens the entry page with its scene: the app goes on to room 496', async () => {
  const sim = await s.launch('pages/home/home', { scene: 'roomid%3D496' }, { scene: 1047 })
  await sim.waitFor(() => sim.page.route === LIVE, 'the live room')
  assert.equal(sim.page.query.roomid, '496')
  await sim.waitForText('聊天简介')
  await sim.settle()
  assertNoErrors(sim)
})

test('R7.39 R2.23: a plain-link QR code of the H5 room page (its link in q) opens room 496 in the mini-program', async () => {
  const link = `${s.server.origin}/m2/packageA/pages/live/live?roomid=496`
  const sim = await s.launch(
    'pages/home/home',
    { q: encodeURIComponent(link), scancode_time: String(Math.floor(Date.now() / 1000)) },
    { scene: 1011 }
  )
  await sim.waitFor(() => sim.page.route === LIVE, 'the live room')
  assert.equal(sim.page.query.roomid, '496')
  await sim.waitForText('聊天简介')
  // the link itself is never opened: no web view
  assert.ok(!sim.calls.some((c) => c.api === 'navigateTo' && /pages\/web\/web/.test(String(c.options.url))))
  await sim.settle()
  assertNoErrors(sim)
})
