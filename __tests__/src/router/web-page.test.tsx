/**
 * The web-view page reached the way the app reaches it: openLink / runStartup / the preview
 * page -> Taro's real H5 router (the URL written once, the query parsed by the router) -> the web page, which decodes
 * its `url` once and checks it itself. Under jest the page origin is http://localhost: the live host, so its
 * activity pages are on the whitelist.
 */
import Taro from '@tarojs/taro'
import WebPage from '@/packageB/pages/web/web'
import PreviewPage from '@/packageA/pages/preview/preview'
import { openLink, openPage, openWebView } from '@/router/navigate'
import { runStartup } from '@/router/startup-run'
import { PAGE_PATHS } from '@/router/pages'
import { $, waitFor } from '../support/dom'
import { currentPage, relaunchHome, renderCurrentPage, startH5Router, waitForPage } from '../support/h5-router'

const ACTIVITY = 'http://localhost/activity/preview-1473'

beforeAll(() => {
  startH5Router({ 'packageB/pages/web/web': WebPage, 'packageA/pages/preview/preview': PreviewPage })
})
beforeEach(async () => {
  localStorage.clear()
  await relaunchHome()
})

/** The web page on top of the stack, rendered with the query the router gave it: its web view's src, or its error. */
async function webPageShows(): Promise<{ src: string | null; error: string | null }> {
  await waitForPage(PAGE_PATHS.web)
  await renderCurrentPage(WebPage)
  return waitFor(() => {
    const view = document.querySelector<HTMLElement & { src?: string }>('taro-web-view-core')
    const error = $('.page-state--error')
    if (view) return { src: view.getAttribute('src') || view.src || null, error: null }
    if (error) return { src: null, error: error.textContent }
    return null
  })
}

describe('links into the web view, through the router', () => {
  test('R2.35 R2.19 a whitelisted http link: openLink -> web page, encoded once in the URL, decoded once by the page', async () => {
    const link = `${ACTIVITY}?from=首页&x=a%2Fb#top`
    await openLink(link)
    const shown = await webPageShows()
    // the URL as the parser writes it (non-ASCII query percent-encoded), exactly what was checked
    expect(shown).toEqual({ src: `${ACTIVITY}?from=${encodeURIComponent('首页')}&x=a%2Fb#top`, error: null })
    // the location holds the URL encoded once, and the router handed the page that value undecoded
    expect(new URLSearchParams(window.location.search).get('url')).toBe(shown.src)
    expect(currentPage().params.url).toBe(encodeURIComponent(shown.src!))
  })

  test('R2.27 startup ?page=preview&id=1473 opens the external activity page in the web view', async () => {
    const plan = await runStartup({ page: 'preview', id: '1473' }, '/m2/')
    expect(plan.external).toBe(ACTIVITY)
    expect(await webPageShows()).toEqual({ src: ACTIVITY, error: null })
  })

  test('R2.27 the preview page of 1473 hands over to the activity page in the web view, in its place', async () => {
    await openPage('preview', { id: 1473 })
    expect(await webPageShows()).toEqual({ src: ACTIVITY, error: null })
    // the web page took the preview's place: home, then the web view
    expect(Taro.getCurrentPages().map((p) => (p.route ?? '').replace(/^\/m2/, ''))).toEqual([
      '/pages/home/home',
      PAGE_PATHS.web
    ])
  })

  test('R2.19 refresh_on_show: the web page keeps the URL it was given', async () => {
    await openWebView(`${ACTIVITY}?a=1`, { refreshOnShow: true })
    expect(await webPageShows()).toEqual({ src: `${ACTIVITY}?a=1`, error: null })
    expect(currentPage().params.refresh_on_show).toBe('1')
  })
})

describe('the web-view page checks its url itself', () => {
  const opened = async (url: string) => {
    await Taro.navigateTo({ url: `${PAGE_PATHS.web}?url=${encodeURIComponent(url)}` })
    return webPageShows()
  }
  test.each([
    ['a host off the whitelist', 'https://evil.example.test/phish'],
    ['userinfo hiding the real host', 'https://localhost:443@evil.example.test/'],
    ['a backslash before the whitelisted host', 'https://evil.example.test\\.localhost/'],
    ['backslashes for slashes', 'https:\\\\evil.example.test/'],
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['a path, not a URL', '/activity/preview-1473']
  ])('R2.35 %s shows the error state, no web view', async (_what, url) => {
    expect(await opened(url)).toEqual({ src: null, error: '链接无效' })
  })

  test('R2.35 a url query written without encoding is read once as well', async () => {
    await Taro.navigateTo({ url: `${PAGE_PATHS.web}?url=${ACTIVITY}` })
    expect(await webPageShows()).toEqual({ src: ACTIVITY, error: null })
  })

  test('R2.35 the messaging platform article host opens', async () => {
    expect(await opened('https://mp.weixin.qq.com/s/abc?x=1')).toEqual({
      src: 'https://mp.weixin.qq.com/s/abc?x=1',
      error: null
    })
  })

  test('R2.35 R2.37 openLink of a host off the whitelist never reaches the web page (the browser navigates instead)', async () => {
    const before = window.location.href
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined) // jsdom: navigation not implemented
    await openLink('https://localhost:443@evil.example.test/')
    errors.mockRestore()
    expect(currentPage().path).toBe('/pages/home/home')
    expect(window.location.href).toBe(before)
    expect($('taro-web-view-core')).toBeNull()
  })
})
