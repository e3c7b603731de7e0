import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { LiveServer } from '../../server/app'
import { call, login, makeApp } from './helpers'

/** Every call of spec section 7: [spec id, method, path, a valid payload, login required]. */
/** the pay call pays an existing order of the caller: its id is filled in once the order is made (before) */
const MALL_PAY: Record<string, unknown> = { id: '', fromtype: 'xcx', _sj_userid: '1', _sj_token: 't', openid: 'o' }

const ROUTES: Array<[string, 'GET' | 'POST', string, Record<string, unknown>, boolean]> = [
  ['R7.9', 'POST', '/api/v1/userapp/config', {}, false],
  ['R7.10', 'POST', '/api/v1/userapp/index', {}, false],
  ['R7.11', 'GET', '/live/api_mapp.php?a=slides', {}, false],
  ['R7.12', 'POST', '/api/v1/userapp/living/list', { page: 1, count: 10, order: 'sort' }, false],
  ['R7.13', 'POST', '/api/v1/userapp/roominfo', { roomid: 496 }, false],
  ['R7.14', 'POST', '/api/v1/userapp/playback/list', { page: 1, count: 10, recommend: 1 }, false],
  ['R7.15', 'POST', '/api/v1/userapp/playback/detail', { id: 5001 }, false],
  ['R7.16', 'POST', '/api/v1/userapp/teaser/list', { page: 1, count: 10 }, false],
  ['R7.17', 'POST', '/api/v1/userapp/teaser/detail', { id: 1473 }, false],
  ['R7.18', 'GET', '/live/api_mapp.php?a=video_list_m2o', { count: 10, page: 1 }, false],
  ['R7.19', 'GET', '/live/api_mapp.php?a=media_programs', { media: 'tv' }, false],
  ['R7.20', 'GET', '/live/api_mapp.php?a=channel_schedule', { channelid: 1 }, false],
  ['R7.21', 'GET', '/m2/json/groups.json', {}, false],
  ['R7.30', 'GET', '/live/api_mapp.php?a=timeline_posts', { id: 1, count: 10, page: 1 }, false],
  ['R7.31', 'GET', '/live/api_mapp.php?a=timeline_post', { id: 101 }, false],
  ['R7.32', 'GET', '/live/api_mapp.php?a=timeline_posts_like', { id: 101, topicid: 1 }, false],
  ['R7.34', 'POST', '/api/v1/userapp/news/content', { news_id: 1, count: 10, page: 1 }, false],
  ['R7.35', 'POST', '/api/v1/userapp/news/content_detail', { id: 101 }, false],
  ['R7.36', 'POST', '/api/v1/userapp/news/content/like', { id: 101 }, false],
  ['R7.37', 'POST', '/api/v1/userapp/search/hot', {}, false],
  ['R7.38', 'POST', '/api/v1/userapp/search/living', { keywords: '太湖', count: 15, page: 1 }, false],
  ['R7.38', 'POST', '/api/v1/userapp/search/host', { keywords: '太湖', count: 15, page: 1 }, false],
  ['R7.38', 'POST', '/api/v1/userapp/search/teaser', { keywords: '太湖', count: 15, page: 1 }, false],
  ['R7.38', 'POST', '/api/v1/userapp/search/playback', { keywords: '太湖', count: 15, page: 1 }, false],
  ['R7.39', 'GET', '/api/v1/userapp/qrcode', { roomid: 496, format: 'json' }, false],
  ['R7.40', 'POST', '/api/v1/userapp/host/tags', {}, false],
  ['R7.41', 'POST', '/api/v1/userapp/host/list', { tag: 0, count: 15, page: 1 }, false],
  ['R7.42', 'POST', '/api/v1/userapp/host/ranking', { type: 'week', count: 15 }, false],
  ['R7.43', 'POST', '/api/v1/userapp/myfollow', { count: 10, page: 1 }, true],
  ['R7.44', 'GET', '/rank-page/host-statistics', { host_uid: 2001 }, false],
  ['R7.45', 'POST', '/api/v1/userapp/isfollow', { roomid: 496 }, false],
  ['R7.46', 'POST', '/api/v1/userapp/follow', { roomid: 496 }, true],
  ['R7.47', 'POST', '/api/v1/userapp/subscribe', { room_id: 304 }, true],
  ['R7.48', 'POST', '/api/v1/userapp/issubscribe', { teaser_id: 1470 }, false],
  ['R7.49', 'POST', '/api/v1/userapp/subscribe', { teaser_id: 1470 }, true],
  ['R7.51', 'POST', '/api/v1/userapp/userinfo', {}, true],
  ['R7.53', 'POST', '/api/v1/userapp/login', { mobile: '13800000001', password: 'demo1234' }, false],
  [
    'R7.59',
    'POST',
    '/api/v1/userapp/wxbb_login',
    { userid: '9001', usertokenkey: 'dev-9001', devicetoken: 'd' },
    false
  ],
  ['R7.60', 'GET', '/live/api.php?a=login', {}, true],
  ['R7.61', 'POST', '/api/v1/liveapp/sendsms', { mobile: '13800000009', type: 1 }, false],
  ['R7.63', 'POST', '/api/v1/userapp/userinfo/update', { name: '慧眼观众' }, true],
  ['R7.64', 'POST', '/api/v1/userapp/get_jssdk', { url: 'http://localhost/m2/' }, false],
  ['R7.66', 'POST', '/api/v1/userapp/living/gifts/list', {}, false],
  ['R7.67', 'POST', '/api/v1/userapp/pay_gold_list', {}, false],
  ['R7.68', 'GET', '/live/api.php?a=live_stat_get', { b: 'all', roomid: 496 }, false],
  ['R7.69', 'POST', '/api/v1/userapp/living/enter', { roomid: 496 }, false],
  ['R7.70', 'POST', '/api/v1/userapp/living/share', { roomid: 496 }, false],
  ['R7.71', 'GET', '/live/api.php?a=live_vcr_stat', { id: 496, flag: 'visits' }, false],
  ['R7.72', 'POST', '/api/v1/userapp/living/danmaku', { roomid: 496, count: 10, type: 'today' }, false],
  ['R7.73', 'POST', '/api/v1/userapp/danmaku', { room_id: 496, content: '你好' }, true],
  ['R7.74', 'POST', '/api/v1/userapp/report', { msg_id: 1, user_id: 10003, reason: '广告' }, true],
  ['R7.75', 'POST', '/api/v1/userapp/block', { user_id: 10003 }, true],
  ['R7.76', 'POST', '/api/v1/userapp/living/like', { roomid: 496, combo: 3 }, false],
  ['R7.77', 'POST', '/api/v1/userapp/send_gifts', { roomid: 496, giftid: 1, combo: 1 }, true],
  ['R7.78', 'POST', '/api/v1/userapp/pay/log', {}, true],
  ['R7.80', 'POST', '/api/v1/userapp/playback/danmaku', { id: 5001 }, false],
  ['R7.81', 'POST', '/api/v1/userapp/playback/comment/list', { id: 5001, page: 1, count: 5 }, false],
  ['R7.82', 'POST', '/api/v1/userapp/playback/comment', { id: 5001, content: '好看' }, true],
  ['R7.83', 'POST', '/api/v1/userapp/playback/like', { id: 5001 }, false],
  ['R7.84', 'POST', '/api/v1/userapp/pay_gold', { m: 'weixin_mini', gold: 60 }, true],
  ['R7.85', 'POST', '/api/v1/userapp/deposit/log', {}, true],
  ['R7.86', 'POST', '/api/v1/userapp/mall/order/pay', MALL_PAY, true],
  ['R7.87', 'POST', '/api/v1/userapp/ispremium', { id: 303 }, false],
  ['R7.88', 'POST', '/api/v1/userapp/premium_pay', { id: 308 }, true],
  ['R7.89', 'POST', '/api/v1/userapp/living/activity/redpack/detail', { roomid: 539 }, false],
  ['R7.90', 'POST', '/api/v1/userapp/living/activity/rain', { roomid: 539 }, false],
  ['R7.92', 'POST', '/api/v1/userapp/living/activity/rain/winner', { roomid: 539 }, false],
  ['R7.95', 'POST', '/api/v1/userapp/living/activity/vote/detail', { roomid: 539 }, false],
  ['R7.96', 'POST', '/api/v1/userapp/living/activity/vote/post', { act_id: 9001, option_id: 1 }, true],
  ['R7.97', 'POST', '/api/v1/userapp/living/activity/puzzle/detail', { roomid: 539 }, false],
  ['R7.100', 'POST', '/api/v1/userapp/living/goods', { roomid: 539 }, false],
  ['R7.101', 'POST', '/api/v1/userapp/living/goods/view', { id: 6009, roomid: 539 }, false],
  ['R7.103', 'POST', '/api/v1/userapp/album/detail', { id: 1 }, false],
  ['R7.104', 'POST', '/api/v1/userapp/album/photo/list', { album_id: 1, order: 'desc', count: 30 }, false],
  ['R7.105', 'POST', '/api/v1/userapp/album/photo/up', { id: 1001 }, false]
]
/** Calls whose success needs state another test sets up (a running activity, an SMS code): checked for 401 and never-500 only. */
const STATEFUL: Array<[string, string]> = [
  ['R7.62', '/api/v1/userapp/userinfo/mobile'],
  ['R7.91', '/api/v1/userapp/living/activity/rain/draw'],
  ['R7.93', '/api/v1/userapp/living/activity/redpack/draw'],
  ['R7.94', '/api/v1/userapp/living/activity/redpack/result'],
  ['R7.98', '/api/v1/userapp/living/activity/puzzle/post'],
  ['R7.99', '/api/v1/userapp/living/activity/puzzle/result?act_id=1'],
  ['R7.52', '/api/v1/userapp/logout'],
  ['R7.107', '/upload']
]

