// The app's screens, each with what shows it has its content: every page of the H5 build a viewer reaches, logged out
// and in, the rooms and playbacks of each kind. The accessibility check (a11y.e2e.ts) runs axe over each in Chromium;
// the WebKit lane (screens.webkit.ts) opens each in WebKit under the iPhone WeChat user agent.
import type { Page } from 'playwright-core'
import { CHAT_READY, HOME_READY, WAIT_MS } from './harness'

export interface Screen {
  name: string
  /** its address under the server's origin (screenPath) */
  path: string
  /** a selector that shows the screen has its content */
  ready: string
  /** opened logged in as the demo viewer */
  login?: boolean
  /** home: the sections further down are drawn as the viewer scrolls to them, and are looked at too */
  scrollAll?: boolean
  /** a search a person makes first: the keyword, and what shows its results */
  search?: { keyword: string; results: string }
  /** a visitor's page that WeChat's browser never shows: there a visitor is logged in through WeChat (R1.10) */
  outsideWeChat?: boolean
  /** parts axe leaves out: content that is not ours (the web page inside the web view) */
  exclude?: string[][]
}

/** The web view's path stands for its address, which names a page of the server's own activity host (screenPath). */
const WEB_VIEW = 'web view'

/** Where a screen is, on the server at `origin`. */
export function screenPath(screen: Screen, origin: string): string {
  if (screen.path !== WEB_VIEW) return screen.path
  return `/m2/packageB/pages/web/web?url=${encodeURIComponent(`${origin}/activity/preview-1473`)}`
}

export const SCREENS: Screen[] = [
  // every section: those further down are drawn as the viewer scrolls to them
  { name: 'home', path: '/m2/pages/home/home', ready: HOME_READY, scrollAll: true },
  { name: 'streamer tab', path: '/m2/pages/streamer/streamer', ready: '.streamer-cell' },
  { name: 'media tab', path: '/m2/pages/media/media', ready: '.media-schedule__row' },
  { name: 'user tab (logged out)', path: '/m2/pages/user/user', ready: '.user-form__submit', outsideWeChat: true },
  { name: 'user tab (logged in)', path: '/m2/pages/user/user', ready: '.user-profile', login: true },
  { name: 'list live', path: '/m2/pages/list/list?type=live', ready: '.list-row' },
  { name: 'list playback', path: '/m2/pages/list/list?type=playback', ready: '.list-row' },
  { name: 'list recommended playback', path: '/m2/pages/list/list?type=playbackRecommended', ready: '.list-row' },
  { name: 'list event', path: '/m2/pages/list/list?type=event', ready: '.list-row' },
  {
    name: 'list deposit log',
    path: '/m2/pages/list/list?type=deposit',
    ready: '.list-page, .page-state--empty',
    login: true
  },
  {
    name: 'list gift log',
    path: '/m2/pages/list/list?type=gift',
    ready: '.list-page, .page-state--empty',
    login: true
  },
  { name: 'live room 496', path: '/m2/packageA/pages/live/live?roomid=496', ready: CHAT_READY },
  { name: 'paid live room 303 (trial)', path: '/m2/packageA/pages/live/live?roomid=303', ready: '.premium-banner' },
  { name: 'password live room 309', path: '/m2/packageA/pages/live/live?roomid=309', ready: '.password-form' },
  { name: 'playback 5001', path: '/m2/packageA/pages/playback/playback?id=5001', ready: '.comment' },
  {
    name: 'paid playback 5004 (trial)',
    path: '/m2/packageA/pages/playback/playback?id=5004',
    ready: '.premium-banner'
  },
  { name: 'TV channel 1', path: '/m2/packageA/pages/watch/watch?type=channel&id=1', ready: '.watch-schedule__row' },
  { name: 'preview 1470', path: '/m2/packageA/pages/preview/preview?id=1470', ready: '.preview__title' },
  { name: 'timeline 1', path: '/m2/packageA/pages/timeline/timeline?id=1', ready: '.post-card' },
  { name: 'post 101', path: '/m2/packageA/pages/post/post?id=101&topic=1', ready: '.post-card' },
  {
    name: 'streamer detail 2001',
    path: '/m2/packageA/pages/streamer/streamer?id=2001',
    ready: '.streamer-detail__playback'
  },
  { name: 'my follows', path: '/m2/packageA/pages/streamer/follow/follow', ready: '.follow-page', login: true },
  { name: 'featured wuxilcb', path: '/m2/packageA/featured/wuxilcb/wuxilcb', ready: '.featured__cam' },
  { name: 'featured dingshu', path: '/m2/packageA/featured/dingshu/dingshu', ready: '.featured__cam' },
  { name: 'featured hubin', path: '/m2/packageA/featured/hubin/hubin', ready: '.featured__cam' },
  { name: 'deposit', path: '/m2/packageB/pages/deposit/deposit', ready: '.deposit__price', login: true },
  { name: 'album 1', path: '/m2/packageB/pages/album/album?id=1', ready: '.album__photo' },
  {
    name: 'search with results',
    path: '/m2/packageB/pages/search/search',
    ready: '.search__chip',
    search: { keyword: '太湖', results: '.search__result' }
  },
  {
    name: 'web view',
    path: WEB_VIEW,
    ready: 'iframe.taro-webview',
    // the page inside is the activity host's, not this app's; the frame element itself is checked (frame-title)
    exclude: [['iframe.taro-webview', 'body']]
  },
  {
    name: 'channel bridge',
    path: '/m2/packageB/pages/channel/bridge?finderUserName=sph0000&feedId=1',
    ready: '.page .card'
  },
  { name: 'mall payment', path: '/m2/packageB/pages/mall/payment?goods_id=6006', ready: '.mall-order', login: true },
  { name: '观看历史 (nothing watched yet)', path: '/m2/packageB/pages/history/history', ready: '.history' },
  { name: '用户协议', path: '/m2/packageB/pages/legal/legal?doc=agreement', ready: '.legal__para' },
  { name: '隐私政策', path: '/m2/packageB/pages/legal/legal?doc=privacy', ready: '.legal__para' },
  { name: '404 page', path: '/m2/pages/nowhere/nowhere', ready: '.not-found' }
]

/**
 * Opens the screen in a Playwright page, as its own load, and waits for its content, its search made (the browser
 * checks in Chromium; the WebKit lane does the same over WebDriver).
 */
export async function openScreen(page: Page, screen: Screen, origin: string): Promise<void> {
  await page.goto(`${origin}${screenPath(screen, origin)}`)
  await page.waitForSelector(screen.ready, { timeout: WAIT_MS })
  if (!screen.search) return
  const input = page.locator('.search__input input, input.search__input').first()
  await input.fill(screen.search.keyword)
  await input.press('Enter')
  await page.waitForSelector(screen.search.results, { timeout: WAIT_MS })
}
