// Search, share, the playback page and its end in Chromium against the real server (spec R2.48, R4.44, R9.17, R2.9,
// R5.11, R4.25, R4.26, R6.2): 综合 with counts and marked matches, the share sheet, the end screen with 重播, the next
// recording and its autoplay, danmaku while paused, the streamer with 关注, 分享 and 相关推荐.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { BrowserContext, Page } from 'playwright-core'
import { afterMessengerLogin, eventually, loginThroughUserPage, suite, WAIT_MS, SHOTS_DIR } from './harness'

const s = suite()
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/zh_CN'
const VIEWPORTS = [
  { width: 360, height: 640 },
  { width: 390, height: 844 }
]
/** 无锡新闻周末版, a recording of room 301; the room's 江南古运河纪录片 (5030) follows it. */
const PLAYBACK = 5026
const NEXT = 5030

async function searchFor(page: Page, keyword: string) {
  await page.goto(`${s.server.origin}/m2/packageB/pages/search/search`)
  const input = page.locator('.search__input input, input.search__input').first()
  await input.waitFor()
  await input.fill(keyword)
  await input.press('Enter')
}

/** What lies over the middle of `selector`'s element: '' when nothing does, else the top element's tag and class. */
function coverOf(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel)
    if (!el) return `no ${sel}`
    const r = el.getBoundingClientRect()
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
    if (top && (el === top || el.contains(top))) return ''
    return top ? `${top.tagName.toLowerCase()}.${String(top.className).trim().split(/\s+/).join('.')}` : 'nothing'
  }, selector)
}

/**
 * `selector`'s element is uncovered, at once or within 5 s (a layer that comes and goes as the page settles); a cover
 * seen first is printed, so that a run that passes still says what lay over it.
 */
async function assertUncovered(page: Page, selector: string, what: string) {
  const first = await coverOf(page, selector)
  if (first) console.log(`${what}: covered by ${first} at first`)
  await eventually(
    () => coverOf(page, selector),
    (cover) => cover === '',
    what,
    5000
  )
}

for (const viewport of VIEWPORTS) {
  test(`R2.48 R4.44 searching 301 opens on 综合 with the best of each kind, counts on the tabs, 301 marked; 直播 finds room 301 (${viewport.width}×${viewport.height})`, async () => {
    const context = await s.browser.newContext({ viewport })
    const page = await context.newPage()
    await searchFor(page, '301')
    // 301 is room 301's number: the room on 直播, its streamer on 主播; no preview or playback names 301
    // each kind's count arrives with its own answer: the tabs are read until the last has come (a wrong count stays)
    const want = ['综合 2', '主播 1', '直播 1', '活动 0', '视频 0']
    const tabs = await eventually(
      () => page.$$eval('.search__tab', (els) => els.map((e) => e.textContent?.trim())),
      (read) => read.every((t) => /\d$/.test(t ?? '')),
      'every search tab to show its count',
      WAIT_MS
    )
    assert.deepEqual(tabs, want)
    assert.equal(await page.getAttribute('.search__tab--active', 'data-kind'), 'all')
    const groups = await page.$$eval('.search__group', (els) => els.map((e) => e.getAttribute('data-kind')))
    assert.deepEqual(groups, ['streamer', 'live'])
    assert.equal(await page.locator('.search__group[data-kind="live"] .search__result[data-result="301"]').count(), 1)
    const marks = await page.$$eval('.search__mark', (els) => els.map((e) => e.textContent))
    assert.ok(marks.length >= 1 && marks.every((m) => m === '301'), `marks: ${marks.join(',')}`)
    // the mark is on screen and readable where the viewer looks: in the room's row (房间号 301)
    assert.ok(await page.locator('.search__result[data-result="301"] .search__mark').first().isVisible())
    assert.ok(!(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)))

    await page.click('.search__tab[data-kind="live"]')
    await page.waitForSelector('.search__result[data-result="301"]')
    assert.equal(await page.locator('.search__results .search__result').count(), 1)
    assert.match((await page.textContent('.search__result[data-result="301"] .search__result-sub')) ?? '', /房间号 301/)
    await context.close()
  })
}

