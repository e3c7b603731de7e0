import { Current, safeExecute } from '@tarojs/runtime'
import { makeAutoObservable, runInAction } from 'mobx'
import { getJssdk } from '@/api/user'
import { currentHosts } from '@/core/request'
import { env } from '@/env'
import { cameWithStartupLogin } from '@/platform/address'
import { currentPlatform } from '@/platform/current'
import { loadJssdk, signatureUrl, type ShareData, type WxJssdk } from '@/platform/jssdk'
import { MESSENGER_PLATFORMS, type PlatformKind } from '@/platform/kinds'
import { onRouteChange } from '@/platform/route-change'
import { getItem, removeItem, setItem } from '@/platform/storage'
import { SHARE_PREVIEW, defaultShareTitle } from '@/share'
import { withoutSecrets } from '@/utils/url-secrets'
import { sessionStore } from './session'
import { loginStore } from './login'
import { settle } from '@/core/call'

/** When the last OAuth trip started: a page that comes back without a login does not send the browser again at once. */
export const OAUTH_STARTED_KEY = 'oauth_started_at'
export const OAUTH_RETRY_MS = 60000
/** What the share menu may do (R7.64's jsApiList when the server names none). */
export const JS_API_LIST = ['updateAppMessageShareData', 'updateTimelineShareData']
/** How often the share menu looks at the page's payload again (it changes when the page's data arrives). */
export const SHARE_REFRESH_MS = 500

/** The script's address: configuration; a path is on the main live host (the reference server's stand-in). */
export function jssdkScriptUrl(configured = env.TARO_APP_JSSDK_URL): string {
  return configured.startsWith('/') && !configured.startsWith('//') ? `${currentHosts().live}${configured}` : configured
}

/**
 * R9.26: with the web version's subscription templates configured (live start, lottery win), the SDK is also asked
 * for the messenger's subscribe button (`wx-open-subscribe`), which takes those template ids.
 */
export function webTemplates(): string[] {
  return [env.TARO_APP_TMPL_WEB_LIVE_START, env.TARO_APP_TMPL_WEB_LOTTERY_WIN].filter(Boolean)
}

function openTags(): { openTagList?: string[] } {
  return webTemplates().length ? { openTagList: ['wx-open-subscribe'] } : {}
}

/** A page's share payload (R3.54: title, path, image as the mini-program's onShareAppMessage answers it). */
export interface PageShare {
  title?: string
  path?: string
  imageUrl?: string
}

/** The current page's own share payload: what its useShareAppMessage answers, or null. */
export function currentPageShare(): PageShare | null {
  const page = Current.page as { $taroPath?: string } | null
  if (!page?.$taroPath) return null
  const answer = safeExecute(page.$taroPath, 'onShareAppMessage', { from: SHARE_PREVIEW }) as PageShare | undefined
  return answer && typeof answer === 'object' ? answer : null
}

/**
 * The messenger's share menu data from a page's payload: the title (else the brand's default, R1.24), the link on the
 * main live host's /m2/ (else the page's own address), the image.
 */
export function shareData(page: PageShare | null, fallbackLink: string): ShareData {
  const title = page?.title || defaultShareTitle()
  const link = withoutSecrets(
    page?.path ? `${currentHosts().live}/m2${page.path.startsWith('/') ? '' : '/'}${page.path}` : fallbackLink
  )
  return { title, desc: defaultShareTitle(), link, imgUrl: page?.imageUrl || '' }
}

export interface JssdkDeps {
  platform: () => PlatformKind
  now: () => number
}

/**
 * The messenger's browser (spec R1.10, R6.4, R7.58, R7.60, R7.64). Once per app start, after the
 * startup query's login (R2.26):
 *   - nobody logged in: the main host is asked (R7.60) and, without a login there, the browser goes through the
 *     messenger's OAuth (R7.58), which comes back to the same address with tokentype + token (R2.26) — logged in;
 *     those parameters never stay in the address (src/platform/address.h5.ts takes them out as the app loads);
 *   - the JS-SDK script (configuration) is loaded, configured from get_jssdk for the current URL (R7.64) after every
 *     route change, and the share menu gets the page's share payload, again whenever that payload changes.
 * Other platforms do none of this. A script that does not load leaves everything else working.
 */
