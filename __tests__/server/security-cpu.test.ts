/*
 * Work one client can make the server do on its event loop, for everyone: the two-hour time-shift playlist is built and
 * gzipped once per part and shared by every viewer; QR codes are drawn within one budget for every address, each
 * target once. Each test failed on the server before the fix.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import zlib from 'node:zlib'
import type { LiveServer } from '../../server/app'
import { PART_TARGET, liveBuilds, buildLive, liveStamp } from '../../server/streams/hls'
import { QR_MAX_WAITING, qrStats } from '../../server/lib/qr-drawer'
import { TIMESHIFT_SLOW_SECONDS } from '../../server/routes/hls'
import { assertEnvelope, call, listen, login, U, withApp } from './helpers'

const get = (app: LiveServer, url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'GET', url, headers, remoteAddress })

/** The token on every URI as the route put it before playlists were shared (the oracle the shared ones must match). */
const withTokenOracle = (playlist: string, token: string) =>
  playlist
    .replace(
      /^((?:\d{3,4}p|audio)(?:\.m3u8|-seg\d+\.ts))(\?[^\n]*)?$/gm,
      (_m, uri: string, q?: string) => `${uri}${q ? `${q}&` : '?'}token=${encodeURIComponent(token)}`
    )
    .replace(
      /URI="([^"]+)"/g,
      (_m, uri: string) => `URI="${uri}${uri.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}"`
    )

/**
 * Runs `fn` on a live clock held still (Date.now, which the stream and its playlist cache read), moved on only by
 * `fn`'s `advance`: what a test claims per part of the stream then does not depend on how many requests a loaded
 * machine serves in a part (one took longer than a part for twenty two-hour playlists; another served one a part).
 */
async function onHeldClock<T>(fn: (advance: (ms: number) => void) => Promise<T>): Promise<T> {
  const realNow = Date.now
  let held = realNow()
  Date.now = () => held
  try {
    return await fn((ms) => {
      held += ms
    })
  } finally {
    Date.now = realNow
  }
}

/** What `fn` answered within one part of room `roomKey`'s clock (a playlist changes when a part is complete). */
const withinOnePart = <T>(roomKey: string, fn: () => Promise<T>): Promise<T> =>
  onHeldClock(async () => {
    const before = liveStamp(roomKey)
    const out = await fn()
    assert.equal(liveStamp(roomKey), before)
    return out
  })

/** The stream token room info gives a viewer of password room 309 (a paid room's trial token opens only the trial). */
const streamToken = async (app: LiveServer, userToken?: string) => {
  const info = assertEnvelope(await call(app, 'POST', U('/roominfo'), { roomid: 309, password: '8888' }, userToken))
  return new URL(info.source).searchParams.get('token')!
}

test('the shared time-shift playlist is byte-identical to a fresh build, plain and gzipped, and with each viewer’s token', async () => {
  await withApp({}, async (app) => {
    // slow-live room 496: the two-hour window
    const { sent, zipped, fresh } = await withinOnePart('496', async () => {
      const sent = (await get(app, '/hls/live/496/720p.m3u8', { 'accept-encoding': 'identity' })).body
      const zipped = await get(app, '/hls/live/496/720p.m3u8', { 'accept-encoding': 'gzip' })
      const fresh = buildLive('496', '720p', { windowSeconds: TIMESHIFT_SLOW_SECONDS, lowLatency: true }, '')
      return { sent, zipped, fresh }
    })
    assert.ok(fresh.length > 200_000, `${fresh.length} bytes`)
    assert.equal(sent, fresh)
    assert.equal(zipped.headers['content-encoding'], 'gzip')
    assert.equal(zlib.gunzipSync(zipped.rawPayload).toString(), fresh)
    // a password room made two-hour: each viewer's token on every URI, the rest the same bytes as a fresh build
    app.ctx.store.patchDoc('room', 309, { timeshift: TIMESHIFT_SLOW_SECONDS })
    const { token } = await login(app)
    const tokens = [await streamToken(app), await streamToken(app, token)]
    assert.notEqual(tokens[0], tokens[1])
    const got = await withinOnePart('309', async () => {
      const builds = liveBuilds.count
      const bodies = await Promise.all(
        tokens.map(async (t) => {
          const r = await get(app, `/hls/live/309/360p.m3u8?token=${encodeURIComponent(t)}`, {
            'accept-encoding': 'gzip'
          })
          return zlib.gunzipSync(r.rawPayload).toString()
        })
      )
      const fresh = buildLive('309', '360p', { windowSeconds: TIMESHIFT_SLOW_SECONDS, lowLatency: true }, '')
      return { bodies, fresh, builds: liveBuilds.count - builds - 1 }
    })
    got.bodies.forEach((b, i) => assert.equal(b, withTokenOracle(got.fresh, tokens[i])))
    // one build for both
    assert.equal(got.builds, 1, `two viewers with their own tokens: ${got.builds} builds`)
  })
})

