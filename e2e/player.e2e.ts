// The player in Chromium against the real H5 build and server: 清晰度 (the stream's renditions), 倍速, resuming a
// playback, full screen with the flying danmaku, 画中画, 弹幕设置 and 屏蔽词, keys and gestures, the activity card
// beside the video, and a refused autoplay's cover.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { BrowserContext, Page } from 'playwright-core'
import { CHROMIUM_ARGS, RENDITION_SWITCH_MS, launchBrowser, loginThroughUserPage, suite, WAIT_MS } from './harness'
import { playing } from './live-measure'

const LIVE = 496
const PLAYBACK = 5001
const VOTE_ROOM = 539

const s = suite()

async function api<T = any>(
  path: string,
  body: Record<string, unknown> = {},
  token = ''
): Promise<{ code: number; msg: string; data: T }> {
  const r = await fetch(`${s.server.origin}/api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body)
  })
  return (await r.json()) as { code: number; msg: string; data: T }
}

/** Another viewer (the mini-program's demo login), who sends chat into a room. */
async function otherViewer(): Promise<string> {
  return (await api<{ access_token: string }>('userapp/login', { code: 'dev', encryptedData: 'x', iv: 'y' })).data
    .access_token
}

async function newPage(context?: BrowserContext): Promise<Page> {
  const page = context ? await context.newPage() : await s.browser.newPage({ viewport: { width: 390, height: 844 } })
  return page
}

/** Chromium refusing to play sound without a gesture, as WeChat's and phone browsers do. */
function launchRefusingAutoplay() {
  return launchBrowser([
    ...CHROMIUM_ARGS.filter((a) => !a.startsWith('--autoplay-policy')),
    '--autoplay-policy=document-user-activation-required'
  ])
}

/**
 * The player's state (`player-state <state>` on the console), told by the page itself: Playwright's evaluate runs as
 * a user gesture, which would let the video play.
 */
function tellsPlayerState(page: Page) {
  return page.addInitScript(() => {
    const log = console.log.bind(console) // the app silences the console (R9.27)
    new MutationObserver(() => {
      const state = document.querySelector('.player')?.getAttribute('data-state')
      if (state) log(`player-state ${state}`)
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'], childList: true })
  })
}

/** Waits until the video plays (its time moves). */
const videoHeight = (page: Page) => page.evaluate(() => document.querySelector('video')!.videoHeight)

/** Shows the controls (a tap on the video) and opens a menu by its button. */
async function openMenu(page: Page, button: string) {
  await page.evaluate(() =>
    document.querySelector('.player__controls')?.dispatchEvent(new Event('pointerdown', { bubbles: true }))
  )
  await page.locator(button).click()
  await page.waitForSelector('.player-menu')
}

async function chooseQuality(page: Page, label: string) {
  await openMenu(page, '.player__quality')
  await page.locator('.player-menu__item', { hasText: label }).click()
  await page.waitForSelector('.player-menu', { state: 'detached' })
}

test('R1.1 清晰度 on a playback: 自动 and each rendition by height; each choice changes the picture’s height, and the next video starts in it', async () => {
  const page = await newPage()
  await page.goto(`${s.server.origin}/m2/packageA/pages/playback/playback?id=${PLAYBACK}`)
  await playing(page)
  await openMenu(page, '.player__quality')
  assert.deepEqual(await page.locator('.player-menu__item').allTextContents(), ['自动', '高清 720P', '标清 360P'])
  assert.equal(await page.getAttribute('.player-menu__item--on', 'data-height'), '0', '自动 until the viewer chooses')
  await page.click('.player-menu__close')
  for (const [label, height] of [
    ['高清 720P', 720],
    ['标清 360P', 360],
    ['高清 720P', 720]
  ] as const) {
    const before = await page.evaluate(() => document.querySelector('video')!.currentTime)
    await chooseQuality(page, label)
    await page.waitForFunction((h) => document.querySelector('video')!.videoHeight === h, height, {
      timeout: RENDITION_SWITCH_MS
    })
    const after = await page.evaluate(() => document.querySelector('video')!.currentTime)
    assert.ok(after >= before - 0.5, `no jump back on switching to ${label}: ${before} → ${after}`)
  }
  assert.equal(await page.textContent('.player__quality'), '720P')
  // remembered: another playback starts in 720P from its first fragment
  const fragments: string[] = []
  page.on('request', (r) => /\/hls\/vod\/5002\/\d+p-seg\d+\.ts/.test(r.url()) && fragments.push(r.url()))
  await page.goto(`${s.server.origin}/m2/packageA/pages/playback/playback?id=5002`)
  await playing(page)
  assert.equal(await videoHeight(page), 720)
  assert.match(fragments[0] || '', /\/720p-seg0\.ts/)
  await chooseQuality(page, '自动')
  await page.close()
})

test('R1.1 清晰度 on a live room switches the live stream’s rendition; a radio channel is its sound alone: no video box, no 清晰度', async () => {
  const page = await newPage()
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=${LIVE}`)
  await playing(page)
  await chooseQuality(page, '标清 360P')
  await page.waitForFunction(() => document.querySelector('video')!.videoHeight === 360, null, {
    timeout: RENDITION_SWITCH_MS
  })
  await chooseQuality(page, '高清 720P')
  await page.waitForFunction(() => document.querySelector('video')!.videoHeight === 720, null, {
    timeout: RENDITION_SWITCH_MS
  })
  await chooseQuality(page, '自动')
  // 倍速 is for on-demand only
  assert.equal(await page.$('.player__speed'), null)
  // a radio channel: its sound alone, one rendition, no choice and no video box
  const radio = (await api<{ channels: { radio: { id: number }[] } }>('userapp/index')).data.channels.radio[0]
  await page.goto(`${s.server.origin}/m2/packageA/pages/watch/watch?type=channel&id=${radio.id}`)
  await page.waitForFunction(
    () => (document.querySelector<HTMLAudioElement>('audio.app-audio')?.currentTime ?? 0) > 0.3,
    null,
    { timeout: WAIT_MS }
  )
  assert.equal(await page.$('video'), null)
  assert.equal(await page.$('.player__quality'), null)
  await page.close()
})

