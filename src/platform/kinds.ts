/** Platform kinds (spec R1.15). PRODUCT is the broadcaster's own app before 7.0.0, named after the brand. */
export type PlatformKind = 'WEAPP' | 'WECHAT' | 'WEAPP_WEB' | 'WXBB' | 'PRODUCT' | 'WXLIVE' | 'LINGXI' | 'WEB'

/** R6.4: the messenger's own browser and the mini-program's web view log in through the messenger and share with its SDK. */
export const MESSENGER_PLATFORMS: readonly PlatformKind[] = ['WECHAT', 'WEAPP_WEB']

/** User-agent markers of the host apps; configuration (TARO_APP_UA_MARKERS as JSON) with these defaults. */
export interface UaMarkers {
  /** The broadcaster's app: WXBB from version 7.0.0, PRODUCT before. */
  app: string
  wxbb: string
  wxlive: string
  lingxi: string
}

export const DEFAULT_UA_MARKERS: UaMarkers = { app: 'BroadcasterApp', wxbb: 'wxbb', wxlive: 'wxlive', lingxi: 'lingxi' }

export function uaMarkers(json: string): UaMarkers {
  if (!json) return DEFAULT_UA_MARKERS
  try {
    const parsed = JSON.parse(json) as Partial<UaMarkers>
    return { ...DEFAULT_UA_MARKERS, ...parsed }
  } catch {
    return DEFAULT_UA_MARKERS
  }
}

/** The version of the broadcaster's app from which it is WXBB (spec R1.15). */
export const WXBB_MIN_VERSION = '7.0.0'

export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((x) => parseInt(x, 10) || 0)
  const pb = b.split('.').map((x) => parseInt(x, 10) || 0)
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] || 0) - (pb[i] || 0)
    if (d) return d > 0 ? 1 : -1
  }
  return 0
}

function escape(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

export interface WebSignals {
  userAgent: string
  /** window.__wxjs_environment === 'miniprogram', set by the mini-program web view. */
  miniProgramWebView?: boolean
}

/** The kind of a web environment (spec R1.16–R1.19). The mini-program build is always WEAPP. */
export function detectWebPlatform(signals: WebSignals, markers: UaMarkers = DEFAULT_UA_MARKERS): PlatformKind {
  const ua = signals.userAgent || ''
  if (signals.miniProgramWebView || /miniProgram/i.test(ua)) return 'WEAPP_WEB' // R1.17
  const app = ua.match(new RegExp(`${escape(markers.app)}[/ ]?(\\d+(?:\\.\\d+)*)?`, 'i'))
  if (app) return app[1] && compareVersions(app[1], WXBB_MIN_VERSION) >= 0 ? 'WXBB' : 'PRODUCT' // R1.18
  const has = (m: string) => !!m && new RegExp(escape(m), 'i').test(ua)
  if (has(markers.wxbb)) return 'WXBB' // R1.19
  if (has(markers.wxlive)) return 'WXLIVE'
  if (has(markers.lingxi)) return 'LINGXI'
  if (isWechat(ua)) return 'WECHAT' // R1.16
  return 'WEB'
}

export function isIOS(ua: string): boolean {
  return /iPhone|iPad|iPod|iOS/i.test(ua)
}

/** WeChat's own browser (and the mini-program's web view): its video autoplays once its JS bridge is ready. */
export function isWechat(ua: string): boolean {
  return /MicroMessenger/i.test(ua)
}
