// The live room's layout in the built mini-program. The simulator draws no pixels (no layout engine: it holds the
// page's data tree and the build's files), so what it proves is the structure the stylesheet lays out and that the
// stylesheet shipped: the chat box in the bottom row, outside the scrolled tab content and outside the activity
// card's area, in every room kind; the card over the top of the tab content. The pixels themselves are measured in
// Chromium (e2e/layout.e2e.ts), against the same live.scss.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { SEED_IDS } from '../server/db/seed-ids'
import { DIST } from './sim'
import type { WeappSim } from './sim'
import { assertNoErrors, weappSuite } from './support'
import { classesOf, pathTo, type MpNode } from './tree'

const s = weappSuite()

const classesOnPath = (sim: WeappSim, node: MpNode) =>
  (pathTo(sim.page.root, node) || []).flatMap((n) => (typeof n === 'object' ? classesOf(n) : []))

async function chatBoxPath(sim: WeappSim): Promise<string[]> {
  await sim.waitFor(() => !!sim.page.find({ cls: 'live__dock' }), 'the room’s bottom row')
  const input = sim.page.byTag('input').find((n) => String(n.cl).includes('chat__input'))
  assert.ok(input, 'the chat input')
  return classesOnPath(sim, input)
}

test('R2.8 the chat box is in the room’s bottom row, outside the scrolled tab content, in rooms 301, 303, 306 and 318', async () => {
  for (const roomid of [301, SEED_IDS.rooms.premium, SEED_IDS.rooms.onAirWithGoods, SEED_IDS.rooms.chatClosed]) {
    const sim = await s.launch('packageA/pages/live/live', { roomid: String(roomid) })
    const path = await chatBoxPath(sim)
    assert.ok(path.includes('live__dock') && path.includes('live__side'), `room ${roomid}: in the bottom row`)
    for (const scrolled of ['live__panel', 'live__body', 'activities', 'live__main'])
      assert.ok(!path.includes(scrolled), `room ${roomid}: the chat box is not inside .${scrolled}`)
    // the bottom row is the chat column's last: nothing below it
    const side = sim.page.find({ cls: 'live__side' })!
    const last = (side.cn || []).filter((c) => typeof c === 'object').at(-1) as MpNode
    assert.ok(classesOf(last).includes('live__dock'), `room ${roomid}: the row is last in its column`)
    assertNoErrors(sim)
  }
})

test('R1.5 the running vote’s card sits over the top of the tab content, apart from the chat box', async () => {
  const sim = await s.launch('packageA/pages/live/live', { roomid: String(SEED_IDS.rooms.withRunningVote) })
  await sim.waitFor(() => !!sim.page.find({ cls: 'act-card--vote' }), 'the running vote')
  const card = sim.page.find({ cls: 'act-card--vote' })!
  const cardPath = classesOnPath(sim, card)
  assert.ok(cardPath.includes('live__body'), 'the card in the tab content’s area')
  assert.ok(!cardPath.includes('live__dock') && !cardPath.includes('live__stage'), 'not in the row, not on the video')
  assert.ok((await chatBoxPath(sim)).includes('live__dock'))
  assertNoErrors(sim)
})

test('the live room’s stylesheet keeps the row and the stage in place and lets the card scroll inside its area', () => {
  const wxss = readFileSync(join(DIST, 'packageA/pages/live/live.wxss'), 'utf8').replace(/\s+/g, '')
  const rule = (selector: string) => {
    const at = wxss.indexOf(`${selector}{`)
    assert.ok(at >= 0, `a rule for ${selector}`)
    return wxss.slice(at, wxss.indexOf('}', at))
  }
  assert.match(rule('.live__dock'), /flex-shrink:0/)
  assert.match(rule('.live__body'), /min-height:/)
  assert.match(rule('.live__body>.activities'), /position:absolute/)
  assert.match(rule('.live__body>.activities'), /overflow-y:auto/)
  assert.match(rule('.live__body>.activities'), /max-height:100%/)
  // a portrait video leaves the chat its share of the screen (whitespace gone: the descendant selector reads so)
  assert.match(rule('.live--portrait.live__stage'), /max-height:40vh/)
})
