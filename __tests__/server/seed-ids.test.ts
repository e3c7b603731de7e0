// The seed's named ids (server/db/seed-ids.ts) are what their names say: tests pick rooms by these names, so a seed change
// that moves a kind of room to another id fails here, not in a test that quietly exercises the wrong room.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { Store } from '../../server/db'
import { seed } from '../../server/db/seed'
import { DEMO, SEED_IDS } from '../../server/db/seed-ids'
import type { Activity, Goods, Playback, Room } from '../../server/types'

function seeded(): Store {
  const store = new Store(':memory:')
  seed(store)
  return store
}

test('every named room is on air and is the kind its name says', () => {
  const store = seeded()
  const { rooms, activities } = SEED_IDS
  const room = (id: number) => {
    const r = store.doc<Room>('room', id)
    assert.ok(r, `room ${id} is seeded`)
    assert.equal(r.onair, 1, `room ${id} is on air`)
    return r
  }
  // goods on screen in the 商品 tab, and no activity of its own
  assert.ok(room(rooms.onAirWithGoods).external.tabs.some((t) => t.type === 'goods'))
  assert.ok(store.docs<Goods>('goods').some((g) => g.room_id === rooms.onAirWithGoods))
  assert.ok(!store.docs<Activity>('activity').some((a) => a.room_id === rooms.onAirWithGoods))
  // free, with 8 messages of today's history
  const history = room(rooms.onAirWithHistory)
  assert.equal(history.is_premium, 0)
  assert.equal(history.password, '')
  const messages = store.db
    .prepare('SELECT COUNT(*) AS n FROM danmaku WHERE room_id = ?')
    .get(rooms.onAirWithHistory) as { n: number }
  assert.equal(messages.n, 8)
  assert.equal(room(rooms.onAirLandscape).orientation, 'landscape')
  assert.equal(room(rooms.password).password, '8888')
  assert.equal(DEMO.roomPasswords[rooms.password], '8888')
  assert.equal(room(rooms.chatClosed).chat_closed, 1)
  const premium = room(rooms.premium)
  assert.equal(premium.is_premium, 1)
  assert.equal(premium.trial_seconds, 60)
  room(rooms.withRunningVote)
  const paidPlayback = store.doc<Playback>('playback', SEED_IDS.playbacks.premium)
  assert.ok(paidPlayback)
  assert.equal(paidPlayback.is_premium, 1)
  assert.equal(paidPlayback.price, 30)
  assert.equal(paidPlayback.trial_seconds, 30)
  const vote = store.doc<Activity>('activity', activities.runningVote)
  assert.ok(vote)
  assert.equal(vote.kind, 'vote')
  assert.equal(vote.room_id, rooms.withRunningVote)
  assert.equal(vote.status, 1)
  store.close()
})
