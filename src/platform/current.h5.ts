import { env } from '@/env'
import { detectWebPlatform, uaMarkers, type PlatformKind } from './kinds'

let cached: PlatformKind | null = null

/** The H5 build: detected once from the user agent and the web-view flag. */
export function currentPlatform(): PlatformKind {
  if (!cached) {
    const w = window as unknown as { __wxjs_environment?: string }
    cached = detectWebPlatform(
      { userAgent: navigator.userAgent, miniProgramWebView: w.__wxjs_environment === 'miniprogram' },
      uaMarkers(env.TARO_APP_UA_MARKERS)
    )
  }
  return cached
}

export const inMiniProgram = false
