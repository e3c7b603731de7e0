// CI's size gate (run by .ci/run after both builds): every mini-program package within its budget (WeChat rejects
// packages over 2048 KB; the main package is held to 390 KB) and the JavaScript home and live room 496 load before
// they are interactive (gzip) within the H5 budgets.
// The budgets live in budgets.json; change them there (docs/performance.md).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { HOME_READY, launchBrowser, startServer } from '../e2e/harness'
import { measureFirstLoad } from './first-load'
import { kb } from './lib'
// @ts-expect-error plain ESM script without types
import { weappSizes } from '../scripts/check-sizes.mjs'

const root = join(__dirname, '..')

async function main() {
  const budgets = JSON.parse(readFileSync(join(root, 'budgets.json'), 'utf8')) as {
    weapp: Record<string, number>
    h5: { homeFirstLoadJsGzipKB: number; liveFirstLoadJsGzipKB: number }
  }
  let failed = false
  for (const [name, bytes] of Object.entries(weappSizes() as Record<string, number>)) {
    const over = kb(bytes) > (budgets.weapp[name] ?? 2048)
    failed ||= over
    console.log(
      `budget: mini-program ${name} ${kb(bytes)} KB (budget ${budgets.weapp[name]} KB)${over ? '  OVER BUDGET' : ''}`
    )
  }
  const server = await startServer()
  const browser = await launchBrowser()
  try {
    const pages: Array<[string, string, string, number]> = [
      ['home', '/m2/pages/home/home', HOME_READY, budgets.h5.homeFirstLoadJsGzipKB],
      [
        'live room 496',
        '/m2/packageA/pages/live/live?roomid=496',
        '.live__title-text',
        budgets.h5.liveFirstLoadJsGzipKB
      ]
    ]
    for (const [name, path, ready, budget] of pages) {
      const load = await measureFirstLoad(browser, `${server.origin}${path}`, ready)
      const over = kb(load.jsGzip) > budget
      failed ||= over
      console.log(
        `budget: H5 ${name} first-load JS ${kb(load.jsGzip)} KB gzip, ${kb(load.jsRaw)} KB raw (budget ${budget} KB gzip)${over ? '  OVER BUDGET' : ''}`
      )
    }
  } finally {
    await browser.close()
    await server.stop()
  }
  if (failed) {
    console.error('budget: over budget (budgets.json)')
    process.exit(1)
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
