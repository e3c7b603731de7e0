// Journeys through the built mini-program (dist/weapp) against the reference server: the custom tab bar, home → a
// room, links of every kind (and the URL parser they load from package A), the
// stack-depth rule, the subscribe-message request and the share payloads. The mini-program variants of src/platform/*
// are what runs here (the build has no *.h5.ts). WeChat login and its refusal: login.weapp-run.test.ts.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { MAX_PAGES, type WeappSim } from './sim'
import { assertNoErrors, confirmDialog, currentDialog, loginOnUserPage, weappSuite } from './support'
import { textOf } from './tree'

const ARTICLE = 'https://mp.weixin.qq.com/s/weapp-sim-article?from=notice&lang=zh_CN'
const FOREIGN = 'https://www.example.org/campaign?utm=weapp&x=1'
const SHORT_LINK = '#小程序://慧直播/weappSim01'

// The broadcaster's CMS put links in the home notices (the seeded ones have none).
const s = weappSuite((store) => {
  const notices: [string, string][] = [
    ['公众号文章：樱花节攻略', ARTICLE],
    ['合作方活动页', FOREIGN],
    ['打开慧直播小程序', SHORT_LINK],
    ['（空链接公告）', ''],
    ['（井号公告）', '#']
  ]
  notices.forEach(([title, url], i) => store.putDoc('notice', i + 1, { id: i + 1, title, url }))
})

const homeNotice = async (sim: WeappSim, title: string) => {
  await sim.waitForText(title)
  sim.page.tap({ cls: 'home__notice-text', text: title })
  await sim.settle()
}

test('R2.2–R2.6: the custom tab bar switches tabs with switchTab and marks the current one', async () => {
  const sim = await s.launch('pages/home/home')
  await sim.waitForText('热门主播')
  const active = () => textOf(sim.page.tabBar!.findAll({ cls: 'tab-bar__item--active' })[0])
  assert.match(active(), /直播/)
  const home = sim.page
  for (const [text, route] of [
    ['主播', 'pages/streamer/streamer'],
    ['视听', 'pages/media/media'],
    ['我的', 'pages/user/user'],
    ['直播', 'pages/home/home']
  ] as const) {
    sim.page.tabBar!.tap({ cls: 'tab-bar__item', text })
    await sim.routed()
    assert.equal(sim.page.route, route)
    assert.equal(sim.stack.length, 1, 'a tab page is the only page')
    await sim.waitFor(() => active().includes(text), `the ${text} tab marked`)
    assert.equal(sim.callsOf('switchTab').at(-1)!.options.url.split('?')[0], `/${route}`)
  }
  assert.equal(sim.page, home, 'WeChat keeps a tab page alive: home is shown again, not reloaded')
  assert.equal(sim.callsOf('navigateTo').length, 0)
  assertNoErrors(sim)
})

test('R2.8: home → a room card → the live room with its title, chat history and socket', async () => {
  const sim = await s.launch('pages/home/home')
  const rooms = (
    await s.server.api<{ list: { id: number; title: string }[] }>('userapp/living/list', { page: 1, count: 10 })
  ).data.list
  const room = rooms[1]
  await sim.waitForText(room.title)
  sim.page.tap({ cls: 'card-item', text: room.title })
  await sim.routed()
  assert.equal(sim.page.route, 'packageA/pages/live/live')
  assert.equal(sim.page.query.roomid, String(room.id))
  assert.equal(sim.stack.length, 2)
  await sim.waitForText(room.title)
  await sim.waitForText(/聊天(简介|图文|相册|商品)/)
  await sim.waitFor(
    () => sim.sockets.some((x) => x.url.endsWith(`/ws?roomid=${room.id}`) && x.received > 0),
    'the room socket'
  )
  assert.equal(sim.callsOf('setNavigationBarTitle').at(-1)!.options.title, room.title)
  await sim.settle()
  assertNoErrors(sim)
})

test('R2.35: a whitelisted link (the article host) opens the web-view page with the URL intact', async () => {
  const sim = await s.launch('pages/home/home')
  await homeNotice(sim, '公众号文章：樱花节攻略')
  assert.equal(sim.page.route, 'packageB/pages/web/web')
  const view = await sim.waitFor(() => sim.page.byTag('web-view')[0], 'the web-view')
  assert.equal(sim.page.attr(view, 'src'), ARTICLE)
  assertNoErrors(sim)
})

