// The table `npm run bench` prints: each figure as it was before the speed work (bench/before.json, measured on this
// machine from the commit before it with this same bench) and now, with the performance targets and whether the
// figure of now keeps them.
type Results = Record<string, any>

interface Check {
  /** what the limit applies to, named in the target column when a row has several */
  name?: string
  of: (r: Results) => unknown
  limit: number
  unit?: string
  atLeast?: boolean
}

interface Row {
  figure: (r: Results) => string
  /** the figure's value, or undefined when the results have no such section */
  value: (r: Results) => string | undefined
  checks?: Check[]
}

/** The performance targets (docs/performance.md). */
export const TARGETS = {
  weappMainKB: 400,
  weappFirstCallKB: 32,
  homeWxmlNodes: 1000,
  homeFirstLoadKB: 120,
  liveFirstLoadKB: 220,
  lighthousePerformance: 97,
  tbtMs: 150,
  lcpMs: 1500,
  cls: 0.01,
  firstFrameMs: 1000,
  liveLatencySeconds: 2.5,
  cutRecoveryMs: 10000
} as const

const v = (x: unknown, unit = '') =>
  x === undefined || x === null || (typeof x === 'number' && Number.isNaN(x)) ? '—' : `${String(x)}${unit}`
const has = (x: unknown) => x !== undefined && x !== null

function lighthouseRow(page: 'home' | 'live', name: string): Row {
  return {
    figure: (r) =>
      `Lighthouse mobile ${name}: performance / accessibility / SEO; FCP, LCP, TBT, CLS (median of ${r.lighthouse?.[page]?.runs ?? 3})`,
    value: (r) => {
      const f = r.lighthouse?.[page]
      if (!has(f?.performance)) return undefined
      return `${v(f.performance)} / ${v(f.accessibility)} / ${v(f.seo)}; ${v(f.fcpMs)} / ${v(f.lcpMs)} / ${v(f.tbtMs)} ms, ${v(f.cls)}`
    },
    checks: [
      {
        name: 'performance',
        of: (r) => r.lighthouse?.[page]?.performance,
        limit: TARGETS.lighthousePerformance,
        atLeast: true
      },
      { name: 'TBT', of: (r) => r.lighthouse?.[page]?.tbtMs, limit: TARGETS.tbtMs, unit: ' ms' },
      { name: 'LCP', of: (r) => r.lighthouse?.[page]?.lcpMs, limit: TARGETS.lcpMs, unit: ' ms' },
      { name: 'CLS', of: (r) => r.lighthouse?.[page]?.cls, limit: TARGETS.cls }
    ]
  }
}

