// Host-app logins at startup in Chromium against the real server (spec R1.11, R1.14, R3.8, R6.4, R7.8, R7.57,
// R7.59): the H5 app opens inside a host app (its user-agent marker, R1.18, R1.19) that injects window.HostBridge;
// with nobody logged in, the app takes the host's user from getUserInfo and logs in, and the 我的 tab shows them.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { suite, WAIT_MS } from './harness'

const s = suite()

const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36'

interface LoginCall {
  path: string
  body: Record<string, unknown>
}

/** A page inside a host app: its user agent, and a window.HostBridge whose getUserInfo answers `user`. */
async function openInHostApp(
  userAgent: string,
  user: Record<string, string>
): Promise<{ page: Page; logins: LoginCall[]; bridgeCalls: () => Promise<string[]> }> {
  const context = await s.browser.newContext({ userAgent, viewport: { width: 390, height: 844 } })
  await context.addInitScript((hostUser) => {
    const w = window as unknown as Record<string, unknown>
    const calls: string[] = []
    w.__bridgeCalls = calls
    w.HostBridge = {
      call(method: string, _params: string, callback: string) {
        calls.push(method)
        const answer = method === 'getUserInfo' ? JSON.stringify(hostUser) : '{}'
        setTimeout(() => (w[callback] as (r: string) => void)(answer), 10)
      }
    }
  }, user)
  const page = await context.newPage()
  const logins: LoginCall[] = []
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname
    if (/\/userapp\/[A-Za-z0-9_-]*login$/.test(path)) logins.push({ path, body: JSON.parse(r.postData() || '{}') })
  })
  return {
    page,
    logins,
    bridgeCalls: () => page.evaluate(() => (window as unknown as { __bridgeCalls: string[] }).__bridgeCalls)
  }
}

async function tapTab(page: Page, key: string) {
  const tab = page.locator(`[data-tab="${key}"]:visible`)
  await tab.waitFor()
  await tab.dispatchEvent('click')
}

async function shownUser(page: Page): Promise<string> {
  await tapTab(page, 'user')
  await page.waitForURL(/\/m2\/pages\/user\/user/)
  await page.locator('.user-profile:visible').waitFor({ timeout: WAIT_MS })
  return (await page.locator('.user-head__name:visible').textContent()) || ''
}

test('R1.11 R7.59 R1.18 R3.8 R7.8 inside the broadcaster app (WXBB) the host user logs in with /userapp/{product}_login; 我的 shows them', async () => {
  const { page, logins, bridgeCalls } = await openInHostApp(`${ANDROID_UA} BroadcasterApp/7.2.0`, {
    userId: '9001',
    usertokenkey: 'dev-9001',
    devicesToken: 'e2e-device-1'
  })
  await page.goto(`${s.server.origin}/m2/pages/home/home`)
  assert.equal(await shownUser(page), '合作用户9001')
  assert.ok((await bridgeCalls()).includes('getUserInfo'))
  assert.equal(logins.length, 1, JSON.stringify(logins))
  assert.match(logins[0].path, /^\/api\/v1\/userapp\/[A-Za-z0-9_-]+_login$/)
  assert.notEqual(logins[0].path, '/api/v1/userapp/login')
  assert.equal(logins[0].body.userid, '9001')
  assert.equal(logins[0].body.usertokenkey, 'dev-9001')
  assert.equal(logins[0].body.devicetoken, 'e2e-device-1')
  assert.equal(logins[0].body.platform, 'WXBB')
  await page.context().close()
})

test('R1.14 R7.57 R1.19 R6.4 R3.8 inside a partner app (LINGXI) the host user logs in with /userapp/login {userid, usertokenkey, devicetoken}', async () => {
  const { page, logins } = await openInHostApp(`${ANDROID_UA} lingxi/3.1.0`, {
    userid: '9003',
    usertokenkey: 'dev-9003',
    devicesToken: 'e2e-device-3'
  })
  await page.goto(`${s.server.origin}/m2/pages/home/home`)
  assert.equal(await shownUser(page), '合作用户9003')
  assert.equal(logins.length, 1, JSON.stringify(logins))
  assert.equal(logins[0].path, '/api/v1/userapp/login')
  assert.equal(logins[0].body.userid, '9003')
  assert.equal(logins[0].body.usertokenkey, 'dev-9003')
  assert.equal(logins[0].body.devicetoken, 'e2e-device-3')
  assert.equal(logins[0].body.platform, 'LINGXI')
  await page.context().close()
})

test('R6.4 in a plain browser nothing asks a host app and the 我的 tab shows the login form', async () => {
  const { page, logins, bridgeCalls } = await openInHostApp(ANDROID_UA, {
    userId: '9001',
    usertokenkey: 'dev-9001',
    devicesToken: 'x'
  })
  await page.goto(`${s.server.origin}/m2/pages/home/home`)
  await tapTab(page, 'user')
  await page.locator('.user-form:visible').waitFor({ timeout: WAIT_MS })
  assert.deepEqual(await bridgeCalls(), [])
  assert.deepEqual(logins, [])
  await page.context().close()
})