test('R2.41: the home menu’s links (absolute on the main live host) open the app’s own pages, not the web view', async () => {
  const sim = await s.launch('pages/home/home')
  await sim.waitForText('热门主播')
  for (const [title, route, query] of [
    ['直播', 'pages/list/list', { type: 'live' }],
    ['慢直播', 'packageA/featured/wuxilcb/wuxilcb', {}],
    ['相册', 'packageB/pages/album/album', { id: '1' }],
    ['充值', 'packageB/pages/deposit/deposit', {}]
  ] as const) {
    sim.page.tap({ cls: 'home__menu-item', text: new RegExp(`^${title}$`) })
    await sim.settle()
    await sim.waitFor(() => sim.page.route === route, `${title}: ${route}`)
    assert.deepEqual({ ...sim.page.query }, query, title)
    assert.equal(sim.page.byTag('web-view').length, 0)
    await sim.reLaunch('/pages/home/home')
    await sim.waitForText('热门主播')
  }
  assertNoErrors(sim)
})

test("R2.35: the URL parser is package A's: not loaded at launch, loaded by the first link, once", async () => {
  const sim = await s.launch('pages/home/home')
  await sim.waitForText('热门主播')
  await sim.settle()
  assert.deepEqual(sim.asyncRequires, [], 'home opens without the parser')
  await homeNotice(sim, '公众号文章：樱花节攻略')
  await sim.waitFor(() => sim.page.route === 'packageB/pages/web/web', 'the web-view page')
  assert.deepEqual(sim.asyncRequires, ['packageA/url/index.js'])
  await sim.reLaunch('/pages/home/home')
  await homeNotice(sim, '合作方活动页')
  assert.equal(sim.clipboard, FOREIGN)
  assert.deepEqual(sim.asyncRequires, ['packageA/url/index.js'], 'loaded once')
  assertNoErrors(sim)
})

test('R2.19, R2.35: the web-view page opened first (a share card) waits for the parser, then checks its URL', async () => {
  const sim = await s.launch('packageB/pages/web/web', { url: encodeURIComponent(ARTICLE) })
  const view = await sim.waitFor(() => sim.page.byTag('web-view')[0], 'the web-view')
  assert.equal(sim.page.attr(view, 'src'), ARTICLE)
  assert.deepEqual(sim.asyncRequires, ['packageA/url/index.js'])
  const foreign = await s.launch('packageB/pages/web/web', { url: encodeURIComponent(FOREIGN) })
  await foreign.waitForText('链接无效')
  assert.equal(foreign.page.byTag('web-view').length, 0)
  assertNoErrors(sim)
  assertNoErrors(foreign)
})

test('R2.27: the preview-1473 slide reaches the web-view page on the activity page the server serves', async () => {
  const sim = await s.launch('pages/home/home')
  await sim.waitForText('热门主播')
  const slides = sim.page.findAll({ cls: 'banner__link' }).filter((n) => !n.cl?.includes('banner__slide--copy'))
  sim.page.tap(slides[3])
  await sim.settle()
  await sim.waitFor(() => sim.page.route === 'packageB/pages/web/web', 'the web-view page')
  assert.ok(
    sim.callsOf('navigateTo').some((c) => /preview\/preview\?id=1473/.test(c.options.url)),
    'the slide opened preview 1473'
  )
  assert.equal(sim.stack.length, 2, 'the activity page takes the preview page’s place')
  const src = String(sim.page.attr(await sim.waitFor(() => sim.page.byTag('web-view')[0], 'the web-view'), 'src'))
  assert.ok(src.startsWith(`${s.server.origin}/activity/`), src)
  const page = await fetch(src)
  assert.equal(page.status, 200, `${src} is served`)
  assert.match(await page.text(), /太湖灯光秀/)
  assertNoErrors(sim)
})

test('R2.36, R8.20: a link to another host is copied and the modal says where to paste it', async () => {
  const sim = await s.launch('pages/home/home')
  await homeNotice(sim, '合作方活动页')
  assert.equal(sim.page.route, 'pages/home/home', 'no page opens')
  assert.equal(sim.clipboard, FOREIGN)
  const dialog = await sim.waitFor(() => currentDialog(sim), 'the modal')
  assert.equal(dialog.content, '网址已复制，请在手机浏览器里粘贴该网址~')
  confirmDialog(sim)
  assertNoErrors(sim)
})

test('R2.39: a #小程序:// link opens the other mini-program by its short link', async () => {
  const sim = await s.launch('pages/home/home')
  await homeNotice(sim, '打开慧直播小程序')
  const call = await sim.waitFor(() => sim.callsOf('navigateToMiniProgram')[0], 'navigateToMiniProgram')
  assert.equal(call.options.shortLink, SHORT_LINK)
  assert.equal(sim.page.route, 'pages/home/home')
  assertNoErrors(sim)
})

