/*
 * 消费记录 (R2.46, R1.4, R1.6): POST /userapp/consume/log lists the caller's own 慧币 charges, unlocks of paid rooms
 * and playbacks and gifts, the latest first, paged; another user's token sees none of them; a bad payload is refused
 * with the error catalogue's code; a burst of unlocks of one room charges once and is logged once.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { CODE } from '../../contract/codes'
import { assertEnvelope, assertPaged, assertRefused, call, login, loginNoMobile, listeningApp, U } from './helpers'

const reference = listeningApp()

/** Real HTTP, so a burst of calls arrives at once. */
async function post(path: string, body: Record<string, unknown>, token: string) {
  const res = await fetch(reference.origin + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body)
  })
  assert.notEqual(res.status, 500)
  return (await res.json()) as { code: number; msg: string; data: any }
}

const log = (token: string, payload: Record<string, unknown> = {}) =>
  call(reference.app, 'POST', U('/consume/log'), payload, token)

test('R2.46 R1.6 R7.88 a burst of unlocks of room 308 charges 50 慧币 once, and 消费记录 lists that one unlock', async () => {
  const { token, user } = await login(reference.app)
  const before = assertEnvelope(await call(reference.app, 'POST', U('/userinfo'), {}, token)).gold as number
  const answers = await Promise.all(Array.from({ length: 12 }, () => post(U('/premium_pay'), { id: 308 }, token)))
  assert.ok(answers.every((a) => a.code === 1))
  assert.equal(answers.filter((a) => a.data.charged === 50).length, 1, 'charged exactly once')
  const after = assertEnvelope(await call(reference.app, 'POST', U('/userinfo'), {}, token)).gold as number
  assert.equal(after, before - 50)
  const list = assertPaged(assertEnvelope(await log(token)))
  const unlocks = list.filter((r) => r.kind === 'unlock')
  assert.equal(unlocks.length, 1)
  assert.deepEqual(
    { target: unlocks[0].target, target_id: unlocks[0].target_id, gold: unlocks[0].gold },
    { target: 'room', target_id: 308, gold: 50 }
  )
  assert.ok(unlocks[0].target_title.length > 0)
  assert.ok(Math.abs(unlocks[0].time - Date.now() / 1000) < 3600)
  assert.equal(user.id > 0, true)
})

test('R2.46 R1.4 消费记录 lists unlocks and gifts together, latest first, paged by count', async () => {
  const { token } = await login(reference.app)
  // two gifts and a paid playback after the unlock of the test above
  assertEnvelope(await call(reference.app, 'POST', U('/send_gifts'), { roomid: 307, giftid: 3, combo: 2 }, token))
  assertEnvelope(await call(reference.app, 'POST', U('/premium_pay'), { review_id: 5004 }, token))
  assertEnvelope(await call(reference.app, 'POST', U('/send_gifts'), { roomid: 307, giftid: 1, combo: 1 }, token))
  // the four fall within a few seconds: set them apart as a viewer's afternoon would (unlock, gift, unlock, gift)
  const db = reference.app.ctx.store.db
  db.prepare("UPDATE purchases SET created_at = created_at - 300 WHERE kind = 'room' AND target_id = 308").run()
  db.prepare('UPDATE gift_log SET created_at = created_at - 200 WHERE combo = 2').run()
  db.prepare("UPDATE purchases SET created_at = created_at - 100 WHERE kind = 'playback'").run()
  const all = assertPaged(assertEnvelope(await log(token, { page: 1, count: 100 })))
  assert.equal(all.length, 4)
  assert.deepEqual(
    all.map((r) => [r.kind, r.target, r.target_id, r.gift_name, r.combo, r.gold]),
    [
      ['gift', 'room', 307, '鲜花', 1, 1],
      ['unlock', 'playback', 5004, null, null, 20],
      ['gift', 'room', 307, '小笼包', 2, 20],
      ['unlock', 'room', 308, null, null, 50]
    ]
  )
  assert.equal(new Set(all.map((r) => r.id)).size, 4, 'every row has its own id')
  assert.deepEqual(
    all.map((r) => r.time),
    [...all.map((r) => r.time)].sort((a, b) => b - a)
  )
  // page by 3: 3 then 1, the same rows in the same order
  const p1 = assertEnvelope(await log(token, { page: 1, count: 3 }))
  const p2 = assertEnvelope(await log(token, { page: 2, count: 3 }))
  assert.deepEqual([p1.total, p1.totalPage, p2.currentPage], [4, 2, 2])
  assert.deepEqual([...p1.list, ...p2.list], all)
  const p3 = assertEnvelope(await log(token, { page: 3, count: 3 }))
  assert.deepEqual(p3.list, [])
})

test('R2.46 消费记录 is the caller’s own: another user’s token sees none of the first user’s charges; no login is 401', async () => {
  const other = await loginNoMobile(reference.app)
  const mine = assertPaged(assertEnvelope(await log(other.token, { page: 1, count: 100 })))
  assert.deepEqual(mine, [], 'the other user has spent nothing and sees nothing')
  assertEnvelope(await call(reference.app, 'POST', U('/send_gifts'), { roomid: 307, giftid: 1, combo: 3 }, other.token))
  const after = assertPaged(assertEnvelope(await log(other.token, { page: 1, count: 100 })))
  assert.deepEqual(
    after.map((r) => [r.kind, r.gift_name, r.combo, r.gold]),
    [['gift', '鲜花', 3, 3]]
  )
  // and the first user's log has not gained the other's gift
  const { token } = await login(reference.app)
  const first = assertPaged(assertEnvelope(await log(token, { page: 1, count: 100 })))
  assert.ok(!first.some((r) => r.combo === 3))
  assert.equal((await call(reference.app, 'POST', U('/consume/log'), {})).status, 401)
})

test('R2.46 a bad 消费记录 payload is refused with the catalogue’s code (参数错误, -1)', async () => {
  const { token } = await login(reference.app)
  for (const bad of [{ page: 0 }, { count: 0 }, { count: 101 }, { page: 'x' }]) {
    const msg = assertRefused(await log(token, bad), CODE.BAD_PARAM)
    assert.match(msg, /^参数错误/)
  }
})

test('R2.46 消费记录 lists an unlock and a gift of the same second in the order they came: the gift after it first', async () => {
  const viewer = await loginNoMobile(reference.app)
  const db = reference.app.ctx.store.db
  db.prepare('UPDATE users SET gold = gold + 100 WHERE id = ?').run(viewer.user.id)
  assertEnvelope(await call(reference.app, 'POST', U('/premium_pay'), { id: 308 }, viewer.token))
  assertEnvelope(
    await call(reference.app, 'POST', U('/send_gifts'), { roomid: 307, giftid: 1, combo: 4 }, viewer.token)
  )
  // the two within one second (here often within one millisecond), as a viewer who unlocks the room and sends a gift
  // at once
  const second = Math.floor(Date.now() / 1000)
  db.prepare("UPDATE purchases SET created_at = ? WHERE user_id = ? AND kind = 'room' AND target_id = 308").run(
    second,
    viewer.user.id
  )
  db.prepare('UPDATE gift_log SET created_at = ? WHERE user_id = ? AND combo = 4').run(second, viewer.user.id)
  const latest = assertPaged(assertEnvelope(await log(viewer.token, { page: 1, count: 2 })))
  assert.deepEqual(
    latest.map((r) => [r.kind, r.target_id, r.time]),
    [
      ['gift', 307, second],
      ['unlock', 308, second]
    ]
  )
})
