// Money paths in Chromium against the real server (spec R3.44, R3.49, R7.84, R7.85, R7.78, R3.28,
// R4.13–R4.15, R9.4, R8.21, R6.5): the messenger's browser tops up with weixin_mp (fromtype h5) through the sandbox
// payment; the deposit and gift logs page by 10 with loading, empty and error states; under iOS review every screen
// where money moves (top-up, gifts, paid rooms, mall orders) shows the restriction on the platforms the spec names
// (mini-program, WXBB) and nowhere else.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, readdirSync } from 'node:fs'
import type { BrowserContext, Page } from 'playwright-core'
import {
  afterMessengerLogin,
  callAsViewer as api,
  CHROMIUM_ARGS,
  cutChunk,
  launchBrowser,
  loginThroughUserPage,
  recordToasts,
  submitLoginForm,
  suite,
  waitForToast,
  WAIT_MS,
  SHOTS_DIR
} from './harness'

const s = suite()

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/zh_CN'
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36'

const rows = (page: Page) => page.$$eval('.list-row--log', (els) => els.map((e) => (e.textContent || '').trim()))

test('R3.44 R3.49 R7.84 in the messenger’s browser the top-up pays with weixin_mp (fromtype h5) through the sandbox; the balance rises', async () => {
  const context = await s.browser.newContext({ userAgent: WECHAT_UA, viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  const orders: Record<string, unknown>[] = []
  page.on('request', (r) => {
    if (/\/userapp\/pay_gold$/.test(new URL(r.url()).pathname)) orders.push(JSON.parse(r.postData() || '{}'))
  })
  const deposit = `${s.server.origin}/m2/packageB/pages/deposit/deposit`
  await page.goto(deposit)
  await page.waitForURL(deposit, { timeout: WAIT_MS }) // the OAuth round trip logs in the messenger's user
  await page.waitForFunction(
    () => /^\d+$/.test(document.querySelector('.deposit__balance')?.textContent || ''),
    undefined,
    { timeout: WAIT_MS }
  )
  const before = Number(await page.textContent('.deposit__balance'))
  assert.deepEqual(await page.$$eval('.deposit__method', (els) => els.map((e) => (e as HTMLElement).dataset.method)), [
    'weixin_mp'
  ])
  await page.click('.deposit__price:has-text("60 慧币")')
  await Promise.all([page.waitForURL(/\/sandbox\/pay\?order_id=/), page.click('.deposit__pay')])
  assert.equal(orders.length, 1)
  assert.deepEqual(
    { m: orders[0].m, gold: orders[0].gold, platform: orders[0].platform },
    { m: 'weixin_mp', gold: 60, platform: 'WECHAT' }
  )
  await Promise.all([page.waitForURL(/\/m2\/packageB\/pages\/deposit\/deposit/), page.click('button[type="submit"]')])
  await page.waitForFunction(
    (n) => Number(document.querySelector('.deposit__balance')?.textContent) === n,
    before + 60,
    { timeout: WAIT_MS }
  )
  // the order, as the deposit log has it: weixin_mp, fromtype h5 (R3.49), paid
  const [order] = (await api(page, '/api/v1/userapp/deposit/log', { page: 1, count: 10 })).data.list
  assert.deepEqual(
    { m: order.m, fromtype: order.fromtype, gold: order.gold, status: order.status },
    { m: 'weixin_mp', fromtype: 'h5', gold: 60, status: 'paid' }
  )
  await context.close()
})

test('R2.46 R7.85 R7.78 R3.28 R4.13 R4.14 R4.15 R9.4 the deposit and gift logs page by 10: rows, then the next page at the bottom', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await loginThroughUserPage(page, s.server.origin)
  // 12 top-up orders (every other one paid) and 11 gifts
  for (let i = 0; i < 12; i++) {
    const order = (await api(page, '/api/v1/userapp/pay_gold', { m: 'weixin_h5', gold: 60 })).data
    if (i % 2 === 0) assert.equal((await api(page, '/sandbox/pay/confirm', { order_id: order.order_id })).code, 1)
  }
  for (let i = 0; i < 11; i++)
    assert.equal((await api(page, '/api/v1/userapp/send_gifts', { roomid: 307, giftid: 1, combo: 1 })).code, 1)

  await page.goto(`${s.server.origin}/m2/pages/list/list?type=deposit`)
  await page.waitForSelector('.list-row--log')
  await page.waitForFunction(() => document.querySelectorAll('.list-row--log').length >= 5)
  const first = await rows(page)
  assert.match(first[0], /^充值 60 慧币¥6 · (已到账|待支付) · \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
  assert.ok(first.some((r) => r.includes('已到账')) && first.some((r) => r.includes('待支付')))
  // the list pages by 10: the foot says more, scrolling to the bottom loads page 2 (12 in all)
  const pages: number[] = []
  page.on('request', (r) => {
    if (/\/userapp\/deposit\/log$/.test(r.url())) pages.push(JSON.parse(r.postData() || '{}').page)
  })
  for (let i = 0; i < 20 && pages.length === 0; i++) {
    await page.mouse.move(195, 400)
    const y = await page.evaluate(() => window.scrollY)
    await page.mouse.wheel(0, 2000)
    // the wheel scrolled (or the page asked for more); at the bottom already, the next round wheels again
    await page.waitForFunction((before) => window.scrollY !== before, y, { timeout: 1000 }).catch(() => undefined)
  }
  assert.deepEqual(pages, [2])
  await page.waitForFunction(
    () => /没有更多|已经到底|全部/.test(document.querySelector('.list-page__more')?.textContent || ''),
    undefined,
    { timeout: WAIT_MS }
  )

  await page.goto(`${s.server.origin}/m2/pages/list/list?type=gift`)
  await page.waitForSelector('.list-row--log')
  const gifts = await rows(page)
  assert.match(gifts[0], /^送出 鲜花 ×1.+ · \d+ 慧币 · \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
  await context.close()
})

test('R4.6 R8.4 a logged-out viewer on the deposit log reads 登录后查看充值记录 and 去登录, which logs in and comes back to the log', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  await context.addInitScript(recordStateMismatches)
  const page = await context.newPage()
  const log = `${s.server.origin}/m2/pages/list/list?type=deposit`
  await page.goto(log)
  // the server says 401 (需要身份验证): the way on is the login, not a reload that can only fail again
  await page.waitForSelector('.page-state--error')
  assert.equal((await page.textContent('.page-state--error .page-state__text'))?.trim(), '登录后查看充值记录')
  assert.equal((await page.textContent('.page-state__retry'))?.trim(), '去登录')
  await Promise.all([page.waitForURL(/\/m2\/pages\/user\/user/), page.click('.page-state__retry')])
  await submitLoginForm(page)
  // back on the log the login was asked for, which now loads
  await page.waitForURL(log, { timeout: WAIT_MS })
  await page.waitForSelector('.list-row--log, .page-state--empty', { timeout: WAIT_MS })
  assert.equal(await page.locator('.page-state--error').count(), 0)
  assert.deepEqual(await page.evaluate(() => window.stateMismatches), [])
  await context.close()
})

test('R8.21 R3.28 the logs show loading, then an error with a retry, and an empty log its own text', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  await context.addInitScript(recordStateMismatches)
  const page = await context.newPage()
  await loginThroughUserPage(page, s.server.origin)
  // a slow, then failing, log call: loading first, then the error with 重新加载
  let release: () => void = () => undefined
  const held = new Promise<void>((r) => (release = r))
  await page.route('**/userapp/deposit/log', async (route) => {
    await held
    await route.abort()
  })
  await page.goto(`${s.server.origin}/m2/pages/list/list?type=deposit`)
  await page.waitForSelector('.page-state--loading')
  release()
  await page.waitForSelector('.page-state--error')
  await page.unroute('**/userapp/deposit/log')
  await page.click('.page-state__retry')
  await page.waitForSelector('.list-row--log, .page-state--empty')

  // a user with no gifts sent: the empty text
  const fresh = await s.browser.newContext({ userAgent: WECHAT_UA, viewport: { width: 390, height: 844 } })
  await fresh.addInitScript(recordStateMismatches)
  const p2 = await fresh.newPage()
  const gifts = `${s.server.origin}/m2/pages/list/list?type=gift`
  await p2.goto(gifts)
  await p2.waitForURL(gifts, { timeout: WAIT_MS }) // logged in through the messenger's OAuth
  await p2.waitForSelector('.page-state--empty', { timeout: WAIT_MS })
  assert.equal((await p2.textContent('.page-state--empty'))?.trim(), '暂无送礼记录')
  // at no moment did a state's class say one thing and its content another (a loading class over an error's text)
  for (const p of [page, p2]) assert.deepEqual(await p.evaluate(() => window.stateMismatches), [])
  await fresh.close()
  await context.close()
})

declare global {
  interface Window {
    stateMismatches: string[]
  }
}

/** Records each page state whose class and content disagree, checked after every change to the page. */
function recordStateMismatches() {
  window.stateMismatches = []
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('.page-state')) {
      const kind = /page-state--(\w+)/.exec(el.className)?.[1]
      const shown = el.querySelector('.page-state__spinner')
        ? 'loading'
        : el.querySelector('.page-state__retry') || el.getAttribute('role') === 'alert'
          ? 'error'
          : 'empty'
      if (kind !== shown) window.stateMismatches.push(el.outerHTML)
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
}

/** The broadcaster's app (WXBB) on a phone, with its bridge handing over the partner user 9001 (R3.8). */
async function inWxbb(ua: string): Promise<BrowserContext> {
  const context = await s.browser.newContext({
    userAgent: `${ua} BroadcasterApp/7.2.0`,
    viewport: { width: 390, height: 844 }
  })
  await context.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>
    w.HostBridge = {
      call(method: string, _params: string, callback: string) {
        const answer =
          method === 'getUserInfo'
            ? JSON.stringify({ userId: '9001', usertokenkey: 'dev-9001', devicesToken: 'e2e' })
            : '{}'
        setTimeout(() => (w[callback] as (r: string) => void)(answer), 10)
      }
    }
  })
  return context
}

