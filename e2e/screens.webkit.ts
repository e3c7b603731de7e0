// Every screen of the H5 app in WebKit (WebKitGTK's MiniBrowser with an iPhone WeChat user agent, e2e/webkit-harness.ts):
// the screens the accessibility check opens in Chromium (e2e/screens.ts), each opened as its own load, as a viewer
// opens a shared link, and drawn with its content, not an error state. First as a visitor, then logged in as WeChat's
// browser logs a viewer in (its OAuth round trip, R1.10). A script that WebKit cannot run, or a layout it draws
// differently (a screen's content hidden), fails its screen by name. A failing screen leaves a screenshot in the
// shots folder (SHOTS_DIR).
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { SHOTS_DIR } from './harness'
import { SCREENS, screenPath, type Screen } from './screens'
import { waitFor, waitInPage, webkitSuite, type Browser } from './webkit-harness'

/** Whether the login test has passed: a browser started again after a hang then logs in the same way (signIn). */
let loggedIn = false
const s = webkitSuite({ onNewBrowser: async (b) => void (loggedIn && (await signIn(b))) })
/** node:test's test, run once more in a new browser after one that stopped answering (webkit-harness.ts) */
const { test } = s

/** WeChat's browser logs a viewer in: 我的 opened, the OAuth round trip, the token kept. */
async function signIn(b: Browser) {
  await b.url(`${s.server.origin}/m2/pages/user/user`)
  await waitFor(b, '.user-profile', SCREEN_MS)
  await waitInPage(b, 'the token kept', () => localStorage.getItem('access_token'), SCREEN_MS)
}

/** A screen's content in view within this long (a load of the app's chunks, its calls, its pictures). */
const SCREEN_MS = 60000

async function look(b: Browser, screen: Screen) {
  await b.url(`${s.server.origin}${screenPath(screen, s.server.origin)}`)
  try {
    await waitFor(b, screen.ready, SCREEN_MS)
    if (screen.search) {
      const input = await waitFor(b, '.search__input input, input.search__input', SCREEN_MS)
      await input.setValue(screen.search.keyword)
      await b.keys('Enter')
      await waitFor(b, screen.search.results, SCREEN_MS)
    }
    // drawn with its content, not the error state of a call that failed (R8.21)
    assert.equal(
      await b.execute(() => document.querySelectorAll('.page-state--error').length),
      0,
      `${screen.name} shows an error state`
    )
  } catch (e) {
    mkdirSync(SHOTS_DIR, { recursive: true })
    await b
      .saveScreenshot(`${SHOTS_DIR}/webkit-${screen.name.replace(/[^\w\u4e00-\u9fff]+/g, '-')}.png`)
      .catch(() => {})
    throw e
  }
}

// WeChat's browser never shows a visitor the login form: a visitor there is logged in through WeChat
const shown = SCREENS.filter((screen) => !screen.outsideWeChat)

for (const screen of shown.filter((x) => !x.login)) {
  test(`${screen.name} in WebKit as a visitor: drawn with its content`, (b) => look(b, screen))
}

test('logged in through WeChat in WebKit: the OAuth round trip ends on 我的 with the WeChat user', async (b) => {
  // a viewer who opens 我的 without a login and no trip under way: the visitor screens above may have started a trip
  // that the next screen's load cut short (its start is kept a minute, so a page that comes back without a login does
  // not send the browser again at once), or finished one (already logged in); neither is the trip this test is about
  await b.url(`${s.server.origin}/no-app-here`) // a page of the origin where the app does not start
  await b.execute(() => localStorage.clear())
  await signIn(b)
  loggedIn = true
})

for (const screen of shown.filter((x) => x.login)) {
  test(`${screen.name} in WebKit, logged in: drawn with its content`, (b) => look(b, screen))
}
