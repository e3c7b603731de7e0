/*
 * A password or paid room's activities (vote, quiz, red packets, rain, lotteries, goods) answer only a caller who may
 * be in the room, as its chat and stream do: a password room with its password or room_key, a paid room bought or in
 * its trial. Reads and writes alike; a refused call changes nothing. Each test failed on the server before the fix.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { LiveServer } from '../../server/app'
import { nowSec } from '../../server/lib/util'
import { SEED_IDS } from '../../server/db/seed-ids'
import { NEED_PASSWORD_MSG, NEED_PURCHASE_MSG } from '../../server/services/room-access'
import { assertEnvelope, assertRefused, call, login, loginNoMobile, U, withApp } from './helpers'

const PASSWORD_ROOM = SEED_IDS.rooms.password
const PAID_ROOM = SEED_IDS.rooms.premium
const FREE_ROOM = SEED_IDS.rooms.onAirWithHistory
const A = (p: string) => U(`/living/activity${p}`)

/** Starts one activity of each kind in `room` (the demo controls) and puts a goods item there. */
async function startAll(app: LiveServer, room: number) {
  const dev = async (p: string) => assertEnvelope(await call(app, 'POST', `/dev/rooms/${room}${p}`, {}))
  const goodsId = 6015
  app.ctx.store.patchDoc('goods', goodsId, { room_id: room })
  return {
    vote: (await dev('/vote')).id as number,
    quiz: (await dev('/quiz')).id as number,
    rain: (await dev('/rain/start')).id as number,
    lottery: (await dev('/lottery/start')).id as number,
    redpack: (await dev('/redpack')).id as number,
    goodsId
  }
}

type Ids = Awaited<ReturnType<typeof startAll>>

/** Every activity call of `room`: path and payload (without the room's access). */
const callsOf = (room: number, ids: Ids): Array<[string, Record<string, unknown>]> => [
  [A('/redpack/detail'), { roomid: room }],
  [A('/redpack/detail'), { act_id: ids.redpack }],
  [A('/redpack/draw'), { act_id: ids.redpack }],
  [A('/redpack/draw'), { act_id: ids.redpack, roomid: FREE_ROOM }],
  [A('/redpack/result'), { act_id: ids.redpack }],
  [A('/redpack/result'), { drawId: ids.redpack }],
  [A('/rain'), { roomid: room }],
  [A('/rain/draw'), { act_id: ids.rain }],
  [A('/rain/winner'), { lotteryId: ids.rain }],
  [A('/rain/mine'), { act_id: ids.rain }],
  [A('/vote/detail'), { roomid: room }],
  [A('/vote/post'), { act_id: ids.vote, option_id: 1 }],
  [A('/puzzle/detail'), { quizId: ids.quiz }],
  [A('/puzzle/post'), { act_id: ids.quiz, answer: 1 }],
  [A('/puzzle/result'), { act_id: ids.quiz }],
  [A('/lottery/detail'), { roomid: room }],
  [A('/lottery/draw'), { act_id: ids.lottery }],
  [A('/lottery/result'), { act_id: ids.lottery }],
  [U('/living/goods'), { roomid: room }],
  [U('/living/goods/view'), { id: ids.goodsId, roomid: room }],
  [U('/mall/order/create'), { goods_id: ids.goodsId }]
]

/** What a call could change: the caller's balance, the packet, the votes, the answers, the draws, the entries. */
async function state(app: LiveServer, token: string, ids: Ids) {
  const db = app.ctx.store.db
  return {
    gold: assertEnvelope(await call(app, 'POST', U('/userinfo'), {}, token)).gold as number,
    activities: [ids.vote, ids.quiz, ids.rain, ids.lottery, ids.redpack].map((id) =>
      JSON.stringify(app.ctx.store.doc('activity', id))
    ),
    entries: (db.prepare('SELECT COUNT(*) AS n FROM act_entries').get() as { n: number }).n,
    orders: (db.prepare("SELECT COUNT(*) AS n FROM orders WHERE kind = 'mall'").get() as { n: number }).n,
    views: (app.ctx.store.doc('goods', ids.goodsId) as { views: number }).views
  }
}