export class JssdkStore {
  /** The URL the SDK is configured for; '' before. */
  configuredUrl = ''
  /** The share menu's data, as last given to the SDK. */
  share: ShareData | null = null
  error = ''
  private sdk: WxJssdk | null = null
  private started: Promise<void> | null = null
  private deps: JssdkDeps

  constructor(deps: Partial<JssdkDeps> = {}) {
    this.deps = { platform: currentPlatform, now: () => Date.now(), ...deps }
    makeAutoObservable<JssdkStore, 'sdk' | 'started' | 'deps'>(this, { sdk: false, started: false, deps: false })
  }

  get inMessenger(): boolean {
    return MESSENGER_PLATFORMS.includes(this.deps.platform())
  }

  start(): Promise<void> {
    if (!this.started) this.started = this.inMessenger ? this.run() : Promise.resolve()
    return this.started
  }

  private async run(): Promise<void> {
    await loginStore.start()
    if (!(await this.login())) return
    const sdk = await loadJssdk(jssdkScriptUrl())
    if (!sdk) return
    this.sdk = sdk
    await this.configure()
    onRouteChange(() => void this.configure())
    // the page's payload may change after its data arrives (a room's title): pages keep it in their render, out of
    // reach of observers, so the menu looks again every so often and follows when it differs
    setInterval(() => this.refreshShare(), SHARE_REFRESH_MS)
  }

  /** Gives the share menu the current page's payload when it differs from what the menu has. */
  refreshShare() {
    if (!this.sdk || !this.configuredUrl || signatureUrl() !== this.configuredUrl) return
    const data = shareData(currentPageShare(), this.configuredUrl)
    if (JSON.stringify(data) !== JSON.stringify(this.share)) this.applyShare(data)
  }

  /** R1.10, R7.60, R7.58: true when logged in (or going on without); false when the browser is leaving for OAuth. */
  private async login(): Promise<boolean> {
    if (sessionStore.isLoggedIn) {
      removeItem(OAUTH_STARTED_KEY)
      return true
    }
    if (cameWithStartupLogin()) return true // a startup login that failed: stay, do not loop
    const last = getItem<number>(OAUTH_STARTED_KEY)
    if (typeof last === 'number' && this.deps.now() - last < OAUTH_RETRY_MS) return true
    setItem(OAUTH_STARTED_KEY, this.deps.now())
    const loggedIn = await loginStore.loginWithMessengerRedirect(signatureUrl())
    if (loggedIn) removeItem(OAUTH_STARTED_KEY)
    return loggedIn
  }

  /** R7.64: configure the SDK for the current URL (once per URL), then give the share menu the page's payload. */
  async configure(): Promise<void> {
    const sdk = this.sdk
    const url = signatureUrl()
    if (!sdk || !url || url === this.configuredUrl) return
    const res = await settle(getJssdk(url))
    if (!res.ok) {
      runInAction(() => (this.error = res.error.message))
      return
    }
    const c = res.data
    const ok = await new Promise<boolean>((resolve) => {
      sdk.config({
        debug: false,
        appId: c.appId,
        timestamp: Number(c.timestamp),
        nonceStr: c.nonceStr,
        signature: c.signature,
        jsApiList: c.jsApiList?.length ? c.jsApiList : JS_API_LIST,
        ...openTags()
      })
      sdk.ready(() => resolve(true))
      sdk.error(() => resolve(false))
    })
    if (signatureUrl() !== url) return // the viewer moved on meanwhile
    runInAction(() => {
      this.configuredUrl = ok ? url : ''
      this.error = ok ? '' : 'config:invalid signature'
    })
    if (ok) this.applyShare(shareData(currentPageShare(), url))
  }

  private applyShare(data: ShareData) {
    if (!this.sdk || !this.configuredUrl) return
    this.share = data
    this.sdk.updateAppMessageShareData(data)
    this.sdk.updateTimelineShareData({ title: data.title, link: data.link, imgUrl: data.imgUrl })
    // inside the mini-program's web view the mini-program shares: it is told the page's payload
    this.sdk.miniProgram?.postMessage({ data: { share: data } })
  }
}

export const jssdkStore = new JssdkStore()
