import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { LiveServer } from '../../server/app'
import { assertEnvelope, assertPaged, assertRefused, call, makeApp, U } from './helpers'

let app: LiveServer
before(async () => {
  app = await makeApp()
})
after(() => app.close())

test('R7.9 R3.7 config answers iOSDisabled, iOSDisabledMsg and highFlowMode', async () => {
  const d = assertEnvelope(await call(app, 'POST', U('/config'), {}))
  assert.equal(typeof d.iOSDisabled, 'number')
  assert.match(d.iOSDisabledMsg, /iOS/)
  assert.equal(typeof d.highFlowMode, 'number')
})

test('R7.10 R3.26 index holds menu, notices, liveRooms, streamers, topPlaybacks, playbacks, channels.tv and channels.radio', async () => {
  const d = assertEnvelope(await call(app, 'POST', U('/index'), {}))
  for (const k of ['menu', 'notices', 'liveRooms', 'streamers', 'topPlaybacks', 'playbacks', 'events'])
    assert.ok(Array.isArray(d[k]) && d[k].length > 0, k)
  assert.equal('topRooms' in d, false, 'topRooms is home state, derived by the client from liveRooms')
  assert.equal(d.liveRooms[0].onair, 1, 'rooms on air come first')
  assert.ok(d.channels.tv.length >= 3 && d.channels.radio.length >= 3)
  assert.match(
    d.liveRooms[0].cover,
    /^http:\/\/localhost(:\d+)?\/img\/room\/\d+\.png$/,
    'images are absolute from Host'
  )
})

test('R7.11 slides through api_mapp.php?a=slides; an unknown action is refused', async () => {
  const d = assertEnvelope(await call(app, 'GET', '/live/api_mapp.php?a=slides'))
  assert.ok(d.length >= 3 && d[0].image && d[0].url)
  assertRefused(await call(app, 'GET', '/live/api_mapp.php?a=nope'))
  assertRefused(await call(app, 'GET', '/live/api_mapp.php'))
})

test('R7.12 R7.22 R3.13 live list pages with onair and start_time; ≥ 30 rooms seeded', async () => {
  const d = assertEnvelope(await call(app, 'POST', U('/living/list'), { page: 1, count: 10 }))
  const list = assertPaged(d)
  assert.equal(list.length, 10)
  assert.ok(d.total >= 30, `total ${d.total}`)
  assert.equal(d.totalPage, Math.ceil(d.total / 10))
  const all = assertPaged(assertEnvelope(await call(app, 'POST', U('/living/list'), { page: 1, count: 100 })))
  const now = Date.now() / 1000
  assert.ok(all.some((r) => r.onair === 1 && r.status === 1))
  assert.ok(
    all.some((r) => r.onair === 0 && r.start_time > now && r.status === 2),
    'a scheduled room'
  )
  assert.ok(
    all.some((r) => r.onair === 0 && r.start_time < now && r.status === 0),
    'an ended room'
  )
  assert.ok(all.some((r) => r.is_premium === 1) && all.some((r) => r.need_password === 1))
  assert.ok(all.some((r) => r.orientation === 'portrait') && all.some((r) => r.orientation === 'landscape'))
  const p2 = assertEnvelope(await call(app, 'POST', U('/living/list'), { page: '2', count: '10' }))
  assert.equal(p2.currentPage, 2, 'numbers from strings are coerced')
})

test('R9.4 live list by comma-joined roomid, count 100, order sort (group rooms)', async () => {
  const d = assertEnvelope(
    await call(app, 'POST', U('/living/list'), { roomid: '461,570,571,572,573,548', count: 100, order: 'sort' })
  )
  const ids = d.list.map((r: any) => r.id)
  assert.deepEqual([...ids].sort(), [461, 548, 570, 571, 572, 573])
  assert.equal(ids[0], 571, 'sort order puts the primary room 571 first')
  assertRefused(await call(app, 'POST', U('/living/list'), { roomid: '12;drop' }))
  assertRefused(await call(app, 'POST', U('/living/list'), { count: 0 }))
})