const JUNK: Array<Record<string, unknown>> = [
  {},
  {
    roomid: 'abc',
    room_id: 'x',
    id: 'abc',
    page: -1,
    count: 'lots',
    tag: 'hot',
    act_id: 'z',
    option_id: [],
    mobile: 123,
    m: 1,
    gold: 'much',
    content: { a: 1 }
  },
  {
    roomid: { $gt: 1 },
    id: [1, 2],
    keywords: ['a'],
    password: 12345,
    type: null,
    width: 1e9,
    channelid: -5,
    day: '2024-99-99'
  },
  { roomid: 1e20, id: -1, page: 1.5, count: 101, combo: 0, giftid: 0, news_id: 0, album_id: 0, host_uid: 0 }
]

let app: LiveServer
let token: string
before(async () => {
  process.env.QUIET_SMS = '1'
  app = await makeApp()
  token = (await login(app)).token
  MALL_PAY.id = String(
    (await call(app, 'POST', '/api/v1/userapp/mall/order/create', { goods_id: 6001 }, token)).body.data.id
  )
})
after(() => app.close())

test('R7.1 R9.2 every section-7 call answers at its path and method with {code, msg, data}; code 1 (0 for popularity)', async () => {
  for (const [id, method, path, payload, auth] of ROUTES) {
    const r = await call(app, method, path, payload, auth ? token : undefined)
    assert.equal(r.status, 200, `${id} ${path}: HTTP ${r.status}`)
    assert.deepEqual(Object.keys(r.body).sort(), ['code', 'data', 'msg'], `${id} ${path} envelope`)
    assert.equal(r.body.code, path.includes('rank-page') ? 0 : 1, `${id} ${path}: ${r.body.msg}`)
  }
})

