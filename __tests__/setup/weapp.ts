// The weapp project's setup (after react-app.ts): a recorded `wx` stand-in (wx.ts) for exactly the WeChat calls the
// mini-program variants make that Taro's H5 implementation lacks, bound into Taro as Taro's weapp runtime binds wx:
// an async API returns a promise that resolves with the success result and rejects with the fail result. The calls
// and answers are reset before every test.

import { createWx, type WxAsyncApi } from './wx'

const g = globalThis as unknown as { wx?: ReturnType<typeof createWx> }
const wx = createWx()
g.wx = wx

const Taro = require('@tarojs/taro').default as Record<string, unknown>
const promisified =
  (api: WxAsyncApi) =>
  (options: Record<string, unknown> = {}) =>
    new Promise((resolve, reject) => {
      wx[api]({
        ...options,
        success: (res: unknown) => {
          ;(options.success as ((r: unknown) => void) | undefined)?.(res)
          resolve(res)
        },
        fail: (res: unknown) => {
          ;(options.fail as ((r: unknown) => void) | undefined)?.(res)
          reject(res)
        },
        complete: options.complete as ((r: unknown) => void) | undefined
      })
    })
for (const api of ['login', 'getUserInfo', 'getUserProfile', 'requestPayment'] as const) Taro[api] = promisified(api)
Taro.getLaunchOptionsSync = () => wx.getLaunchOptionsSync()

beforeEach(() => wx.reset())

// The URL parser: in the app the main package loads package A's module with WeChat's require.async the first time a
// link is read (src/platform/url.ts; weapp-sim proves that path on the build). Here the module runs up front, as
// WeChat runs it, and while the test environment's URL global is hidden: WeChat's runtime has none, so core-js
// uses its own parser, not Node's.
{
  const g = globalThis as { URL?: typeof URL }
  const native = g.URL
  delete g.URL
  require('@/packageA/url')
  g.URL = native
}
