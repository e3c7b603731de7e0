import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { LiveServer } from '../../server/app'
import { assertEnvelope, assertRefused, call, makeApp, U } from './helpers'

let app: LiveServer
before(async () => {
  app = await makeApp()
})
after(() => app.close())

const related = async (payload: Record<string, unknown>) =>
  assertEnvelope(await call(app, 'POST', U('/playback/related'), payload)) as {
    next: { id: number; room_id: number; title: string } | null
    list: Array<{ id: number; room_id: number; views: number }>
  }

test('R2.9 a playback is followed by its room’s next recording, then related ones (room first, then most watched)', async () => {
  // room 301 has two recordings: 5026 无锡新闻周末版 and 5030 江南古运河纪录片
  const all = assertEnvelope(await call(app, 'POST', U('/playback/list'), { page: 1, count: 50 })).list as Array<{
    id: number
    room_id: number
    time: number
  }>
  const ofRoom = all.filter((p) => p.room_id === 301).sort((a, b) => a.time - b.time || a.id - b.id)
  assert.equal(ofRoom.length, 2)
  const [first, second] = ofRoom
  const d = await related({ id: first.id })
  assert.equal(d.next?.id, second.id, 'the room’s following recording plays next')
  assert.ok(d.list.length > 0 && d.list.length <= 6, 'six related at most by default')
  assert.ok(!d.list.some((p) => p.id === first.id || p.id === second.id), 'neither itself nor next is listed')
  const views = d.list.map((p) => p.views)
  assert.deepEqual(
    views,
    [...views].sort((a, b) => b - a),
    'the other rooms’ recordings, most watched first'
  )

  // the room's latest recording has no follower in its room: the first related one plays next, the room's older one
  const last = await related({ id: second.id, count: 3 })
  assert.equal(last.next?.id, first.id, 'the room’s other recording comes first')
  assert.equal(last.list.length, 3)
  assert.ok(!last.list.some((p) => p.id === second.id || p.id === first.id))
})

test('R2.9 related playbacks of a missing playback answer -4, and a bad payload is refused', async () => {
  assertRefused(await call(app, 'POST', U('/playback/related'), { id: 99999 }), -4)
  assert.notEqual((await call(app, 'POST', U('/playback/related'), { id: 0 })).body.code, 1)
  assert.notEqual((await call(app, 'POST', U('/playback/related'), { id: 5001, count: 500 })).body.code, 1)
})