test('倍速: 0.5–2.0 on a playback, 1.5 sets the video’s rate', async () => {
  const page = await newPage()
  await page.goto(`${s.server.origin}/m2/packageA/pages/playback/playback?id=${PLAYBACK}`)
  await playing(page)
  await openMenu(page, '.player__speed')
  assert.deepEqual(await page.locator('.player-menu__item').allTextContents(), [
    '2x',
    '1.5x',
    '1.25x',
    '1.0x 正常',
    '0.75x',
    '0.5x'
  ])
  await page.locator('.player-menu__item', { hasText: '1.5x' }).click()
  assert.equal(await page.evaluate(() => document.querySelector('video')!.playbackRate), 1.5)
  assert.equal(await page.textContent('.player__speed'), '1.5x')
  await page.close()
})

test('resume: a playback played to 20 s, closed and opened again starts within 2 s of 20 with 已为你定位到上次观看位置; near its end it starts over', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  let page = await newPage(context)
  await page.goto(`${s.server.origin}/m2/packageA/pages/playback/playback?id=5003`)
  await playing(page)
  await page.evaluate(() => (document.querySelector('video')!.currentTime = 19))
  await page.waitForFunction(() => document.querySelector('video')!.currentTime >= 20, null, { timeout: WAIT_MS })
  await page.close()
  page = await newPage(context)
  await page.goto(`${s.server.origin}/m2/packageA/pages/playback/playback?id=5003`)
  await page.waitForFunction(() => (document.body.textContent || '').includes('已为你定位到上次观看位置 00:2'), null, {
    timeout: WAIT_MS
  })
  await playing(page)
  const at = await page.evaluate(() => document.querySelector('video')!.currentTime)
  assert.ok(Math.abs(at - 20) <= 2.5, `started at ${at}`)
  // watched to within 5 s of the end: the next opening starts from the beginning, without the toast
  await page.evaluate(() => {
    const v = document.querySelector('video')!
    v.currentTime = v.duration - 3
  })
  await page.waitForFunction(() => document.querySelector('video')!.currentTime > 56, null, { timeout: WAIT_MS })
  await page.close()
  page = await newPage(context)
  await page.goto(`${s.server.origin}/m2/packageA/pages/playback/playback?id=5003`)
  await playing(page)
  assert.ok((await page.evaluate(() => document.querySelector('video')!.currentTime)) < 10)
  assert.ok(!(await page.evaluate(() => (document.body.textContent || '').includes('已为你定位到上次观看位置'))))
  await context.close()
})