test('R7.13 R3.10 R3.12 roominfo fields; source is absolute http from Host', async () => {
  const r = await call(app, 'POST', U('/roominfo'), { roomid: 496 }, undefined, { host: 'live.example.test:8080' })
  const d = assertEnvelope(r)
  for (const k of ['id', 'status', 'title', 'orientation', 'topic', 'source', 'streamer', 'external'])
    assert.ok(k in d, k)
  assert.equal(d.source, 'http://live.example.test:8080/hls/live/496/index.m3u8')
  assert.deepEqual(
    Object.keys(d.streamer)
      .filter((k) => ['id', 'nick_name', 'sex'].includes(k))
      .sort(),
    ['id', 'nick_name', 'sex']
  )
  assert.ok(Array.isArray(d.external.tabs) && d.external.tabs.length >= 2)
})

test("R7.13 with STREAM_ORIGIN (a deployment's stream host) the room's stream comes from it, the cover from the page's host; the stream answers a page on another origin", async () => {
  const saved = process.env.STREAM_ORIGIN
  try {
    process.env.STREAM_ORIGIN = 'http://streams.example.test:8080/'
    const d = assertEnvelope(
      await call(app, 'POST', U('/roominfo'), { roomid: 496 }, undefined, { host: 'live.example.test:8080' })
    )
    assert.equal(d.source, 'http://streams.example.test:8080/hls/live/496/index.m3u8')
    assert.match(d.cover, /^http:\/\/live\.example\.test:8080\/img\//)
  } finally {
    if (saved === undefined) delete process.env.STREAM_ORIGIN
    else process.env.STREAM_ORIGIN = saved
  }
  const master = await app.inject({
    method: 'GET',
    url: '/hls/live/496/index.m3u8?start=live',
    headers: { origin: 'http://live.example.test:8080' }
  })
  assert.equal(master.statusCode, 200)
  assert.equal(master.headers['access-control-allow-origin'], '*')
})

test('R3.9 R7.26 password room: none → need password, wrong → refused, right → info; test room needs test', async () => {
  assertRefused(await call(app, 'POST', U('/roominfo'), { roomid: 309 }), -3)
  assert.match(assertRefused(await call(app, 'POST', U('/roominfo'), { roomid: 309, password: '1' }), -3), /密码错误/)
  assert.equal(assertEnvelope(await call(app, 'POST', U('/roominfo'), { roomid: 309, password: '8888' })).id, 309)
  assertRefused(await call(app, 'POST', U('/roominfo'), { roomid: 321 }), -4)
  assert.equal(assertEnvelope(await call(app, 'POST', U('/roominfo'), { roomid: 321, test: 1 })).id, 321)
  assertRefused(await call(app, 'POST', U('/roominfo'), { roomid: 999999 }), -4)
  assertRefused(await call(app, 'POST', U('/roominfo'), {}), -1)
})

test('R9.29 R9.30 R9.31 featured rooms exist; 496 is tag 10 (slow live)', async () => {
  for (const id of [496, 539, 461, 570, 571, 572, 573, 548, 172, 174, 175]) {
    const d = assertEnvelope(await call(app, 'POST', U('/roominfo'), { roomid: id }))
    assert.equal(d.id, id)
  }
  const d = assertEnvelope(await call(app, 'POST', U('/living/list'), { tag: 10, count: 100 }))
  assert.ok(d.list.some((r: any) => r.id === 496))
})

test('R7.14 R7.15 R7.23 R3.18 playback list (recommend flag) and detail with roomId and streamer', async () => {
  const list = assertPaged(assertEnvelope(await call(app, 'POST', U('/playback/list'), { page: 1, count: 5 })))
  assert.equal(list.length, 5)
  assert.ok(list[0].roomId && list[0].streamer && list[0].user)
  const rec = assertPaged(assertEnvelope(await call(app, 'POST', U('/playback/list'), { recommend: 1, count: 50 })))
  assert.ok(rec.length > 0 && rec.every((p) => p.recommend === 1))
  const d = assertEnvelope(await call(app, 'POST', U('/playback/detail'), { id: list[0].id }))
  assert.match(d.source, /\/hls\/vod\/\d+\/index\.m3u8$/)
  assertRefused(await call(app, 'POST', U('/playback/detail'), { id: 1 }), -4)
  assertRefused(await call(app, 'POST', U('/playback/detail'), {}), -1)
})

test('R7.16 R7.17 R3.21 teaser list and detail, including 1473', async () => {
  const list = assertPaged(assertEnvelope(await call(app, 'POST', U('/teaser/list'), { page: 1, count: 20 })))
  assert.ok(list.some((t) => t.id === 1473))
  const d = assertEnvelope(await call(app, 'POST', U('/teaser/detail'), { id: 1473 }))
  assert.equal(d.id, 1473)
  assertRefused(await call(app, 'POST', U('/teaser/detail'), { id: 'x' }), -1)
})

test('R7.18 R7.24 video list m2o pages by count and page', async () => {
  const d = assertEnvelope(await call(app, 'GET', '/live/api_mapp.php', { a: 'video_list_m2o', count: 12, page: 2 }))
  assert.equal(assertPaged(d, 2).length, 12)
  assert.ok(d.list[0].source && d.list[0].cover)
})

test('R7.19 R7.25 media programmes for tv, radio and audio; another media is refused', async () => {
  for (const media of ['tv', 'radio', 'audio']) {
    const d = assertEnvelope(await call(app, 'GET', '/live/api_mapp.php', { a: 'media_programs', media }))
    assert.ok(d.length >= 3 && d.every((p: any) => p.media === media))
  }
  assertRefused(await call(app, 'GET', '/live/api_mapp.php', { a: 'media_programs', media: 'film' }), -1)
})

test('R7.20 R3.25 channel schedule: entries {date,start,end}, one crosses midnight, a week is served', async () => {
  const today = assertEnvelope(await call(app, 'GET', '/live/api_mapp.php', { a: 'channel_schedule', channelid: 1 }))
  assert.ok(today.length > 5)
  for (const e of today) assert.ok(e.date && e.start && e.end && e.title)
  assert.ok(
    today.some((e: any) => e.end < e.start),
    'an entry crosses midnight'
  )
  for (const day of [-3, -1, 1, 3])
    assert.ok(
      assertEnvelope(await call(app, 'GET', '/live/api_mapp.php', { a: 'channel_schedule', channelid: 11, day }))
        .length > 5
    )
  assert.equal(
    assertEnvelope(await call(app, 'GET', '/live/api_mapp.php', { a: 'channel_schedule', channelid: 1, day: 9 }))
      .length,
    0
  )
  const date = today[0].date
  assert.equal(
    assertEnvelope(await call(app, 'GET', '/live/api_mapp.php', { a: 'channel_schedule', channelid: 1, day: date }))[0]
      .date,
    date
  )
  assertRefused(await call(app, 'GET', '/live/api_mapp.php', { a: 'channel_schedule' }), -1)
  assertRefused(
    await call(app, 'GET', '/live/api_mapp.php', { a: 'channel_schedule', channelid: 1, day: 'monday' }),
    -1
  )
  assertRefused(await call(app, 'GET', '/live/api_mapp.php', { a: 'channel_schedule', channelid: 77 }), -4)
})

test('R7.21 groups.json lists groups with room ids', async () => {
  const d = assertEnvelope(await call(app, 'GET', '/m2/json/groups.json'))
  assert.ok(d.length >= 3)
  assert.ok(d.some((g: any) => g.rooms.includes(571) && g.rooms.includes(461)))
})

test('R7.30 R7.31 R7.32 R3.30 R3.32 timeline posts (m2o): paged posts with host_name, host_avatar, like; like adds one', async () => {
  const topics = assertPaged(assertEnvelope(await call(app, 'GET', '/live/api_mapp.php', { a: 'timeline_topics' })))
  assert.ok(topics[0].title && 'total_likes' in topics[0] && topics[0].author.nickName && topics[0].pic)
  const d = assertEnvelope(
    await call(app, 'GET', '/live/api_mapp.php', { a: 'timeline_posts', id: 1, count: 5, page: 1 })
  )
  const posts = assertPaged(d)
  assert.equal(posts.length, 5)
  assert.ok(posts[0].host_name && posts[0].host_avatar && typeof posts[0].like === 'number')
  assert.equal(d.topic.id, 1)
  const one = assertEnvelope(await call(app, 'GET', '/live/api_mapp.php', { a: 'timeline_post', id: posts[0].id }))
  const liked = assertEnvelope(
    await call(app, 'GET', '/live/api_mapp.php', { a: 'timeline_posts_like', id: posts[0].id, topicid: 1 })
  )
  assert.equal(liked.like, one.like + 1)
  assertRefused(await call(app, 'GET', '/live/api_mapp.php', { a: 'timeline_posts' }), -1)
})

test('R7.34 R7.35 R7.36 news content, detail and like', async () => {
  const posts = assertPaged(
    assertEnvelope(await call(app, 'POST', U('/news/content'), { news_id: 2, count: 3, page: 1 }))
  )
  assert.equal(posts.length, 3)
  const d = assertEnvelope(await call(app, 'POST', U('/news/content_detail'), { id: posts[0].id }))
  assert.equal(d.id, posts[0].id)
  assert.equal(assertEnvelope(await call(app, 'POST', U('/news/content/like'), { id: posts[0].id })).like, d.like + 1)
  assertRefused(await call(app, 'POST', U('/news/content'), {}), -1)
  assertRefused(await call(app, 'POST', U('/news/content_detail'), { id: 99999 }), -4)
})

test('R7.37 R7.38 search: hot words, four result kinds, numeric room id finds the streamer, empty keyword finds nothing', async () => {
  const hot = assertEnvelope(await call(app, 'POST', U('/search/hot'), {}))
  assert.ok(hot.length >= 5 && typeof hot[0] === 'string')
  assert.ok(
    assertPaged(
      assertEnvelope(await call(app, 'POST', U('/search/living'), { keywords: '慢直播', count: 15, page: 1 }))
    ).length > 0
  )
  assert.ok(
    assertPaged(assertEnvelope(await call(app, 'POST', U('/search/teaser'), { keywords: '音乐节' }))).length > 0
  )
  assert.ok(
    assertPaged(assertEnvelope(await call(app, 'POST', U('/search/playback'), { keywords: '马拉松' }))).length > 0
  )
  const byRoom = assertPaged(assertEnvelope(await call(app, 'POST', U('/search/host'), { keywords: '496' })))
  assert.equal(byRoom[0].room_id, 496)
  assert.equal(assertPaged(assertEnvelope(await call(app, 'POST', U('/search/host'), { roomid: 571 })))[0].id, 2002)
  assert.equal(assertEnvelope(await call(app, 'POST', U('/search/living'), { keywords: '   ' })).total, 0)
})

test('R7.40 R3.23 host tags are {id, title} and include slow-live tag 10', async () => {
  const tags = assertEnvelope(await call(app, 'POST', U('/host/tags'), {}))
  assert.ok(tags.every((t: any) => typeof t.id === 'number' && t.title))
  assert.ok(tags.some((t: any) => t.id === 10))
})

test('R7.41 R3.22 R9.4 host list pages by tag with count 15', async () => {
  const d = assertEnvelope(await call(app, 'POST', U('/host/list'), {}))
  const list = assertPaged(d)
  assert.ok(d.total >= 12, 'at least 12 streamers')
  assert.equal(list.length, Math.min(15, d.total), 'default count 15')
  for (const k of ['roomId', 'room_id', 'nickName', 'name', 'description', 'brief']) assert.ok(k in list[0], k)
  const slow = assertPaged(assertEnvelope(await call(app, 'POST', U('/host/list'), { tag: 10 })))
  assert.ok(slow.length >= 3 && slow.every((s) => s.tags.includes(10)))
})

test('R7.42 R7.50 R9.6 ranking: default week, count 15, tag 0 with count 20', async () => {
  const d = assertEnvelope(await call(app, 'POST', U('/host/ranking'), {}))
  assert.ok(d.list.length <= 15 && d.list[0].rank === 1 && d.list[0].score >= d.list[1].score)
  const d2 = assertEnvelope(await call(app, 'POST', U('/host/ranking'), { tag: 0, count: 20, type: 'month' }))
  assert.equal(d2.list.length, Math.min(20, d2.total))
  assertRefused(await call(app, 'POST', U('/host/ranking'), { type: 'year' }), -1)
})

test('R7.44 R7.1 R9.29 host statistics answers popularity with code 0', async () => {
  const r = await call(app, 'GET', '/rank-page/host-statistics', { host_uid: 2001 })
  const d = assertEnvelope(r, 0)
  assert.ok(d.popularity > 276000, 'featured popularity stays positive after the -276000 offset')
  assertRefused(await call(app, 'GET', '/rank-page/host-statistics'), -1)
  assertRefused(await call(app, 'GET', '/rank-page/host-statistics', { host_uid: 1 }), -4)
})

test('R7.103 R7.104 R7.105 R3.33 R3.34 R9.4 album detail, photos 30 per page, photo like toggles', async () => {
  const a = assertEnvelope(await call(app, 'POST', U('/album/detail'), { id: 1 }))
  assert.ok(a.id === 1 && a.total >= 30 && typeof a.likes === 'number')
  const d = assertEnvelope(await call(app, 'POST', U('/album/photo/list'), { album_id: 1, order: 'desc' }))
  assert.equal(assertPaged(d).length, 30)
  assert.equal(d.total, a.total)
  const hot = assertEnvelope(await call(app, 'POST', U('/album/photo/list'), { album_id: 1, order: 'hot', count: 30 }))
  assert.ok(hot.list[0].likes >= hot.list[1].likes)
  const p = d.list[0]
  assert.equal(assertEnvelope(await call(app, 'POST', U('/album/photo/up'), { id: p.id })).likes, p.likes + 1)
  assert.equal(assertEnvelope(await call(app, 'POST', U('/album/photo/up'), { id: p.id, type: 'down' })).likes, p.likes)
  assertRefused(await call(app, 'POST', U('/album/photo/list'), { album_id: 1, order: 'random' }), -1)
  assertRefused(await call(app, 'POST', U('/album/detail'), { id: 404 }), -4)
})

test('R3.1 payloads accept version and platform and form bodies; broken JSON is refused, never a 500', async () => {
  const form = await app.inject({
    method: 'POST',
    url: U('/living/list'),
    payload: 'page=1&count=3&version=1.0.0&platform=weapp',
    headers: { 'content-type': 'application/x-www-form-urlencoded' }
  })
  assert.equal(form.json().data.list.length, 3)
  const broken = await app.inject({
    method: 'POST',
    url: U('/roominfo'),
    payload: '{"roomid":',
    headers: { 'content-type': 'application/json' }
  })
  assert.equal(broken.statusCode, 200)
  assert.equal(broken.json().code, -1)
  const arr = await app.inject({
    method: 'POST',
    url: U('/roominfo'),
    payload: '[1,2]',
    headers: { 'content-type': 'application/json' }
  })
  assert.equal(arr.json().code, -1)
  const empty = await app.inject({
    method: 'POST',
    url: U('/config'),
    payload: '',
    headers: { 'content-type': 'application/json' }
  })
  assert.equal(empty.json().code, 1)
})

test('unknown API paths answer 404 with an envelope', async () => {
  const r = await app.inject({ method: 'POST', url: '/api/v1/userapp/nothing/here' })
  assert.equal(r.statusCode, 404)
  assert.equal(r.json().code, 404)
  const r2 = await app.inject({ method: 'POST', url: '/api/v1/userapp/nothing' })
  assert.equal(r2.statusCode, 404)
  const m = await app.inject({ method: 'GET', url: '/mobile/api/anything' })
  assert.equal(m.statusCode, 200)
  assert.notEqual(m.json().code, 1)
})
