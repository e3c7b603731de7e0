/**
 * Build-time configuration, declared once: every variable's name, kind, default and meaning. From this table come
 * the DefinePlugin constants (defineAppEnv), the type the app sees (AppEnv, used by src/env.ts and types/global.d.ts),
 * jest's process.env (__tests__/setup/env.ts) and the README's
 * Configuration table (scripts/config-docs.ts: `npm run docs:config`, checked by __tests__/src/config-docs.test.ts).
 *
 * Hosts, app ids, brand and slogan come from environment variables at build time and default to the local reference
 * server (one origin serves every host there). An empty host means "the page's own origin" on H5; the mini-program,
 * which has no origin, uses DEV_ORIGIN: that is the DevTools preview (`npm run build:weapp`). The release build
 * (`npm run release:weapp`, scripts/release-weapp.mjs) refuses to start while a variable marked `release` is not what
 * a published mini-program needs, so no empty host, and no loopback DEV_ORIGIN, reaches a phone.
 */
import { readFileSync } from 'fs'
import path from 'path'

export interface EnvVarSpec {
  /** What the value is; every value reaches the app as a string. */
  type: 'host' | 'origin' | 'url' | 'text' | 'json' | 'list' | 'flag' | 'id' | 'file'
  default: string
  /** The README's "meaning" column (Markdown). */
  description: string
  /** The README's "default" column when the bare default needs words (Markdown); otherwise the default itself. */
  defaultMeans?: string
  /**
   * What the mini-program's release build (`npm run release:weapp`) demands of it before building: `https-host` an
   * `https://` domain (WeChat's server-domain lists take no http, no IP address and no localhost), `own-id` a value
   * of the account's own (set, and not the default), `own-file` a file of the broadcaster's own (set, not the demo's
   * placeholder, and there).
   */
  release?: 'https-host' | 'own-id' | 'own-file'
}

export const CONFIG = {
  TARO_APP_API_HOST: {
    type: 'host',
    release: 'https-host',
    default: '',
    description: 'live API host; calls go to `<host>/api/v1/…` (spec R7.2)',
    defaultMeans: "the page's own origin on H5"
  },
  TARO_APP_LIVE_HOST: {
    type: 'host',
    release: 'https-host',
    default: '',
    description: 'main live host: `.php` and `/m2/` paths (R7.3); its share links open in-app pages',
    defaultMeans: "the page's own origin"
  },
  TARO_APP_STATS_HOST: {
    type: 'host',
    release: 'https-host',
    default: '',
    description: 'statistics service: `rank-page` paths (R7.4)',
    defaultMeans: "the page's own origin"
  },
  TARO_APP_MOBILE_HOST: {
    type: 'host',
    release: 'https-host',
    default: '',
    description: 'mobile API host: `<host>/mobile/api/…` (R7.5)',
    defaultMeans: "the page's own origin"
  },
  TARO_APP_DEV_ORIGIN: {
    type: 'origin',
    default: 'http://127.0.0.1:8080',
    description:
      'the origin the mini-program uses for an empty host (the DevTools preview; `npm run release:weapp` refuses empty ' +
      'hosts and sets it to the API host)'
  },
  TARO_APP_BRAND: { type: 'text', default: '慧直播', description: 'brand name (share title R1.24)' },
  TARO_APP_DESCRIPTION: {
    type: 'text',
    default: '城市台直播与点播',
    description: 'brand description (H5 meta description)'
  },
  TARO_APP_SLOGAN: { type: 'text', default: '看见身边的精彩', description: 'brand slogan' },
  TARO_APP_VERSION: { type: 'text', default: '1.0.0', description: 'the `version` sent with every call' },
  TARO_APP_MP_APPID: {
    type: 'id',
    default: 'touristappid',
    release: 'own-id',
    description: "mini-program app id (the release build's `project.config.json`)"
  },
  TARO_APP_UA_MARKERS: {
    type: 'json',
    default: '',
    description: 'JSON of host-app user-agent markers `{app, wxbb, wxlive, lingxi}` (R1.18, R1.19)',
    // src/platform/kinds.ts, DEFAULT_UA_MARKERS
    defaultMeans: '`{"app":"BroadcasterApp","wxbb":"wxbb","wxlive":"wxlive","lingxi":"lingxi"}`'
  },
  TARO_APP_PRODUCT: {
    type: 'id',
    default: 'huizhibo',
    description:
      "the broadcaster's app name, the `{product}` of `/{product}4.0/` mobile API paths (R7.5) and " +
      '`/userapp/{product}_login` (R7.59); letters, digits, `_`, `-`'
  },
  TARO_APP_WHITELIST: {
    type: 'list',
    default: '',
    description:
      'comma-separated broadcaster hosts whose http(s) links open in the web-view page (R2.35), e.g. its ~12 ' +
      'subdomains; `.example.com` allows that domain and its subdomains. The live host and `mp.weixin.qq.com` are ' +
      'always on the list',
    defaultMeans: '(none besides those two: the reference server is the live host)'
  },
  TARO_APP_SHORT_LINK_HOST: {
    type: 'host',
    default: '',
    description: "the broadcaster's short-link host, also on the web-view whitelist (R2.35)"
  },
  TARO_APP_ALLOW_LIVE_PLAYER: {
    type: 'flag',
    default: '0',
    description: '`1` to use `<live-player>` for FLV/RTMP in the mini-program (needs the category permission)'
  },
  TARO_APP_TMPL_LIVE_START: {
    type: 'id',
    default: '',
    description:
      "the mini-program's subscription message template id (R9.26) of live start: the room and preview reminders ask " +
      'with it',
    defaultMeans: '(none: the reminder subscribes without asking)'
  },
  TARO_APP_TMPL_LOTTERY_WIN: {
    type: 'id',
    default: '',
    description: "the mini-program's subscription message template id (R9.26) of a lottery win"
  },
  TARO_APP_MALL_OPENID: {
    type: 'id',
    default: '',
    description:
      "the `openid` of the mall's pay call (R3.50) for a viewer who has no messenger open id of their own (the " +
      "`openid` cookie of R4.10 goes first); see Security notes (the spec's one hard-coded open id for everyone is a " +
      'finding)'
  },
  TARO_APP_JSSDK_URL: {
    type: 'url',
    default: '/sandbox/jweixin.js',
    description:
      "the messenger's JS-SDK script for its browser (WECHAT, WEAPP_WEB): configured from `get_jssdk` for the current " +
      "URL after every route change, the share menu gets the page's share payload (R7.64, R3.54); a path is on the " +
      'live host. Production: `https://res.wx.qq.com/open/js/jweixin-1.6.0.js`',
    defaultMeans: "`/sandbox/jweixin.js` (the reference server's stand-in)"
  },
  TARO_APP_ANALYTICS_URL: {
    type: 'url',
    default: '/sandbox/analytics.js',
    description:
      'the external analytics script (R7.111; loaded once per page load with `?v=YYYYMMDD`, `off` turns it off; a ' +
      "path is on the live host). Production: the analytics service's SDK URL",
    defaultMeans: "`/sandbox/analytics.js` (the reference server's stand-in, which records events)"
  },
  TARO_APP_ANALYTICS_KEY: {
    type: 'id',
    default: 'sandbox',
    description: "the analytics service's app key (R7.111). Production: the service's key"
  },
  TARO_APP_TMPL_WEB_LIVE_START: {
    type: 'id',
    default: '',
    description:
      "the web version's template id (R9.26) of live start for the messenger's subscribe button; when set, the " +
      'JS-SDK config asks for `wx-open-subscribe`'
  },
  TARO_APP_TMPL_WEB_LOTTERY_WIN: {
    type: 'id',
    default: '',
    description: "the web version's template id (R9.26) of a lottery win for the messenger's subscribe button"
  },
  TARO_APP_USER_AGREEMENT_FILE: {
    type: 'file',
    default: 'config/legal/user-agreement.txt',
    release: 'own-file',
    description:
      'the 用户协议 the login asks the viewer to accept (个人信息保护法): a UTF-8 text file (a path from the project ' +
      "root), paragraphs separated by blank lines; its text is compiled into package B's 用户协议 page",
    defaultMeans: '`config/legal/user-agreement.txt` (a placeholder, which `npm run release:weapp` refuses)'
  },
  TARO_APP_PRIVACY_POLICY_FILE: {
    type: 'file',
    default: 'config/legal/privacy-policy.txt',
    release: 'own-file',
    description:
      "the 隐私政策 the login asks the viewer to accept, as `TARO_APP_USER_AGREEMENT_FILE` (package B's 隐私政策 page)",
    defaultMeans: '`config/legal/privacy-policy.txt` (a placeholder, which `npm run release:weapp` refuses)'
  }
} satisfies Record<`TARO_APP_${string}`, EnvVarSpec>