test('全屏: the video and the flying danmaku are inside the full-screen element, with the send box and the like button; 退出全屏 leaves', async () => {
  const page = await newPage()
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=${LIVE}`)
  await playing(page)
  await page.locator('.player__fullscreen').click()
  await page.waitForFunction(() => !!document.fullscreenElement)
  const token = await otherViewer()
  const text = `全屏里的弹幕 ${Date.now() % 100000}`
  assert.equal((await api('userapp/danmaku', { room_id: LIVE, content: text }, token)).code, 1)
  await page.waitForFunction(
    (t) => Array.from(document.querySelectorAll('.danmaku__item')).some((e) => (e.textContent || '').includes(t)),
    text,
    { timeout: WAIT_MS }
  )
  const inside = await page.evaluate((t) => {
    const full = document.fullscreenElement!
    const item = Array.from(document.querySelectorAll('.danmaku__item')).find((e) => (e.textContent || '').includes(t))!
    return {
      video: full.contains(document.querySelector('video')),
      danmaku: full.contains(item),
      send: full.contains(document.querySelector('.fs-send__input')),
      like: full.contains(document.querySelector('.live__fs-bar .interact-like__button')),
      label: document.querySelector('.player__fullscreen')!.textContent
    }
  }, text)
  assert.deepEqual(inside, { video: true, danmaku: true, send: true, like: true, label: '退出全屏' })
  await page.evaluate(() =>
    document.querySelector('.player__controls')?.dispatchEvent(new Event('pointerdown', { bubbles: true }))
  )
  await page.locator('.player__fullscreen').click()
  await page.waitForFunction(() => !document.fullscreenElement)
  assert.equal(await page.textContent('.player__fullscreen'), '全屏')
  assert.equal(await page.$('.fs-send__input'), null, 'the full-screen bar leaves with full screen')
  await page.close()
})

test('全屏 without the Fullscreen API (Safari on iPhone): the page’s own layer covers the screen, turned for a landscape video; a portrait room stays upright with its activity chip', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await newPage(context)
  await page.addInitScript(() => {
    // a browser with no Fullscreen API on elements
    ;(HTMLElement.prototype as { requestFullscreen?: unknown }).requestFullscreen = undefined
    ;(HTMLElement.prototype as { webkitRequestFullscreen?: unknown }).webkitRequestFullscreen = undefined
  })
  await page.goto(`${s.server.origin}/m2/packageA/pages/playback/playback?id=${PLAYBACK}`)
  await playing(page)
  await page.locator('.player__fullscreen').click()
  await page.waitForSelector('.player.player--page-full.player--rotated')
  const box = await page.evaluate(() => {
    const r = document.querySelector('.player')!.getBoundingClientRect()
    const frame = document.querySelector('.player__frame')!.getBoundingClientRect()
    return {
      w: r.width,
      h: r.height,
      frameW: frame.width,
      frameH: frame.height,
      fullscreen: !!document.fullscreenElement
    }
  })
  assert.deepEqual(box, { w: 390, h: 844, frameW: 390, frameH: 844, fullscreen: false })
  assert.equal(
    await page.evaluate(() => getComputedStyle(document.querySelector('.player__frame')!).transform),
    'matrix(0, 1, -1, 0, -422, -195)',
    'the frame is turned a quarter'
  )
  await page.evaluate(() =>
    document.querySelector('.player__controls')?.dispatchEvent(new Event('pointerdown', { bubbles: true }))
  )
  await page.locator('.player__fullscreen').click()
  await page.waitForSelector('.player--page-full', { state: 'detached' })

  // a portrait room's video stays upright; its running vote is a chip over the video that opens the card there
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=${VOTE_ROOM}`)
  await page.waitForSelector('.live__body > .activities .act-card--vote', { timeout: WAIT_MS })
  await page.locator('.player__fullscreen').click()
  await page.waitForSelector('.player.player--page-full')
  assert.equal(await page.$('.player--rotated'), null)
  const chip = page.locator('.player .activities__chip--compact')
  await chip.waitFor()
  assert.equal(await chip.textContent(), '投票')
  await chip.click()
  await page.waitForSelector('.player .activities--side .act-card--vote')
  await page.click('.player .activities__fold')
  await page.waitForSelector('.player .activities__chip--compact')
  await context.close()
})

