// setData figures of the built mini-program (WeChat's guidance: a call's payload at most 256 KB after JSON, no more
// than about 20 calls a second, no millisecond-level updates). Used by setdata-budget.weapp-run.test.ts (which holds
// the budget of budgets.json) and by `npm run bench`.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PAGE_CASES } from './cases'
import type { RefServer } from './server'
import { DIST, ROOT, WeappSim, sleep, type SetDataRecord } from './sim'
import { countMarkupNodes, countWxmlNodes, readTemplateLevels, type WxmlNodeCount } from './tree'

export interface SetDataBudget {
  /** bytes of one call's payload after JSON.stringify (UTF-8) */
  maxBytesPerCall: number
  /** calls in any one-second window */
  maxCallsPerSecond: number
  /** the busy live room: danmaku per second injected, for how many seconds */
  busyRoom: { roomid: number; danmakuPerSecond: number; seconds: number }
  /** home's and the live room's first load: bytes of the first setData after JSON */
  firstCallMaxBytes: number
  /** bytes of any setData of that load */
  loadCallMaxBytes: number
  /** WXML nodes of home once it has its data (its tab bar's included), and of its pre-rendered first screen */
  homeMaxNodes: number
}

export function readBudget(): SetDataBudget {
  const budgets = JSON.parse(readFileSync(join(ROOT, 'budgets.json'), 'utf8')) as { weappSetData: SetDataBudget }
  return budgets.weappSetData
}

export interface SetDataFigures {
  calls: number
  seconds: number
  /** calls / seconds over the whole window */
  callsPerSecond: number
  /** the most calls inside any one-second window */
  peakCallsPerSecond: number
  p95Bytes: number
  maxBytes: number
  totalBytes: number
  /** the shortest time between two calls (ms) */
  minGapMs: number | null
  /** how many calls came less than 50 ms after the previous one (millisecond-level updates) */
  gapsUnder50ms: number
}

function percentile(values: number[], p: number): number {
  if (!values.length) return 0
  const sorted = values.slice().sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** The figures of the calls recorded between `from` and `to` (ms timestamps). */
export function figures(log: SetDataRecord[], from: number, to: number): SetDataFigures {
  const calls = log.filter((r) => r.t >= from && r.t <= to)
  const times = calls.map((r) => r.t).sort((a, b) => a - b)
  let peak = 0
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i] - times[j] >= 1000) j++
    peak = Math.max(peak, i - j + 1)
  }
  let minGap: number | null = null
  let short = 0
  for (let i = 1; i < times.length; i++) {
    const gap = times[i] - times[i - 1]
    minGap = minGap === null ? gap : Math.min(minGap, gap)
    if (gap < 50) short++
  }
  const bytes = calls.map((r) => r.bytes)
  const seconds = Math.max(0.001, (to - from) / 1000)
  return {
    calls: calls.length,
    seconds: Math.round(seconds * 10) / 10,
    callsPerSecond: Math.round((calls.length / seconds) * 10) / 10,
    peakCallsPerSecond: peak,
    p95Bytes: percentile(bytes, 95),
    maxBytes: bytes.length ? Math.max(...bytes) : 0,
    totalBytes: bytes.reduce((a, b) => a + b, 0),
    minGapMs: minGap,
    gapsUnder50ms: short
  }
}

export interface PageFigures extends SetDataFigures {
  page: string
  /** figures of the first 2 s after the page settled (timers, polling) */
  idle: SetDataFigures
}

/** Opens every page of the cases, waits for its content, then 2 s more: the setData of its load and of its idle time. */
export async function measurePages(server: RefServer, idleMs = 2000): Promise<PageFigures[]> {
  const out: PageFigures[] = []
  for (const c of PAGE_CASES) {
    const expected = await c.expect(server)
    const started = Date.now()
    const sim = await WeappSim.launch({ origin: server.origin }, c.route, c.query)
    try {
      for (const text of expected) await sim.waitForText(text)
      await sim.settle(300)
      const settled = Date.now()
      await sleep(idleMs)
      const all = figures(sim.setDataLog, started, Date.now())
      out.push({ page: c.route, ...all, idle: figures(sim.setDataLog, settled, Date.now()) })
    } finally {
      await sim.close()
    }
  }
  return out
}

export interface BusyRoomFigures extends SetDataFigures {
  roomid: number
  danmakuPerSecond: number
  /** chat messages injected, and those the client received over its socket */
  injected: number
  received: number
  /** the last injected message is on screen when the burst ends */
  lastShown: boolean
}