test('R3.9 R7.86 R7.89–R7.102 R7.100 R7.101 a password room’s activities, reads and writes, refuse a caller without its password (-3, nothing changes); with its room_key each answers', async () => {
  await withApp({}, async (app) => {
    const ids = await startAll(app, PASSWORD_ROOM)
    const { token } = await login(app)
    const before = await state(app, token, ids)
    for (const [path, payload] of callsOf(PASSWORD_ROOM, ids)) {
      for (const given of [{}, { room_key: 'forged' }, { room_key: '' }]) {
        const r = await call(app, 'POST', path, { ...payload, ...given }, token)
        assert.equal(assertRefused(r, -3), NEED_PASSWORD_MSG, `${path} ${JSON.stringify(payload)}`)
        assert.equal(r.body.data.need_password, 1)
        assert.equal(r.body.data.id, PASSWORD_ROOM)
      }
    }
    // anonymous readers too
    for (const [path, payload] of callsOf(PASSWORD_ROOM, ids).filter(([p]) => /detail|rain$|winner|goods$/.test(p)))
      assertRefused(await call(app, 'POST', path, payload), -3)
    assert.deepEqual(await state(app, token, ids), before, 'a refused call changes nothing')
    // the key room info answers to the password opens every call
    const info = assertEnvelope(await call(app, 'POST', U('/roominfo'), { roomid: PASSWORD_ROOM, password: '8888' }))
    const room_key = info.room_key as string
    assert.ok(room_key)
    for (const [path, payload] of callsOf(PASSWORD_ROOM, ids)) {
      const r = await call(app, 'POST', path, { ...payload, room_key }, token)
      assert.equal(r.status, 200, path)
      assert.equal(r.body.code, 1, `${path} ${JSON.stringify(payload)}: ${r.body.msg}`)
    }
    const after = await state(app, token, ids)
    assert.ok(after.gold > before.gold, 'the red packet drawn with the key')
    assert.ok(after.entries > before.entries)
    // the password itself opens them too
    assertEnvelope(await call(app, 'POST', A('/vote/detail'), { roomid: PASSWORD_ROOM, password: '8888' }))
  })
})

test('R7.88 R7.86 R7.89–R7.102 a paid room’s activities answer a viewer in its trial or who bought it; before the trial, after it, or without one: refused (code 0), nothing changes', async () => {
  await withApp({}, async (app) => {
    const ids = await startAll(app, PAID_ROOM)
    const { token, user } = await login(app)
    const before = await state(app, token, ids)
    const refusedAll = async (who: string) => {
      for (const [path, payload] of callsOf(PAID_ROOM, ids)) {
        const msg = assertRefused(await call(app, 'POST', path, payload, token), 0)
        assert.equal(msg, NEED_PURCHASE_MSG, `${who}: ${path} ${JSON.stringify(payload)}`)
      }
      for (const [path, payload] of callsOf(PAID_ROOM, ids).filter(([p]) => /detail|rain$|winner|goods$/.test(p)))
        assertRefused(await call(app, 'POST', path, payload), 0)
      assert.deepEqual(await state(app, token, ids), before, `${who}: a refused call changes nothing`)
    }
    // an activity call starts no trial: only room info does
    await refusedAll('no trial')
    await refusedAll('still no trial')
    // room info starts the viewer's trial: the reads answer (writes are checked after the purchase)
    assertEnvelope(await call(app, 'POST', U('/roominfo'), { roomid: PAID_ROOM }, token))
    assertEnvelope(await call(app, 'POST', A('/vote/detail'), { roomid: PAID_ROOM }, token))
    assertEnvelope(await call(app, 'POST', U('/living/goods'), { roomid: PAID_ROOM }, token))
    // the trial is over
    app.ctx.trials.set(`room:${PAID_ROOM}:u${user.id}`, nowSec() - 3600)
    await refusedAll('trial over')
    // bought: every call answers
    assertEnvelope(await call(app, 'POST', U('/premium_pay'), { id: PAID_ROOM }, token))
    for (const [path, payload] of callsOf(PAID_ROOM, ids)) {
      const r = await call(app, 'POST', path, payload, token)
      assert.equal(r.body.code, 1, `${path} ${JSON.stringify(payload)}: ${r.body.msg}`)
    }
  })
})