test('画中画 (更多): where the browser has the Picture-in-Picture API the control puts the video in a small window and takes it back', async () => {
  const page = await newPage()
  await page.goto(`${s.server.origin}/m2/packageA/pages/playback/playback?id=${PLAYBACK}`)
  await playing(page)
  const api = await page.evaluate(
    () => !!(document as Document & { pictureInPictureEnabled?: boolean }).pictureInPictureEnabled
  )
  if (!api) {
    await openMenu(page, '.player__more')
    assert.equal(await page.$('.player__pip'), null, 'absent where the browser has no API')
  } else {
    // under 更多, beside 播放信息
    await openMenu(page, '.player__more')
    await page.locator('.player__pip').click()
    await page.waitForFunction(() => document.pictureInPictureElement === document.querySelector('video'), null, {
      timeout: WAIT_MS
    })
    await openMenu(page, '.player__more')
    assert.equal(await page.textContent('.player__pip'), '退出画中画')
    await page.locator('.player__pip').click()
    await page.waitForFunction(() => !document.pictureInPictureElement)
  }
  await page.close()
})

test('屏蔽词: a word added in 弹幕设置 hides a matching message pushed afterwards from the flying layer and the chat list, survives a reload, and never hides the viewer’s own', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await newPage(context)
  await loginThroughUserPage(page, s.server.origin)
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=${LIVE}`)
  await playing(page)
  await openMenu(page, '.player__danmaku-settings')
  const word = `剧透${Date.now() % 1000}`
  // a pattern that does not compile is refused with a message, not thrown
  await page.fill('.danmaku-panel__input input, input.danmaku-panel__input', '/([a-z/')
  await page.click('.danmaku-panel__add-btn')
  await page.waitForFunction(() => (document.body.textContent || '').includes('正则表达式有误'))
  await page.fill('.danmaku-panel__input input, input.danmaku-panel__input', word)
  await page.click('.danmaku-panel__add-btn')
  await page.waitForSelector(`.danmaku-panel__word[data-word="${word}"]`)
  await page.click('.player-menu__close')

  const token = await otherViewer()
  const blocked = `这里有${word}不要看`
  const shown = `正常的弹幕 ${Date.now() % 100000}`
  const check = async () => {
    assert.equal((await api('userapp/danmaku', { room_id: LIVE, content: blocked }, token)).code, 1)
    assert.equal((await api('userapp/danmaku', { room_id: LIVE, content: shown }, token)).code, 1)
    await page.waitForFunction(
      (t) => Array.from(document.querySelectorAll('.chat__msg')).some((e) => (e.textContent || '').includes(t)),
      shown,
      { timeout: WAIT_MS }
    )
    await page.waitForFunction(
      (t) => Array.from(document.querySelectorAll('.danmaku__item')).some((e) => (e.textContent || '').includes(t)),
      shown,
      { timeout: WAIT_MS }
    )
    const seen = await page.evaluate(
      (w) =>
        Array.from(document.querySelectorAll('.chat__msg, .danmaku__item')).filter((e) =>
          (e.textContent || '').includes(w)
        ).length,
      blocked
    )
    assert.equal(seen, 0, 'the blocked message is in neither the flying layer nor the chat list')
  }
  await check()
  await page.reload()
  await playing(page)
  await check()
  // the viewer's own message with the word still shows to them
  const mine = `我自己说${word}`
  await page.fill('.chat__input input, input.chat__input', mine)
  await page.$eval('.chat__send', (e) => (e as HTMLElement).click())
  await page.waitForFunction(
    (t) => Array.from(document.querySelectorAll('.chat__msg')).some((e) => (e.textContent || '').includes(t)),
    mine,
    { timeout: WAIT_MS }
  )
  // removed again
  await openMenu(page, '.player__danmaku-settings')
  await page.click(`.danmaku-panel__word[data-word="${word}"] .danmaku-panel__word-remove`)
  await page.waitForSelector(`.danmaku-panel__word[data-word="${word}"]`, { state: 'detached' })
  await context.close()
})

test('弹幕设置: opacity and font size reach the flying items; off hides the layer; the settings are kept', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await newPage(context)
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=${LIVE}`)
  await playing(page)
  const token = await otherViewer()
  const flying = async () => {
    const text = `设置检查 ${Date.now() % 100000}`
    await api('userapp/danmaku', { room_id: LIVE, content: text }, token)
    await page.waitForFunction(
      (t) => Array.from(document.querySelectorAll('.danmaku__item')).some((e) => (e.textContent || '').includes(t)),
      text,
      { timeout: WAIT_MS }
    )
    return page.evaluate((t) => {
      const item = Array.from(document.querySelectorAll('.danmaku__item')).find((e) =>
        (e.textContent || '').includes(t)
      ) as HTMLElement
      return {
        opacity: Number(getComputedStyle(item).opacity),
        fontSize: parseFloat(getComputedStyle(item.querySelector('.danmaku__text')!).fontSize)
      }
    }, text)
  }
  const standard = await flying()
  assert.equal(standard.opacity, 1)
  await openMenu(page, '.player__danmaku-settings')
  await page.$eval('.danmaku-panel__range', (el) => {
    const input = el as HTMLInputElement
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '50')
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
  await page.click('[data-setting="fontSize"] [data-value="large"]')
  await page.click('.player-menu__close')
  const changed = await flying()
  assert.equal(changed.opacity, 0.5)
  assert.ok(changed.fontSize > standard.fontSize, `large ${changed.fontSize} > standard ${standard.fontSize}`)
  // D turns them off (the keyboard), and they stay off after a reload
  await page.keyboard.press('d')
  await page.waitForSelector('.danmaku.danmaku--off', { state: 'attached' })
  await page.reload()
  await playing(page)
  await page.waitForSelector('.danmaku.danmaku--off', { state: 'attached' })
  assert.equal(await page.getAttribute('.player__danmaku-toggle', 'aria-pressed'), 'false')
  await page.keyboard.press('d')
  await page.waitForSelector('.danmaku:not(.danmaku--off)', { state: 'attached' })
  await context.close()
})

