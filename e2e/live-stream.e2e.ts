// Live streams at their best in Chromium against the H5 build and the reference server: low-latency HLS about 1.5 s
// behind the edge (and the plain playlist still playable), time-shift with 回到直播, a TV programme from its scheduled
// start, radio in the background with the lock screen's controls, and 播放信息. Streams that fail and heal:
// live-recovery.e2e.ts.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { eventually, startServer, suite, waitUntil } from './harness'
import { behindLive, fetchText, latency, nearEdge, playing, trackLoads } from './live-measure'

const ROOM = 496
const s = suite(undefined, { timing: true })

test('low-latency HLS: after 20 s of playing, the picture is (or comes) under 2.5 s behind the playlist’s edge (forward buffer plus the parts not yet loaded)', async () => {
  const page = await s.browser.newPage({ viewport: { width: 390, height: 844 } })
  // one rendition (the viewer's 清晰度 标清 360P, as stored by the player): what is measured is the low-latency
  // stream's distance from the edge. 自动's first climb to 720P sometimes stalls the picture for seconds here (a known
  // fault of quality switches on this stream, docs/performance.md), and the way back after a stall is the next test's
  await page.addInitScript(() => localStorage.setItem('player_quality', JSON.stringify({ data: { data: 360 } })))
  trackLoads(page)
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=${ROOM}`)
  await playing(page)
  // 20 s of the stream played (the picture's own clock, however busy the machine)
  const t0 = await page.evaluate(() => document.querySelector('video')!.currentTime)
  await page.waitForFunction((t) => document.querySelector('video')!.currentTime > t + 20, t0, { timeout: 90000 })
  // a plain HLS player aims three segments (6 s and more) behind the edge and never comes under 2.5 s; how near this one
  // plays on an idle machine is the benchmark's figure (bench/live-stream.ts), not this check's
  const rounds = await nearEdge(page, s.server.origin, 2.5, 60000)
  const last = rounds[rounds.length - 1]
  console.log(`LL-HLS latency: median ${last[2].toFixed(2)} s after ${rounds.length} round(s) of five readings`)
  // parts were loaded, and the playlist was reloaded blocking, as a delta
  const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name))
  assert.ok(
    urls.some((u) => /-part\d+\.\d\.ts/.test(u)),
    'parts'
  )
  assert.ok(
    urls.some((u) => /_HLS_msn=\d+&_HLS_part=\d+/.test(u) && /_HLS_skip=YES/.test(u)),
    'blocking delta reloads'
  )
  await page.close()
})

test('low-latency HLS after a stall: a 6 s cut leaves the picture behind, and once it plays again it comes back under 2.2 s behind the edge', async () => {
  const page = await s.browser.newPage({ viewport: { width: 390, height: 844 } })
  await page.addInitScript(() => {
    localStorage.setItem('player_quality', JSON.stringify({ data: { data: 360 } }))
    const w = window as unknown as { stalls: number }
    w.stalls = 0
    document.addEventListener('waiting', () => w.stalls++, true)
  })
  trackLoads(page)
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=${ROOM}`)
  await playing(page)
  await page.waitForTimeout(3000)
  const before = await latency(page, s.server.origin)
  const r = await fetch(`${s.server.origin}/dev/rooms/${ROOM}/stream/cut?seconds=6&mode=503`, { method: 'POST' })
  assert.equal(((await r.json()) as { code: number }).code, 1)
  // the picture ran out of stream and stood still (hls.js then aims a second further behind the edge), then played on:
  // Chromium's `waiting`, or the player's own stall when Chromium's Media Source stopped without announcing one (its
  // frozen-picture watch, player/frozen.ts: 网络不给力，正在重连…)
  await page
    .waitForFunction(
      () =>
        (window as unknown as { stalls: number }).stalls > 0 ||
        document.querySelector('.player')?.getAttribute('data-state') === 'stalled',
      null,
      { timeout: 15000 }
    )
    .catch(async (e: Error) => {
      const v = await page.evaluate(() => {
        const video = document.querySelector('video')!
        return `${document.querySelector('.player')?.getAttribute('data-state')} at ${video.currentTime}, buffered to ${video.buffered.length ? video.buffered.end(video.buffered.length - 1) : 0}`
      })
      throw new Error(`no stall (${before.toFixed(2)} s behind before the cut; ${v}): ${e.message}`)
    })
  const t = await page.evaluate(() => document.querySelector('video')!.currentTime)
  await page.waitForFunction((t0) => document.querySelector('video')!.currentTime > t0 + 0.5, t, { timeout: 20000 })
  const behind = await latency(page, s.server.origin)
  const rounds = await nearEdge(page, s.server.origin, 2.2, 60000)
  console.log(
    `LL-HLS after a stall: ${behind.toFixed(2)} s behind as it plays again, then medians ${rounds.map((r) => r[2].toFixed(2)).join(', ')}`
  )
  await page.close()
})

