/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
/*
 * Analytics (R7.111) follows the app's calls by their declarations: each event is declared beside the API function
 * whose call it follows (src/api), and the request core tells the store which declared call completed — never by the
 * call's path text. Against the reference server, as the viewer's journey of e2e/analytics.e2e.ts makes the calls.
 */
import { sendGift, sendLike } from '@/api/gift'
import { enterRoom, shareRoom } from '@/api/live'
import { payPremium } from '@/api/premium'
import { postFollow } from '@/api/streamer'
import { callPost, observeCalls, settle } from '@/core/call'
import { setToken } from '@/core/token'
import { setItem } from '@/platform/storage'
import { EVENTS, TRACKED, eventOf } from '@/stores/analytics.h5'
import { liveStore } from '@/stores/live'
import { demoLogin, useReferenceServer } from '../support/reference-server'
import { SEED_IDS } from '../../../server/db/seed-ids'

const server = useReferenceServer()
const ROOM = SEED_IDS.rooms.onAirWithHistory
const PAID = SEED_IDS.rooms.premium

const events: Array<[string, Record<string, unknown>]> = []
let stop: () => void

beforeAll(async () => {
  setItem('fingerprint', 'fp-analytics-tests')
  setToken((await demoLogin(server.origin)).access_token)
  await Promise.all([liveStore.loadRoom(ROOM), liveStore.loadRoom(PAID)])
  stop = observeCalls((done) => {
    const e = eventOf(done)
    if (e) events.push(e)
  })
})
afterAll(() => stop())
beforeEach(() => {
  events.length = 0
})

function details(roomId: number) {
  const room = liveStore.roomsData[roomId] as { title: string; streamer: { id: number; nick_name: string } }
  return {
    room_id: roomId,
    room_title: room.title,
    streamer_id: room.streamer.id,
    streamer_name: room.streamer.nick_name
  }
}

test('R7.111 the events and their names: one declaration each, beside its API function', () => {
  expect(EVENTS).toEqual({
    enter: '进入直播间',
    like: '点赞',
    gift: '送礼物',
    share: '分享',
    follow: '关注',
    purchase: '购买'
  })
  expect(TRACKED.map((t) => t.event)).toEqual(['进入直播间', '点赞', '送礼物', '分享', '关注', '购买'])
  expect(new Set(TRACKED.map((t) => t.call)).size).toBe(TRACKED.length)
})

test('R7.111 R7.69 R7.76 R7.77 R7.70 R7.46 enter, like, gift, share and follow carry the room and streamer details', async () => {
  const room = details(ROOM)
  await enterRoom(ROOM)
  await sendLike({ roomid: ROOM, combo: 3 })
  const gift = await sendGift({ roomid: ROOM, giftid: 1, combo: 2 })
  await shareRoom(ROOM)
  await settle(postFollow(ROOM)) // code 1: followed
  await settle(postFollow(ROOM)) // code 2: unfollowed (R4.26)
  expect(events).toEqual([
    ['进入直播间', room],
    ['点赞', { ...room, combo: 3 }],
    ['送礼物', { ...room, gift_id: 1, gift_name: gift.gift_name, combo: 2, cost: gift.cost }],
    ['分享', room],
    ['关注', { ...room, action: 'follow' }],
    ['关注', { ...room, action: 'unfollow' }]
  ])
  // the props keep their order: the room's details first
  expect(Object.keys(events[2][1])).toEqual([
    'room_id',
    'room_title',
    'streamer_id',
    'streamer_name',
    'gift_id',
    'gift_name',
    'combo',
    'cost'
  ])
})

test('R7.111 R7.88 a purchase carries the room and streamer details; buying the room again charges nothing and is no event', async () => {
  await payPremium({ id: PAID })
  expect(events).toEqual([['购买', { ...details(PAID), kind: 'room', review_id: null, price: 30 }]])
  events.length = 0
  await payPremium({ id: PAID })
  expect(events).toEqual([])
})

test('R7.111 a refused call and a call by its path text are no events', async () => {
  // a refused gift (no such gift)
  await settle(sendGift({ roomid: ROOM, giftid: 999999, combo: 1 }))
  // the same path, not through the declared call: nothing to follow
  await callPost('/userapp/living/share', { roomid: ROOM })
  expect(events).toEqual([])
})