test('keys: Space pauses and plays, ← and → seek 5 s, F enters and leaves full screen', async () => {
  const page = await newPage()
  await page.goto(`${s.server.origin}/m2/packageA/pages/playback/playback?id=${PLAYBACK}`)
  await playing(page)
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.keyboard.press('Space')
  await page.waitForFunction(() => document.querySelector('video')!.paused)
  const t = await page.evaluate(() => document.querySelector('video')!.currentTime)
  await page.keyboard.press('ArrowRight')
  assert.ok(Math.abs((await page.evaluate(() => document.querySelector('video')!.currentTime)) - (t + 5)) < 0.6)
  await page.keyboard.press('ArrowLeft')
  assert.ok(Math.abs((await page.evaluate(() => document.querySelector('video')!.currentTime)) - t) < 0.6)
  await page.keyboard.press('Space')
  await page.waitForFunction(() => !document.querySelector('video')!.paused)
  await page.keyboard.press('f')
  await page.waitForFunction(() => !!document.fullscreenElement)
  await page.keyboard.press('f')
  await page.waitForFunction(() => !document.fullscreenElement)
  await page.close()
})

test('gestures: a double tap pauses and plays; a long press plays at 2x while held; a swipe seeks', async () => {
  const page = await newPage()
  await page.goto(`${s.server.origin}/m2/packageA/pages/playback/playback?id=${PLAYBACK}`)
  await playing(page)
  const box = (await page.locator('.player__gestures').boundingBox())!
  const cx = box.x + box.width / 2
  const cy = box.y + box.height / 3
  // a double tap is two taps within 300 ms; on a busy machine the browser may take the two clicks further apart than
  // a finger does (two single taps: the controls shown and hidden), so a tap pair is tried up to three times (each
  // given long enough that a slow one is not tapped over)
  const doubleTap = async (paused: boolean) => {
    for (let i = 0; i < 3; i++) {
      await page.mouse.dblclick(cx, cy)
      const done = await page
        .waitForFunction((p) => document.querySelector('video')!.paused === p, paused, { timeout: 10000 })
        .then(() => true)
        .catch(() => false)
      if (done) return
    }
    assert.fail(`a double tap did not ${paused ? 'pause' : 'play'} the video`)
  }
  await doubleTap(true)
  await doubleTap(false)
  // a pause that is the behaviour: the press comes well after the double tap, so it is not taken as a third tap
  await page.waitForTimeout(400)
  await page.mouse.move(cx, cy)
  await page.mouse.down()
  await page.waitForFunction(() => document.querySelector('video')!.playbackRate === 2, null, { timeout: WAIT_MS })
  await page.mouse.up()
  await page.waitForFunction(() => document.querySelector('video')!.playbackRate === 1)
  // a swipe across half the width seeks forward; as with the double tap, a busy browser may hold the press longer
  // than a long press before the first move arrives (then it plays at 2x instead), so a swipe is tried up to three times
  const tries: string[] = []
  for (let i = 0; i < 3; i++) {
    const before = await page.evaluate(() => document.querySelector('video')!.currentTime)
    await page.mouse.move(box.x + 20, cy)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 2, cy, { steps: 5 })
    await page.mouse.up()
    const after = await page.evaluate(() => document.querySelector('video')!.currentTime)
    tries.push(`${before.toFixed(2)} → ${after.toFixed(2)}`)
    if (after - before > 10) break
    await page.waitForFunction(() => document.querySelector('video')!.playbackRate === 1)
  }
  const [from, to] = tries[tries.length - 1].split(' → ').map(Number)
  assert.ok(to - from > 10, `a swipe across half the width seeks forward: ${tries.join('; ')}`)
  await page.close()
})

