/**
 * Navigation as the app does it: openPage / openLink / runStartup -> Taro's navigation API -> Taro's real H5 router
 * (h5-router.ts), which keeps the page stack and hands each page its query.
 */
import Taro from '@tarojs/taro'
import { env } from '@/env'
import { ARTICLE_HOST, follow, linkContext, openLink, openPage } from '@/router/navigate'
import { COPY_URL_MESSAGE } from '@/router/link'
import { MAX_STACK_DEPTH } from '@/router/depth'
import { PAGE_PATHS } from '@/router/pages'
import { runStartup, setStartupLogin } from '@/router/startup-run'
import { saveRedirect, takeRedirect, REDIRECT_KEY } from '@/router/redirect'
import { waitFor } from '../support/dom'
import { currentPage, relaunchHome, startH5Router, waitForPage } from '../support/h5-router'

const nextFrame = () => new Promise((r) => setTimeout(r, 0))
const stackDepth = () => Taro.getCurrentPages().length

beforeAll(() => {
  startH5Router({})
})
beforeEach(async () => {
  localStorage.clear()
  await relaunchHome()
})

describe('openLink: share links of the main live host open their page (jsdom: the live host is localhost)', () => {
  test('R2.29 R2.34 a live share link opens the live room with the last number as roomid', async () => {
    await openLink('http://localhost/2026/rm/88')
    expect(await waitForPage(PAGE_PATHS.live)).toMatchObject({ params: { roomid: '88' } })
    expect(stackDepth()).toBe(2)
  })
  test('R2.30 a playback share link opens the playback page', async () => {
    await openLink('//localhost/play?videoid=12')
    expect(await waitForPage(PAGE_PATHS.playback)).toMatchObject({ params: { id: '12' } })
  })
  test('R2.32 /events opens the event list', async () => {
    await openLink('http://LOCALHOST/events')
    expect(await waitForPage(PAGE_PATHS.list)).toMatchObject({ params: { type: 'event' } })
  })
  test('an internal page path under /m2/ opens its page with its query', async () => {
    await openLink('/m2/packageA/pages/preview/preview?id=7')
    expect(await waitForPage(PAGE_PATHS.preview)).toMatchObject({ params: { id: '7' } })
  })
  test('R2.38 a blank link or # stays where it is', async () => {
    for (const link of ['', '  ', '#', null]) await openLink(link)
    await nextFrame()
    expect(currentPage().path).toBe(PAGE_PATHS.home)
    expect(stackDepth()).toBe(1)
  })
  test('javascript: and data: links are never followed', async () => {
    const before = window.location.href
    for (const link of ['javascript:alert(1)', ' JAVA\tSCRIPT:alert(1)', 'data:text/html,<b>x</b>'])
      await openLink(link)
    await nextFrame()
    expect(window.location.href).toBe(before)
    expect(stackDepth()).toBe(1)
  })
})

describe('openPage', () => {
  test('R2.6 a tab page is switched to', async () => {
    await openPage('live', { roomid: 3 })
    await waitForPage(PAGE_PATHS.live)
    await openPage('media')
    await waitForPage(PAGE_PATHS.media)
    expect(Taro.getCurrentPages().map((p) => (p.route ?? '').replace(/^\/m2/, ''))).toEqual([PAGE_PATHS.media])
  })
  test('R2.40 R9.12 past 9 pages on the stack, opening a page replaces the top one', async () => {
    const depths: number[] = []
    for (let i = 1; i <= 12; i++) {
      await openPage('search', { n: i })
      await waitFor(() => currentPage().params.n === String(i))
      depths.push(stackDepth())
    }
    expect(MAX_STACK_DEPTH).toBe(9)
    expect(depths).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10])
  })
})

