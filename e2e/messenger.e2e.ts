// The messenger's browser in Chromium against the real server (spec R1.10, R1.16, R6.4, R7.58,
// R7.60, R7.64, R2.26, R3.54): with the messenger's user agent (platform WECHAT), an anonymous viewer is sent through
// the OAuth round trip and lands on the page they opened, logged in, with the login parameters gone from the address;
// the JS-SDK (the reference server's sandbox stand-in, which checks the signature against the page's URL as the
// messenger does) is configured from get_jssdk for the current URL after each route change, and the share menu gets
// the page's share payload. A JS-SDK script that does not load leaves the app working.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { BrowserContext, Page } from 'playwright-core'
import { afterMessengerLogin, suite, WAIT_MS } from './harness'

const s = suite()

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/zh_CN'

interface WxRecord {
  configs: { appId: string; signature: string; url: string; valid: boolean | null; jsApiList: string[] }[]
  shares: { title: string; link: string; imgUrl: string; desc?: string }[]
  timeline: { title: string; link: string; imgUrl: string }[]
}

const wxRecord = (page: Page) =>
  page.evaluate(() => (window as unknown as { __wxSandbox?: WxRecord }).__wxSandbox ?? null)

async function messengerContext(): Promise<BrowserContext> {
  return s.browser.newContext({ userAgent: WECHAT_UA, viewport: { width: 390, height: 844 } })
}

function tokenOf(page: Page) {
  return page.evaluate(() => {
    const raw = localStorage.getItem('access_token')
    const stored = raw ? JSON.parse(raw) : null
    return (stored?.data?.data ?? stored?.data ?? '') as string
  })
}

async function serverUser(page: Page, token: string) {
  return page.evaluate(async (t) => {
    const r = await fetch('/api/v1/userapp/userinfo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', Authorization: `Bearer ${t}` },
      body: '{}'
    })
    return (await r.json()).data as { id: number; name: string }
  }, token)
}

/** Waits until the sandbox SDK has a valid config for the page's current URL and a share for `link`. */
async function sharedFor(page: Page, link: string): Promise<WxRecord> {
  await page.waitForFunction(
    (l) => {
      const rec = (window as unknown as { __wxSandbox?: WxRecord }).__wxSandbox
      const url = location.href.split('#')[0]
      const config = rec?.configs[rec.configs.length - 1]
      const share = rec?.shares[rec.shares.length - 1]
      return !!config && config.url === url && config.valid === true && !!share && share.link === l
    },
    link,
    { timeout: WAIT_MS }
  )
  return (await wxRecord(page)) as WxRecord
}

test('R1.10 R7.58 R7.60 R2.26 R6.4 R1.16 an anonymous viewer in the messenger goes through OAuth and lands on the same page, logged in', async () => {
  const context = await messengerContext()
  const page = await context.newPage()
  const trail: string[] = []
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) trail.push(f.url())
  })
  const checks: string[] = []
  const oauth: string[] = []
  page.on('request', (r) => {
    if (/\/live\/api\.php\?/.test(r.url()) && /a=login/.test(r.url())) checks.push(r.url())
    if (new URL(r.url()).pathname === '/wechat/oauth_user') oauth.push(r.url())
  })
  const start = `${s.server.origin}/m2/packageA/pages/live/live?roomid=307`
  await page.goto(start)
  // back on the page it started from, the login parameters gone
  await page.waitForURL(start, { timeout: WAIT_MS })
  await afterMessengerLogin(page)
  await page.locator('.chat:visible').first().waitFor({ timeout: WAIT_MS })
  assert.equal(page.url(), start)
  // R7.60: the main host was asked first (with the page as target_url), then R7.58's redirect went round
  assert.equal(checks.length, 1, checks.join('\n'))
  assert.equal(new URL(checks[0]).searchParams.get('target_url'), start)
  // the OAuth start (no state) binds a state to the browser and comes back to itself with it: the callback logs in
  const starts = oauth.filter((u) => !new URL(u).searchParams.has('state'))
  assert.equal(starts.length, 1, oauth.join('\n'))
  assert.equal(oauth.length, 2, oauth.join('\n'))
  assert.equal(new URL(starts[0]).searchParams.get('target_url'), start)
  assert.ok(
    trail.some((u) => /[?&]tokentype=wechat&token=/.test(u)),
    `came back with the token: ${trail.join('\n')}`
  )
  const token = await tokenOf(page)
  assert.ok(token)
  assert.equal((await serverUser(page, token)).name, '微信用户') // the sandbox's messenger user
  // a reload stays logged in and does not go round again
  const before = trail.length
  await page.reload()
  await page.locator('.chat:visible').first().waitFor({ timeout: WAIT_MS })
  assert.equal(page.url(), start)
  assert.equal(trail.length, before + 1)
  await context.close()
})

