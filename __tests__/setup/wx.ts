/*
 * The weapp project's stand-in for the few WeChat APIs the mini-program variants call and Taro's H5 implementation
 * lacks under jsdom (there they are "temporarily not supported" or answer for a browser). It is a `wx`-like object:
 * each async call takes {success, fail, complete} and answers with what a test chose (a default otherwise), and every
 * call is recorded so tests can assert on it. weapp.ts binds it into Taro the way Taro's weapp runtime does
 * (promisified; the promise rejects with the fail result). Network never goes through here: Taro.request is Taro's own.
 */

export type WxAsyncApi = 'login' | 'getUserInfo' | 'getUserProfile' | 'requestPayment'
export type WxApi = WxAsyncApi | 'getLaunchOptionsSync'

export interface WxCall {
  api: WxApi
  options: Record<string, unknown>
}

/** What an async call gives: a success result, or throws the fail result (`{ errMsg: 'login:fail …' }`). */
export type WxAnswer = (options: Record<string, unknown>) => Record<string, unknown> | Promise<Record<string, unknown>>

export interface LaunchOptions {
  scene: number
  path: string
  query: Record<string, string>
}

type Callbacks = { success?: (res: unknown) => void; fail?: (res: unknown) => void; complete?: (res: unknown) => void }

export interface WxStandIn {
  /** Every call, in order, with its options (callbacks left out). */
  calls: WxCall[]
  /** The options of the calls to one API. */
  callsTo(api: WxApi): Record<string, unknown>[]
  /** Set what an API answers from now on (until reset). */
  answer(api: WxAsyncApi, answer: WxAnswer): void
  /** What getLaunchOptionsSync returns. */
  launchOptions: LaunchOptions
  /** Forget the calls and go back to the default answers (done before every weapp test). */
  reset(): void
  login(options?: Callbacks): void
  getUserInfo(options?: Callbacks & { withCredentials?: boolean; lang?: string }): void
  getUserProfile(options?: Callbacks & { desc?: string; lang?: string }): void
  requestPayment(options?: Callbacks & Record<string, unknown>): void
  getLaunchOptionsSync(): LaunchOptions
}

/**
 * The defaults: WeChat grants a code, the user information (getUserInfo: the anonymous 微信用户 with encryptedData and
 * iv) and the profile; the payment sheet is closed (nothing takes the money).
 */
function defaultAnswers(): Record<WxAsyncApi, WxAnswer> {
  let codes = 0
  return {
    login: () => ({ code: `wx-code-${++codes}`, errMsg: 'login:ok' }),
    getUserInfo: () => ({
      encryptedData: 'wx-encrypted-data',
      iv: 'wx-iv',
      userInfo: { nickName: '微信用户', avatarUrl: '' },
      errMsg: 'getUserInfo:ok'
    }),
    getUserProfile: () => ({
      encryptedData: 'wx-encrypted-data',
      iv: 'wx-iv',
      userInfo: { nickName: '微信用户', avatarUrl: '' },
      errMsg: 'getUserProfile:ok'
    }),
    requestPayment: () => {
      throw { errMsg: 'requestPayment:fail cancel' }
    }
  }
}

/** 1001: opened from the chat list's mini-program entry, the ordinary launch. */
const DEFAULT_LAUNCH: LaunchOptions = { scene: 1001, path: 'pages/home/home', query: {} }

export function createWx(): WxStandIn {
  let answers = defaultAnswers()
  const withoutCallbacks = (options: Record<string, unknown> = {}) => {
    const { success, fail, complete, ...rest } = options
    void success
    void fail
    void complete
    return rest
  }
  const call =
    (api: WxAsyncApi) =>
    (options: Callbacks & Record<string, unknown> = {}) => {
      const args = withoutCallbacks(options)
      wx.calls.push({ api, options: args })
      Promise.resolve()
        .then(() => answers[api](args))
        .then(
          (res) => {
            options.success?.(res)
            options.complete?.(res)
          },
          (err) => {
            const res =
              err && typeof err === 'object' && 'errMsg' in err ? err : { errMsg: `${api}:fail ${String(err)}` }
            options.fail?.(res)
            options.complete?.(res)
          }
        )
    }
  const wx: WxStandIn = {
    calls: [],
    callsTo: (api) => wx.calls.filter((c) => c.api === api).map((c) => c.options),
    answer: (api, answer) => {
      answers[api] = answer
    },
    launchOptions: { ...DEFAULT_LAUNCH },
    reset: () => {
      wx.calls.length = 0
      answers = defaultAnswers()
      wx.launchOptions = { ...DEFAULT_LAUNCH, query: {} }
    },
    login: call('login'),
    getUserInfo: call('getUserInfo'),
    getUserProfile: call('getUserProfile'),
    requestPayment: call('requestPayment'),
    getLaunchOptionsSync: () => {
      wx.calls.push({ api: 'getLaunchOptionsSync', options: {} })
      return { ...wx.launchOptions, query: { ...wx.launchOptions.query } }
    }
  }
  return wx
}

/** The stand-in of the running weapp test file (installed by weapp.ts). */
export function wx(): WxStandIn {
  const found = (globalThis as unknown as { wx?: WxStandIn }).wx
  if (!found) throw new Error('no wx stand-in: only the weapp project (*.weapp.test.ts) installs one')
  return found
}
