/*
 * The mini-program's system info (src/platform/system.ts) as WeChat gives it since base library 2.20.1: the window
 * from wx.getWindowInfo, the platform from wx.getDeviceInfo, and the capsule where WeChat lays it out, from
 * wx.getMenuButtonBoundingClientRect, not the spec's default guess; wx.getSystemInfoSync (no longer maintained) is
 * never called.
 */
import Taro from '@tarojs/taro'

const T = Taro as unknown as Record<string, unknown>
const saved: Record<string, unknown> = {}
const stub = (name: string, fn: unknown) => {
  if (!(name in saved)) saved[name] = T[name]
  T[name] = fn
}
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) T[k] = v
  for (const k of Object.keys(saved)) delete saved[k]
})
// systemInfo() computes once per load of the module: each test loads it afresh, with the same Taro
const fresh = <M>(path: string): M => {
  let m: M | undefined
  jest.isolateModules(() => {
    jest.doMock('@tarojs/taro', () => ({ __esModule: true, default: Taro }))
    m = require(path) as M
  })
  return m!
}

test('R3.56 R9.13 the capsule is WeChat’s measured menu button; the window and platform come from getWindowInfo and getDeviceInfo', () => {
  const systemInfoSync = jest.fn(() => {
    throw new Error('getSystemInfoSync is not to be called')
  })
  stub('getSystemInfoSync', systemInfoSync)
  stub('getWindowInfo', () => ({
    windowWidth: 393,
    windowHeight: 760,
    statusBarHeight: 54,
    safeArea: { top: 54, bottom: 818, left: 0, right: 393, width: 393, height: 764 }
  }))
  stub('getDeviceInfo', () => ({ platform: 'ios', system: 'iOS 17.4', brand: 'iPhone', model: 'iPhone 15' }))
  // a capsule of another size and place than the spec's default 87x32 with margin 7
  const menu = { top: 58, bottom: 90, left: 299, right: 386, width: 87, height: 32 }
  stub('getMenuButtonBoundingClientRect', () => menu)
  {
    const { systemInfo } = fresh<typeof import('@/platform/system')>('@/platform/system')
    const info = systemInfo()
    expect(info.capsulePosition).toEqual(menu)
    expect(info).toMatchObject({
      windowWidth: 393,
      windowHeight: 760,
      statusBarHeight: 54,
      navBarHeight: 94,
      isIOS: true,
      isAndroid: false
    })
    expect(info.safeArea.bottom).toBe(818)
  }
  expect(fresh<typeof import('@/platform/launch')>('@/platform/launch').deviceIsIOS()).toBe(true)
  expect(systemInfoSync).not.toHaveBeenCalled()
})

test('R3.56 a host that answers nothing: the spec’s defaults, the capsule 87x32 with margin 7', () => {
  for (const name of ['getSystemInfoSync', 'getWindowInfo', 'getDeviceInfo', 'getMenuButtonBoundingClientRect'])
    stub(name, () => {
      throw new Error('not here')
    })
  const info = fresh<typeof import('@/platform/system')>('@/platform/system').systemInfo()
  expect(info.statusBarHeight).toBe(10)
  expect(info.capsulePosition).toEqual({ top: 14, bottom: 46, left: 281, right: 368, width: 87, height: 32 })
})
