/// <reference types="@tarojs/taro" />

declare module '*.png'
declare module '*.gif'
declare module '*.jpg'
declare module '*.jpeg'
declare module '*.svg'
declare module '*.css'
declare module '*.scss'

declare namespace NodeJS {
  // the build-time variables, declared once in config/env.ts (DefinePlugin replaces each with its string)
  type AppEnv = import('../config/env').AppEnv
  // and the texts of its `file` variables, read by package B's legal page alone
  type LegalTexts = import('../config/env').LegalTexts
  interface ProcessEnv extends AppEnv, LegalTexts {
    NODE_ENV: 'development' | 'production' | 'test'
    TARO_ENV: 'weapp' | 'h5' | 'swan' | 'alipay' | 'rn' | 'tt' | 'qq' | 'jd' | 'harmony' | 'jdrn'
  }
}
