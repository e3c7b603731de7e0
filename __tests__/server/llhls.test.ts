// Live streams at their best: low-latency HLS (parts, server control, preload hint, blocking reloads, delta updates),
// a date on every segment, the time-shift window of each stream, the plain playlist behind a switch, and the dev
// control that cuts a room's stream (503 or no answer) for a player's recovery to be tested.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import zlib from 'node:zlib'
import {
  EDGE_WINDOW_SECONDS,
  PART_HOLD_BACK,
  PART_TARGET,
  SKIP_UNTIL_SECONDS,
  availableAt,
  liveClock,
  buildLive
} from '../../server/streams/hls'
import { BLOCK_MAX_MS, TIMESHIFT_DEFAULT_SECONDS, TIMESHIFT_SLOW_SECONDS } from '../../server/routes/hls'
import { assertEnvelope, assertRefused, call, listen, login, U, waitUntil, withApp } from './helpers'

const get = (app: Parameters<Parameters<typeof withApp>[1]>[0], url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers })
const tag = (pl: string, name: string) => new RegExp(`^#${name}:(.*)$`, 'm').exec(pl)?.[1]
const segmentsOf = (pl: string) => [...pl.matchAll(/^(\w+)-seg\d+\.ts\?seq=(\d+)/gm)].map((m) => Number(m[2]))
/** A time-shift URL's `start` refused: 400 with the catalogue's envelope and message. */
const badStart = (r: Awaited<ReturnType<typeof get>>) => {
  assert.equal(r.statusCode, 400, r.body.slice(0, 200))
  assert.deepEqual(r.json(), { code: 400, msg: '回看时间不对：start 应为 live 或毫秒时间戳', data: null })
}
const partsOf = (pl: string) =>
  [...pl.matchAll(/#EXT-X-PART:DURATION=([\d.]+),URI="([^"]+)",INDEPENDENT=YES/g)].map((m) => ({
    duration: Number(m[1]),
    uri: m[2]
  }))

test('low-latency HLS: parts of the last segments and the one being recorded, server control, part info and a preload hint', async () => {
  await withApp({}, async (app) => {
    const r = await get(app, '/hls/live/496/720p.m3u8')
    assert.equal(r.statusCode, 200)
    const pl = r.body
    assert.equal(tag(pl, 'EXT-X-VERSION'), '9')
    assert.equal(
      tag(pl, 'EXT-X-SERVER-CONTROL'),
      `CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=${PART_HOLD_BACK.toFixed(3)},CAN-SKIP-UNTIL=${SKIP_UNTIL_SECONDS.toFixed(1)}`
    )
    assert.ok(PART_HOLD_BACK >= 3 * PART_TARGET, 'the hold-back is at least three part targets')
    assert.equal(tag(pl, 'EXT-X-PART-INF'), 'PART-TARGET=0.500')
    const parts = partsOf(pl)
    assert.ok(
      parts.length >= 12 && parts.length <= 15,
      `${parts.length} parts: the last three segments and the one being recorded`
    )
    assert.ok(parts.every((p) => p.duration <= 0.5 + 0.001 && /^720p-part\d+\.[0-3]\.ts\?seq=\d+$/.test(p.uri)))
    const hint = /^#EXT-X-PRELOAD-HINT:TYPE=PART,URI="(720p-part(\d+)\.(\d)\.ts\?seq=(\d+))"$/m.exec(pl)
    assert.ok(hint, 'the next part is hinted')
    // the hinted part belongs to the segment after the last complete one
    const last = Math.max(...segmentsOf(pl))
    assert.equal(Number(hint[4]), last + 1)
    // every listed part plays, and the parts of a segment are that segment
    const seg = await get(
      app,
      `/hls/live/496/${/^(720p-seg\d+\.ts\?seq=\d+)$/m.exec(pl.split('\n').reverse().join('\n'))![1]}`
    )
    const segParts = parts.filter((p) => p.uri.endsWith(`seq=${last}`))
    assert.equal(segParts.length, 4)
    const bodies = await Promise.all(segParts.map((p) => get(app, `/hls/live/496/${p.uri}`)))
    assert.ok(bodies.every((b) => b.statusCode === 200 && b.rawPayload[0] === 0x47))
    assert.deepEqual(Buffer.concat(bodies.map((b) => b.rawPayload)), seg.rawPayload, 'a segment is its four parts')
  })
})