const ROWS: Row[] = [
  {
    figure: () => 'mini-program main / packageA / packageB',
    value: (r) =>
      has(r.weapp?.mainKB)
        ? `${v(r.weapp.mainKB)} / ${v(r.weapp.packageAKB)} / ${v(r.weapp.packageBKB)} KB`
        : undefined,
    checks: [{ name: 'main', of: (r) => r.weapp?.mainKB, limit: TARGETS.weappMainKB, unit: ' KB' }]
  },
  {
    figure: (r) => `mini-program setData, ${r.weappSetData?.pages ?? 22} pages: peak calls/s, max a call`,
    value: (r) =>
      has(r.weappSetData?.pagesMaxKB)
        ? `${v(r.weappSetData.pagesPeakCallsPerSecond)}/s, ${v(r.weappSetData.pagesMaxKB)} KB`
        : undefined
  },
  {
    figure: () => 'mini-program first load, home / live room 496: first setData, max a call',
    value: (r) => {
      const home = r.weappSetData?.firstScreens?.['pages/home/home']
      const live = r.weappSetData?.firstScreens?.['packageA/pages/live/live']
      if (!home || !live) return undefined
      return `${v(home.firstCallKB)} / ${v(live.firstCallKB)} KB, ${v(home.loadMaxKB)} / ${v(live.loadMaxKB)} KB`
    },
    checks: [
      {
        name: 'first setData',
        of: (r) => {
          const s = r.weappSetData?.firstScreens
          return s ? Math.max(s['pages/home/home']?.firstCallKB, s['packageA/pages/live/live']?.firstCallKB) : undefined
        },
        limit: TARGETS.weappFirstCallKB,
        unit: ' KB'
      }
    ]
  },
  {
    figure: () => 'mini-program home WXML nodes with its data / pre-rendered first screen',
    value: (r) => {
      const home = r.weappSetData?.firstScreens?.['pages/home/home']
      return home ? `${v(home.wxmlNodes)} / ${v(home.prerenderNodes)}` : undefined
    },
    checks: [
      {
        of: (r) => r.weappSetData?.firstScreens?.['pages/home/home']?.wxmlNodes,
        limit: TARGETS.homeWxmlNodes
      }
    ]
  },
  {
    figure: (r) => {
      const b = r.weappSetData?.busyRoom
      return `mini-program live room ${b?.danmakuPerSecond ?? 200} danmaku/s for ${b?.seconds ?? 10} s: setData calls/s (peak), p95 / max a call`
    },
    value: (r) => {
      const b = r.weappSetData?.busyRoom
      return b ? `${v(b.callsPerSecond)} (${v(b.peakCallsPerSecond)}), ${v(b.p95KB)} / ${v(b.maxKB)} KB` : undefined
    }
  },
  {
    figure: () => 'H5 home first-load JS (gzip / raw)',
    value: (r) =>
      has(r.h5FirstLoad?.home) ? `${v(r.h5FirstLoad.home.jsGzipKB)} / ${v(r.h5FirstLoad.home.jsKB)} KB` : undefined,
    checks: [{ of: (r) => r.h5FirstLoad?.home?.jsGzipKB, limit: TARGETS.homeFirstLoadKB, unit: ' KB' }]
  },
  {
    figure: () => 'H5 home first-load CSS (gzip / raw), the page itself (brotli)',
    value: (r) =>
      has(r.h5FirstLoad?.home)
        ? `${v(r.h5FirstLoad.home.cssGzipKB)} / ${v(r.h5FirstLoad.home.cssKB)} KB, ${v(r.h5FirstLoad.home.documentBrotliKB)} KB`
        : undefined
  },
  {
    figure: () => 'H5 live room 496 first-load JS (gzip / raw)',
    value: (r) =>
      has(r.h5FirstLoad?.live) ? `${v(r.h5FirstLoad.live.jsGzipKB)} / ${v(r.h5FirstLoad.live.jsKB)} KB` : undefined,
    checks: [{ of: (r) => r.h5FirstLoad?.live?.jsGzipKB, limit: TARGETS.liveFirstLoadKB, unit: ' KB' }]
  },
  {
    figure: () => 'home FCP / LCP (4x CPU, median of 5)',
    value: (r) => (has(r.homePaint?.fcpMs) ? `${v(r.homePaint.fcpMs)} / ${v(r.homePaint.lcpMs)} ms` : undefined),
    checks: [{ name: 'LCP', of: (r) => r.homePaint?.lcpMs, limit: TARGETS.lcpMs, unit: ' ms' }]
  },
  {
    figure: () => 'live room first video frame, LL-HLS (4x CPU, median of 5)',
    value: (r) => (has(r.liveFirstFrame?.firstFrameMs) ? v(r.liveFirstFrame.firstFrameMs, ' ms') : undefined),
    checks: [{ of: (r) => r.liveFirstFrame?.firstFrameMs, limit: TARGETS.firstFrameMs, unit: ' ms' }]
  },
  {
    figure: (r) =>
      `danmaku ${r.danmaku?.ratePerSecond ?? 200}/s for ${r.danmaku?.seconds ?? 30} s: frame p50 / p95 / max`,
    value: (r) =>
      has(r.danmaku?.p95FrameMs)
        ? `${v(r.danmaku.p50FrameMs)} / ${v(r.danmaku.p95FrameMs)} / ${v(r.danmaku.maxFrameMs)} ms`
        : undefined
  },
  {
    figure: () => 'danmaku layer / chat list nodes (max), JS heap growth',
    value: (r) =>
      has(r.danmaku?.maxDanmakuLayerNodes)
        ? `${v(r.danmaku.maxDanmakuLayerNodes)} / ${v(r.danmaku.maxChatListNodes)}, ${v(r.danmaku.heapGrowthKB)} KB`
        : undefined
  },
  {
    figure: (r) => `${r.longList?.items ?? 10030}-item list: frame p95 / max rows rendered`,
    value: (r) =>
      has(r.longList?.p95FrameMs) ? `${v(r.longList.p95FrameMs)} ms / ${v(r.longList.maxRenderedRows)}` : undefined
  },
  {
    figure: (r) =>
      `WebSocket fan-out ${r.fanOut?.clients ?? 1000} clients x ${r.fanOut?.messagesPerSecond ?? 50}/s: p50 / p99, lost`,
    value: (r) =>
      has(r.fanOut?.clients)
        ? `${v(r.fanOut.p50LatencyMs)} / ${v(r.fanOut.p99LatencyMs)} ms, ${v(r.fanOut.lost)}`
        : undefined
  },
  lighthouseRow('home', 'home'),
  lighthouseRow('live', 'live room 496'),
  {
    figure: (r) => `live latency, H5 LL-HLS (median over ${r.liveLatency?.samples ?? 30} s / max)`,
    value: (r) =>
      has(r.liveLatency?.medianSeconds)
        ? `${v(r.liveLatency.medianSeconds)} / ${v(r.liveLatency.maxSeconds)} s`
        : undefined,
    checks: [{ of: (r) => r.liveLatency?.medianSeconds, limit: TARGETS.liveLatencySeconds, unit: ' s' }]
  },
  {
    figure: (r) =>
      `playing again after a ${r.cutRecovery?.cutSeconds ?? 15} s cut (median of ${r.cutRecovery?.cuts ?? 20} / max)`,
    value: (r) =>
      has(r.cutRecovery?.medianMs) ? `${v(r.cutRecovery.medianMs)} / ${v(r.cutRecovery.maxMs)} ms` : undefined,
    checks: [{ of: (r) => r.cutRecovery?.maxMs, limit: TARGETS.cutRecoveryMs, unit: ' ms' }]
  }
]

