import { MAIN_PAGES, PACKAGE_A, PACKAGE_A_PAGES, PACKAGE_B, PACKAGE_B_PAGES, TAB_PAGES } from './router/pages'
import { THEME_COLOR } from './theme'

/** H5 page transitions: 300 ms with a 50 ms delay (spec R9.15); the mini-program animates natively. */
export const PAGE_ANIMATION = { duration: 300, delay: 50 }

// Spec section 2: four custom tabs, the list page in the main package, package A preloaded from home, package B.
export default defineAppConfig({
  pages: Object.values(MAIN_PAGES),
  subPackages: [
    { root: PACKAGE_A, pages: Object.values(PACKAGE_A_PAGES) },
    { root: PACKAGE_B, pages: Object.values(PACKAGE_B_PAGES) }
  ],
  preloadRule: {
    [TAB_PAGES.home]: { network: 'all', packages: [PACKAGE_A] },
    // the 视听 tab opens its channels, programmes and videos in package A's player page
    [TAB_PAGES.media]: { network: 'all', packages: [PACKAGE_A] }
  },
  tabBar: {
    custom: true,
    color: '#999999',
    selectedColor: THEME_COLOR,
    backgroundColor: '#ffffff',
    borderStyle: 'white',
    list: [
      { pagePath: TAB_PAGES.home, text: '直播' },
      { pagePath: TAB_PAGES.streamer, text: '主播' },
      { pagePath: TAB_PAGES.media, text: '视听' },
      { pagePath: TAB_PAGES.user, text: '我的' }
    ]
  },
  window: {
    backgroundTextStyle: 'dark',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTitleText: '',
    navigationBarTextStyle: 'black',
    backgroundColor: '#f5f5f5'
  },
  permission: {},
  // radio and audio programmes play on in the background (src/platform/audio.ts: BackgroundAudioManager)
  requiredBackgroundModes: ['audio'],
  lazyCodeLoading: 'requiredComponents',
  // WeChat's current component styles (the 2.x look of buttons, icons, inputs), not the old 1.x ones
  style: 'v2',
  // what WeChat's search may index: every page but the deposit and payment pages (src/sitemap.json)
  sitemapLocation: 'sitemap.json',
  ...(process.env.TARO_ENV === 'h5' ? { animation: PAGE_ANIMATION } : {})
})
