// H5 system info (src/platform/system.h5.ts): read from the browser instead of Taro's getSystemInfoSync
// (whose user-agent library was 6 KB gzip of every first load), drawn by the navigation bar the pages use.
type SystemModule = typeof import('@/platform/system')
type NavBarModule = typeof import('@/components/nav-bar')
type TestUtilsClass = typeof import('@tarojs/test-utils-react').default

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47'
const ANDROID =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36'

/** A fresh copy of the modules (the info is computed once per page load) in a browser of this size and agent. */
function browser(
  ua: string,
  width: number,
  height: number
): { system: SystemModule; navBar: NavBarModule; TestUtils: TestUtilsClass } {
  jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(ua)
  jest.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(width)
  jest.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(height)
  let modules!: { system: SystemModule; navBar: NavBarModule; TestUtils: TestUtilsClass }
  // one registry for the page and the renderer, so both use the same React
  jest.isolateModules(() => {
    modules = {
      system: require('@/platform/system'),
      navBar: require('@/components/nav-bar'),
      TestUtils: require('@tarojs/test-utils-react').default
    }
  })
  return modules
}

afterEach(() => jest.restoreAllMocks())

describe('H5 system info from the browser', () => {
  test('R3.56 R9.13 an iPhone: the window size, the iOS flag with the 4 px nav bar extension, status bar 10 and nav bar 50; the nav bar keeps the capsule clear', async () => {
    const { system, navBar, TestUtils } = browser(IPHONE, 390, 844)
    expect(system.systemInfo()).toMatchObject({
      windowWidth: 390,
      windowHeight: 844,
      statusBarHeight: 10,
      navBarHeight: 50,
      isIOS: true,
      isAndroid: false,
      navBarExtendHeight: 4,
      capsulePosition: { top: 14, bottom: 46, left: 296, right: 383, width: 87, height: 32 }
    })
    const t = new TestUtils()
    await t.mount(() => <navBar.NavBar title='直播' />)
    const bar = document.querySelector('.nav-bar') as HTMLElement
    expect(bar.style.height).toBe('50px')
    expect(bar.style.paddingTop).toBe('10px')
    expect((document.querySelector('.nav-bar__inner') as HTMLElement).style.paddingRight).toBe('94px')
    t.unmout()
  })

  test('R3.56 R9.13 an Android phone is Android, not iOS; a wide window is capped at 854', () => {
    const { system } = browser(ANDROID, 1280, 720)
    expect(system.systemInfo()).toMatchObject({
      windowWidth: 854,
      windowHeight: 720,
      isIOS: false,
      isAndroid: true,
      navBarExtendHeight: 0
    })
  })
})