test('R7.88 a paid room without a trial (trial_seconds 0) lets no one at its activities before the purchase', async () => {
  await withApp({}, async (app) => {
    app.ctx.store.patchDoc('room', PAID_ROOM, { trial_seconds: 0 })
    const ids = await startAll(app, PAID_ROOM)
    const { token } = await login(app)
    assertEnvelope(await call(app, 'POST', U('/roominfo'), { roomid: PAID_ROOM }, token))
    assertRefused(await call(app, 'POST', A('/redpack/draw'), { act_id: ids.redpack }, token), 0)
    assertRefused(await call(app, 'POST', A('/vote/detail'), { roomid: PAID_ROOM }, token), 0)
  })
})

test('R7.89–R7.102 a free room’s activities stay open to everyone, anonymous readers included', async () => {
  await withApp({}, async (app) => {
    const ids = await startAll(app, FREE_ROOM)
    const { token } = await login(app)
    for (const [path, payload] of callsOf(FREE_ROOM, ids)) {
      const r = await call(app, 'POST', path, payload, token)
      assert.equal(r.body.code, 1, `${path} ${JSON.stringify(payload)}: ${r.body.msg}`)
    }
    assertEnvelope(await call(app, 'POST', A('/redpack/result'), { act_id: ids.redpack }))
  })
})

test('R3.36 R7.88 a paid room’s text lottery enters by chat only a viewer in the room: bought or in the trial', async () => {
  await withApp({}, async (app) => {
    const lottery = assertEnvelope(await call(app, 'POST', `/dev/rooms/${PAID_ROOM}/lottery/start`, { type: 0 })) as {
      id: number
      title: string
    }
    const entrants = () =>
      (
        app.ctx.store.db.prepare('SELECT COUNT(*) AS n FROM act_entries WHERE act_id = ?').get(lottery.id) as {
          n: number
        }
      ).n
    const { token, user } = await login(app)
    // no trial started (room info never asked): the chat may pass, the lottery is not entered
    await call(app, 'POST', U('/danmaku'), { room_id: PAID_ROOM, content: lottery.title }, token)
    assert.equal(entrants(), 0, 'no trial: not entered')
    // the trial is over
    app.ctx.trials.set(`room:${PAID_ROOM}:u${user.id}`, nowSec() - 3600)
    await call(app, 'POST', U('/danmaku'), { room_id: PAID_ROOM, content: ` ${lottery.title} ` }, token)
    assert.equal(entrants(), 0, 'trial over: not entered')
    // bought: the same chat enters
    assertEnvelope(await call(app, 'POST', U('/premium_pay'), { id: PAID_ROOM }, token))
    assertEnvelope(await call(app, 'POST', U('/danmaku'), { room_id: PAID_ROOM, content: lottery.title }, token))
    assert.equal(entrants(), 1, 'bought: entered')
  })
})

test('R7.88 a logged-in viewer is judged by their own trial: another viewer’s anonymous trial at the same address (one NAT) lets them into no paid room’s activity', async () => {
  await withApp({}, async (app) => {
    const ids = await startAll(app, PAID_ROOM)
    const { token, user } = await login(app)
    const gold = async () => assertEnvelope(await call(app, 'POST', U('/userinfo'), {}, token)).gold as number
    assertEnvelope(await call(app, 'POST', U('/roominfo'), { roomid: PAID_ROOM }, token))
    app.ctx.trials.set(`room:${PAID_ROOM}:u${user.id}`, nowSec() - 3600)
    const before = await gold()
    // an anonymous visitor at the same address starts a trial of their own
    assertEnvelope(await call(app, 'POST', U('/roominfo'), { roomid: PAID_ROOM }))
    for (const [path, payload] of [
      [A('/redpack/draw'), { act_id: ids.redpack }],
      [A('/vote/post'), { act_id: ids.vote, option_id: 1 }],
      [A('/lottery/draw'), { act_id: ids.lottery }]
    ] as const)
      assert.equal(assertRefused(await call(app, 'POST', path, payload, token), 0), NEED_PURCHASE_MSG, path)
    assert.equal(await gold(), before, 'no red packet taken')
  })
})

