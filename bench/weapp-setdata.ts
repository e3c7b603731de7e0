// `npm run bench`'s mini-program setData section: the built mini-program (dist/weapp) run headless by weapp-sim
// against its own reference server: every page's setData on load and idle, the live room under the busy-room
// burst of budgets.json (weappSetData), and the first load of home and live room 496 (first setData, the largest of
// the load, WXML nodes, the pre-rendered first screen). npm test holds the same figures to the budget
// (weapp-sim/setdata-budget.weapp-run.test.ts, weapp-sim/first-screen.weapp-run.test.ts).
import { startRefServer } from '../weapp-sim/server'
import { measureBusyRoom, measureFirstScreens, measurePages, readBudget } from '../weapp-sim/setdata'

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10

export async function weappSetData(quick = false) {
  const server = await startRefServer()
  try {
    const budget = readBudget()
    const pages = await measurePages(server, quick ? 500 : 2000)
    const busy = await measureBusyRoom(server, quick ? { ...budget.busyRoom, seconds: 3 } : budget.busyRoom)
    const firstScreens = await measureFirstScreens(server)
    return {
      pages: pages.length,
      pagesPeakCallsPerSecond: Math.max(...pages.map((p) => p.peakCallsPerSecond)),
      pagesMaxKB: kb(Math.max(...pages.map((p) => p.maxBytes))),
      pagesIdleCalls: pages.reduce((a, p) => a + p.idle.calls, 0),
      perPage: Object.fromEntries(
        pages.map((p) => [
          p.page,
          { calls: p.calls, peakCallsPerSecond: p.peakCallsPerSecond, maxKB: kb(p.maxBytes), idleCalls: p.idle.calls }
        ])
      ),
      busyRoom: {
        roomid: busy.roomid,
        danmakuPerSecond: busy.danmakuPerSecond,
        seconds: busy.seconds,
        callsPerSecond: busy.callsPerSecond,
        peakCallsPerSecond: busy.peakCallsPerSecond,
        p95KB: kb(busy.p95Bytes),
        maxKB: kb(busy.maxBytes),
        minGapMs: busy.minGapMs,
        gapsUnder50ms: busy.gapsUnder50ms,
        received: busy.received,
        injected: busy.injected
      },
      firstScreens: Object.fromEntries(
        firstScreens.map((p) => [
          p.page,
          {
            query: p.query,
            firstCallKB: kb(p.firstCallBytes),
            loadCalls: p.loadCalls,
            loadMaxKB: kb(p.loadMaxBytes),
            wxmlNodes: p.nodes.total + p.tabBarNodes,
            prerenderNodes: p.prerenderNodes,
            prerenderBytes: p.prerenderBytes
          }
        ])
      ),
      budget: {
        maxCallsPerSecond: budget.maxCallsPerSecond,
        maxKBPerCall: kb(budget.maxBytesPerCall),
        firstCallMaxKB: kb(budget.firstCallMaxBytes),
        loadCallMaxKB: kb(budget.loadCallMaxBytes),
        homeMaxNodes: budget.homeMaxNodes
      }
    }
  } finally {
    await server.stop()
  }
}
