/**
 * H5's top bar on the pages that are not tabs, through Taro's real H5 router: 返回 when the app has a page under this
 * one, 首页 when the page was opened first (a shared link, a reload), the page's title beside it; none in the
 * messenger's browser, which draws its own bar.
 */
import { Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { withTopBar } from '@/components/top-bar'
import { openPage } from '@/router/navigate'
import { PAGE_PATHS } from '@/router/pages'
import { $, waitFor } from '../support/dom'
import { relaunchHome, renderCurrentPage, startH5Router, waitForPage } from '../support/h5-router'

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN'

const ListLike = withTopBar(function ListLike() {
  return <Text className='list-like'>列表内容</Text>
})

beforeAll(() => startH5Router({}))
beforeEach(() => relaunchHome())

test('R2.40 a page opened from home has 返回, which goes back to home', async () => {
  await openPage('list', { type: 'live' })
  await waitForPage(PAGE_PATHS.list)
  document.title = '正在直播'
  await renderCurrentPage(ListLike)
  const action = await waitFor(() => $('.top-bar__action'))
  expect(action.getAttribute('data-action')).toBe('back')
  expect(action.getAttribute('aria-label')).toBe('返回')
  expect(action.getAttribute('role')).toBe('button')
  // the page's title is the bar's heading, and the page follows the bar
  await waitFor(() => $('.top-bar__title')?.textContent === '正在直播')
  expect($('.top-bar__title')?.getAttribute('role')).toBe('heading')
  expect($('.top-bar')?.nextElementSibling?.className).toContain('list-like')
  action.click()
  await waitForPage(PAGE_PATHS.home)
  expect(Taro.getCurrentPages()).toHaveLength(1)
})

test('R2.40 a page opened first (from a link) has 首页, which opens home', async () => {
  await Taro.reLaunch({ url: `${PAGE_PATHS.list}?type=live` })
  await waitForPage(PAGE_PATHS.list)
  await renderCurrentPage(ListLike)
  const action = await waitFor(() => $('.top-bar__action'))
  expect(action.getAttribute('data-action')).toBe('home')
  expect(action.getAttribute('aria-label')).toBe('回到首页')
  action.click()
  await waitForPage(PAGE_PATHS.home)
})

test('the title follows the document’s as the page sets it', async () => {
  await openPage('list', { type: 'live' })
  await waitForPage(PAGE_PATHS.list)
  document.title = '列表'
  await renderCurrentPage(ListLike)
  await waitFor(() => $('.top-bar__title')?.textContent === '列表')
  document.title = '精彩回看'
  await waitFor(() => $('.top-bar__title')?.textContent === '精彩回看')
})

test('inside WeChat’s browser the host draws the bar: the page has none of its own', () => {
  const ua = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(navigator), 'userAgent')!
  Object.defineProperty(navigator, 'userAgent', { value: WECHAT_UA, configurable: true })
  try {
    // the platform is read once per app start: a fresh copy of the modules starts in WeChat
    jest.isolateModules(() => {
      const { hostDrawsBar, topBarHeight } = require('@/components/top-bar') as {
        hostDrawsBar: () => boolean
        topBarHeight: () => number
      }
      expect(hostDrawsBar()).toBe(true)
      expect(topBarHeight()).toBe(0)
    })
  } finally {
    delete (navigator as unknown as Record<string, unknown>).userAgent
    Object.defineProperty(Object.getPrototypeOf(navigator), 'userAgent', ua)
  }
})