test('R7.88 a viewer who logs in on the device that began an anonymous trial keeps it, no longer than it had left; another device’s trial at the address lets no one in and spends no one’s own', async () => {
  await withApp({}, async (app) => {
    const ids = await startAll(app, PAID_ROOM)
    const device = { fingerprint: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' }
    const other = { fingerprint: 'ffffffffffffffffffffffffffffffff' }
    const vote = (token: string, headers: Record<string, string> = {}) =>
      call(app, 'POST', A('/vote/post'), { act_id: ids.vote, option_id: 1 }, token, headers)
    assertEnvelope(await call(app, 'POST', U('/roominfo'), { roomid: PAID_ROOM }, undefined, device))
    const began = app.ctx.trials.get(`room:${PAID_ROOM}:ip127.0.0.1`)
    assert.ok(began !== undefined, 'the anonymous trial began')
    // someone else at the same address, with another device or none: not let in, and their own trial not spent
    const { token: stranger, user: strangerUser } = await login(app)
    for (const headers of [other, {}]) assertRefused(await vote(stranger, headers), 0)
    assert.equal(app.ctx.trials.get(`room:${PAID_ROOM}:u${strangerUser.id}`), undefined, 'the stranger’s trial unspent')
    // the device that began it logs in: the same trial, now theirs
    const { token, user } = await loginNoMobile(app)
    assertEnvelope(await vote(token, device))
    assert.equal(app.ctx.trials.get(`room:${PAID_ROOM}:u${user.id}`), began, 'the same trial, now theirs')
    // once that trial is over, the device logging in as someone else gets nothing from it
    app.ctx.trials.delete(`room:${PAID_ROOM}:u${user.id}`)
    app.ctx.trials.set(`room:${PAID_ROOM}:ip127.0.0.1#${device.fingerprint}`, nowSec() - 3600)
    assertRefused(await vote(token, device), 0)
    assert.equal(app.ctx.trials.get(`room:${PAID_ROOM}:u${user.id}`), undefined, 'their own trial not spent')
  })
})

test('R7.93 what is left of a red packet expires at its end_time: a draw after it is refused (红包已过期), pays nothing, and the packet reads as over', async () => {
  await withApp({}, async (app) => {
    const rp = assertEnvelope(await call(app, 'POST', `/dev/rooms/${FREE_ROOM}/redpack`, {})) as { id: number }
    const { token } = await login(app)
    const gold = async () => assertEnvelope(await call(app, 'POST', U('/userinfo'), {}, token)).gold as number
    const before = await gold()
    app.ctx.store.patchDoc('activity', rp.id, { end_time: nowSec() - 1 })
    const msg = assertRefused(await call(app, 'POST', A('/redpack/draw'), { act_id: rp.id }, token), 0)
    assert.equal(msg, '红包已过期')
    assert.equal(await gold(), before)
    const view = assertEnvelope(await call(app, 'POST', A('/redpack/detail'), { act_id: rp.id }, token))
    assert.equal(view.status, 0)
    assert.equal(view.remain, 10, 'nothing taken')
  })
})

test('R3.36 a text lottery (type 0) is entered by its title in chat only, never by the grab lottery’s call, closed chat or not', async () => {
  await withApp({}, async (app) => {
    const { token } = await login(app)
    for (const room of [FREE_ROOM, SEED_IDS.rooms.chatClosed]) {
      const lottery = assertEnvelope(await call(app, 'POST', `/dev/rooms/${room}/lottery/start`, { type: 0 })) as {
        id: number
      }
      const msg = assertRefused(await call(app, 'POST', A('/lottery/draw'), { act_id: lottery.id }, token), 0)
      assert.equal(msg, '口令抽奖请在聊天中发送口令参与')
      const result = assertEnvelope(await call(app, 'POST', A('/lottery/result'), { act_id: lottery.id }, token))
      assert.equal(result.joined, 0, `room ${room}: not entered`)
    }
  })
})
