/// <reference types="@tarojs/taro" />

declare module '*.png'
declare module '*.gif'
declare module '*.jpg'
declare module '*.jpeg'
declare module '*.svg'
declare module '*.css'
declare module '*.scss'

declare namespace NodeJS {
  interface ProcessEnv {
    NODE_ENV: 'development' | 'production' | 'test'
    TARO_ENV: 'weapp' | 'h5' | 'swan' | 'alipay' | 'rn' | 'tt' | 'qq' | 'jd' | 'harmony' | 'jdrn'
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
}