test('R2.48 R5.5 every suggestion visibly contains the typed keyword, marked', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await page.goto(`${s.server.origin}/m2/packageB/pages/search/search`)
  const input = page.locator('.search__input input, input.search__input').first()
  await input.waitFor()
  await input.pressSequentially('太湖')
  await page.waitForSelector('.search__suggestion', { timeout: WAIT_MS })
  const rows = await page.$$eval('.search__suggestion', (els) =>
    els.map((e) => ({ text: e.textContent ?? '', mark: e.querySelector('.search__mark')?.textContent ?? '' }))
  )
  assert.ok(rows.length > 0)
  for (const r of rows) {
    assert.ok(r.text.includes('太湖'), r.text)
    assert.equal(r.mark, '太湖')
  }
  // a number finds room 301 and its streamer, whose names do not show 301: no suggestion without the match
  await input.fill('')
  await input.pressSequentially('301')
  await page.waitForTimeout(0)
  const after = await eventually(
    () => page.$$eval('.search__suggestion', (els) => els.map((e) => e.textContent ?? '')),
    (list) => list.every((t) => t.includes('301')),
    'suggestions for 301 all contain 301'
  )
  assert.ok(after.every((t) => t.includes('301')))
  await context.close()
})

async function openShare(context: BrowserContext, shot?: string, messenger = false) {
  const page = await context.newPage()
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=301`)
  if (messenger) await afterMessengerLogin(page)
  await page.waitForSelector('.room-header__share', { timeout: WAIT_MS })
  await page.click('.room-header__share')
  await page.waitForSelector('.share-sheet .poster__title')
  if (shot) {
    // the poster's cover and code drawn before the picture is taken
    await page
      .waitForFunction(
        () => Array.from(document.querySelectorAll('.share-sheet img')).every((i) => (i as HTMLImageElement).complete),
        undefined,
        { timeout: WAIT_MS }
      )
      .catch(() => undefined)
    await page.screenshot({ path: `${SHOTS_DIR}/${shot}` })
  }
  return page
}

test('R9.17 share: a sheet with 保存图片 and 复制链接 (the room’s canonical link), no toast over the poster title', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.server.origin })
  const page = await openShare(context, '13-after-share-sheet.png')
  assert.ok(await page.getByRole('button', { name: '保存图片' }).isVisible())
  assert.ok(await page.getByRole('button', { name: '复制链接' }).isVisible())
  assert.equal(await page.locator('.share-sheet__guide').count(), 0, 'no WeChat guide outside WeChat')
  assert.equal(
    await coverOf(page, '.share-sheet .poster__title'),
    '',
    'the poster title is uncovered when the sheet opens'
  )
  await page.click('.share-sheet__copy')
  // the share toast (R9.17) shows, and lies elsewhere than the poster's title
  await page.getByText('链接已复制，快去分享吧').waitFor({ state: 'visible', timeout: WAIT_MS })
  assert.equal(
    await coverOf(page, '.share-sheet .poster__title'),
    '',
    'the share toast leaves the poster title uncovered'
  )
  const link = `${s.server.origin}/m2/packageA/pages/live/live?roomid=301`
  const copied = await eventually(
    () => page.evaluate(() => navigator.clipboard.readText().catch(() => '')),
    (t) => t === link,
    'the room’s link on the clipboard'
  )
  assert.equal(copied, link)
  await page.getByRole('button', { name: '取消分享' }).click()
  await page.waitForSelector('.share-sheet', { state: 'detached' })
  await context.close()
})

test('R9.17 R1.16 in WeChat’s browser the share sheet shows the 点击右上角分享 guide', async () => {
  const context = await s.browser.newContext({ userAgent: WECHAT_UA, viewport: { width: 360, height: 640 } })
  const page = await openShare(context, undefined, true)
  assert.equal((await page.textContent('.share-sheet__guide-text'))?.trim(), '点击右上角分享')
  await page.locator('.share-sheet__guide').waitFor({ state: 'visible', timeout: WAIT_MS })
  await assertUncovered(page, '.share-sheet .poster__title', 'the poster title uncovered beside the guide')
  await context.close()
})

async function openPlayback(context: BrowserContext, id = PLAYBACK) {
  const page = await context.newPage()
  await page.goto(`${s.server.origin}/m2/packageA/pages/playback/playback?id=${id}`)
  await page.waitForSelector('video.player__video')
  await page.waitForFunction(
    () => {
      const v = document.querySelector('video')
      return !!v && Number.isFinite(v.duration) && v.duration > 0
    },
    undefined,
    { timeout: WAIT_MS }
  )
  return page
}

/** Plays the video to its end: a seek a second before it, playing. */
async function playToEnd(page: Page) {
  await page.evaluate(() => {
    const v = document.querySelector('video') as HTMLVideoElement
    v.currentTime = Math.max(0, v.duration - 1)
    void v.play().catch(() => undefined)
  })
  await page.waitForSelector('.end-screen', { timeout: WAIT_MS })
}

test('R2.9 the end of a playback: 重播 plays from the start, the next recording plays after a countdown the viewer can cancel, related ones', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await openPlayback(context)
  await playToEnd(page)
  await page.waitForSelector('.end-screen .end-screen__related-item')
  await page.screenshot({ path: `${SHOTS_DIR}/14-after-end-screen.png` })
  assert.ok(await page.getByRole('button', { name: '重播' }).isVisible())
  assert.equal(await page.getAttribute('.end-screen__next', 'data-playback'), String(NEXT))
  assert.match((await page.textContent('.end-screen__label')) ?? '', /^\d 秒后播放下一个$/)
  assert.ok((await page.locator('.end-screen__related-item').count()) > 0)

  // 取消: the countdown stops, the end screen stays with 下一个
  await page.getByRole('button', { name: '取消自动播放' }).click()
  assert.equal((await page.textContent('.end-screen__label'))?.trim(), '下一个')
  assert.ok(page.url().includes(`id=${PLAYBACK}`))

  // 重播: from the start, playing, the end screen gone
  await page.getByRole('button', { name: '重播' }).click()
  await page.waitForSelector('.end-screen', { state: 'detached' })
  await page.waitForFunction(
    () => {
      const v = document.querySelector('video') as HTMLVideoElement
      return !v.paused && v.currentTime > 0 && v.currentTime < 10
    },
    undefined,
    { timeout: WAIT_MS }
  )

  // at the end again, left alone: the next recording opens by itself after the countdown
  await playToEnd(page)
  await page.waitForURL(new RegExp(`playback\\?id=${NEXT}`), { timeout: WAIT_MS })
  await page.waitForSelector('.playback__title')
  await context.close()
})

test('R2.9 the end screen’s 播放下一个 opens the next recording at once', async () => {
  const context = await s.browser.newContext({ viewport: { width: 360, height: 640 } })
  const page = await openPlayback(context)
  await playToEnd(page)
  await page.locator('.end-screen__play-next').click()
  await page.waitForURL(new RegExp(`playback\\?id=${NEXT}`), { timeout: WAIT_MS })
  await context.close()
})

test('R5.11 a danmaku sent while the playback is paused flies over the video', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await openPlayback(context)
  // playing first (a pause before the autoplay starts is undone by it), then paused as the viewer pauses it
  await page.waitForFunction(
    () => {
      const v = document.querySelector('video') as HTMLVideoElement
      return !v.paused && v.currentTime > 0.2
    },
    undefined,
    { timeout: WAIT_MS }
  )
  await page.evaluate(() => (document.querySelector('video') as HTMLVideoElement).pause())
  await page.waitForFunction(() => (document.querySelector('video') as HTMLVideoElement).paused)
  const input = page.locator('.playback__danmaku-bar input, input.playback__input').first()
  await input.fill('暂停了也能发弹幕')
  await page.locator('.playback__send').first().click()
  await page.waitForSelector('.danmaku__item:has-text("暂停了也能发弹幕")', { timeout: WAIT_MS })
  await context.close()
})

test('R2.9 R4.25 R4.26 R6.2 the playback page shows the streamer with 关注 (login asked when logged out, follows when logged in), 分享 and 相关推荐', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  let page = await openPlayback(context)
  await page.waitForSelector('.related__item')
  assert.ok((await page.locator('.related__item').count()) > 1)
  assert.equal(await page.getAttribute('.related__item >> nth=0', 'data-playback'), String(NEXT))
  assert.ok(((await page.textContent('.playback-streamer__name')) ?? '').length > 0)
  await page.screenshot({ path: `${SHOTS_DIR}/17-after-playback.png` })
  // 分享: the share sheet, its link the playback's
  await page.getByRole('button', { name: '分享', exact: true }).click()
  await page.waitForSelector('.share-sheet')
  assert.equal(
    await page.getAttribute('.share-sheet__link', 'data-link'),
    `${s.server.origin}/m2/packageA/pages/playback/playback?id=${PLAYBACK}`
  )
  await page.getByRole('button', { name: '取消分享' }).click()
  // logged out: 关注 asks for the login
  await page.locator('.playback-streamer__follow').click()
  await page.getByText('该功能需要登录，是否前往登录？').waitFor({ timeout: WAIT_MS })
  await page.close()

  page = await context.newPage()
  await loginThroughUserPage(page, s.server.origin)
  await page.goto(`${s.server.origin}/m2/packageA/pages/playback/playback?id=${PLAYBACK}`)
  await page.waitForSelector('.playback-streamer__follow')
  const before = (await page.textContent('.playback-streamer__follow'))?.trim()
  await page.locator('.playback-streamer__follow').click()
  const want = before === '已关注' ? '+ 关注' : '已关注'
  await eventually(
    async () => (await page.textContent('.playback-streamer__follow'))?.trim(),
    (t) => t === want,
    `关注 turns into ${want}`
  )
  await context.close()
})
