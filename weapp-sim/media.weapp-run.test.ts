// The 视听 tab's schedule in the built mini-program: it opens with the programme on air in view. The simulator lays
// nothing out, so each test says where the rows are (`layout`), and the app's clock is set to the hour it names.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { WeappSim } from './sim'
import { assertNoErrors, weappSuite } from './support'

const s = weappSuite()

/** The app's clock at `hour`:10 today, China time, as a shift from the real one. */
function shiftTo(hour: number): number {
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)
  return Date.parse(`${today}T${String(hour).padStart(2, '0')}:10:00+08:00`) - Date.now()
}

/** The 视听 tab at `hour`:10 with every schedule row's bottom at `bottom` px: the index of the row 正在播出. */
async function mediaAt(hour: number, bottom: number): Promise<{ sim: WeappSim; current: number }> {
  const sim = await s.launch(
    'pages/media/media',
    {},
    {
      clockShiftMs: shiftTo(hour),
      layout: (selector) => (selector.startsWith('#media-schedule-') ? { top: bottom - 40, bottom } : undefined)
    }
  )
  const row = await sim.waitFor(() => sim.page.find({ cls: 'media-schedule__row--current' }), 'the programme on air')
  const current = Number(/^media-schedule-tv-(\d+)$/.exec(String(row.uid))?.[1])
  // the page measured the row on air, and did what it does with the answer
  await sim.waitFor(
    () =>
      sim
        .callsOf('SelectorQuery.exec')
        .some((c) => (c.options.selectors as string[]).includes(`#media-schedule-tv-${current}`)),
    'the row on air measured'
  )
  return { sim, current }
}

test('R2.45 R1.8 at 20:10 the schedule’s 正在播出 row is below the screen: the page puts the row before it at the top (pageScrollTo, its id)', async () => {
  const { sim, current } = await mediaAt(20, 2000)
  assert.ok(current > 10, `on air at 20:10: row ${current}`)
  assert.deepEqual(
    sim.callsOf('pageScrollTo').map((c) => c.options),
    [{ selector: `#media-schedule-tv-${current - 1}`, duration: 0 }]
  )
  assertNoErrors(sim)
})

test('R2.45 at 01:10 the 正在播出 row is in view: the page stays at its top', async () => {
  const { sim, current } = await mediaAt(1, 400)
  assert.equal(current, 1, `on air at 01:10: row ${current}`)
  assert.equal(sim.callsOf('pageScrollTo').length, 0)
  assertNoErrors(sim)
})