test('R7.64 R3.54 R1.24 the JS-SDK is configured for the current URL after each route change; the share menu has the page’s payload', async () => {
  const context = await messengerContext()
  const page = await context.newPage()
  const home = `${s.server.origin}/m2/pages/home/home`
  await page.goto(home)
  await page.waitForURL(home, { timeout: WAIT_MS }) // after the OAuth round trip
  let rec = await sharedFor(page, home)
  const first = rec.configs[rec.configs.length - 1]
  assert.equal(first.appId, 'wx_sandbox_appid')
  assert.ok(first.jsApiList.includes('updateAppMessageShareData'))
  assert.ok(!/token=/.test(first.url), 'the signed URL carries no token')
  // home has the brand's default share title (R1.24)
  const homeShare = rec.shares[rec.shares.length - 1]
  assert.equal(homeShare.title, '慧直播 · 城市台直播与点播，看见身边的精彩')
  assert.deepEqual(rec.timeline[rec.timeline.length - 1], {
    title: homeShare.title,
    link: homeShare.link,
    imgUrl: homeShare.imgUrl
  })

  // a route change inside the app: a live room card
  const card = page.locator('[data-room]:visible').first()
  await card.waitFor()
  const roomId = Number(await card.getAttribute('data-room'))
  const shares = () =>
    page.evaluate(
      async (id) =>
        (await (await fetch(`/live/api.php?a=live_stat_get&b=shares&roomid=${id}`)).json()).data.shares as number,
      roomId
    )
  const sharesBefore = await shares()
  await card.click()
  const live = `${s.server.origin}/m2/packageA/pages/live/live?roomid=${roomId}`
  await page.waitForURL(live)
  const room = await page.evaluate(async (id) => {
    const r = await fetch('/api/v1/userapp/roominfo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ roomid: id })
    })
    return (await r.json()).data as { title: string; share?: { title?: string } }
  }, roomId)
  await page
    .waitForFunction(
      (title) => {
        const rec = (window as unknown as { __wxSandbox?: WxRecord }).__wxSandbox
        return rec?.shares[rec.shares.length - 1]?.title === title
      },
      room.share?.title || room.title,
      { timeout: WAIT_MS }
    )
    .catch(async (err) => {
      throw new Error(
        `${err}\nexpected ${room.share?.title || room.title} at ${page.url()}; recorded ${JSON.stringify(await wxRecord(page))}`
      )
    })
  rec = await sharedFor(page, live)
  const config = rec.configs[rec.configs.length - 1]
  assert.equal(config.url, live)
  assert.notEqual(config.signature, first.signature)
  const share = rec.shares[rec.shares.length - 1]
  assert.equal(share.title, room.share?.title || room.title)
  assert.equal(share.link, live)
  assert.match(share.imgUrl, /x-oss-process=image\/resize,h_400\/crop,mid,w_500,h_400/) // R7.108
  // reading the payload for the menu is no share: the room's share count (R7.70) is unchanged
  assert.equal(await shares(), sharesBefore)
  // the way back is a route change too
  await page.goBack()
  await page.waitForURL(home)
  rec = await sharedFor(page, home)
  assert.equal(rec.shares[rec.shares.length - 1].title, homeShare.title)
  await context.close()
})

test('R6.4 a JS-SDK script that does not load leaves the messenger’s browser working: logged in, pages open', async () => {
  const context = await messengerContext()
  await context.route('**/sandbox/jweixin.js', (r) => r.abort())
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  const start = `${s.server.origin}/m2/pages/home/home`
  await page.goto(start)
  await page.waitForURL(start, { timeout: WAIT_MS })
  await afterMessengerLogin(page)
  assert.equal(await wxRecord(page), null)
  const card = page.locator('[data-room]:visible').first()
  await card.click()
  await page.waitForURL(/\/m2\/packageA\/pages\/live\/live\?roomid=\d+$/)
  await page.locator('.chat:visible').first().waitFor({ timeout: WAIT_MS })
  assert.deepEqual(errors, [])
  await context.close()
})
