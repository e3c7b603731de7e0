// A shared link's startup token never silently swaps a logged-in viewer into another account (spec R2.26, R7.51), in
// Chromium against the real H5 build and the reference server. Logged in as A (the user page's password form), the
// viewer opens a link carrying B's token: the token leaves the address at once, the 切换账号？ modal names both
// accounts, 保持当前 keeps A (the server still answers userinfo with A), 切换 logs in as B; B's own token later logs
// in quietly. With nobody logged in, a token logs in without a modal: token-address.e2e.ts (the OAuth round trip).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { loginThroughUserPage, suite, WAIT_MS } from './harness'

const s = suite()

const USER_PAGE = '/m2/pages/user/user'
const SECRET = /[?&](token|tokentype)=/i

/** A token of the sandbox's WeChat user for `code`: the account a link's author hands over (B). */
async function tokenOfB(code: string): Promise<{ token: string; id: number }> {
  const res = await fetch(`${s.server.origin}/api/v1/userapp/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, encryptedData: 'e2e', iv: 'e2e', platform: 'WEB', version: '1.0.0' })
  })
  const body = (await res.json()) as { code: number; data: { access_token: string; user: { id: number } } }
  assert.equal(body.code, 1, JSON.stringify(body))
  return { token: body.data.access_token, id: body.data.user.id }
}

/** Whom the server takes the page's stored login for (R7.51), asked from the page itself. */
function serverUserId(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const raw = localStorage.getItem('access_token')
    const stored = raw ? JSON.parse(raw) : null
    const token = (stored?.data?.data ?? stored?.data ?? '') as string
    const res = await fetch('/api/v1/userapp/userinfo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` },
      body: '{}'
    })
    return Number((await res.json()).data?.id)
  })
}

function shownName(page: Page): Promise<string> {
  return page
    .locator('.user-head__name:visible')
    .first()
    .textContent()
    .then((t) => t || '')
}

/** Opens the user page through a link that carries `token`; the address loses it before anything is shown. */
async function openLinkWith(page: Page, token: string) {
  await page.goto(`${s.server.origin}${USER_PAGE}?tokentype=app&token=${token}`)
  await page.waitForFunction(() => !/[?&](token|tokentype)=/.test(location.href), null, { timeout: WAIT_MS })
}

test('R2.26 R7.51 logged in as A, a link with B’s token asks 切换账号？ naming both; 保持当前 keeps A, 切换 logs in as B', async () => {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await loginThroughUserPage(page, s.server.origin)
  assert.equal(await shownName(page), '慧眼观众')
  const b = await tokenOfB('e2e-token-switch')

  // 保持当前: the modal names both accounts; A stays, on the page and on the server
  await openLinkWith(page, b.token)
  // Taro's H5 modal: .taro__modal holds its mask and its box, the box being what shows
  const modal = page.locator('.taro__modal .taro-modal__content:visible')
  await modal.waitFor({ timeout: WAIT_MS })
  const text = (await modal.textContent()) || ''
  assert.match(text, /切换账号？/)
  assert.match(text, /当前登录：慧眼观众（ID 10001）/)
  assert.match(text, new RegExp(`链接中的账号：微信用户（ID ${b.id}）`))
  assert.doesNotMatch(page.url(), SECRET)
  await page.locator('.taro__modal .taro-model__cancel:visible').click()
  await modal.waitFor({ state: 'hidden' })
  await page.locator('.user-profile:visible').waitFor()
  assert.equal(await shownName(page), '慧眼观众')
  assert.equal(await serverUserId(page), 10001)
  assert.doesNotMatch(page.url(), SECRET)
  await page.reload() // and it stays so after a reload (nothing of B's was stored)
  await page.locator('.user-profile:visible').waitFor()
  assert.equal(await shownName(page), '慧眼观众')
  assert.equal(await page.locator('.taro__modal .taro-modal__content:visible').count(), 0)

  // 切换: the session becomes B's
  await openLinkWith(page, b.token)
  await modal.waitFor({ timeout: WAIT_MS })
  await page.locator('.taro__modal .taro-model__confirm:visible').click()
  await page.waitForFunction(() => document.querySelector('.user-head__name')?.textContent === '微信用户', null, {
    timeout: WAIT_MS
  })
  assert.equal(await serverUserId(page), b.id)

  // B's own token now refreshes the login without a modal
  const again = await tokenOfB('e2e-token-switch')
  assert.equal(again.id, b.id)
  const logins: string[] = []
  page.on('request', (r) => {
    if (/\/userapp\/login$/.test(new URL(r.url()).pathname)) logins.push(r.postData() || '')
  })
  await openLinkWith(page, again.token)
  const deadline = Date.now() + WAIT_MS
  while (!logins.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  assert.equal(logins.length, 1, 'the same user’s token logged in')
  await page.locator('.user-profile:visible').waitFor()
  assert.equal(await page.locator('.taro__modal .taro-modal__content:visible').count(), 0, 'no modal for the same user')
  assert.equal(await shownName(page), '微信用户')
  assert.equal(await serverUserId(page), b.id)
  await context.close()
})
