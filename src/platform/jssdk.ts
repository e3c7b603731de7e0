/**
 * The messenger's web JS-SDK (`wx` of jweixin) as the H5 app uses it: configuration, readiness and the share menu's
 * data. The mini-program has no such SDK (its share menu takes the page's onShareAppMessage directly): this variant
 * loads nothing; the H5 one is jssdk.h5.ts.
 */
export interface ShareData {
  title: string
  desc?: string
  link: string
  imgUrl: string
}

export interface WxJssdk {
  config(c: {
    debug: boolean
    appId: string
    timestamp: number
    nonceStr: string
    signature: string
    jsApiList: string[]
    openTagList?: string[]
  }): void
  ready(cb: () => void): void
  error(cb: (res: { errMsg?: string }) => void): void
  updateAppMessageShareData(d: ShareData): void
  updateTimelineShareData(d: Omit<ShareData, 'desc'>): void
  miniProgram?: { postMessage(m: { data: unknown }): void }
}

/** Mini-program: no web SDK. */
export function loadJssdk(_url: string): Promise<WxJssdk | null> {
  return Promise.resolve(null)
}

/** The address the SDK's signature is made for (the page's URL without its hash); none in the mini-program. */
export function signatureUrl(): string {
  return ''
}
