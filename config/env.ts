/**
 * Build-time configuration. Hosts, app ids, brand and slogan come from environment variables at build time and
 * default to the local reference server (one origin serves every host there).
 * An empty host means "the page's own origin" on H5; the mini-program, which has no origin, uses DEV_ORIGIN.
 */
export interface AppEnv {
  TARO_APP_API_HOST: string
  TARO_APP_LIVE_HOST: string
  TARO_APP_STATS_HOST: string
  TARO_APP_MOBILE_HOST: string
  TARO_APP_DEV_ORIGIN: string
  TARO_APP_BRAND: string
  TARO_APP_DESCRIPTION: string
  TARO_APP_SLOGAN: string
  TARO_APP_VERSION: string
  TARO_APP_MP_APPID: string
  TARO_APP_UA_MARKERS: string
  TARO_APP_PRODUCT: string
  TARO_APP_WHITELIST: string
  TARO_APP_SHORT_LINK_HOST: string
  TARO_APP_ALLOW_LIVE_PLAYER: string
  TARO_APP_TMPL_LIVE_START: string
  TARO_APP_TMPL_LOTTERY_WIN: string
  TARO_APP_MALL_OPENID: string
  TARO_APP_JSSDK_URL: string
  TARO_APP_ANALYTICS_URL: string
  TARO_APP_ANALYTICS_KEY: string
  TARO_APP_TMPL_WEB_LIVE_START: string
  TARO_APP_TMPL_WEB_LOTTERY_WIN: string
}

export const ENV_DEFAULTS: AppEnv = {
  TARO_APP_API_HOST: '',
  TARO_APP_LIVE_HOST: '',
  TARO_APP_STATS_HOST: '',
  TARO_APP_MOBILE_HOST: '',
  TARO_APP_DEV_ORIGIN: 'http://127.0.0.1:8080',
  TARO_APP_BRAND: '慧直播',
  TARO_APP_DESCRIPTION: '城市台直播与点播',
  TARO_APP_SLOGAN: '看见身边的精彩',
  TARO_APP_VERSION: '1.0.0',
  TARO_APP_MP_APPID: 'touristappid',
  // JSON: user-agent markers of the host apps (spec R1.18, R1.19)
  TARO_APP_UA_MARKERS: '',
  // the broadcaster's app name, the {product} of /{product}4.0/ (R7.5) and /userapp/{product}_login (R7.59)
  TARO_APP_PRODUCT: 'huizhibo',
  // web-view whitelist (spec R2.35), comma-separated: the broadcaster's own hosts, `.example.com` for a domain and its
  // subdomains. The live host and the messaging platform's article host are always on it; by default nothing else
  // (the reference server is the live host).
  TARO_APP_WHITELIST: '',
  // the broadcaster's short-link host, also on the web-view whitelist (R2.35); none by default
  TARO_APP_SHORT_LINK_HOST: '',
  TARO_APP_ALLOW_LIVE_PLAYER: '0',
  // subscription message template ids (spec R9.26): live start and lottery win
  TARO_APP_TMPL_LIVE_START: '',
  TARO_APP_TMPL_LOTTERY_WIN: '',
  // the open id of the mall's pay call (R3.50) when the viewer has none of their own (README, Security notes: the
  // spec's one hard-coded open id for everyone is a finding); none by default
  TARO_APP_MALL_OPENID: '',
  // the messenger's JS-SDK script (R7.64 share menu in its browser); a path is on the live host. The reference
  // server serves a sandbox stand-in there; production: https://res.wx.qq.com/open/js/jweixin-1.6.0.js
  TARO_APP_JSSDK_URL: '/sandbox/jweixin.js',
  // the external analytics script (R7.111), loaded once with ?v=YYYYMMDD; a path is on the live host (the reference
  // server's sandbox stand-in, which records events); `off` turns analytics off
  TARO_APP_ANALYTICS_URL: '/sandbox/analytics.js',
  // the analytics service's app key (R7.111)
  TARO_APP_ANALYTICS_KEY: 'sandbox',
  // subscription message template ids of the web version (R9.26; the messenger's wx-open-subscribe): live start
  // and lottery win; the mini-program's are TARO_APP_TMPL_LIVE_START / TARO_APP_TMPL_LOTTERY_WIN
  TARO_APP_TMPL_WEB_LIVE_START: '',
  TARO_APP_TMPL_WEB_LOTTERY_WIN: ''
}

export function appEnv(source: Record<string, string | undefined>): AppEnv {
  const out = { ...ENV_DEFAULTS }
  for (const key of Object.keys(out) as (keyof AppEnv)[]) {
    const v = source[key]
    if (typeof v === 'string' && v !== '') out[key] = v
  }
  // {product} is a path segment of API calls: letters, digits, _ and - only
  if (!/^[A-Za-z0-9_-]+$/.test(out.TARO_APP_PRODUCT)) {
    throw new Error(`TARO_APP_PRODUCT must be letters, digits, _ or -: ${JSON.stringify(out.TARO_APP_PRODUCT)}`)
  }
  return out
}

/** DefinePlugin constants: `process.env.TARO_APP_X` is replaced by its string literal in both targets. */
export function defineAppEnv(env: AppEnv): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(env)) out[`process.env.${k}`] = JSON.stringify(v)
  return out
}