/** The live room while the server injects `rate` danmaku a second for `seconds` s (its dev inject route). */
export async function measureBusyRoom(server: RefServer, budget: SetDataBudget['busyRoom']): Promise<BusyRoomFigures> {
  const sim = await WeappSim.launch({ origin: server.origin }, 'packageA/pages/live/live', {
    roomid: String(budget.roomid)
  })
  try {
    await sim.waitForText('聊天简介')
    const socket = await sim.waitFor(
      () => sim.sockets.find((x) => x.url.endsWith(`/ws?roomid=${budget.roomid}`) && x.received > 0),
      'the room socket'
    )
    await sim.settle(300)
    const receivedBefore = socket.received
    const start = Date.now()
    const r = (await server.dev(
      `rooms/${budget.roomid}/inject?rate=${budget.danmakuPerSecond}&seconds=${budget.seconds}`
    )) as { data: { total: number } }
    const total = r.data.total
    await sleep(budget.seconds * 1000)
    const end = Date.now()
    // the last message may still be in the client's 200 ms flush
    const lastShown = await sim
      .waitFor(() => sim.page.text().includes(`#${total}`), 'the last injected message', 30000)
      .then(() => true)
      .catch(() => false)
    const errors = sim.errorText()
    if (errors) throw new Error(`errors in the busy room:\n${errors}`)
    return {
      roomid: budget.roomid,
      danmakuPerSecond: budget.danmakuPerSecond,
      injected: total,
      received: socket.received - receivedBefore,
      lastShown,
      ...figures(sim.setDataLog, start, end)
    }
  } finally {
    await sim.close()
  }
}

export function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1)
}

/** The pages whose first screen is held (budgets.json weappSetData): home, and the live room of the seeded demo room. */
export const FIRST_SCREEN_PAGES = ['pages/home/home', 'packageA/pages/live/live'] as const

export interface FirstScreenFigures {
  page: string
  query: Record<string, string>
  /** bytes of the page's first setData (after JSON, UTF-8) */
  firstCallBytes: number
  /** the page's setData calls from launch until it shows its data and has settled, and the largest of them */
  loadCalls: number
  loadMaxBytes: number
  /** WXML nodes of the page once it has its data, through base.wxml: the page's tree and its custom tab bar's */
  nodes: WxmlNodeCount
  tabBarNodes: number
  /** the pre-rendered first screen in the page's .wxml (Taro's prerender): its nodes and bytes, 0 without one */
  prerenderNodes: number
  prerenderBytes: number
}

/** The pre-rendered branch of a page's .wxml (Taro's prerender writes `<block wx:if="{{root.uid}}">…<block wx:else>…`). */
export function prerenderedWxml(route: string, dist = process.env.WEAPP_DIST ?? DIST): string | null {
  const file = join(dist, `${route}.wxml`)
  if (!existsSync(file)) return null
  const m = readFileSync(file, 'utf8').match(/<block wx:else>\n?([\s\S]*)<\/block>\s*$/)
  return m ? m[1] : null
}

/** Opens each page of FIRST_SCREEN_PAGES (its PAGE_CASES query), waits for its data, and measures its first load. */
export async function measureFirstScreens(server: RefServer): Promise<FirstScreenFigures[]> {
  const out: FirstScreenFigures[] = []
  for (const route of FIRST_SCREEN_PAGES) {
    const c = PAGE_CASES.find((x) => x.route === route)
    if (!c) throw new Error(`no page case for ${route}`)
    const expected = await c.expect(server)
    const sim = await WeappSim.launch({ origin: server.origin }, route, c.query)
    try {
      for (const text of expected) await sim.waitForText(text)
      await sim.settle(500)
      const errors = sim.errorText()
      if (errors) throw new Error(`errors on ${route}:\n${errors}`)
      const calls = sim.setDataLog.filter((r) => r.route === route && r.target === 'page')
      const levels = readTemplateLevels(sim.dist)
      const nodes = countWxmlNodes(sim.page.root, levels)
      const tabBar = sim.page.tabBar ? countWxmlNodes(sim.page.tabBar.root, levels).total : 0
      const pre = prerenderedWxml(route, sim.dist)
      out.push({
        page: route,
        query: c.query ?? {},
        firstCallBytes: calls[0]?.bytes ?? 0,
        loadCalls: calls.length,
        loadMaxBytes: Math.max(0, ...calls.map((r) => r.bytes)),
        nodes,
        tabBarNodes: tabBar,
        prerenderNodes: pre ? countMarkupNodes(pre).total : 0,
        prerenderBytes: pre ? Buffer.byteLength(pre) : 0
      })
    } finally {
      await sim.close()
    }
  }
  return out
}
