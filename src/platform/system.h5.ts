import { isIOS } from './kinds'
import { computeSystemInfo, type RawSystemInfo, type SystemInfo } from './system-info'

let cached: SystemInfo | null = null

/**
 * H5: the system info of spec R3.56 from the browser itself: the document's client size as Taro's H5
 * getSystemInfoSync answers it, no status bar (the defaults apply), iOS / Android from the user agent. Taro's call
 * would load a user-agent library for figures nothing here reads (platform.js, 6 KB gzip of the first load; README,
 * Performance).
 */
export function systemInfo(): SystemInfo {
  if (!cached) {
    const ua = navigator.userAgent
    const android = /Android/i.test(ua)
    const raw: RawSystemInfo = {
      windowWidth: document.documentElement.clientWidth,
      windowHeight: document.documentElement.clientHeight,
      platform: isIOS(ua) && !android ? 'iOS' : android ? 'Android' : 'other',
      system: (ua.match(/(?:Android|(?:iPhone )?OS) [\d._]+/) ?? [''])[0]
    }
    cached = computeSystemInfo(raw)
  }
  return cached
}