test('a second request for the time-shift playlist within one part does not build it again: twenty at once, one build', async () => {
  await withApp({}, async (app) => {
    const builds = await withinOnePart('496', async () => {
      const before = liveBuilds.count
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          get(app, '/hls/live/496/720p.m3u8', { 'accept-encoding': i % 2 ? 'gzip' : 'identity' })
        )
      )
      assert.ok(answers.every((r) => r.statusCode === 200))
      return liveBuilds.count - before
    })
    assert.equal(builds, 1, `${builds} builds for 20 requests`)
    // a delta update is its own small playlist, built once too
    const delta = await withinOnePart('496', async () => {
      const before = liveBuilds.count
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => get(app, '/hls/live/496/720p.m3u8?_HLS_skip=YES'))
      )
      return { builds: liveBuilds.count - before, body: answers[0].body }
    })
    assert.equal(delta.builds, 1, `${delta.builds} builds for 10 delta requests`)
    assert.ok(delta.body.length < 3000, `${delta.body.length} bytes`)
  })
})

test('one client hammering the time-shift playlist over 8 connections builds it once per part, and /config keeps answering', async () => {
  await withApp({ sandbox: false }, async (app) => {
    const base = `http://127.0.0.1:${await listen(app)}`
    const ROUNDS = 6
    const EACH = 5 // requests per connection per part
    let served = 0
    const hammer = async () => {
      for (let i = 0; i < EACH; i++) {
        const r = await fetch(`${base}/hls/live/496/720p.m3u8`, { headers: { 'accept-encoding': 'gzip' } })
        await r.arrayBuffer()
        assert.equal(r.status, 200)
        served++
      }
    }
    let configs = 0
    const viewer = async (hammering: () => boolean) => {
      do {
        const r = await fetch(`${base}${U('/config')}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}'
        })
        assert.equal(((await r.json()) as { code: number }).code, 1)
        configs++
        await new Promise((r) => setTimeout(r, 50))
      } while (hammering())
    }
    // the clock goes one part on after each round of 8 × 5 requests, whatever the machine's speed
    const { builds, parts } = await onHeldClock(async (advance) => {
      const before = liveBuilds.count
      const stamps = new Set<string>()
      for (let round = 0; round < ROUNDS; round++) {
        stamps.add(liveStamp('496'))
        let done = false
        const hammers = Promise.all(Array.from({ length: 8 }, hammer)).finally(() => {
          done = true
        })
        await Promise.all([hammers, viewer(() => !done)])
        advance(PART_TARGET * 1000)
      }
      return { builds: liveBuilds.count - before, parts: stamps.size }
    })
    assert.equal(served, ROUNDS * 8 * EACH)
    assert.ok(configs >= ROUNDS, `${configs} answers to /config`)
    assert.ok(parts >= ROUNDS - 1, `${parts} parts over ${ROUNDS} rounds`)
    assert.equal(builds, parts, `${served} playlists served, ${builds} built over ${parts} parts`)
  })
})

/** A 290-character page of this site: the longest codes, the slowest to draw. */
const longPage = (n: number) => `pages/live/live?roomid=${n}&from=${'x'.repeat(290 - 40)}`.slice(0, 290)
const qr = (app: LiveServer, q: string, remoteAddress: string) =>
  get(app, `/api/v1/userapp/qrcode?${q}`, {}, remoteAddress)
const isPng = (r: Awaited<ReturnType<typeof get>>) => r.headers['content-type'] === 'image/png'

test('R7.39 a burst of 1000 px QR codes from twenty addresses: one drawn at a time, a few wait, the rest refused with -8', async () => {
  await withApp({}, async (app) => {
    qrStats.peak = 0
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        qr(app, `width=1000&path=${encodeURIComponent(longPage(i))}`, `198.51.100.${i + 1}`)
      )
    )
    const drawn = answers.filter(isPng).length
    assert.ok(drawn >= 1 && drawn <= 1 + QR_MAX_WAITING, `${drawn} of 20 drawn`)
    for (const r of answers.filter((r) => !isPng(r)))
      assert.deepEqual(r.json(), { code: -8, msg: '操作太频繁，请稍后再试', data: null })
    assert.equal(qrStats.peak, 1, 'never more than one code drawn at once')
    // the budget is free again once they are drawn: the next address gets its code
    assert.ok(isPng(await qr(app, `width=1000&path=${encodeURIComponent(longPage(99))}`, '198.51.100.99')))
  })
})

test('R7.39 a QR code is kept by what is drawn: two spellings of one page share one entry, and ten addresses asking at once one drawing', async () => {
  await withApp({}, async (app) => {
    const a = await qr(app, 'width=300&path=pages/home/home', '198.51.100.1')
    assert.equal(a.headers['x-cache'], 'miss')
    for (const path of ['/m2/pages/home/home', 'http://localhost:80/m2/pages/home/home', 'pages/./x/../home/home']) {
      const b = await qr(app, `width=300&path=${encodeURIComponent(path)}`, '198.51.100.2')
      assert.equal(b.headers['x-cache'], 'hit', path)
      assert.ok(b.rawPayload.equals(a.rawPayload), path)
    }
    // a path whose `..` leaves /m2/ is not one of our pages
    assert.equal(
      (
        await qr(app, `format=json&path=${encodeURIComponent('pages/../../api/v1/userapp/config')}`, '198.51.100.3')
      ).json().code,
      -1
    )
    const before = qrStats.done
    const same = await Promise.all(
      Array.from({ length: 10 }, (_, i) => qr(app, 'width=640&roomid=496', `198.51.100.${20 + i}`))
    )
    assert.ok(same.every(isPng))
    assert.equal(qrStats.done - before, 1)
  })
})

test('R7.56 R7.65 a user’s earlier logins do not make the next one walk them: a token login after 200,000 runs the statements of the first, and its sign is its own', async () => {
  await withApp({}, async (app) => {
    const a = await login(app)
    const db = app.ctx.store.db
    // the SQLite statements a login runs (each get, run, all or iterate of a statement it prepares), counted instead of
    // timed: the walk this guards against ran one query for every taken second
    const counted = async () => {
      let runs = 0
      const prepare = db.prepare
      db.prepare = function (this: typeof db, sql: string) {
        const statement = prepare.call(this, sql) as unknown as Record<string, (...args: unknown[]) => unknown>
        for (const method of ['get', 'run', 'all', 'iterate']) {
          const original = statement[method]
          statement[method] = (...args: unknown[]) => {
            runs++
            return original.apply(statement, args)
          }
        }
        return statement as unknown as ReturnType<typeof prepare>
      }
      try {
        const r = await call(app, 'POST', U('/login'), { token: a.token })
        assertEnvelope(r)
        const sign = (r.headers['set-cookie'] as string[]).find((c) => c.startsWith('sign='))!.split(';')[0]
        return { runs, sign }
      } finally {
        db.prepare = prepare
      }
    }
    await counted() // the route's first call builds its payload check
    const first = await counted()
    // what 200,000 logins of one account (a token login, R7.56, has no limit and costs no password hash) leave when
    // they come faster than one a second: a login session row for every second from the next login's cookie expiry on
    const { expires_at: from } = db
      .prepare('SELECT MAX(expires_at) AS expires_at FROM cookie_sessions WHERE user_id = ?')
      .get(a.user.id) as { expires_at: number }
    const insert = db.prepare('INSERT INTO cookie_sessions (sign, user_id, family, expires_at) VALUES (?, ?, ?, ?)')
    db.transaction(() => {
      for (let i = 1; i <= 200_000; i++) insert.run(`seeded-${i}`, a.user.id, 'seeded', from + i)
    })()
    const after = await counted()
    // the walk ran a query for each of the 200,000 taken seconds (about 600 ms of the event loop, for every caller)
    assert.ok(first.runs > 0, 'the login’s statements are counted')
    assert.ok(
      after.runs <= first.runs + 1,
      `a login after 200,000 ran ${after.runs} statements (the first ${first.runs})`
    )
    assert.notEqual(after.sign, first.sign, 'each login its own sign')
    const taken = db.prepare('SELECT COUNT(*) AS n FROM cookie_sessions WHERE sign = ?').get(after.sign.slice(5)) as {
      n: number
    }
    assert.equal(taken.n, 1)
  })
})