/** The values compiled into the app, one string per declared variable. */
export type AppEnv = { [K in keyof typeof CONFIG]: string }

const NAMES = Object.keys(CONFIG) as (keyof AppEnv)[]

export const ENV_DEFAULTS: AppEnv = Object.fromEntries(NAMES.map((k) => [k, CONFIG[k].default])) as AppEnv

export function appEnv(source: Record<string, string | undefined>): AppEnv {
  const out = { ...ENV_DEFAULTS }
  for (const key of NAMES) {
    const v = source[key]
    if (typeof v === 'string' && v !== '') out[key] = v
  }
  // {product} is a path segment of API calls: letters, digits, _ and - only
  if (!/^[A-Za-z0-9_-]+$/.test(out.TARO_APP_PRODUCT)) {
    throw new Error(`TARO_APP_PRODUCT must be letters, digits, _ or -: ${JSON.stringify(out.TARO_APP_PRODUCT)}`)
  }
  return out
}

/**
 * The texts of the `file` variables, read at build time. They are compiled in as their own constants
 * (`process.env.LEGAL_USER_AGREEMENT`, `process.env.LEGAL_PRIVACY_POLICY`), read by package B's legal page alone, so
 * a long text never reaches the main package (src/env.ts, which every package loads, holds only the paths).
 */
export interface LegalTexts {
  LEGAL_USER_AGREEMENT: string
  LEGAL_PRIVACY_POLICY: string
}

export function legalTexts(env: AppEnv, root = path.resolve(__dirname, '..')): LegalTexts {
  const read = (file: string) => readFileSync(path.resolve(root, file), 'utf8')
  return {
    LEGAL_USER_AGREEMENT: read(env.TARO_APP_USER_AGREEMENT_FILE),
    LEGAL_PRIVACY_POLICY: read(env.TARO_APP_PRIVACY_POLICY_FILE)
  }
}

/** DefinePlugin constants: `process.env.TARO_APP_X` is replaced by its string literal in both targets. */
export function defineAppEnv(env: AppEnv, texts?: LegalTexts): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries({ ...env, ...texts })) out[`process.env.${k}`] = JSON.stringify(v)
  return out
}