describe('startup', () => {
  test('R2.28 a saved post-login redirect is restored once, and opens its page', async () => {
    saveRedirect('/packageA/pages/live/live?roomid=3')
    expect(Taro.getStorageSync(REDIRECT_KEY)).toEqual({ data: '/packageA/pages/live/live?roomid=3' })
    await runStartup({}, '/m2/')
    expect(await waitForPage(PAGE_PATHS.live)).toMatchObject({ params: { roomid: '3' } })
    expect(takeRedirect()).toBeNull()
  })
  test('R2.23 R2.25 the startup page and id open that page', async () => {
    await runStartup({ page: 'playback', id: '9' }, '/m2/')
    expect(await waitForPage(PAGE_PATHS.playback)).toMatchObject({ params: { id: '9' } })
  })
  test('R2.23 a page key alias (streamer_detail) opens its page; an unknown page key opens nothing', async () => {
    await runStartup({ page: 'streamer_detail', roomid: '496' }, '/m2/')
    expect(await waitForPage(PAGE_PATHS.streamerDetail)).toMatchObject({ params: { roomid: '496' } })
    const plan = await runStartup({ page: 'no_such_page', roomid: '496' }, '/m2/pages/home/home')
    expect(plan.page).toBeNull()
  })
  test('R2.24 roomid on a home-type path opens the live room', async () => {
    await runStartup({ roomid: '12' }, '/m2/pages/home/home')
    expect(await waitForPage(PAGE_PATHS.live)).toMatchObject({ params: { roomid: '12' } })
  })
  test('R2.26 startup credentials are handed to the session login', async () => {
    const seen: unknown[] = []
    setStartupLogin((login) => {
      seen.push(login)
    })
    const plan = await runStartup({ tokentype: 'weixin', token: 't-1' }, '/m2/')
    expect(plan.login).toEqual({ tokentype: 'weixin', token: 't-1' })
    expect(seen).toEqual([{ tokentype: 'weixin', token: 't-1' }])
  })
})

describe('the link context (R2.35)', () => {
  const saved = { whitelist: env.TARO_APP_WHITELIST, short: env.TARO_APP_SHORT_LINK_HOST }
  afterEach(() => {
    env.TARO_APP_WHITELIST = saved.whitelist
    env.TARO_APP_SHORT_LINK_HOST = saved.short
  })
  test('R2.35 the main host is the live host; the article host is always whitelisted; by default nothing else', () => {
    expect(env.TARO_APP_WHITELIST).toBe('')
    expect(env.TARO_APP_SHORT_LINK_HOST).toBe('')
    expect(ARTICLE_HOST).toBe('mp.weixin.qq.com')
    expect(linkContext()).toEqual({ inMiniProgram: false, mainHost: 'localhost', whitelist: [ARTICLE_HOST] })
  })
  test('R2.35 the broadcaster hosts (TARO_APP_WHITELIST) and the short-link host (TARO_APP_SHORT_LINK_HOST) join it', async () => {
    env.TARO_APP_WHITELIST = ' .bc.example.test, news.example.test ,'
    env.TARO_APP_SHORT_LINK_HOST = 't.example.test'
    expect(linkContext().whitelist).toEqual([ARTICLE_HOST, '.bc.example.test', 'news.example.test', 't.example.test'])
    await openLink('https://t.example.test/AbC')
    expect(await waitForPage(PAGE_PATHS.web)).toMatchObject({
      params: { url: encodeURIComponent('https://t.example.test/AbC') }
    })
  })
})

describe('acting on links', () => {
  test('R2.36 R8.20 a copied link sets the clipboard and shows the spec modal text', async () => {
    // jsdom has no document.execCommand, which Taro H5's clipboard uses (every browser has it).
    document.execCommand = () => true
    const done = follow({ type: 'copy', url: 'https://elsewhere.test/x' })
    await nextFrame()
    await nextFrame()
    expect(document.querySelector('.taro-modal__text')?.textContent).toBe(COPY_URL_MESSAGE)
    ;(document.querySelector('.taro-modal__foot .taro-model__btn:last-child') as HTMLElement).click()
    await done
    await expect(Taro.getClipboardData()).resolves.toMatchObject({ data: 'https://elsewhere.test/x' })
  })

  test('R2.38 none does nothing', async () => {
    await expect(follow({ type: 'none' })).resolves.toBeUndefined()
  })
})