const MESSAGE = '根据相关规定，iOS 暂不支持此功能' // the server's iOSDisabledMsg

test('R6.5 under iOS review (flag 1) WXBB on an iPhone shows the restriction on every money screen: top-up, gifts, paid room, mall order', async () => {
  assert.equal((await (await fetch(`${s.server.origin}/dev/config?iOSDisabled=1`)).json()).data.iOSDisabled, 1)
  const context = await inWxbb(IPHONE_UA)
  const page = await context.newPage()
  try {
    await page.goto(`${s.server.origin}/m2/packageB/pages/deposit/deposit`)
    // until the config arrives the rule already holds (no config counts as restricted) with the app's own text
    await page.waitForFunction((m) => document.querySelector('.page-state--error')?.textContent?.trim() === m, MESSAGE)
    assert.equal(await page.locator('.deposit__pay').count(), 0)

    // gifts: the button tells, no panel opens, nothing is sent
    const sent: string[] = []
    page.on('request', (r) => {
      if (/\/userapp\/(send_gifts|premium_pay|mall\/order\/(create|pay))$/.test(r.url())) sent.push(r.url())
    })
    await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=307`)
    await page.waitForFunction(() => !!localStorage.getItem('access_token'), undefined, { timeout: WAIT_MS }) // the host app's user
    await page.locator('.interact__gift-button').click()
    await page.waitForFunction((m) => document.body.innerText.includes(m), MESSAGE)
    assert.equal(await page.locator('.interact-panel__send').count(), 0)

    // a paid room: the unlock is refused with the message
    await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=303`)
    await page.waitForSelector('.premium-banner[data-state="TRIAL"]')
    await page.click('.premium-banner')
    await page.waitForFunction((m) => document.body.innerText.includes(m), MESSAGE)
    assert.equal(await page.locator('.premium-banner[data-state="PREMIUM_PAYED"]').count(), 0)

    // a mall order: the restriction instead of the pay button
    await page.goto(`${s.server.origin}/m2/pages/mall/payment?goods_id=6001`)
    await page.waitForFunction((m) => document.querySelector('.page-state--error')?.textContent?.trim() === m, MESSAGE)
    assert.equal(await page.locator('.mall-pay').count(), 0)
    assert.deepEqual(sent, [])
  } finally {
    await context.close()
  }

  // the same flag elsewhere: WXBB on Android, and a plain browser on an iPhone, are not restricted
  for (const ctx of [
    await inWxbb(ANDROID_UA),
    await s.browser.newContext({ userAgent: IPHONE_UA, viewport: { width: 390, height: 844 } })
  ]) {
    const p = await ctx.newPage()
    await p.goto(`${s.server.origin}/m2/packageB/pages/deposit/deposit`)
    await p.waitForSelector('.deposit__price')
    assert.equal(await p.locator('.page-state--error').count(), 0)
    await ctx.close()
  }
  await fetch(`${s.server.origin}/dev/config?iOSDisabled=0`)
})