test('R6.2 login-gated calls answer HTTP 401 {code: 401, msg: 请先登录} without a valid token', async () => {
  // R7.60 is a login check: anonymous callers get HTTP 200 with code 401 and the OAuth url (tested in user.test.ts)
  const gated = [
    ...ROUTES.filter((r) => r[4] && r[0] !== 'R7.60').map((r) => [r[0], r[1], r[2], r[3]] as const),
    ...STATEFUL.filter(([id]) => id !== 'R7.52' && id !== 'R7.94').map(([id, p]) => [id, 'POST', p, {}] as const)
  ]
  for (const [id, method, path, payload] of gated) {
    for (const t of [undefined, 'expired-or-forged']) {
      const r = await call(app, method, path, payload, t)
      assert.equal(r.status, 401, `${id} ${path}`)
      assert.deepEqual(r.body, { code: 401, msg: '请先登录', data: null }, `${id} ${path}`)
    }
  }
})

test('junk payloads never cause a 500: every answer is an envelope; refusals carry a Chinese message', async () => {
  const all = [
    ...ROUTES.map((r) => [r[0], r[1], r[2]] as const),
    ...STATEFUL.map(([id, p]) => [id, 'POST', p] as const)
  ]
  for (const [id, method, path] of all) {
    for (const junk of JUNK) {
      const r = await call(app, method, path, path.includes('qrcode') ? { ...junk, format: 'json' } : junk, token)
      assert.ok(r.status === 200 || r.status === 401, `${id} ${path} ${JSON.stringify(junk)} → HTTP ${r.status}`)
      assert.ok(
        typeof r.body.code === 'number' && typeof r.body.msg === 'string' && 'data' in r.body,
        `${id} ${path} envelope`
      )
      if (r.body.code !== 1 && r.body.code !== 0)
        assert.match(r.body.msg, /[\u4e00-\u9fa5]/, `${id} ${path}: ${r.body.msg}`)
    }
  }
})
