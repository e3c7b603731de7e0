// A password room and the pages around it in Chromium against the real H5 build and server: the room's access is
// kept for the browser session (spec R3.9), its prompt names the room and has a way back; nothing the viewer walks
// through loads from another host; the radio's programmes are listened to; the guest keeps its name.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { BrowserContext, Page } from 'playwright-core'
import { HOME_READY, suite, WAIT_MS } from './harness'

const s = suite()
const ROOM = 309 // 夜游清名桥（密码直播）, password 8888 (server/db/seed-ids.ts)
const roomUrl = () => `${s.server.origin}/m2/packageA/pages/live/live?roomid=${ROOM}`

async function viewer(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  return { context, page: await context.newPage() }
}

async function enterPassword(page: Page, password: string) {
  await page.locator('input.password-form__input, .password-form__input input').first().fill(password)
  await page.locator('.password-form__btn').click()
}

/** The room itself is shown (its header), not its password prompt. */
async function inRoom(page: Page) {
  await page.locator('.room-header').first().waitFor({ timeout: WAIT_MS })
  assert.equal(await page.locator('.password-form').count(), 0)
}

test('R3.9 the password prompt shows the room’s title, cover and a back control; a wrong password is announced in AA red', async () => {
  const { context, page } = await viewer()
  await page.goto(roomUrl())
  const form = page.locator('.password-form')
  await form.waitFor()
  assert.equal(await form.locator('.password-form__title').textContent(), '夜游清名桥（密码直播）')
  assert.equal(await form.locator('.password-form__hint').textContent(), '该直播间需要输入密码')
  const cover = form.locator('.password-form__cover img')
  assert.match((await cover.getAttribute('src')) ?? '', new RegExp(`^${s.server.origin}/img/`))
  assert.equal(await page.getByRole('button', { name: '返回' }).count(), 1)
  // 进入直播间 in the theme (white on #b34f00), not Taro's default grey
  assert.deepEqual(
    await form
      .locator('.password-form__btn')
      .evaluate((e) => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color]),
    ['rgb(179, 79, 0)', 'rgb(255, 255, 255)']
  )

  await enterPassword(page, '0000')
  const alert = form.locator('[role="alert"]')
  await alert.getByText('直播间密码错误').waitFor()
  // #c0392b: 5.0:1 on the page's #f5f5f5
  assert.equal(
    await alert.locator('.password-form__error-text').evaluate((e) => getComputedStyle(e).color),
    'rgb(192, 57, 43)'
  )

  // the room was the first page: 返回 goes home
  await page.getByRole('button', { name: '返回' }).click()
  await page.waitForURL(/\/m2\/pages\/home\/home/)
  await page.waitForSelector(HOME_READY)
  await context.close()
})

test('R3.9 the right password, then a reload: the room opens without asking again; a new browser session asks', async () => {
  const { context, page } = await viewer()
  await page.goto(roomUrl())
  await page.locator('.password-form').waitFor()
  await enterPassword(page, '8888')
  await inRoom(page)
  await page.reload()
  await inRoom(page)
  // the same session in another page of this browser session's tab: a reload by address
  await page.goto(roomUrl())
  await inRoom(page)
  await context.close()

  const other = await viewer()
  await other.page.goto(roomUrl())
  await other.page.locator('.password-form').waitFor()
  await other.context.close()
})

test('nothing loads from another host from home through the password room to the radio; the radio says 从头听', async () => {
  const { context, page } = await viewer()
  const foreign: string[] = []
  page.on('request', (r) => {
    const url = r.url()
    if (/^(data|blob):/.test(url)) return
    if (new URL(url).origin !== s.server.origin) foreign.push(url)
  })
  await page.goto(`${s.server.origin}/m2/pages/home/home`)
  await page.waitForSelector(HOME_READY)
  await page.goto(roomUrl())
  await page.locator('.password-form').waitFor()
  // the button's loading spinner shows while the password is checked
  await enterPassword(page, '8888')
  await inRoom(page)
  // no stylesheet rule of the page draws from another host (the spinner is bundled)
  const remote = await page.evaluate((origin) => {
    const urls: string[] = []
    for (const sheet of Array.from(document.styleSheets)) {
      for (const rule of Array.from(sheet.cssRules)) {
        for (const m of rule.cssText.matchAll(/url\("?([^")]+)"?\)/g)) {
          const u = m[1]
          if (!u.startsWith('data:') && new URL(u, location.href).origin !== origin) urls.push(u)
        }
      }
    }
    return urls
  }, s.server.origin)
  assert.deepEqual(remote, [])

  await page.goto(`${s.server.origin}/m2/packageA/pages/watch/watch?type=channel&id=11`)
  const action = page.locator('.watch-schedule__row--on .watch-schedule__action')
  await action.waitFor({ timeout: WAIT_MS })
  assert.equal(await action.textContent(), '从头听')
  assert.equal(await page.locator('.watch-schedule__action', { hasText: '看' }).count(), 0)
  assert.deepEqual(foreign, [])
  await context.close()
})

test('R3.6 the guest’s generated name is the same after a reload', async () => {
  const { context, page } = await viewer()
  await page.goto(`${s.server.origin}/m2/pages/user/user`)
  const name = page.locator('.user-head__name')
  await name.waitFor()
  const first = (await name.textContent()) ?? ''
  assert.match(first, /^游客\d{6}$/)
  await page.reload()
  await name.waitFor()
  assert.equal(await name.textContent(), first)
  await context.close()
})