/** The viewer's balance as the server keeps it. */
const serverGold = async (page: Page) => (await api(page, '/api/v1/userapp/userinfo')).data.gold as number

/** Every premium_pay the page sends. */
function unlockCalls(page: Page): string[] {
  const calls: string[] = []
  page.on('request', (r) => {
    if (/\/userapp\/premium_pay$/.test(r.url())) calls.push(r.postData() || '')
  })
  return calls
}

test('R4.12 R7.88 R1.6 room 308’s trial banner names the price; 解锁 opens a sheet with price and balance; 取消 charges nothing, 确认 charges once', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await loginThroughUserPage(page, s.server.origin)
  const calls = unlockCalls(page)
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=308`)
  const banner = page.locator('.premium-banner[data-state="TRIAL"]')
  await banner.waitFor()
  assert.equal((await page.textContent('.premium-banner__action'))?.trim(), '50 慧币解锁')
  const gold = await serverGold(page)
  assert.ok(gold >= 50, `the demo viewer can pay (${gold})`)

  await banner.click()
  await page.waitForSelector('.premium-sheet')
  await page.waitForFunction(
    (g) => document.querySelector('.premium-sheet__balance')?.textContent === `${g} 慧币`,
    gold
  )
  assert.equal((await page.textContent('.premium-sheet__title'))?.trim(), '解锁付费直播')
  assert.equal((await page.textContent('.premium-sheet__price'))?.trim(), '50 慧币')
  assert.equal((await page.textContent('.premium-sheet__confirm'))?.trim(), '确认解锁 50 慧币')
  assert.equal(await page.getAttribute('.premium-sheet__body', 'role'), 'dialog')
  await page.screenshot({ path: `${SHOTS_DIR}/2-after-308-sheet.png` })
  await page.click('.premium-sheet__cancel')
  await page.locator('.premium-sheet').waitFor({ state: 'detached' })
  assert.deepEqual(calls, [], '取消 sends no purchase')
  assert.equal(await serverGold(page), gold, '取消 leaves the balance as it was')
  assert.equal(await page.getAttribute('.premium-banner', 'data-state'), 'TRIAL')

  await banner.click()
  await page.click('.premium-sheet__confirm:not(.premium-sheet__confirm--off)')
  await page.waitForSelector('.premium-banner[data-state="PREMIUM_PAYED"]')
  assert.equal(calls.length, 1)
  assert.equal(await serverGold(page), gold - 50, 'charged once, the price shown')
  assert.equal(await page.locator('.premium-sheet').count(), 0)
  await context.close()
})

/** The H5 build's chunk that carries the paid room's banner (its name is a number webpack gives it). */
function premiumChunk(): string {
  const dir = new URL('../dist/h5/js/', import.meta.url).pathname
  const names = readdirSync(dir).filter((n) => n.endsWith('.js'))
  const found = names.filter((n) => readFileSync(dir + n, 'utf8').includes('premium-banner__action'))
  assert.equal(found.length, 1, `one chunk carries the banner: ${found.join(', ')}`)
  return found[0]
}

test('R4.12 a paid room whose banner chunk fails to load twice (a phone’s network error: the room’s stream check and the banner each asked) shows its banner and price at the next try', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  const chunk = await cutChunk(page, `**/m2/js/${premiumChunk()}`, 2)
  try {
    await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=308`)
    await page.locator('.premium-banner[data-state="TRIAL"]').waitFor({ timeout: WAIT_MS })
    assert.equal(chunk.asked(), 3)
    assert.equal((await page.textContent('.premium-banner__action'))?.trim(), '50 慧币解锁')
  } finally {
    await context.close()
  }
})

