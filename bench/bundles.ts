// Bundle analysis of the H5 build (docs/performance.md): what the JavaScript a page loads before it is interactive is
// made of. Build with the stats first, then run this against that build:
//   BUNDLE_STATS=dist/h5-stats.json npm run build:h5 && npx tsx bench/bundles.ts dist/h5-stats.json
// It starts the reference server on the build (H5_DIR, default dist/h5), records which scripts home and the live room
// load (bench/first-load.ts), and splits each script's real gzip size over the source modules inside it in
// proportion to their minified sizes (config/bundle-stats.ts), grouped as below.
import { readFileSync } from 'node:fs'
import { HOME_READY, launchBrowser, startServer } from '../e2e/harness'
import type { BundleStats } from '../config/bundle-stats'
import { measureFirstLoad } from './first-load'
import { kb } from './lib'

export const GROUPS: Array<[string, RegExp]> = [
  [
    'Taro components (Stencil web components + React wrappers)',
    /node_modules\/(@tarojs\/components(-react|-advanced)?|@stencil\/core|swiper|classnames)\//
  ],
  [
    'Taro runtime + router + API (taro-h5)',
    /node_modules\/(@tarojs\/(runtime|router|taro|taro-h5|shared|api|plugin-framework-react|plugin-platform-h5|react)|history|universal-router|resolve-pathname|query-string|decode-uri-component|split-on-first|filter-obj|mobile-detect|lodash-es|jsonp-retry|tslib|@babel\/runtime)\//
  ],
  [
    'API polyfills (fetch, AbortController, IntersectionObserver, core-js)',
    /node_modules\/(whatwg-fetch|abortcontroller-polyfill|intersection-observer|core-js|regenerator-runtime|promise-polyfill)\//
  ],
  ['React (react, react-dom, scheduler)', /node_modules\/(react|react-dom|scheduler|use-sync-external-store)\//],
  ['Preact (preact, preact/compat)', /node_modules\/preact\//],
  ['MobX (mobx, mobx-react-lite)', /node_modules\/(mobx|mobx-react-lite)\//],
  ['hls.js', /node_modules\/hls\.js\//],
  ['other libraries', /node_modules\//],
  ['ours: src/packageA/components/activities', /^src\/packageA\/components\/activities\//],
  ['ours: src/', /^src\//]
]

export function groupOf(path: string): string {
  const p = path.replace(/^(\.\.\/)+work\/main\//, '')
  for (const [name, re] of GROUPS) if (re.test(p)) return name
  return 'webpack runtime, CSS loaders, other'
}

export interface PageBreakdown {
  page: string
  jsGzipKB: number
  jsRawKB: number
  groups: Record<string, { gzipKB: number; rawKB: number }>
  topModules: Array<{ path: string; gzipKB: number }>
}

/** Splits each loaded script over its modules by their minified sizes. */
export function breakdown(
  stats: BundleStats,
  page: string,
  scripts: Array<{ path: string; raw: number; gzip: number }>
): PageBreakdown {
  const byFile = new Map<string, BundleStats['chunks'][number]>()
  for (const c of stats.chunks) for (const f of c.files) byFile.set(f, c)
  const groups: PageBreakdown['groups'] = {}
  const modules = new Map<string, number>()
  let gz = 0
  let raw = 0
  for (const s of scripts) {
    gz += s.gzip
    raw += s.raw
    const chunk = byFile.get(s.path.replace(/^\/m2\//, ''))
    const mods = chunk?.modules.filter((m) => m.minified > 0) ?? []
    const total = mods.reduce((a, m) => a + m.minified, 0)
    if (!total) {
      const g = (groups['webpack runtime, CSS loaders, other'] ??= { gzipKB: 0, rawKB: 0 })
      g.gzipKB += s.gzip
      g.rawKB += s.raw
      continue
    }
    for (const m of mods) {
      const share = m.minified / total
      const g = (groups[groupOf(m.path)] ??= { gzipKB: 0, rawKB: 0 })
      g.gzipKB += s.gzip * share
      g.rawKB += s.raw * share
      const key = m.path.replace(/^(\.\.\/)+work\/main\//, '').replace(/^(node_modules\/(@[^/]+\/)?[^/]+)\/.*/, '$1')
      modules.set(key, (modules.get(key) ?? 0) + s.gzip * share)
    }
  }
  for (const g of Object.values(groups)) {
    g.gzipKB = kb(g.gzipKB)
    g.rawKB = kb(g.rawKB)
  }
  const topModules = [...modules]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.BUNDLE_TOP ?? 15))
    .map(([path, n]) => ({ path, gzipKB: kb(n) }))
  return { page, jsGzipKB: kb(gz), jsRawKB: kb(raw), groups, topModules }
}

async function main() {
  const file = process.argv[2] ?? 'dist/h5-stats.json'
  const stats = JSON.parse(readFileSync(file, 'utf8')) as BundleStats
  const server = await startServer()
  const browser = await launchBrowser()
  try {
    const pages: Array<[string, string, string]> = [
      ['home', '/m2/pages/home/home', HOME_READY],
      ['live room 496', '/m2/packageA/pages/live/live?roomid=496', '.live__title-text']
    ]
    const out: PageBreakdown[] = []
    for (const [name, path, ready] of pages) {
      const load = await measureFirstLoad(browser, `${server.origin}${path}`, ready)
      out.push(
        breakdown(
          stats,
          name,
          load.assets.filter((a) => a.type === 'script')
        )
      )
    }
    const names = [...new Set(out.flatMap((p) => Object.keys(p.groups)))].sort(
      (a, b) => (out[0].groups[b]?.gzipKB ?? 0) - (out[0].groups[a]?.gzipKB ?? 0)
    )
    console.log(`| part (KB gzip / raw) | ${out.map((p) => p.page).join(' | ')} |`)
    console.log(`| --- | ${out.map(() => '---').join(' | ')} |`)
    for (const n of names)
      console.log(
        `| ${n} | ${out.map((p) => (p.groups[n] ? `${p.groups[n].gzipKB} / ${p.groups[n].rawKB}` : '—')).join(' | ')} |`
      )
    console.log(`| **first-load JS** | ${out.map((p) => `**${p.jsGzipKB} / ${p.jsRawKB}**`).join(' | ')} |`)
    for (const p of out)
      console.log(
        `\n${p.page}, largest packages and files (KB gzip): ${p.topModules.map((m) => `${m.path} ${m.gzipKB}`).join(', ')}`
      )
  } finally {
    await browser.close()
    await server.stop()
  }
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e)
    process.exit(1)
  })
}
