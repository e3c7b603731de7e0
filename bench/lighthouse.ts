// Lighthouse (mobile preset: a mid-range phone, simulated slow 4G and 4x CPU) on the H5 home page and live room 496,
// through Debian's Chromium: performance, accessibility and SEO scores with FCP, LCP, TBT and CLS, the median of 3
// runs of each page. Part of `npm run bench` (bench/run.ts); alone, `npx tsx bench/lighthouse.ts` starts the
// reference server on loopback over the existing dist/h5, prints the figures and puts them into bench/results.json
// (its `lighthouse` entry). Targets: accessibility >= 95, SEO >= 90.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { median, round } from './lib'

export const LIGHTHOUSE_PAGES = {
  home: '/m2/pages/home/home',
  live: '/m2/packageA/pages/live/live?roomid=496'
} as const

export const LIGHTHOUSE_TARGETS = { accessibility: 95, seo: 90 }

export interface LighthouseFigures {
  runs: number
  performance: number
  accessibility: number
  seo: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  /** audits that cost accessibility or SEO points in the median run, for the report */
  failing: string[]
}

interface Lhr {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>
  audits: Record<string, { numericValue?: number; score: number | null; scoreDisplayMode: string }>
}

const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu']

async function runOnce(url: string): Promise<Lhr> {
  // both are ESM-only packages: loaded on demand so the rest of the benchmark does not need them
  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS
  })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo']
      // Lighthouse's own wait for the load (45 s), as its CLI has it: the live room streams video, so its network never
      // goes quiet, and an outside run judges it after that wait with everything the main thread did until then
    })
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`)
    return result.lhr
  } finally {
    chrome.kill()
  }
}

const score = (lhr: Lhr, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100)
const metric = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? NaN

/** Audits of a category that failed in a run (weight > 0, score below 1). */
function failingAudits(lhr: Lhr, category: string): string[] {
  return (lhr.categories[category]?.auditRefs || [])
    .filter((ref) => ref.weight > 0)
    .filter((ref) => {
      const a = lhr.audits[ref.id]
      return (
        a &&
        a.scoreDisplayMode !== 'notApplicable' &&
        a.scoreDisplayMode !== 'informative' &&
        a.score !== null &&
        a.score < 1
      )
    })
    .map((ref) => `${category}:${ref.id}`)
}

/** One page, `runs` times: the median of each figure (scores 0–100, times in ms, CLS unitless). */
export async function lighthousePage(url: string, runs = 3): Promise<LighthouseFigures> {
  const lhrs: Lhr[] = []
  for (let i = 0; i < runs; i++) lhrs.push(await runOnce(url))
  const m = (f: (l: Lhr) => number) => median(lhrs.map(f))
  const perf = m((l) => score(l, 'performance'))
  const medianRun = lhrs.find((l) => score(l, 'performance') === perf) ?? lhrs[0]
  return {
    runs,
    performance: perf,
    accessibility: m((l) => score(l, 'accessibility')),
    seo: m((l) => score(l, 'seo')),
    fcpMs: round(
      m((l) => metric(l, 'first-contentful-paint')),
      0
    ),
    lcpMs: round(
      m((l) => metric(l, 'largest-contentful-paint')),
      0
    ),
    tbtMs: round(
      m((l) => metric(l, 'total-blocking-time')),
      0
    ),
    cls: round(
      m((l) => metric(l, 'cumulative-layout-shift')),
      3
    ),
    failing: [...failingAudits(medianRun, 'accessibility'), ...failingAudits(medianRun, 'seo')]
  }
}

/** Both pages against a running server. */
export async function lighthouseScores(
  origin: string,
  runs = 3
): Promise<Record<keyof typeof LIGHTHOUSE_PAGES, LighthouseFigures>> {
  return {
    home: await lighthousePage(`${origin}${LIGHTHOUSE_PAGES.home}`, runs),
    live: await lighthousePage(`${origin}${LIGHTHOUSE_PAGES.live}`, runs)
  }
}

export function lighthouseRows(r: Record<string, LighthouseFigures>): [string, string][] {
  return Object.entries(r).map(([page, f]) => [
    `Lighthouse mobile ${page}: performance / accessibility / SEO; FCP, LCP, TBT, CLS (median of ${f.runs})`,
    `${f.performance} / ${f.accessibility} / ${f.seo}; ${f.fcpMs} / ${f.lcpMs} / ${f.tbtMs} ms, ${f.cls}`
  ])
}

async function standalone() {
  const { startServer } = await import('../e2e/harness')
  // as `npm start` serves them: the streams on the page's origin (bench/run.ts does the same)
  const server = await startServer({ WARM_CALLS: '1' })
  try {
    const r = await lighthouseScores(server.origin, Number(process.env.LIGHTHOUSE_RUNS) || 3)
    const file = join(__dirname, 'results.json')
    const all = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {}
    writeFileSync(
      file,
      JSON.stringify({ ...all, lighthouse: { date: new Date().toISOString().slice(0, 10), ...r } }, null, 2) + '\n'
    )
    console.log(JSON.stringify(r, null, 2))
    for (const [a, b] of lighthouseRows(r)) console.log(`${a}: ${b}`)
    const misses = Object.entries(r).filter(
      ([, f]) => f.accessibility < LIGHTHOUSE_TARGETS.accessibility || f.seo < LIGHTHOUSE_TARGETS.seo
    )
    if (misses.length)
      console.log(
        `under target (accessibility ${LIGHTHOUSE_TARGETS.accessibility}, SEO ${LIGHTHOUSE_TARGETS.seo}): ${misses.map(([p]) => p).join(', ')}`
      )
  } finally {
    await server.stop()
  }
}

if (require.main === module) {
  standalone().catch((e) => {
    console.error(e)
    process.exit(1)
  })
}
