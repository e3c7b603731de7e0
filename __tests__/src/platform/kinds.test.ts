import { DEFAULT_UA_MARKERS, compareVersions, detectWebPlatform, uaMarkers } from '@/platform/kinds'
import { currentPlatform, inMiniProgram } from '@/platform/current'

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const WECHAT = `${IPHONE} MicroMessenger/8.0.50(0x18003231) NetType/WIFI Language/zh_CN`

describe('platform kinds and environment detection', () => {
  test('R1.16 the messenger user agent means WECHAT', () => {
    expect(detectWebPlatform({ userAgent: WECHAT })).toBe('WECHAT')
  })
  test('R1.17 inside the mini-program web view it is WEAPP_WEB', () => {
    expect(detectWebPlatform({ userAgent: `${WECHAT} miniProgram` })).toBe('WEAPP_WEB')
    expect(detectWebPlatform({ userAgent: WECHAT, miniProgramWebView: true })).toBe('WEAPP_WEB')
  })
  test('R1.18 the broadcaster app marker gives WXBB from 7.0.0 and PRODUCT before', () => {
    const m = DEFAULT_UA_MARKERS.app
    expect(detectWebPlatform({ userAgent: `${IPHONE} ${m}/7.0.0` })).toBe('WXBB')
    expect(detectWebPlatform({ userAgent: `${IPHONE} ${m}/7.12.1` })).toBe('WXBB')
    expect(detectWebPlatform({ userAgent: `${IPHONE} ${m}/6.9.9` })).toBe('PRODUCT')
    expect(detectWebPlatform({ userAgent: `${IPHONE} ${m}` })).toBe('PRODUCT')
  })
  test('R1.19 wxbb, wxlive and lingxi markers select those environments', () => {
    expect(detectWebPlatform({ userAgent: `${IPHONE} wxbb` })).toBe('WXBB')
    expect(detectWebPlatform({ userAgent: `${IPHONE} WXLive/2.1` })).toBe('WXLIVE')
    expect(detectWebPlatform({ userAgent: `${IPHONE} lingxi/3.0` })).toBe('LINGXI')
    expect(detectWebPlatform({ userAgent: IPHONE })).toBe('WEB')
  })
  test('markers are configuration', () => {
    const markers = uaMarkers('{"app":"CityNews","lingxi":"LX"}')
    expect(detectWebPlatform({ userAgent: `${IPHONE} CityNews/7.1.0` }, markers)).toBe('WXBB')
    expect(detectWebPlatform({ userAgent: `${IPHONE} LX` }, markers)).toBe('LINGXI')
    expect(uaMarkers('not json')).toEqual(DEFAULT_UA_MARKERS)
  })
  test('version comparison', () => {
    expect(compareVersions('7.0.0', '7.0.0')).toBe(0)
    expect(compareVersions('7.0.10', '7.0.9')).toBe(1)
    expect(compareVersions('6.99', '7')).toBe(-1)
  })
  test('the H5 build detects from the browser (jsdom is a plain browser)', () => {
    expect(inMiniProgram).toBe(false)
    expect(currentPlatform()).toBe('WEB')
  })
})
