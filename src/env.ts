/**
 * The build-time configuration compiled into the app. Names, defaults and meanings are declared once in config/env.ts;
 * AppEnv is that declaration's type, so a variable added there and missing here (or left here after it is removed)
 * fails the type check. Each key is still written out literally because DefinePlugin replaces only the literal
 * expression `process.env.TARO_APP_X` with its value, in both targets; jest's setup fills process.env with the same
 * defaults.
 */
import type { AppEnv } from '../config/env'

export type { AppEnv }

export const env: AppEnv = {
  TARO_APP_API_HOST: process.env.TARO_APP_API_HOST,
  TARO_APP_LIVE_HOST: process.env.TARO_APP_LIVE_HOST,
  TARO_APP_STATS_HOST: process.env.TARO_APP_STATS_HOST,
  TARO_APP_MOBILE_HOST: process.env.TARO_APP_MOBILE_HOST,
  TARO_APP_DEV_ORIGIN: process.env.TARO_APP_DEV_ORIGIN,
  TARO_APP_BRAND: process.env.TARO_APP_BRAND,
  TARO_APP_DESCRIPTION: process.env.TARO_APP_DESCRIPTION,
  TARO_APP_SLOGAN: process.env.TARO_APP_SLOGAN,
  TARO_APP_VERSION: process.env.TARO_APP_VERSION,
  TARO_APP_MP_APPID: process.env.TARO_APP_MP_APPID,
  TARO_APP_UA_MARKERS: process.env.TARO_APP_UA_MARKERS,
  TARO_APP_PRODUCT: process.env.TARO_APP_PRODUCT,
  TARO_APP_WHITELIST: process.env.TARO_APP_WHITELIST,
  TARO_APP_SHORT_LINK_HOST: process.env.TARO_APP_SHORT_LINK_HOST,
  TARO_APP_ALLOW_LIVE_PLAYER: process.env.TARO_APP_ALLOW_LIVE_PLAYER,
  TARO_APP_TMPL_LIVE_START: process.env.TARO_APP_TMPL_LIVE_START,
  TARO_APP_TMPL_LOTTERY_WIN: process.env.TARO_APP_TMPL_LOTTERY_WIN,
  TARO_APP_MALL_OPENID: process.env.TARO_APP_MALL_OPENID,
  TARO_APP_JSSDK_URL: process.env.TARO_APP_JSSDK_URL,
  TARO_APP_ANALYTICS_URL: process.env.TARO_APP_ANALYTICS_URL,
  TARO_APP_ANALYTICS_KEY: process.env.TARO_APP_ANALYTICS_KEY,
  TARO_APP_TMPL_WEB_LIVE_START: process.env.TARO_APP_TMPL_WEB_LIVE_START,
  TARO_APP_TMPL_WEB_LOTTERY_WIN: process.env.TARO_APP_TMPL_WEB_LOTTERY_WIN,
  TARO_APP_USER_AGREEMENT_FILE: process.env.TARO_APP_USER_AGREEMENT_FILE,
  TARO_APP_PRIVACY_POLICY_FILE: process.env.TARO_APP_PRIVACY_POLICY_FILE
}
