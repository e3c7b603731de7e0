// The schedules in the built mini-program: the 视听 tab and a channel's page open with the programme on air in view. The
// simulator lays nothing out, so the tab's tests say where the rows are (`layout`); the app's clock is set to the hour each names.
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

/** A channel's page at `hour`:10 (China time): the row on air's index and what its list is told to scroll to. */
async function channelAt(hour: number): Promise<{ sim: WeappSim; onAir: number; target: () => unknown }> {
  const sim = await s.launch(
    'packageA/pages/watch/watch',
    { type: 'channel', id: '1' },
    { clockShiftMs: shiftTo(hour) }
  )
  const row = await sim.waitFor(() => sim.page.find({ cls: 'watch-schedule__row--on' }), 'the programme on air')
  const onAir = Number(/^watch-schedule-(\d+)$/.exec(String(row.uid))?.[1])
  const target = () => sim.page.attr(sim.page.get({ cls: 'watch-schedule__list' }), 'scroll-into-view')
  return { sim, onAir, target }
}

test('R2.45 a TV channel’s page at 20:10: today’s programmes scroll in their own list, opened with the one before 正在播出 at its top (scroll-into-view), the page itself not scrolled', async () => {
  const { sim, onAir, target } = await channelAt(20)
  assert.ok(onAir > 10, `on air at 20:10: row ${onAir}`)
  await sim.waitFor(() => target() === `watch-schedule-${onAir - 1}`, 'the list told to open at the row before')
  assert.equal(sim.callsOf('pageScrollTo').length, 0, 'the page, and the video at its top, not moved')
  assertNoErrors(sim)
})

test('R2.45 a TV channel’s page at 01:10: the programme on air is the day’s second, its list opens at the first', async () => {
  const { sim, onAir, target } = await channelAt(1)
  assert.equal(onAir, 1, `on air at 01:10: row ${onAir}`)
  await sim.waitFor(() => target() === 'watch-schedule-0', 'the list told to open at the day’s first programme')
  assert.equal(sim.callsOf('pageScrollTo').length, 0)
  assertNoErrors(sim)
})
