// 编辑资料 in Chromium against the real server (spec R7.63, R7.107): a logged-in viewer picks an
// avatar in the browser's own file dialog (Taro's picker), it is uploaded as multipart `file`, the new nickname and
// avatar are saved, and both show where they appear: the 我的 header, chat messages sent afterwards (the chat row shows
// the nickname; the message the room's socket carries names the avatar) and playback comments posted afterwards.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { BrowserContext } from 'playwright-core'
import { callAsViewer, CHAT_READY, loginThroughUserPage, roomSocketWelcomed, suite, WAIT_MS } from './harness'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)
let context: BrowserContext

const s = suite(async ({ browser }) => {
  context = await browser.newContext({ viewport: { width: 390, height: 844 } })
})

test('R7.63 R7.107 a profile change with an uploaded avatar shows in the 我的 header, chat sent afterwards and comments', async () => {
  const page = await context.newPage()
  await loginThroughUserPage(page, s.server.origin)
  const uploads: { contentType: string }[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/upload$/.test(new URL(r.url()).pathname))
      uploads.push({ contentType: r.headers()['content-type'] || '' })
  })
  await page.locator('.user-menu__edit:visible').click()
  await page.locator('.profile-editor:visible').waitFor()
  // the browser's file dialog opens through Taro's picker; the viewer picks a PNG
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.locator('.profile-editor__avatar:visible').click()
  ])
  await chooser.setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG })
  const uploaded = page.locator('.profile-editor__avatar-img img[src*="/files/"]')
  await uploaded.waitFor({ timeout: WAIT_MS })
  const avatar = (await uploaded.getAttribute('src')) as string
  assert.match(avatar, /\/files\/[0-9a-z]+\.png$/)
  assert.equal(uploads.length, 1)
  assert.match(uploads[0].contentType, /^multipart\/form-data/)
  // (the multipart fields themselves are checked in __tests__/src/pages/profile.test.tsx: Chromium does not hand a
  // Blob body to the page's request events)

  const name = `看客${Date.now() % 10000}`
  await page.locator('.profile-editor__name input:visible, input.profile-editor__name:visible').fill(name)
  await page.locator('.profile-editor__save:visible').click()
  await page.locator('.profile-editor').waitFor({ state: 'detached' })
  assert.equal(await page.locator('.user-head__name:visible').textContent(), name)
  assert.equal(await page.locator('.user-head__avatar:visible img').getAttribute('src'), avatar)
  // a reload asks the server: the change is kept
  await page.reload()
  await page.locator('.user-head__name:visible').waitFor()
  assert.equal(await page.locator('.user-head__name:visible').textContent(), name)

  // chat sent afterwards: the row shows the new nickname, the room's socket carries the new avatar
  const room = await context.newPage()
  const frames: string[] = []
  room.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))))
  const joined = roomSocketWelcomed(room)
  await room.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=307`)
  await room.waitForSelector(CHAT_READY)
  await joined // the room socket has joined: the message's push reaches it
  const text = `新头像 ${Date.now() % 100000}`
  await room.fill('.chat__input input, input.chat__input', text)
  await room.$eval('.chat__send', (e) => (e as HTMLElement).click())
  await room.waitForFunction(
    (t) => Array.from(document.querySelectorAll('.chat__msg')).some((e) => (e.textContent || '').endsWith(`：${t}`)),
    text,
    { timeout: WAIT_MS }
  )
  const row = await room.$$eval(
    '.chat__msg',
    (els, t) => els.find((e) => (e.textContent || '').endsWith(`：${t}`))?.textContent,
    text
  )
  assert.equal(row, `${name}：${text}`)
  const pushed = frames.map((f) => JSON.parse(f)).find((m) => m.type === 'danmaku' && m.data?.content === text)
  assert.ok(pushed, 'the danmaku came back over the room socket')
  assert.equal(pushed.data.nickname, name)
  assert.equal(pushed.data.avatar, avatar)
  await room.close()

  // a playback comment posted afterwards shows the new avatar and nickname
  const pb = await context.newPage()
  await pb.goto(`${s.server.origin}/m2/packageA/pages/playback/playback?id=5001`)
  await pb.locator('.playback__comments .playback__input input, .playback__comments input.playback__input').waitFor()
  const comment = `换了头像 ${Date.now() % 100000}`
  await pb.fill('.playback__comments .playback__input input, .playback__comments input.playback__input', comment)
  await pb.locator('.playback__comments .playback__send').click()
  const mine = pb.locator('.comment', { hasText: comment })
  await mine.waitFor({ timeout: WAIT_MS })
  assert.equal(await mine.locator('.comment__name').textContent(), name)
  assert.equal(await mine.locator('.comment__avatar img').getAttribute('src'), avatar)
  await pb.close()
  await page.close()
})

test('R1.4 R7.65 我的 opened with a restored login asks userinfo once for the user and the 慧币 balance; shown again after 充值, once more', async () => {
  const viewer = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await viewer.newPage()
  await loginThroughUserPage(page, s.server.origin)
  let asks = 0 // the page's userinfo requests (the test's own reads of the balance are counted out)
  page.on('request', (r) => {
    if (/\/userapp\/userinfo$/.test(new URL(r.url()).pathname)) asks++
  })
  const serverGold = async () => (await callAsViewer(page, '/api/v1/userapp/userinfo')).data.gold as number
  const shown = (gold: number) =>
    page.waitForFunction(
      (g) => document.querySelector('.user-menu__gold .user-menu__value')?.textContent === String(g),
      gold,
      { timeout: WAIT_MS }
    )

  // a fresh load with the stored login: the start's current-user check answers the balance too
  const before = await serverGold()
  const fromStart = asks
  await page.reload()
  await shown(before)
  await page.waitForLoadState('networkidle')
  assert.equal(asks - fromStart, 1, 'one userinfo at the start: the current user and the row')

  // spent meanwhile elsewhere; 我的慧币 opens 充值, and back on 我的 the row is asked for again
  assert.equal((await callAsViewer(page, '/api/v1/userapp/send_gifts', { roomid: 307, giftid: 1, combo: 1 })).code, 1)
  const after = await serverGold()
  assert.ok(after < before)
  await page.locator('.user-menu__gold:visible').click()
  await page.waitForFunction((g) => document.querySelector('.deposit__balance')?.textContent === String(g), after, {
    timeout: WAIT_MS
  })
  await page.waitForLoadState('networkidle')
  const onDeposit = asks
  await page.goBack()
  await shown(after)
  await page.waitForLoadState('networkidle')
  assert.equal(asks - onDeposit, 1, 'shown again: one ask')
  await viewer.close()
})