test('R4.12 a paid room whose banner chunk fails every try says 付费信息加载失败，点击重试 in its place, and the tap brings the banner', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  const chunk = await cutChunk(page, `**/m2/js/${premiumChunk()}`)
  try {
    await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=308`)
    // the first ask and one after each wait (1 s, 3 s, 9 s), then the failure is said
    const retry = page.locator('.chunk-retry')
    await retry.waitFor({ timeout: WAIT_MS })
    assert.equal((await retry.textContent())?.trim(), '付费信息加载失败，点击重试')
    assert.equal(await retry.getAttribute('role'), 'button')
    assert.ok(chunk.asked() >= 4, `asked ${chunk.asked()} times before giving up`)
    assert.equal(await page.locator('.premium-banner').count(), 0)
    await page.screenshot({ path: `${SHOTS_DIR}/2-after-308-chunk-failed.png` })
    chunk.mend()
    await retry.click()
    await page.locator('.premium-banner[data-state="TRIAL"]').waitFor({ timeout: WAIT_MS })
    assert.equal((await page.textContent('.premium-banner__action'))?.trim(), '50 慧币解锁')
    assert.equal(await retry.count(), 0)
  } finally {
    await context.close()
  }
})

test('R2.46 R1.4 消费记录 (from 我的 and from the gift log) lists the unlock and a gift with time and amount', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await loginThroughUserPage(page, s.server.origin)
  assert.equal((await api(page, '/api/v1/userapp/send_gifts', { roomid: 307, giftid: 4, combo: 2 })).code, 1)
  // from 我的
  await Promise.all([
    page.waitForURL(/\/packageB\/pages\/consume\/consume/),
    page.click('.user-menu__item:has-text("消费记录")')
  ])
  await page.waitForSelector('.consume__row')
  const rows = await page.$$eval('.consume__row', (els) =>
    els.map((e) => ({
      kind: (e as HTMLElement).dataset.kind,
      title: e.querySelector('.consume__title')?.textContent?.trim(),
      sub: e.querySelector('.consume__sub')?.textContent?.trim(),
      gold: e.querySelector('.consume__gold')?.textContent?.trim()
    }))
  )
  const gift = rows[0]
  assert.equal(gift.kind, 'gift')
  assert.equal(gift.title, '送出 水蜜桃 ×2')
  assert.equal(gift.gold, '−40 慧币')
  assert.match(gift.sub || '', / · \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
  const unlock = rows.find((r) => r.kind === 'unlock')
  assert.ok(unlock, 'the unlock of room 308 is listed')
  assert.equal(unlock.title, '解锁付费直播')
  assert.equal(unlock.gold, '−50 慧币')
  assert.match(unlock.sub || '', /^.+ · \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
  await page.screenshot({ path: `${SHOTS_DIR}/2-after-consume-log.png` })
  // from the gift log
  await page.goto(`${s.server.origin}/m2/pages/list/list?type=gift`)
  await page.waitForSelector('.list-row--log')
  await Promise.all([page.waitForURL(/\/packageB\/pages\/consume\/consume/), page.click('.list-page__consume')])
  await page.waitForSelector('.consume__row')
  await context.close()
})

test('R1.4 R7.84 short of 50 慧币, the sheet says 余额不足 and offers 充值; the top-up ends on 充值成功 with the new balance, and one tap returns to room 308', async () => {
  const context = await s.browser.newContext({ userAgent: WECHAT_UA, viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  const calls = unlockCalls(page)
  const room = `${s.server.origin}/m2/packageA/pages/live/live?roomid=308`
  await page.goto(room)
  await page.waitForURL(room, { timeout: WAIT_MS }) // the OAuth round trip logs in the messenger's user
  await afterMessengerLogin(page)
  // the viewer spends down to 10 慧币
  for (let gold = await serverGold(page); gold > 10; gold = await serverGold(page))
    assert.equal(
      (await api(page, '/api/v1/userapp/send_gifts', { roomid: 307, giftid: 1, combo: Math.min(999, gold - 10) })).code,
      1
    )
  assert.equal(await serverGold(page), 10)
  await page.click('.premium-banner[data-state^="TRIAL"]')
  await page.waitForFunction(() => document.querySelector('.premium-sheet__balance')?.textContent === '10 慧币')
  assert.equal((await page.textContent('.premium-sheet__short'))?.trim(), '余额不足，还差 40 慧币')
  assert.equal(
    await page.locator('.premium-sheet__confirm').count(),
    0,
    'nothing to confirm that the balance cannot pay'
  )
  await Promise.all([
    page.waitForURL(/\/packageB\/pages\/deposit\/deposit\?from=live&id=308/),
    page.click('.premium-sheet__topup')
  ])
  await page.click('.deposit__price:has-text("60 慧币")')
  await Promise.all([page.waitForURL(/\/sandbox\/pay\?order_id=/), page.click('.deposit__pay')])
  await Promise.all([page.waitForURL(/\/m2\/packageB\/pages\/deposit\/deposit/), page.click('button[type="submit"]')])
  await page.waitForSelector('.deposit__done', { timeout: WAIT_MS })
  assert.equal((await page.textContent('.deposit__done-title'))?.trim(), '充值成功')
  assert.equal((await page.textContent('.deposit__done-gold'))?.trim(), '+60 慧币')
  await page.waitForFunction(() => document.querySelector('.deposit__done-balance')?.textContent === '当前余额 70 慧币')
  assert.equal(await serverGold(page), 70)
  await Promise.all([page.waitForURL(room), page.click('.deposit__back:has-text("返回直播间")')])
  await page.waitForSelector('.premium-banner[data-state^="TRIAL"]')
  assert.deepEqual(calls, [], 'nothing was bought on the way')
  await context.close()
})

test('R7.84 R3.28 back from the payment page without paying: 已取消支付, the packages again, the balance as it was, and the order 待支付 in 充值记录; with the browser’s back-forward cache too', async () => {
  // the suite's Chromium loads the page again on Back; a phone's browser hands it back from its back-forward cache
  const cached = await launchBrowser(CHROMIUM_ARGS, { backForwardCache: true })
  try {
    for (const [browser, how] of [
      [s.browser, 'loaded again'],
      [cached, 'from the back-forward cache']
    ] as const) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
      const page = await context.newPage()
      await recordToasts(page)
      await loginThroughUserPage(page, s.server.origin)
      const before = await serverGold(page)
      await page.goto(`${s.server.origin}/m2/packageB/pages/deposit/deposit`)
      await page.click('.deposit__price:has-text("60 慧币")')
      await page.evaluate(() => Object.assign(window, { __left: 'this page' }))
      await Promise.all([page.waitForURL(/\/sandbox\/pay\?order_id=/), page.click('.deposit__pay')])
      // the viewer leaves the payment page unpaid (a page handed back from the cache has no load event to wait for)
      await page.goBack({ waitUntil: 'commit' })
      await page.waitForURL(/\/m2\/packageB\/pages\/deposit\/deposit/, { waitUntil: 'commit' })
      const restored = await page.evaluate(() => (window as unknown as { __left?: string }).__left === 'this page')
      assert.equal(restored, browser === cached, how)
      await waitForToast(page, '已取消支付')
      await page.waitForSelector('.deposit__price')
      assert.equal(await page.locator('.deposit__done').count(), 0, how)
      await page.waitForFunction(
        (g: number) => document.querySelector('.deposit__balance')?.textContent === String(g),
        before
      )
      assert.equal(await serverGold(page), before, how)
      const log = await api(page, '/api/v1/userapp/deposit/log', { page: 1, count: 1 })
      assert.equal(log.data.list[0].status, 'pending', how)
      await context.close()
    }
  } finally {
    await cached.close()
  }
})