test('with LL_HLS=0 the plain playlist plays (no parts, no blocking reloads)', async () => {
  const plain = await startServer({ LL_HLS: '0' })
  try {
    const page = await s.browser.newPage({ viewport: { width: 390, height: 844 } })
    await page.goto(`${plain.origin}/m2/packageA/pages/live/live?roomid=${ROOM}`)
    await playing(page)
    const t = await page.evaluate(() => document.querySelector('video')!.currentTime)
    await page.waitForFunction((t0) => document.querySelector('video')!.currentTime > t0 + 1.5, t, { timeout: 15000 })
    const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name))
    assert.ok(!urls.some((u) => /-part\d|_HLS_msn/.test(u)), 'plain HLS')
    assert.ok(urls.some((u) => /\d+p-seg\d+\.ts/.test(u)))
    await page.close()
  } finally {
    await plain.stop()
  }
})

test('time-shift (回看): the player loads the edge’s 30 s, not the two-hour window; dragging back 10 minutes plays a time-shift stream from then; 回到直播 returns to under 3 s of the edge', async () => {
  const page = await s.browser.newPage({ viewport: { width: 390, height: 844 } })
  trackLoads(page)
  const playlists: { url: string; segments: number }[] = []
  page.on('response', async (r) => {
    if (!/\/hls\/live\/\d+\/\w+\.m3u8/.test(r.url())) return
    const text = await r.text().catch(() => '')
    playlists.push({ url: r.url(), segments: (text.match(/^#EXTINF/gm) || []).length })
  })
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=${ROOM}`)
  await playing(page)
  await page.waitForSelector('.player__progress[aria-label="回看进度"]', { state: 'attached' })
  // the bar spans the two-hour window the master names, though hls.js has the edge only
  const span = await page.$eval(
    '.player__progress',
    (el) => Number((el as HTMLInputElement).max) - Number((el as HTMLInputElement).min)
  )
  assert.ok(Math.abs(span - 7200) < 10, `the 回看 bar spans ${span} s`)
  const media = playlists.filter((p) => /\/\d+p\.m3u8/.test(p.url))
  assert.ok(
    media.length > 0 && media.every((p) => /[?&]start=live\b/.test(p.url) && p.segments <= 15),
    JSON.stringify(media.slice(0, 3))
  )
  const edgeSeq = async () =>
    Math.max(
      ...[...(await fetchText(`${s.server.origin}/hls/live/${ROOM}/360p.m3u8`)).matchAll(/seg\d+\.ts\?seq=(\d+)/g)].map(
        (m) => Number(m[1])
      )
    )
  const liveSeq = await edgeSeq()
  const requested: number[] = []
  page.on('request', (r) => {
    const m = /\d+p-seg\d+\.ts\?seq=(\d+)/.exec(r.url())
    if (m) requested.push(Number(m[1]))
  })
  // drag the 回看 bar to ten minutes before its end
  await page.evaluate(() =>
    document.querySelector('.player__controls')?.dispatchEvent(new Event('pointerdown', { bubbles: true }))
  )
  // a drag: an input event per step, 100 s apart, every 40 ms; the bar stays on screen, its thumb where it was left,
  // while the time-shift stream starts
  const shown = await page.$eval('.player__progress', async (el) => {
    const input = el as HTMLInputElement
    const max = Number(input.max)
    for (const back of [200, 300, 400, 500, 600]) {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, String(max - back))
      input.dispatchEvent(new Event('input', { bubbles: true }))
      await new Promise((r) => setTimeout(r, 40))
    }
    const seen: number[] = []
    for (let i = 0; i < 30; i++) {
      const bar = document.querySelector<HTMLInputElement>('.player__progress')
      seen.push(bar ? Number(bar.max) - Number(bar.value) : -1)
      await new Promise((r) => setTimeout(r, 50))
    }
    return seen
  })
  // (once the new stream plays, it is a few seconds further behind the edge that moved on while it started)
  assert.ok(
    shown.every((back) => back >= 590 && back <= 630),
    `the bar while the stream switches (s behind its end, -1 gone): ${shown.join(', ')}`
  )
  await page.waitForFunction(
    () => !document.querySelector('video')!.paused && document.querySelector('video')!.readyState >= 3,
    null,
    { timeout: 20000 }
  )
  await page.waitForSelector('.player__go-live')
  const older = requested.filter((seq) => seq < liveSeq - 250)
  assert.ok(older.length > 0, `segments about 300 older than ${liveSeq}: ${requested.slice(0, 5).join(', ')}`)
  assert.match((await page.textContent('.player__time')) || '', /^-(09|10):\d\d$/)
  const shifted = playlists.map((p) => /\/index\.m3u8\?start=(\d+)/.exec(p.url)).filter(Boolean)
  assert.equal(shifted.length, 1, `one time-shift stream for the whole drag: ${shifted.map((m) => m![0]).join(', ')}`)
  assert.ok(Math.abs(Date.now() - Number(shifted[0]![1]) - 600000) < 30000, `a time-shift stream: ${shifted[0]![0]}`)
  // back to the edge: its own stream again. The master is watched for as it is asked for: the video may still be
  // playing the time-shift stream when the badge is back, and a response's body is read after the page goes on. Its
  // answer is taken at once: a wait that ran out while the click and the badge were still on their way (a machine
  // twice as slow) was a rejection nobody handled, which failed the test whatever came after
  const edgeMaster = page
    .waitForRequest((r) => /\/hls\/live\/\d+\/index\.m3u8\?start=live$/.test(r.url()), { timeout: 60000 })
    .then(
      () => true,
      () => false
    )
  // the controls shown again first, as a viewer's tap does: they hide after a while without a touch, and on a slow
  // machine the time-shift stream's start took that long (the gestures' layer then takes the click)
  await page.evaluate(() =>
    document.querySelector('.player__controls')?.dispatchEvent(new Event('pointerdown', { bubbles: true }))
  )
  await page.click('.player__go-live')
  await page.waitForSelector('.player__live-badge')
  assert.ok(await edgeMaster, 'the edge’s master asked for again')
  await page.waitForFunction(() => !document.querySelector('video')!.paused, null, { timeout: 20000 })
  // playing again at the edge: under 3 s behind within 10 s of the tap (a loaded machine takes longer to catch up
  // than an idle one, which is there in about 3 s)
  const readings: number[] = []
  const behind = await eventually(
    async () => {
      readings.push(await latency(page, s.server.origin))
      return readings[readings.length - 1]
    },
    (v) => v < 3,
    'the picture back near the edge',
    10000
  ).catch(() => readings[readings.length - 1])
  assert.ok(behind < 3, `behind after 回到直播: ${readings.map((r) => r.toFixed(2)).join(', ')} s`)
  await page.close()
})

test('a TV channel’s 从头看 plays the programme on air from its scheduled start (± one segment); earlier ones offer 回看', async () => {
  const page = await s.browser.newPage({ viewport: { width: 390, height: 844 } })
  await page.goto(`${s.server.origin}/m2/packageA/pages/watch/watch?type=channel&id=1`)
  await playing(page)
  await page.waitForSelector('.watch-schedule__row--on .watch-schedule__action')
  assert.equal(await page.textContent('.watch-schedule__row--on .watch-schedule__action'), '从头看')
  // earlier programmes: 回看 for those that started inside the two-hour window, nothing for those before it (which
  // of today's programmes these are depends on the hour; a minute either side of the window's start is not judged)
  const rows = await page.$$eval('.watch-schedule__row', (els) =>
    els.map((e) => ({
      start: Number(e.getAttribute('data-start')),
      on: e.classList.contains('watch-schedule__row--on'),
      action: e.querySelector('.watch-schedule__action')?.textContent ?? null
    }))
  )
  const now = Date.now()
  const from = now - 2 * 3600 * 1000
  // earlier than the one the page shows on air (not than the clock: a programme that began after the rows were read,
  // on a run that crossed a half hour, is the next one on the page and has no action yet)
  const onAir = rows.find((r) => r.on)
  assert.ok(onAir, 'a programme on air')
  const earlier = rows.filter((r) => r.start < onAir.start)
  // only the day's first programme (from midnight, China time: UTC+8) has none before it
  const firstOfDay = (onAir.start + 8 * 3600 * 1000) % (24 * 3600 * 1000) === 0
  assert.ok(earlier.length > 0 || firstOfDay, 'today has programmes before the one on air')
  for (const r of earlier) {
    if (r.start >= from + 60000)
      assert.equal(r.action, '回看', `a programme of ${new Date(r.start).toISOString()} is inside the window`)
    else if (r.start < from - 60000)
      assert.equal(r.action, null, `a programme of ${new Date(r.start).toISOString()} is before the window`)
  }
  assert.ok((await page.$$('.player__chapter')).length >= 1, 'programmes marked on the bar')
  const start = Number(await page.getAttribute('.watch-schedule__row--on', 'data-start'))
  const requested: number[] = []
  page.on('request', (r) => {
    const m = /\d+p-seg\d+\.ts\?seq=(\d+)/.exec(r.url())
    if (m) requested.push(Number(m[1]))
  })
  await page.click('.watch-schedule__row--on .watch-schedule__action')
  await page.waitForFunction(
    () => !document.querySelector('video')!.paused && document.querySelector('video')!.readyState >= 3,
    null,
    { timeout: 20000 }
  )
  // the video may have been playing the live edge already: wait for the first segment of the programme's start
  await waitUntil(() => requested.length > 0, 'a segment of the programme’s start', 20000).catch(() => undefined)
  assert.ok(requested.length > 0, 'no segment was asked for after 从头看')
  // the date of the first segment it played, from the playlist's own EXT-X-PROGRAM-DATE-TIME
  const playlist = await fetchText(`${s.server.origin}/hls/live/ch1/360p.m3u8`)
  const lines = playlist.split('\n')
  const i = lines.findIndex((l) => l.endsWith(`seq=${requested[0]}`))
  const pdt = Date.parse(
    lines
      .slice(0, i)
      .reverse()
      .find((l) => l.startsWith('#EXT-X-PROGRAM-DATE-TIME:'))!
      .slice(25)
  )
  assert.ok(
    Math.abs(pdt - start) <= 2000,
    `first segment at ${new Date(pdt).toISOString()}, programme at ${new Date(start).toISOString()}`
  )
  // the bar tells how far behind the edge it plays: about as long ago as the programme started (minutes past 99 when it
  // began over 100 minutes ago)
  const behind = /^-(\d{2,}):(\d\d)$/.exec((await page.textContent('.player__time')) || '')
  assert.ok(behind, 'the time behind the edge, as -mm:ss')
  const shown = Number(behind[1]) * 60 + Number(behind[2])
  const since = (Date.now() - start) / 1000
  assert.ok(Math.abs(shown - since) <= 20, `-${shown} s shown, the programme began ${Math.round(since)} s ago`)
  await page.close()
})

test('radio plays its sound alone in the background: the lock screen’s title and play/pause (Media Session), the mini player bar across pages, a page that is not a tab shown under it', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await page.addInitScript(() => {
    const handlers: Record<string, unknown> = {}
    ;(window as unknown as { __handlers: typeof handlers }).__handlers = handlers
    const set = navigator.mediaSession.setActionHandler.bind(navigator.mediaSession)
    navigator.mediaSession.setActionHandler = (action, handler) => {
      handlers[action] = handler
      set(action, handler)
    }
  })
  await page.goto(`${s.server.origin}/m2/pages/media/media`)
  await page.click('[data-segment="radio"]')
  const title = (await page.textContent('.media-channels__item--active .media-channels__name'))!
  await page.click('.media-channels__watch')
  await page.waitForURL(/watch\/watch/)
  await page.waitForFunction(
    () => (document.querySelector<HTMLAudioElement>('audio.app-audio')?.currentTime ?? 0) > 0.5,
    null,
    { timeout: 30000 }
  )
  assert.equal(await page.$('video'), null, 'no video box')
  const session = await page.evaluate(() => ({
    title: navigator.mediaSession.metadata?.title,
    artist: navigator.mediaSession.metadata?.artist,
    artwork: navigator.mediaSession.metadata?.artwork.length,
    handlers: Object.entries((window as unknown as { __handlers: Record<string, unknown> }).__handlers)
      .filter(([, h]) => typeof h === 'function')
      .map(([a]) => a)
      .sort()
  }))
  assert.deepEqual(session, { title, artist: '广播直播', artwork: 1, handlers: ['pause', 'play'] })
  // the lock screen's pause and play
  await page.evaluate(() => (window as unknown as { __handlers: Record<string, () => void> }).__handlers.pause())
  await page.waitForFunction(() => (document.querySelector('audio.app-audio') as HTMLAudioElement).paused)
  await page.evaluate(() => (window as unknown as { __handlers: Record<string, () => void> }).__handlers.play())
  await page.waitForFunction(() => !(document.querySelector('audio.app-audio') as HTMLAudioElement).paused)
  // back on the 视听 tab (the page's own navigation, not a reload): it plays on, the bar above the tab bar
  const resumed = await page.evaluate(() => (document.querySelector('audio.app-audio') as HTMLAudioElement).currentTime)
  await page.waitForFunction(
    (t0) => (document.querySelector('audio.app-audio') as HTMLAudioElement).currentTime > t0,
    resumed,
    { timeout: 10000 }
  )
  await page.goBack()
  await page.waitForURL(/media\/media/)
  const bar = page.locator('.mini-player')
  await bar.waitFor()
  assert.ok(((await bar.textContent()) || '').includes(title))
  const t = await page.evaluate(() => (document.querySelector('audio.app-audio') as HTMLAudioElement).currentTime)
  await page.waitForFunction(
    (t0) => (document.querySelector('audio.app-audio') as HTMLAudioElement).currentTime > t0 + 1,
    t,
    { timeout: 10000 }
  )
  // a page that is not a tab (search, from home): it shows, with the bar over it
  await page.click('.tab-bar__item:has-text("直播")')
  await page.click('.home__search')
  await page.waitForURL(/search\/search/)
  await page.waitForFunction(
    () => {
      const pages = [...document.querySelectorAll('.taro_page')]
      const search = pages.find((p) => p.id.includes('/search/search'))
      return !!search && getComputedStyle(search).display !== 'none' && search.getBoundingClientRect().height > 0
    },
    null,
    { timeout: 10000 }
  )
  // the app's own bar (the tab pages' bars stay in their hidden pages)
  assert.ok(((await page.locator('body > .mini-player').textContent()) || '').includes(title))
  await page.click('body > .mini-player .mini-player__close')
  await page.waitForFunction(() => [...document.querySelectorAll('.mini-player')].length === 0)
  assert.equal(await page.evaluate(() => navigator.mediaSession.metadata), null)
  await context.close()
})

test('a live room’s video pauses the radio playing in the background: one sound at a time, the bar says it is paused', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await page.goto(`${s.server.origin}/m2/pages/media/media`)
  await page.click('[data-segment="radio"]')
  await page.click('.media-channels__watch')
  await page.waitForURL(/watch\/watch/)
  const audioTime = () =>
    page.evaluate(() => document.querySelector<HTMLAudioElement>('audio.app-audio')?.currentTime ?? 0)
  await page.waitForFunction(
    () => (document.querySelector<HTMLAudioElement>('audio.app-audio')?.currentTime ?? 0) > 0.5,
    null,
    {
      timeout: 30000
    }
  )
  // to home by the tab bar (the app's own navigation: the radio plays on), then into a room on air
  await page.goBack()
  await page.waitForURL(/media\/media/)
  await page.locator('[data-tab="home"]:visible').dispatchEvent('click')
  await page.locator(`.home__top-rooms .card-item[data-room="${ROOM}"]`).click()
  await page.waitForURL(/live\/live/)
  await playing(page)
  await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('audio.app-audio')?.paused === true, null, {
    timeout: 10000
  })
  // it stays paused while the video plays on
  const at = await audioTime()
  const v0 = await page.evaluate(() => document.querySelector('video')!.currentTime)
  await page.waitForFunction((t0) => document.querySelector('video')!.currentTime > t0 + 1.5, v0, { timeout: 20000 })
  assert.equal(await audioTime(), at, 'the radio does not play under the video')
  await context.close()
})

test('播放信息 (更多) tells the latency, the 清晰度 playing, the buffer and the dropped frames', async () => {
  const page = await s.browser.newPage({ viewport: { width: 390, height: 844 } })
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=${ROOM}`)
  await playing(page)
  // a second and more played: the figures (latency, buffer, frames) have something to tell
  const from = await page.evaluate(() => document.querySelector('video')!.currentTime)
  await page.waitForFunction((t0) => document.querySelector('video')!.currentTime > t0 + 1.5, from, { timeout: 20000 })
  await page.evaluate(() =>
    document.querySelector('.player__controls')?.dispatchEvent(new Event('pointerdown', { bubbles: true }))
  )
  await page.click('.player__more')
  await page.click('.player__info')
  await page.waitForSelector('.player-info__row')
  // the panel, and the live window's end minus the position read at the same moment: the panel tells the stream's own
  // latency (to the second it refreshes in), whatever a busy machine's stalls made it. A jump to the edge between two
  // of its refreshes (a picture too far behind for hls.js's catch-up) is read again at the next
  const [rows] = await eventually(
    async () => {
      const read = Object.fromEntries(
        await page.$$eval('.player-info__row', (els) =>
          els.map((e) => [e.getAttribute('data-info'), e.querySelector('.player-info__value')?.textContent])
        )
      )
      return [read, await behindLive(page)] as const
    },
    ([read, at]) => Math.abs(Number.parseFloat(read['延迟'] ?? '') - at) < 1,
    'the panel’s 延迟 within a second of how far behind the picture is'
  )
  assert.match(rows['延迟'] || '', /^\d+\.\d 秒$/)
  assert.match(rows['清晰度'] || '', /^自动（播放 (360|720)P）$/)
  assert.match(rows['缓冲'] || '', /^\d+\.\d 秒$/)
  assert.match(rows['丢帧'] || '', /^\d+ \/ \d+$/)
  assert.equal(rows['协议'], '低延迟 HLS（LL-HLS）')
  await page.close()
})
