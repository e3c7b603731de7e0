// Live-room chat in Chromium against the real server (spec R7.72, R7.73, R3.14, R5.6): a danmaku sent
// by a logged-in viewer in one browser context appears in a second context's chat list and flying layer, once; under
// 200 incoming messages per second the flying layer and the chat list keep a bounded number of nodes.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { BrowserContext, Page } from 'playwright-core'
import { CHAT_READY, injectChat, loginThroughUserPage, roomSocketWelcomed, suite, WAIT_MS } from './harness'

const ROOM = 307 // on air in the seed
/** An ended room: its player is idle, so frame times under load are the chat's own. */
const QUIET_ROOM = 305
let sender: BrowserContext
let watcher: BrowserContext

const s = suite(async () => {
  sender = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  watcher = await s.browser.newContext({ viewport: { width: 390, height: 844 } })
  await login(await sender.newPage(), s.server.origin)
})

/** The demo viewer logs in on the 我的 page; the token stays in the context's storage. */
async function login(page: Page, origin: string) {
  await loginThroughUserPage(page, origin)
  await page.close()
}

async function openRoom(context: BrowserContext, room = ROOM, history = true): Promise<Page> {
  const page = await context.newPage()
  const joined = roomSocketWelcomed(page)
  await page.goto(`${s.server.origin}/m2/packageA/pages/live/live?roomid=${room}`)
  await page.waitForSelector(history ? CHAT_READY : '.chat') // today's history
  await joined // the room socket has joined: pushes reach the page from here on
  return page
}

/**
 * A tap on 发送. The playing live page draws only a few frames a second in this headless, GPU-less Chromium (the
 * player, not the chat: an ended room runs at 60), and Playwright's click waits on animation frames for its
 * hit-target check; a DOM click is the same tap without that wait.
 */
const tapSend = (page: Page) => page.$eval('.chat__send', (e) => (e as HTMLElement).click())

const rowsWith = (page: Page, text: string) =>
  page.$$eval('.chat__msg', (els, t) => els.filter((e) => (e.textContent || '').endsWith(`：${t}`)).length, text)

test('R7.73 R3.14 R5.6 a danmaku sent in one browser appears in another one’s chat list and flying layer, once', async () => {
  const watch = await openRoom(watcher) // a visitor
  const send = await openRoom(sender)
  const text = `你好 ${Date.now() % 100000}`
  await send.fill('.chat__input input, input.chat__input', text)
  await tapSend(send)
  await watch.waitForFunction(
    (t) => Array.from(document.querySelectorAll('.chat__msg')).some((e) => (e.textContent || '').endsWith(`：${t}`)),
    text,
    { timeout: WAIT_MS }
  )
  await watch.waitForFunction(
    (t) => Array.from(document.querySelectorAll('.danmaku__item')).some((e) => (e.textContent || '').includes(t)),
    text,
    { timeout: WAIT_MS }
  )
  await send.waitForFunction(
    (t) => Array.from(document.querySelectorAll('.chat__msg')).some((e) => (e.textContent || '').endsWith(`：${t}`)),
    text
  )
  // a pause that is the behaviour: a second copy (the reply and the push both) would show within the next flushes
  await watch.waitForTimeout(600)
  assert.equal(await rowsWith(watch, text), 1)
  assert.equal(await rowsWith(send, text), 1)
  assert.equal(await send.inputValue('.chat__input input, input.chat__input'), '')
  // the flying item is over the player box, moving right to left
  const inStage = await watch.evaluate(() => !!document.querySelector('.live__stage .danmaku .danmaku__item'))
  assert.ok(inStage, 'the flying layer sits inside the player box')
  await send.close()
  await watch.close()
})

test('R5.7 R8.10 a sensitive word is refused with the server message as a toast', async () => {
  const send = await openRoom(sender)
  await send.fill('.chat__input input, input.chat__input', '出售代开发票')
  await tapSend(send)
  await send.waitForFunction(() => (document.body.textContent || '').includes('内容包含敏感词'), undefined, {
    timeout: WAIT_MS
  })
  await send.close()
})

test('200 messages per second for 5 s: bounded danmaku and chat nodes; frame times and heap reported', async () => {
  const watch = await openRoom(watcher, QUIET_ROOM, false)
  // sampled on every animation frame in the page (a string: tsx would add helpers to a function's source)
  await watch.evaluate(`(() => {
    const w = window
    w.__frames = []; w.__maxItems = 0; w.__maxRows = 0
    let last = performance.now()
    const tick = (now) => {
      w.__frames.push(now - last); last = now
      w.__maxItems = Math.max(w.__maxItems, document.querySelectorAll('.danmaku__item').length)
      w.__maxRows = Math.max(w.__maxRows, document.querySelectorAll('.chat__msg').length)
      requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })()`)
  const heapBefore = Number(await watch.evaluate('performance.memory ? performance.memory.usedJSHeapSize : 0'))
  await injectChat(s.server.origin, QUIET_ROOM, 200, 5)
  // the frames are sampled for as long as the injection lasts: until its last message (the 1000th) is in the chat
  await watch.waitForFunction(
    () => Array.from(document.querySelectorAll('.chat__msg')).some((e) => (e.textContent || '').endsWith(' #1000')),
    null,
    { timeout: WAIT_MS }
  )
  const m = await watch.evaluate<{
    p95: number
    frames: number
    maxItems: number
    maxRows: number
    heap: number
  }>(`(() => {
    const frames = window.__frames.slice(5).sort((a, b) => a - b)
    return { p95: frames[Math.floor(frames.length * 0.95)] || 0, frames: frames.length, maxItems: window.__maxItems, maxRows: window.__maxRows,
      heap: performance.memory ? performance.memory.usedJSHeapSize : 0 }
  })()`)
  console.log(
    `danmaku under 200 msg/s for 5 s: p95 frame ${m.p95.toFixed(1)} ms over ${m.frames} frames, max flying nodes ${m.maxItems}, max chat rows ${m.maxRows}, heap ${(heapBefore / 1e6).toFixed(1)} → ${(m.heap / 1e6).toFixed(1)} MB`
  )
  // 同屏数量 (弹幕设置) is 20 by default
  assert.ok(m.maxItems > 0 && m.maxItems <= 20, `flying nodes bounded (saw ${m.maxItems})`)
  assert.ok(m.maxRows > 0 && m.maxRows <= 60, `chat rows bounded (saw ${m.maxRows})`)
  // the newest injected message has arrived
  await watch.waitForFunction(
    `Array.from(document.querySelectorAll('.chat__msg')).some((e) => / #1000$/.test(e.textContent || ''))`,
    undefined,
    { timeout: WAIT_MS }
  )
  await watch.close()
})
