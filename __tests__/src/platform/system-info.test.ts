import { computeSystemInfo } from '@/platform/system-info'

describe('system info', () => {
  test('R3.56 R9.13 window width is capped at 854', () => {
    expect(computeSystemInfo({ windowWidth: 1280 }).windowWidth).toBe(854)
    expect(computeSystemInfo({ windowWidth: 390 }).windowWidth).toBe(390)
  })
  test('R3.56 R9.13 status bar defaults to 10 and the nav bar is status bar + 40', () => {
    const a = computeSystemInfo({ windowWidth: 375 })
    expect(a.statusBarHeight).toBe(10)
    expect(a.navBarHeight).toBe(50)
    expect(computeSystemInfo({ windowWidth: 375, statusBarHeight: 47 }).navBarHeight).toBe(87)
  })
  test('R3.56 R9.13 the capsule is 87x32 with margin 7', () => {
    const { capsulePosition } = computeSystemInfo({ windowWidth: 375, statusBarHeight: 20 })
    expect(capsulePosition).toEqual({ top: 24, bottom: 56, left: 281, right: 368, width: 87, height: 32 })
  })
  test('R3.56 iOS and Android flags, nav bar extension 4 on iOS', () => {
    const ios = computeSystemInfo({ windowWidth: 390, platform: 'ios', system: 'iOS 17.0' })
    expect(ios).toMatchObject({ isIOS: true, isAndroid: false, navBarExtendHeight: 4 })
    const android = computeSystemInfo({ windowWidth: 390, platform: 'android', system: 'Android 14' })
    expect(android).toMatchObject({ isIOS: false, isAndroid: true, navBarExtendHeight: 0 })
  })
  test('R3.56 safe area passes through, with a default', () => {
    const safeArea = { top: 47, bottom: 810, left: 0, right: 390, width: 390, height: 763 }
    expect(computeSystemInfo({ windowWidth: 390, safeArea }).safeArea).toBe(safeArea)
    expect(computeSystemInfo({ windowWidth: 390, windowHeight: 800 }).safeArea).toEqual({
      top: 10,
      bottom: 800,
      left: 0,
      right: 390,
      width: 390,
      height: 790
    })
  })
})