test('R2.38: a blank link and # are ignored', async () => {
  const sim = await s.launch('pages/home/home')
  await homeNotice(sim, '（空链接公告）')
  await homeNotice(sim, '（井号公告）')
  assert.equal(sim.stack.length, 1)
  for (const api of ['navigateTo', 'redirectTo', 'setClipboardData', 'showModal', 'navigateToMiniProgram'])
    assert.equal(sim.callsOf(api).length, 0, api)
  assertNoErrors(sim)
})

test(`R2.40, R9.12: past 9 pages the app replaces the current page, so WeChat's ${MAX_PAGES}-page stack never refuses`, async () => {
  // live room → its streamer (the header avatar) → the streamer's room (进入 ›) → … as a viewer taps through
  const sim = await s.launch('packageA/pages/live/live', { roomid: '496' })
  const depths: number[] = []
  for (let i = 0; i < 13; i++) {
    const onLive = sim.page.route === 'packageA/pages/live/live'
    await sim.waitFor(
      () => sim.page.find({ cls: onLive ? 'room-header__avatar' : 'streamer-detail__room' }),
      'the link to follow'
    )
    const before = sim.stack.length
    sim.page.tap({ cls: onLive ? 'room-header__avatar' : 'streamer-detail__room' })
    await sim.waitFor(
      () =>
        sim.page.route !== (onLive ? 'packageA/pages/live/live' : 'packageA/pages/streamer/streamer') ||
        sim.stack.length !== before,
      'the next page'
    )
    await sim.routed()
    depths.push(sim.stack.length)
  }
  assert.deepEqual(depths, [2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 10])
  const navs = sim.calls.filter((c) => c.api === 'navigateTo' || c.api === 'redirectTo').map((c) => c.api)
  assert.deepEqual(navs, [...Array(9).fill('navigateTo'), ...Array(4).fill('redirectTo')])
  await sim.settle()
  assertNoErrors(sim)
})

test('R9.26, R5.13, R7.49: the reminder asks for the subscription message inside the tap, then subscribes', async () => {
  const tmpl = 'weapp-sim-live-start'
  const sim = await s.launch('pages/user/user', {}, { buildEnv: { TARO_APP_TMPL_LIVE_START: tmpl } })
  const token = await loginOnUserPage(sim)
  await sim.reLaunch('/packageA/pages/preview/preview?id=1471')
  await sim.waitForText('预约提醒')
  sim.page.tap({ cls: 'preview__btn', text: '预约提醒' })
  await sim.waitFor(() => sim.page.find({ cls: 'preview__btn--done', text: '已预约' }), 'the button saying 已预约')
  const ask = sim.callsOf('requestSubscribeMessage')
  assert.equal(ask.length, 1)
  assert.equal(ask[0].inTap, true, 'requested inside the tap (WeChat refuses it elsewhere)')
  assert.deepEqual(ask[0].options.tmplIds, [tmpl])
  assert.equal(sim.requestsTo(/\/userapp\/subscribe$/).at(-1)!.body.teaser_id, 1471)
  const state = (await s.server.api<{ issubscribe: number }>('userapp/issubscribe', { teaser_id: 1471 }, token)).data
  assert.equal(state.issubscribe, 1)
  assertNoErrors(sim)
})

test('R9.26, R7.47, R4.27: a room not yet on air takes a reminder from its phase card, asked inside the tap', async () => {
  const tmpl = 'weapp-sim-live-start'
  const sim = await s.launch('pages/user/user', {}, { buildEnv: { TARO_APP_TMPL_LIVE_START: tmpl } })
  const token = await loginOnUserPage(sim)
  await sim.reLaunch('/packageA/pages/live/live?roomid=310')
  await sim.waitForText('直播未开始')
  sim.page.tap({ cls: 'phase-card__btn', text: '预约提醒' })
  await sim.waitFor(() => sim.page.find({ cls: 'phase-card__btn--done', text: '已预约' }), 'the button saying 已预约')
  const ask = sim.callsOf('requestSubscribeMessage')
  assert.deepEqual(
    ask.map((c) => [c.inTap, c.options.tmplIds]),
    [[true, [tmpl]]]
  )
  assert.equal(Number(sim.requestsTo(/\/userapp\/subscribe$/).at(-1)!.body.room_id), 310)
  assert.equal(
    (await s.server.api<{ issubscribe: number }>('userapp/issubscribe', { room_id: 310 }, token)).data.issubscribe,
    1
  )
  // tapping the done button again asks nothing more
  sim.page.tap({ cls: 'phase-card__btn' })
  await sim.settle()
  assert.equal(sim.callsOf('requestSubscribeMessage').length, 1)
  assertNoErrors(sim)
})