test('the vote card sits between the player and the chat on a 390 × 844 phone: no overlap with the video, all four options in view', async () => {
  const page = await newPage()
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=${VOTE_ROOM}`)
  await page.waitForSelector('.act-card--vote .act-vote__option', { timeout: WAIT_MS })
  // the portrait room has made room for the card: its place no longer changes
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __cardRect?: string }
      const rect = JSON.stringify(document.querySelector('.act-card--vote')!.getBoundingClientRect())
      const same = w.__cardRect === rect
      w.__cardRect = rect
      return same
    },
    null,
    { polling: 100, timeout: WAIT_MS }
  )
  // (a string: tsx would add helpers to a function's source)
  const r = await page.evaluate<{ overlap: boolean; options: boolean[] }>(`(() => {
    const rect = (e) => e.getBoundingClientRect()
    const card = rect(document.querySelector('.act-card--vote'))
    const boxes = ['.live__stage', '.player', 'video'].map((s) => rect(document.querySelector(s)))
    const options = Array.from(document.querySelectorAll('.act-card--vote .act-vote__option')).map((o) => {
      const b = rect(o)
      return b.top >= 0 && b.bottom <= innerHeight && b.height > 0
    })
    const overlap = boxes.some((v) => card.left < v.right && v.left < card.right && card.top < v.bottom && v.top < card.bottom)
    return { overlap, options }
  })()`)
  assert.equal(r.overlap, false)
  assert.deepEqual(r.options, [true, true, true, true])
  await page.close()
})

test('a refused autoplay shows the poster with a tap-to-play cover, never a black box; a tap plays; in WeChat’s browser it plays once the JS bridge is ready', async () => {
  const browser = await launchRefusingAutoplay()
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await newPage(context)
    await tellsPlayerState(page)
    const refused = page.waitForEvent('console', {
      predicate: (m) => m.text() === 'player-state needs-tap',
      timeout: WAIT_MS
    })
    await page.goto(`${s.server.origin}/m2/packageA/pages/playback/playback?id=${PLAYBACK}`)
    await refused
    assert.equal(await page.textContent('.player__overlay--needs-tap .player__text'), '点击播放')
    assert.ok(await page.getAttribute('video', 'poster'), 'the poster shows under the cover')
    await page.click('.player__overlay--needs-tap')
    await playing(page)

    // WeChat's browser: the refused autoplay is tried again once its JS bridge is ready
    const wechat = await browser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN'
    })
    const wx = await wechat.newPage()
    await tellsPlayerState(wx)
    // the messenger's first load goes through the OAuth round trip (a navigation away and back with a token): the
    // refusal that counts is the one of the page that came back (events arrive in the page's order)
    let cameBack = false
    wx.on('framenavigated', (f) => {
      if (f === wx.mainFrame() && new URL(f.url()).searchParams.has('token')) cameBack = true
    })
    const wxRefused = wx.waitForEvent('console', {
      predicate: (m) => cameBack && m.text() === 'player-state needs-tap',
      timeout: WAIT_MS
    })
    await wx.goto(`${s.server.origin}/m2/packageA/pages/playback/playback?id=${PLAYBACK}`)
    await wxRefused
    // (Playwright's evaluate is a gesture: by itself it starts nothing)
    await wx.evaluate(() => undefined)
    // a pause that is the behaviour: nothing starts the video in the half second after that gesture
    await wx.waitForTimeout(500)
    assert.equal(await wx.evaluate(() => document.querySelector('video')!.paused), true)
    await wx.evaluate(() => document.dispatchEvent(new Event('WeixinJSBridgeReady')))
    await playing(wx)
  } finally {
    await browser.close()
  }
})

test('a live room whose autoplay the browser refuses loads nothing until tapped: its cover under 点击播放, no stream asked for; a tap plays it from the live edge', async () => {
  const browser = await launchRefusingAutoplay()
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    await tellsPlayerState(page)
    const asked: string[] = []
    page.on('request', (r) => {
      if (r.url().includes(`/hls/live/${LIVE}/`)) asked.push(r.url())
    })
    const refused = page.waitForEvent('console', {
      predicate: (m) => m.text() === 'player-state needs-tap',
      timeout: WAIT_MS
    })
    // every script the page adds, as it adds it
    await page.addInitScript(() => {
      const added: string[] = ((window as { scriptsAdded?: string[] }).scriptsAdded = [])
      new MutationObserver((records) => {
        for (const r of records)
          r.addedNodes.forEach((n) => n instanceof HTMLScriptElement && n.src && added.push(n.src))
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=${LIVE}`)
    await refused
    assert.equal(await page.textContent('.player__overlay--needs-tap .player__text'), '点击播放')
    assert.ok(await page.getAttribute('video', 'poster'), 'the cover shows under the tap-to-play layer')
    // the stream goes on on the server: three segments (6 s) further, the page has asked for none of it
    const sequence = async () => {
      const text = await (await fetch(`${s.server.origin}/hls/live/${LIVE}/360p.m3u8`)).text()
      return Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1])
    }
    const from = await sequence()
    while ((await sequence()) < from + 3) await new Promise((r) => setTimeout(r, 250))
    assert.deepEqual(asked, [], 'nothing of the stream before the tap')
    assert.equal(await page.evaluate(() => document.querySelector('video')!.readyState), 0)
    // nor is hls.js run: its chunk is only preloaded (webpack runs a chunk by adding its script, removed once run)
    const hlsRun = () =>
      page.evaluate(() => (window as { scriptsAdded?: string[] }).scriptsAdded!.some((src) => src.includes('/js/hls.')))
    assert.equal(
      await page.evaluate(() => document.querySelector('link[rel=preload][href*="/js/hls."]') !== null),
      true
    )
    assert.equal(await hlsRun(), false, 'hls.js is not run before the tap')
    // a tap plays the stream as it is now, within a few seconds of its edge
    await page.click('.player__overlay--needs-tap')
    await playing(page)
    await page.waitForFunction(
      () => {
        const v = document.querySelector('video')!
        return v.seekable.length > 0 && v.seekable.end(v.seekable.length - 1) - v.currentTime < 4
      },
      null,
      { timeout: WAIT_MS }
    )
    assert.ok(asked.length > 0)
    assert.equal(await hlsRun(), true)
  } finally {
    await browser.close()
  }
})