test('every segment carries its EXT-X-PROGRAM-DATE-TIME: the moment it was recorded, 2 s apart, ending now', async () => {
  await withApp({}, async (app) => {
    const before = Date.now()
    const pl = (await get(app, '/hls/live/496/360p.m3u8', { 'accept-encoding': 'identity' })).body
    const lines = pl.split('\n')
    const dates: number[] = []
    lines.forEach((l, i) => {
      if (/^360p-seg\d+\.ts/.test(l)) {
        const pdt = lines
          .slice(0, i)
          .reverse()
          .find((x) => x.startsWith('#EXT-X-PROGRAM-DATE-TIME:'))!
        dates.push(Date.parse(pdt.slice('#EXT-X-PROGRAM-DATE-TIME:'.length)))
      }
    })
    assert.equal(
      (pl.match(/^#EXT-X-PROGRAM-DATE-TIME:/gm) || []).length,
      dates.length + 1,
      'every segment, and the one being recorded'
    )
    for (let i = 1; i < dates.length; i++) assert.equal(dates[i] - dates[i - 1], 2000)
    const newest = dates[dates.length - 1]
    // made between `before` and `after` (a starved process may take seconds over the request)
    const after = Date.now()
    assert.ok(
      newest + 2000 <= after + 100 && newest + 4000 > before - 100,
      'the newest complete segment ended within the last 2 s'
    )
  })
})

test('time-shift windows: two hours for slow-live rooms and channels, half an hour for others, a room’s own setting wins', async () => {
  await withApp({}, async (app) => {
    const windowOf = async (url: string) => {
      const r = await get(app, url, { 'accept-encoding': 'gzip' })
      const text = r.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(r.rawPayload).toString() : r.body
      return {
        seconds: segmentsOf(text).length * 2,
        gzip: r.headers['content-encoding'] === 'gzip',
        raw: text.length,
        sent: r.rawPayload.length
      }
    }
    const slow = await windowOf('/hls/live/496/360p.m3u8') // 慢直播 (tag 10)
    assert.equal(slow.seconds, TIMESHIFT_SLOW_SECONDS)
    assert.ok(
      slow.gzip && slow.sent < slow.raw / 5,
      `a two-hour playlist goes compressed: ${slow.raw} → ${slow.sent} bytes`
    )
    assert.equal((await windowOf('/hls/live/ch1/720p.m3u8')).seconds, TIMESHIFT_SLOW_SECONDS)
    assert.equal((await windowOf('/hls/live/ch11/audio.m3u8')).seconds, TIMESHIFT_SLOW_SECONDS)
    assert.equal((await windowOf('/hls/live/306/360p.m3u8')).seconds, TIMESHIFT_DEFAULT_SECONDS)
    app.ctx.store.patchDoc('room', 306, { timeshift: 600 })
    assert.equal((await windowOf('/hls/live/306/360p.m3u8')).seconds, 600)
    app.ctx.store.patchDoc('room', 306, { timeshift: 0 })
    assert.equal((await windowOf('/hls/live/306/360p.m3u8')).seconds, 12, 'the smallest window: six segments')
  })
})

test('time-shift URLs: the master names its window and passes start on; start=live is the last 30 s, start=<ms> a playlist from that moment that starts there', async () => {
  await withApp({}, async (app) => {
    const master = (await get(app, '/hls/live/496/index.m3u8?start=live')).body
    assert.equal(tag(master, 'EXT-X-SESSION-DATA'), `DATA-ID="org.m2.timeshift",VALUE="${TIMESHIFT_SLOW_SECONDS}"`)
    assert.deepEqual(
      [...master.matchAll(/^(\S+\.m3u8\S*)$/gm)].map((m) => m[1]),
      ['360p.m3u8?start=live', '720p.m3u8?start=live']
    )
    const shifted = (await get(app, '/hls/live/ch1/index.m3u8?start=1700000000000')).body
    assert.match(shifted, /^720p\.m3u8\?start=1700000000000$/m)
    assert.doesNotMatch((await get(app, '/hls/live/496/index.m3u8')).body, /start=/, 'no start asked, none passed on')

    // the edge: 30 s of the two-hour window, the same newest segment (or the ones recorded between the two requests)
    const wholeAt = Date.now()
    const whole = segmentsOf((await get(app, '/hls/live/496/360p.m3u8')).body)
    const edge = segmentsOf((await get(app, '/hls/live/496/360p.m3u8?start=live')).body)
    const recorded = Math.ceil((Date.now() - wholeAt) / 2000)
    assert.equal(edge.length, EDGE_WINDOW_SECONDS / 2)
    assert.ok(
      edge[edge.length - 1] >= whole[whole.length - 1] && edge[edge.length - 1] <= whole[whole.length - 1] + recorded
    )
    assert.equal(tag((await get(app, '/hls/live/496/360p.m3u8?start=live')).body, 'EXT-X-START'), undefined)

    // ten minutes back: the first segment holds the moment, EXT-X-START is the moment within it
    const at = Date.now() - 600000
    const pl = (await get(app, `/hls/live/496/360p.m3u8?start=${at}`)).body
    const seq = liveClock('496', at).current
    assert.equal(segmentsOf(pl)[0], seq)
    const offset = Number(/^#EXT-X-START:TIME-OFFSET=([\d.]+),PRECISE=YES$/m.exec(pl)?.[1])
    assert.ok(Math.abs(liveClock('496').startOf(seq) + offset * 1000 - at) <= 1, `${offset} s into the first segment`)
    assert.equal(
      new Date(tag(pl, 'EXT-X-PROGRAM-DATE-TIME')!).getTime(),
      liveClock('496').startOf(seq),
      'its date is the segment’s own'
    )
    // from the moment to the edge: ten minutes, and the segments recorded since `at` was read
    const since = Math.ceil((Date.now() - at - 600000) / 2000)
    assert.ok(segmentsOf(pl).length >= 299 && segmentsOf(pl).length <= 301 + since, 'from the moment to the edge')
    // before the window: its first segment (the window moves on a segment every 2 s: the first segment as the
    // playlist before and the playlist after it named it); in the future: the newest
    const fromBefore = segmentsOf((await get(app, `/hls/live/496/360p.m3u8?start=${Date.now() - 86400000}`)).body)[0]
    const firstAfter = segmentsOf((await get(app, '/hls/live/496/360p.m3u8')).body)[0]
    assert.ok(fromBefore >= whole[0] && fromBefore <= firstAfter, `${fromBefore} is the window's first segment`)
    const ahead = segmentsOf((await get(app, `/hls/live/496/360p.m3u8?start=${Date.now() + 3600000}`)).body)
    assert.equal(ahead.length, 1)

    // anything else is refused, on the master and the media playlist alike, with its message
    for (const bad of ['abc', '-5', '1.5', '', 'LIVE', '1e12']) {
      for (const file of ['index.m3u8', '360p.m3u8']) {
        const r = await get(app, `/hls/live/496/${file}?start=${encodeURIComponent(bad)}`)
        badStart(r)
      }
    }
    const twice = await get(app, '/hls/live/496/360p.m3u8?start=live&start=1700000000000')
    badStart(twice)
  })
})

test('a paid room’s time-shift URL keeps its token on every rendition and segment, and is refused without it', async () => {
  await withApp({}, async (app) => {
    // a viewer who bought it (a trial's token reaches back no further than the trial: security.test.ts)
    const { token } = await login(app)
    assertEnvelope(await call(app, 'POST', U('/premium_pay'), { id: 303 }, token))
    const info = assertEnvelope(await call(app, 'POST', U('/roominfo'), { roomid: 303 }, token))
    const t = encodeURIComponent(new URL(info.source).searchParams.get('token')!)
    const master = (await get(app, `/hls/live/303/index.m3u8?token=${t}&start=live`)).body
    assert.match(
      master,
      new RegExp(`^360p\\.m3u8\\?start=live&token=${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm')
    )
    const pl = (await get(app, `/hls/live/303/360p.m3u8?start=${Date.now() - 60000}&token=${t}`)).body
    const segs = pl.split('\n').filter((l) => /^360p-seg/.test(l))
    assert.ok(segs.length > 20 && segs.every((u) => u.endsWith(`token=${t}`)))
    assert.equal((await get(app, `/hls/live/303/360p.m3u8?start=${Date.now() - 60000}`)).statusCode, 403)
    assert.equal((await get(app, '/hls/live/303/index.m3u8?start=live')).statusCode, 403)
  })
})

test('delta updates: _HLS_skip=YES leaves out all but the last 12 s with EXT-X-SKIP, the media sequence unchanged', async () => {
  await withApp({}, async (app) => {
    // the window moves on every 2 s segment: the two answers are compared when both were made within one segment
    // (a delta before and after the full playlist with the same newest segment; a busy machine may straddle one)
    const newest = (m3u8: string) => segmentsOf(m3u8).at(-1)
    let full = ''
    let delta = ''
    for (let i = 0; i < 5; i++) {
      delta = (await get(app, '/hls/live/496/720p.m3u8?_HLS_skip=YES')).body
      full = (await get(app, '/hls/live/496/720p.m3u8')).body
      const after = (await get(app, '/hls/live/496/720p.m3u8?_HLS_skip=YES')).body
      if (newest(delta) === newest(after)) break
    }
    assert.equal(newest(full), newest(delta))
    assert.equal(tag(delta, 'EXT-X-MEDIA-SEQUENCE'), tag(full, 'EXT-X-MEDIA-SEQUENCE'))
    const skipped = Number(tag(delta, 'EXT-X-SKIP')?.replace('SKIPPED-SEGMENTS=', ''))
    assert.ok(skipped > 3000, `${skipped} segments skipped`)
    assert.equal(segmentsOf(delta).length * 2, SKIP_UNTIL_SECONDS)
    assert.equal(segmentsOf(full).length - segmentsOf(delta).length, skipped)
    assert.ok(delta.length < 3000 && full.length > 200_000, `${full.length} → ${delta.length} bytes`)
  })
})

test('blocking reloads: a request for the next part is answered once it exists; one too far ahead is refused at once', async () => {
  await withApp({}, async (app) => {
    const clock = liveClock('496')
    const msn = clock.current
    const part = clock.parts // the part being recorded now
    const due = availableAt('496', msn, part)
    const r = await get(app, `/hls/live/496/720p.m3u8?_HLS_msn=${msn}&_HLS_part=${part}`)
    assert.equal(r.statusCode, 200)
    // held until the part exists by the server's own schedule (not measured: a loaded machine stretches any wait)
    assert.ok(Date.now() >= due - 20, 'answered when the part existed')
    // and answered with it, not at the blocking limit (BLOCK_MAX_MS) without it
    assert.ok(r.body.includes(`720p-part${msn % 6}.${part}.ts?seq=${msn}`), 'the playlist lists the part asked for')
    // the preload hint's part is answered when it is complete
    const hinted = /PRELOAD-HINT:TYPE=PART,URI="([^"]+)"/.exec(r.body)![1]
    assert.equal((await get(app, `/hls/live/496/${hinted}`)).statusCode, 200)
    // too far ahead of the clock as it is now (the wait above may have been long on a starved machine): 400 before
    // the blocking limit (not held), and a segment of the future is not found
    const now = liveClock('496').current
    let limit: ReturnType<typeof setTimeout> | undefined
    const held = new Promise<'held'>((res) => (limit = setTimeout(() => res('held'), BLOCK_MAX_MS)))
    const far = await Promise.race([
      get(app, `/hls/live/496/720p.m3u8?_HLS_msn=${now + Math.ceil(BLOCK_MAX_MS / 2000) + 2}`),
      held
    ])
    clearTimeout(limit)
    assert.notEqual(far, 'held', 'refused, not held to the blocking limit')
    assert.equal((far as Awaited<ReturnType<typeof get>>).statusCode, 400)
    assert.equal((await get(app, `/hls/live/496/720p-seg0.ts?seq=${liveClock('496').current + 5}`)).statusCode, 404)
    assert.equal((await get(app, `/hls/live/496/720p.m3u8?_HLS_msn=abc`)).statusCode, 400)
  })
})

test('LL_HLS off: the plain playlist, with its window and dates, no parts', async () => {
  await withApp({ lowLatency: false }, async (app) => {
    const pl = (
      await get(app, '/hls/live/496/720p.m3u8?_HLS_msn=999999999&_HLS_skip=YES', { 'accept-encoding': 'identity' })
    ).body
    assert.equal(tag(pl, 'EXT-X-VERSION'), '3')
    assert.doesNotMatch(pl, /EXT-X-PART|SERVER-CONTROL|PRELOAD-HINT|EXT-X-SKIP/)
    assert.equal(segmentsOf(pl).length * 2, TIMESHIFT_SLOW_SECONDS)
    assert.match(pl, /#EXT-X-PROGRAM-DATE-TIME:/)
  })
  // the pure playlist without low latency is the same shape
  assert.doesNotMatch(buildLive('496', '720p', {}, ''), /EXT-X-PART/)
})

test('a paid room’s token rides on every part and the preload hint too', async () => {
  await withApp({}, async (app) => {
    const { token } = await login(app)
    const info = assertEnvelope(await call(app, 'POST', U('/roominfo'), { roomid: 303 }, token))
    const t = new URL(info.source).searchParams.get('token')!
    const pl = (await get(app, `/hls/live/303/720p.m3u8?token=${encodeURIComponent(t)}`)).body
    const uris = [...pl.matchAll(/URI="([^"]+)"/g)].map((m) => m[1])
    assert.ok(uris.length > 5 && uris.every((u) => u.includes(`token=${encodeURIComponent(t)}`)), pl.slice(-600))
    assert.equal((await get(app, `/hls/live/303/${uris[0]}`)).statusCode, 200)
    assert.equal((await get(app, `/hls/live/303/${uris[0].replace(/&token=.*$/, '')}`)).statusCode, 403)
  })
})

test('the stream cut (dev control, this machine only): 503 for its seconds on every request of the room’s stream, or no answer', async () => {
  await withApp({}, async (app) => {
    const cut = (q: string, remote = false) =>
      app.inject({
        method: 'POST',
        url: `/dev/rooms/496/stream/cut?${q}`,
        remoteAddress: remote ? '203.0.113.9' : '127.0.0.1'
      })
    assert.equal((await cut('seconds=1', true)).statusCode, 404, 'not from another machine')
    assertRefused({ status: 200, body: (await cut('seconds=1&mode=drop')).json() } as never, -1)
    // a long cut, so that a starved process's requests still come inside it
    const r = (await cut('seconds=30')).json()
    assert.equal(r.code, 1)
    for (const url of ['/hls/live/496/index.m3u8', '/hls/live/496/720p.m3u8', '/hls/live/496/720p-seg0.ts']) {
      const res = await get(app, url)
      assert.equal(res.statusCode, 503, url)
      assert.deepEqual(res.json(), { code: 503, msg: '直播流暂时中断', data: null })
    }
    assert.equal((await get(app, '/hls/live/306/720p.m3u8')).statusCode, 200, 'other rooms play on')
    // a new cut takes the place of the last; the stream is back after its seconds, not before
    const short = (await cut('seconds=1')).json().data.until as number
    const back = await waitUntil(async () => (await get(app, '/hls/live/496/720p.m3u8')).statusCode === 200)
    assert.ok(back, 'back after its seconds')
    assert.ok(Date.now() >= short, 'not back before its seconds')
    // hang: no answer until the cut ends, then the connection drops (a request a starved process sends after the
    // cut has ended is answered: the cut is made again)
    const port = await listen(app)
    for (let tries = 1; ; tries++) {
      const until = (await cut('seconds=2&mode=hang')).json().data.until as number
      const outcome = await fetch(`http://127.0.0.1:${port}/hls/live/496/720p.m3u8`).then(
        () => 'answered',
        () => 'dropped'
      )
      if (outcome === 'answered' && Date.now() >= until && tries < 5) continue
      assert.equal(outcome, 'dropped', 'no answer, then a dropped connection')
      assert.ok(Date.now() >= until - 20, 'held while the cut lasts')
      break
    }
  })
})
