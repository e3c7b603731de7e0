/**
 * The mini-program: the same 12,000 seeded links as link-fuzz.test.ts through the mini-program's link router
 * and web-view page check, whose URL parser (src/platform/url.ts, loaded from package A) is core-js's own here, as in
 * WeChat's runtime.
 */
import { CoreJsURL, NativeURL } from '../support/wechat-url-runtime'
import { env } from '@/env'
import { WhatwgURL } from '@/platform/url'
import { resolveLink } from '@/router/link'
import { linkContext, webPageUrl } from '@/router/navigate'
import { FUZZ_TIMEOUT_MS, runLinkFuzz } from '../support/link-fuzz-run'
import { FUZZ_SHORT_LINK_HOST, FUZZ_WHITELIST } from '../support/link-fuzz-corpus'

const saved = { whitelist: env.TARO_APP_WHITELIST, short: env.TARO_APP_SHORT_LINK_HOST }
beforeAll(() => {
  env.TARO_APP_WHITELIST = FUZZ_WHITELIST
  env.TARO_APP_SHORT_LINK_HOST = FUZZ_SHORT_LINK_HOST
})
afterAll(() => {
  env.TARO_APP_WHITELIST = saved.whitelist
  env.TARO_APP_SHORT_LINK_HOST = saved.short
})

test('the mini-program parses links with core-js, not with a URL global (Taro replaces that with a regex parser)', () => {
  // the parser package A's module hands over (src/platform/url.ts): every URL it makes is core-js's
  expect(CoreJsURL).not.toBe(NativeURL)
  expect(new WhatwgURL('https://a.example.com/')).toBeInstanceOf(CoreJsURL)
  expect(new WhatwgURL('https://a.example.com/')).not.toBeInstanceOf(NativeURL)
  expect(linkContext()).toMatchObject({ inMiniProgram: true, mainHost: '127.0.0.1' })
})

test(
  'R2.35 R2.19 R2.36 R8.20 12,000 seeded links (mini-program parser): 0 throws, 0 off-list hosts in the web view, foreign links copied',
  () => {
    runLinkFuzz({ resolveLink, linkContext, webPageUrl, label: 'mini-program (core-js URL)' })
  },
  FUZZ_TIMEOUT_MS
)