test('R9.26, R5.13: a refused subscription message subscribes nothing', async () => {
  const sim = await s.launch(
    'pages/user/user',
    {},
    { buildEnv: { TARO_APP_TMPL_LIVE_START: 'weapp-sim-live-start' }, subscribe: 'reject' }
  )
  await loginOnUserPage(sim)
  await sim.reLaunch('/packageA/pages/preview/preview?id=1472')
  await sim.waitForText('预约提醒')
  sim.page.tap({ cls: 'preview__btn', text: '预约提醒' })
  await sim.waitFor(
    () =>
      sim.callsOf('showToast').some((c) => c.options.title === '已取消预约') || sim.page.text().includes('已取消预约'),
    'the 已取消预约 toast'
  )
  assert.equal(sim.requestsTo(/\/userapp\/subscribe$/).length, 0)
  assert.match(sim.page.text(), /预约提醒/)
  assertNoErrors(sim)
})

test('R4.6, R4.27: 预约提醒 tapped by a visitor is set once the login brings them back to the teaser, once', async () => {
  const sim = await s.launch(
    'packageA/pages/preview/preview',
    { id: '1471' },
    { buildEnv: { TARO_APP_TMPL_LIVE_START: 'weapp-sim-live-start' } }
  )
  await sim.waitForText('预约提醒')
  sim.page.tap({ cls: 'preview__btn', text: '预约提醒' })
  // the login prompt: its 去登录 opens 我的; nothing is sent for the visitor
  await sim.waitFor(() => currentDialog(sim)?.content === '该功能需要登录，是否前往登录？', 'the login prompt')
  confirmDialog(sim)
  await sim.waitFor(() => sim.page.route === 'pages/user/user', 'the user page')
  assert.equal(sim.requestsTo(/\/userapp\/subscribe$/).length, 0)
  await loginOnUserPage(sim)
  await sim.waitFor(
    () => sim.page.route === 'packageA/pages/preview/preview' && sim.page.query.id === '1471',
    'back on the teaser'
  )
  await sim.waitForText('已预约')
  await sim.waitFor(
    () => sim.callsOf('showToast').some((c) => c.options.title === '预约成功，开播时提醒您'),
    'the 预约成功 toast'
  )
  await sim.settle()
  assert.equal(sim.requestsTo(/\/userapp\/subscribe$/).length, 1)
  assertNoErrors(sim)
})

test('R1.24, R3.54: share payloads of home, a live room, a playback, an album and a 图文直播 topic', async () => {
  const sim = await s.launch('pages/home/home')
  await sim.waitForText('热门主播')
  assert.deepEqual(sim.page.share(), { title: '慧直播 · 城市台直播与点播，看见身边的精彩', path: '/pages/home/home' })

  const room = (await s.server.api<{ title: string }>('userapp/roominfo', { roomid: 496 })).data
  await sim.reLaunch('/packageA/pages/live/live?roomid=496')
  await sim.waitForText(room.title)
  const live = sim.page.share()!
  assert.equal(live.title, room.title)
  assert.equal(live.path, '/packageA/pages/live/live?roomid=496')
  assert.match(String(live.imageUrl), /^https?:\/\//)
  // sharing is counted on the server (R7.70)
  await sim.waitFor(() => sim.requestsTo(/\/living\/share$/).length === 1, 'the share count call')

  const playback = (await s.server.api<{ title: string }>('userapp/playback/detail', { id: 5005 })).data
  await sim.reLaunch('/packageA/pages/playback/playback?id=5005')
  await sim.waitForText(playback.title)
  const pb = sim.page.share()!
  assert.equal(pb.title, playback.title)
  assert.match(String(pb.path), /^\/packageA\/pages\/playback\/playback\?id=5005/)

  await sim.reLaunch('/packageB/pages/album/album?id=1')
  const album = (await s.server.api<{ title: string }>('userapp/album/detail', { id: 1 })).data
  await sim.waitForText(album.title)
  assert.deepEqual(
    { ...sim.page.share(), imageUrl: undefined },
    { title: album.title, path: '/packageB/pages/album/album?id=1', imageUrl: undefined }
  )

  // 图文直播: 转发 in WeChat's menu only when the built page has onShareAppMessage (its config's enableShareAppMessage)
  const topic = await s.server.get<{ title: string }>('/live/api_mapp.php?a=timeline_topic&id=1')
  await sim.reLaunch('/packageA/pages/timeline/timeline?id=1')
  await sim.waitForText(topic.title)
  assert.deepEqual(sim.page.share(), { title: topic.title, path: '/packageA/pages/timeline/timeline?id=1' })
  assertNoErrors(sim)
})
