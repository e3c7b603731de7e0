import appConfig from '@/app.config'
import { DESIGN_WIDTH, HOME_PATH, THEME_COLOR } from '@/theme'
import { PAGE_PATHS, featuredKey } from '@/router/pages'
import { isColor } from '@/utils/validate'
import { defaultShareTitle } from '@/share'
import homeConfig from '@/pages/home/home.config'
import liveConfig from '@/packageA/pages/live/live.config'
import albumConfig from '@/packageB/pages/album/album.config'
import listConfig from '@/pages/list/list.config'
import * as fs from 'fs'
import * as path from 'path'

const cfg = appConfig as Required<Taro.Config> & {
  subPackages: { root: string; pages: string[] }[]
  preloadRule: Record<string, { packages: string[] }>
  tabBar: { custom: boolean; selectedColor: string; list: { pagePath: string; text: string }[] }
}

describe('app configuration', () => {
  test('R1.20 theme colour #ff8300 is the tab bar highlight and a valid colour', () => {
    expect(THEME_COLOR).toBe('#ff8300')
    expect(cfg.tabBar.selectedColor).toBe('#ff8300')
    expect(isColor(THEME_COLOR)).toBe(true)
  })
  test('R1.21 home path pages/home/home is the first page', () => {
    expect(HOME_PATH).toBe('pages/home/home')
    expect(cfg.pages[0]).toBe('pages/home/home')
  })
  test('R1.22 R1.23 design width 750 and locale zh-cn', () => {
    expect(DESIGN_WIDTH).toBe(750)
    // the page's language: zh-cn (the H5 template; dates and relative times are formatted in Chinese, utils/format)
    expect(fs.readFileSync(path.join(__dirname, '../../src/index.html'), 'utf8')).toMatch(/<html lang="zh-CN">/)
  })
  test('R1.24 the default share title is built from brand, description and slogan', () => {
    expect(defaultShareTitle({ brand: '慧直播', description: '城市台直播', slogan: '看见精彩' })).toBe(
      '慧直播 · 城市台直播，看见精彩'
    )
    expect(defaultShareTitle({ brand: '慧直播', description: '', slogan: '' })).toBe('慧直播')
    expect(defaultShareTitle()).toContain(process.env.TARO_APP_BRAND)
  })
})

describe('route map', () => {
  test('R2.2 R2.3 R2.4 R2.5 four custom tabs: 直播, 主播, 视听, 我的', () => {
    expect(cfg.tabBar.custom).toBe(true)
    expect(cfg.tabBar.list).toEqual([
      { pagePath: 'pages/home/home', text: '直播' },
      { pagePath: 'pages/streamer/streamer', text: '主播' },
      { pagePath: 'pages/media/media', text: '视听' },
      { pagePath: 'pages/user/user', text: '我的' }
    ])
  })
  test('R2.2 home has custom navigation, share enabled and no pull-to-refresh', () => {
    expect(homeConfig).toMatchObject({
      navigationStyle: 'custom',
      enableShareAppMessage: true,
      enablePullDownRefresh: false
    })
  })
  test('R2.7 the main package holds the four tabs and pages/list/list', () => {
    expect(cfg.pages).toEqual([
      'pages/home/home',
      'pages/streamer/streamer',
      'pages/media/media',
      'pages/user/user',
      'pages/list/list'
    ])
    expect(listConfig).toMatchObject({ enablePullDownRefresh: true, onReachBottomDistance: 50 })
  })
  test('R2.8–R2.15 package A is preloaded from home and 视听 and holds its pages, the 视听 player page after the spec’s', () => {
    const a = cfg.subPackages.find((p) => p.root === 'packageA')!
    expect(a.pages).toEqual([
      'pages/live/live',
      'pages/playback/playback',
      'pages/preview/preview',
      'pages/timeline/timeline',
      'pages/post/post',
      'pages/streamer/streamer',
      'pages/streamer/follow/follow',
      'featured/wuxilcb/wuxilcb',
      'featured/dingshu/dingshu',
      'featured/hubin/hubin',
      'pages/watch/watch'
    ])
    expect(cfg.preloadRule['pages/home/home'].packages).toEqual(['packageA'])
    expect(cfg.preloadRule['pages/media/media'].packages).toEqual(['packageA'])
    expect(liveConfig).toMatchObject({ enableShareAppMessage: true, disableScroll: true })
    expect(featuredKey('binhu717')).toBe('hubin')
  })
  test('R2.16–R2.21 R2.46 package B holds deposit, album, search, web, channel bridge, mall payment, 消费记录, 观看历史 and the legal page', () => {
    const b = cfg.subPackages.find((p) => p.root === 'packageB')!
    expect(b.pages).toEqual([
      'pages/deposit/deposit',
      'pages/album/album',
      'pages/search/search',
      'pages/web/web',
      'pages/channel/bridge',
      'pages/mall/payment',
      'pages/consume/consume',
      'pages/history/history',
      'pages/legal/legal'
    ])
    expect(albumConfig).toMatchObject({ enableShareAppMessage: true, enableShareTimeline: true })
  })
  test('every page of the route map has its source file', () => {
    for (const p of Object.values(PAGE_PATHS)) {
      expect(fs.existsSync(path.join(__dirname, '../../src', `${p}.tsx`))).toBe(true)
      expect(fs.existsSync(path.join(__dirname, '../../src', `${p}.config.ts`))).toBe(true)
    }
  })
})
