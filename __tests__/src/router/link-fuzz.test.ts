/**
 * 12,000 seeded hostile and ordinary links through the link router (resolveLink, with the app's own
 * linkContext) and through the web-view page's own check (webPageUrl, with the query value openWebView's buildUrl
 * writes), on H5 (the browser's WHATWG URL). The mini-program's parser runs the same corpus in
 * link-fuzz.weapp.test.ts.
 */
import { env } from '@/env'
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

test(
  'R2.35 R2.19 R2.36 R2.37 12,000 seeded links (H5 parser): 0 throws, 0 off-list hosts in the web view, the page accepts exactly what the router sends',
  () => {
    runLinkFuzz({ resolveLink, linkContext, webPageUrl, label: 'H5 (browser URL)' })
  },
  FUZZ_TIMEOUT_MS
)