function check(c: Check, r: Results): string {
  const n = Number(c.of(r))
  const known = c.of(r) !== undefined && c.of(r) !== null && Number.isFinite(n)
  const ok = known && (c.atLeast ? n >= c.limit : n <= c.limit)
  return `${c.name ? `${c.name} ` : ''}${c.atLeast ? '≥' : '≤'} ${c.limit}${c.unit ?? ''}${known ? (ok ? ' met' : ' MISSED') : ''}`
}

/** Whether every target of a row that has a figure now is met. */
export function missedTargets(now: Results): string[] {
  const missed: string[] = []
  for (const row of ROWS)
    for (const c of row.checks ?? []) {
      const x = c.of(now)
      if (x === undefined || x === null) continue
      const n = Number(x)
      if (!(c.atLeast ? n >= c.limit : n <= c.limit)) missed.push(`${row.figure(now)}: ${check(c, now)}`)
    }
  return missed
}

/** The table of `now` beside `before` (either may lack a section: its cells show —). */
export function table(now: Results, before: Results | null): string {
  const lines: [string, string, string, string][] = []
  for (const row of ROWS) {
    const n = row.value(now)
    const b = before ? row.value(before) : undefined
    if (n === undefined && b === undefined) continue
    lines.push([row.figure(now), b ?? '—', n ?? '—', (row.checks ?? []).map((c) => check(c, now)).join(', ')])
  }
  for (const [k, val] of Object.entries(now))
    if (val && typeof val === 'object' && 'error' in (val as object))
      lines.push([k, '', `failed: ${(val as { error: string }).error}`, ''])
  const w = Math.max(...lines.map((x) => x[0].length))
  const header = before ? `before (${before.date ?? '?'}, ${before.commit ?? 'the commit before'})` : 'before'
  return [
    `| figure | ${header} | now (${now.date ?? '?'}) | target |`,
    `| --- | --- | --- | --- |`,
    ...lines.map(([a, b, n, t]) => `| ${a.padEnd(w)} | ${b} | ${n} | ${t} |`)
  ].join('\n')
}
