// The setData budget of budgets.json (weappSetData), held on the built mini-program: every page's load and idle time,
// and the live room while the server injects 200 danmaku a second for 10 s. WeChat's guidance: at most 256 KB per
// call after JSON, no more than about 20 calls a second, no millisecond-level updates.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { PAGE_CASES } from './cases'
import { kb, measureBusyRoom, measurePages, readBudget } from './setdata'
import { weappSuite } from './support'

const s = weappSuite()
const budget = readBudget()

test(`every page's setData: at most ${budget.maxCallsPerSecond} calls in any second, ${kb(budget.maxBytesPerCall)} KB a call`, async (t) => {
  const pages = await measurePages(s.server, 500)
  assert.equal(pages.length, PAGE_CASES.length)
  for (const p of pages) {
    t.diagnostic(
      `${p.page}: ${p.calls} calls (peak ${p.peakCallsPerSecond}/s), max ${kb(p.maxBytes)} KB, idle ${p.idle.calls} calls`
    )
  }
  for (const p of pages) {
    assert.ok(p.calls > 0, `${p.page} rendered`)
    assert.ok(p.maxBytes <= budget.maxBytesPerCall, `${p.page}: a call of ${kb(p.maxBytes)} KB`)
    assert.ok(
      p.peakCallsPerSecond <= budget.maxCallsPerSecond,
      `${p.page}: ${p.peakCallsPerSecond} calls in one second`
    )
  }
})

test(`the live room under ${budget.busyRoom.danmakuPerSecond} danmaku/s for ${budget.busyRoom.seconds} s stays in the setData budget`, async (t) => {
  const f = await measureBusyRoom(s.server, budget.busyRoom)
  t.diagnostic(
    `room ${f.roomid}, ${f.danmakuPerSecond} danmaku/s: ${f.callsPerSecond} calls/s (peak ${f.peakCallsPerSecond}), p95 ${kb(f.p95Bytes)} KB, max ${kb(f.maxBytes)} KB a call, ` +
      `closest calls ${f.minGapMs} ms apart; ${f.received}/${f.injected} messages received`
  )
  // the measurement saw the burst: every message arrived and the last one is on screen
  assert.equal(f.received, f.injected)
  assert.ok(f.lastShown, 'the last injected message is shown')
  assert.ok(f.calls > 0)
  assert.ok(f.peakCallsPerSecond <= budget.maxCallsPerSecond, `${f.peakCallsPerSecond} calls in one second`)
  assert.ok(f.maxBytes <= budget.maxBytesPerCall, `a call of ${kb(f.maxBytes)} KB`)
  // not one setData per message: incoming chat is batched (the client flushes every 200 ms)
  assert.ok(f.calls < f.injected / 10, `${f.calls} calls for ${f.injected} messages`)
  // no millisecond-level updates (a stray coincidence of two sources is tolerated)
  assert.ok(
    f.gapsUnder50ms <= 2,
    `${f.gapsUnder50ms} calls less than 50 ms after the previous one (closest ${f.minGapMs} ms)`
  )
})
