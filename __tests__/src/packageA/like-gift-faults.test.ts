/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
/*
 * no like or gift is lost or counted twice when a reply is lost. The real stores (LikeStore over the
 * LikeBatcher, GiftStore) call the reference server through the request core, with a fault proxy in between that
 * lets a call reach the server and then cuts the connection before the answer gets back. The server's own counts
 * (the room's likes, the viewer's 慧币 and gift log) must come out exact.
 */
import Taro from '@tarojs/taro'
import { fetchRoomInfo } from '@/api/live'
import { fetchUserInfo } from '@/api/user'
import { setToken } from '@/core/token'
import { setItem } from '@/platform/storage'
import { BalanceStore } from '@/stores/balance'
import { GIFT_RETRIES, GIFT_UNCONFIRMED, GiftStore } from '@/packageA/components/interact/gift-store'
import { LikeStore } from '@/packageA/components/interact/like-store'
import { liveStore } from '@/stores/live'
import { sessionStore } from '@/stores/session'
import { loginStore } from '@/stores/login'
import { useFaultProxy } from '../support/fault-proxy'
import { useReferenceServer } from '../support/reference-server'
import { waitFor } from '../support/dom'
import { SEED_IDS } from '../../../server/db/seed-ids'

const LIKE_ROOM = SEED_IDS.rooms.password // likes counted only by this file; a password room: its likes carry the room's key (R3.9)
const GIFT_ROOM = SEED_IDS.rooms.onAirWithGoods
const server = useReferenceServer()
const proxy = useFaultProxy(server)

beforeAll(async () => {
  setItem('fingerprint', 'fp-like-gift-faults')
  sessionStore.configure({
    wait: () => Promise.resolve(),
    currentUrl: () => `/packageA/pages/live/live?roomid=${GIFT_ROOM}`,
    platform: () => 'WEB',
    isIOS: () => false
  })
  // the viewer entered the password room as its page does: from now on its likes carry the room_key
  expect((await fetchRoomInfo({ roomid: LIKE_ROOM, password: '8888' })).id).toBe(LIKE_ROOM)
})

let toast: jest.SpyInstance
beforeEach(() => {
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true } as never)
  toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
  jest.spyOn(Taro, 'showLoading').mockResolvedValue({ errMsg: 'showLoading:ok' })
  jest.spyOn(Taro, 'hideLoading').mockImplementation(() => undefined)
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([] as never)
})
afterEach(() => jest.restoreAllMocks())

/** The server's own figures, asked directly (not through the proxy). */
async function serverLikes(room: number): Promise<number> {
  const r = await fetch(`${server.origin}/live/api.php?a=live_stat_get&roomid=${room}&b=likes`)
  return ((await r.json()) as { data: { likes: number } }).data.likes
}
async function serverGold(token: string): Promise<{ gold: number; gifts: number }> {
  const post = (path: string, body: object) =>
    fetch(`${server.origin}/api/v1/userapp/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body)
    }).then((r) => r.json() as Promise<{ data: { gold: number; total: number } }>)
  return {
    gold: Number((await post('userinfo', {})).data.gold),
    gifts: (await post('pay/log', { count: 100 })).data.total
  }
}
const bodyOf = (r: { body: string }) => JSON.parse(r.body) as Record<string, unknown>

test('R3.17 R7.76 the first like batch reaches the server but its reply is lost: the retry (same request_id) is counted once', async () => {
  setToken('') // an anonymous viewer: the server keeps the key per device fingerprint
  const start = await serverLikes(LIKE_ROOM)
  const likes = new LikeStore({ interval: 100 })
  const seen = proxy.requests(/living\/like/).length // other tests' like calls, whichever ran before
  const mine = () => proxy.requests(/living\/like/).slice(seen)
  proxy.fail(/living\/like/, 'drop-reply')
  for (let i = 0; i < 5; i++) likes.tap(LIKE_ROOM)
  expect(likes.unconfirmed[LIKE_ROOM]).toBe(5)
  await waitFor(() => mine().length === 2 && likes.unconfirmed[LIKE_ROOM] === 0)
  const [first, retry] = mine().map(bodyOf)
  expect(mine()[0].fault).toBe('drop-reply')
  expect(first).toMatchObject({ roomid: LIKE_ROOM, combo: 5, request_id: expect.stringMatching(/^[\w-]{8,64}$/) })
  expect(retry).toMatchObject({ roomid: LIKE_ROOM, combo: 5, request_id: first.request_id })
  expect(await serverLikes(LIKE_ROOM)).toBe(start + 5) // not start + 10
  expect(likes.total(LIKE_ROOM)).toBe(start + 5)
  // the next batch is a new one: new key, counted
  likes.tap(LIKE_ROOM, 3)
  await waitFor(() => mine().length === 3 && likes.unconfirmed[LIKE_ROOM] === 0)
  expect(bodyOf(mine()[2])).toMatchObject({ combo: 3 })
  expect(bodyOf(mine()[2]).request_id).not.toBe(first.request_id)
  expect(await serverLikes(LIKE_ROOM)).toBe(start + 8)
  await likes.leave(LIKE_ROOM)
})

test('R3.17 a batch that never reached the server is counted when its retry arrives (nothing lost)', async () => {
  const start = await serverLikes(LIKE_ROOM)
  const likes = new LikeStore({ interval: 100 })
  proxy.fail(/living\/like/, 'drop-request', 2)
  likes.tap(LIKE_ROOM, 4)
  const before = proxy.requests(/living\/like/).length
  await waitFor(() => proxy.requests(/living\/like/).length === before + 3 && likes.unconfirmed[LIKE_ROOM] === 0)
  expect(await serverLikes(LIKE_ROOM)).toBe(start + 4)
  await likes.leave(LIKE_ROOM)
})

test('R3.16 R7.77 a gift whose reply is lost is retried with the same request_id and charged once; the balance is exact', async () => {
  expect(await loginStore.loginWithPassword('13800000001', 'demo1234')).toEqual({ ok: true })
  const token = (
    await fetch(`${server.origin}/api/v1/userapp/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: '13800000001', password: 'demo1234' })
    }).then((r) => r.json() as Promise<{ data: { access_token: string } }>)
  ).data.access_token
  await liveStore.loadRoom(GIFT_ROOM)
  const balance = new BalanceStore()
  const store = new GiftStore({ retryDelay: () => 50, balance })
  const bun = (await store.loadGifts(GIFT_ROOM)).find((g) => g.name === '小笼包')!
  const before = await serverGold(token)
  expect(await balance.loadBalance()).toBe(before.gold)
  const seen = proxy.requests(/send_gifts/).length // other tests' gift calls, whichever ran before
  proxy.fail(/send_gifts/, 'drop-reply')
  expect(await store.send(GIFT_ROOM, bun, 2)).toBe(true)
  const calls = proxy.requests(/send_gifts/).slice(seen)
  expect(calls).toHaveLength(2)
  expect(calls[0].fault).toBe('drop-reply')
  expect(bodyOf(calls[1])).toMatchObject({
    roomid: GIFT_ROOM,
    giftid: bun.id,
    combo: 2,
    request_id: bodyOf(calls[0]).request_id
  })
  const after = await serverGold(token)
  expect(after.gold).toBe(before.gold - bun.price * 2) // charged once
  expect(after.gifts).toBe(before.gifts + 1)
  expect(balance.gold).toBe(after.gold)
  expect(Number((await fetchUserInfo()).gold)).toBe(after.gold)
  expect(store.roomEvents(GIFT_ROOM)).toEqual([expect.objectContaining({ giftName: '小笼包', combo: 2, mine: true })])
})

test('R3.16 R7.77 every try unanswered → 赠送结果未确认; tapping the same gift again reuses the key: still one charge', async () => {
  expect(await loginStore.loginWithPassword('13800000001', 'demo1234')).toEqual({ ok: true })
  const token = (
    await fetch(`${server.origin}/api/v1/userapp/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: '13800000001', password: 'demo1234' })
    }).then((r) => r.json() as Promise<{ data: { access_token: string } }>)
  ).data.access_token
  await liveStore.loadRoom(GIFT_ROOM)
  const balance = new BalanceStore()
  const store = new GiftStore({ retryDelay: () => 50, balance })
  const flower = (await store.loadGifts(GIFT_ROOM)).find((g) => g.name === '鲜花')!
  await balance.loadBalance()
  const before = await serverGold(token)
  const seen = proxy.requests(/send_gifts/).length
  proxy.fail(/send_gifts/, 'drop-reply', GIFT_RETRIES + 1)
  expect(await store.send(GIFT_ROOM, flower, 3)).toBe(false)
  expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: GIFT_UNCONFIRMED }))
  expect(GIFT_UNCONFIRMED).toBe('网络不稳定，赠送结果未确认，请稍后重试')
  expect(proxy.requests(/send_gifts/)).toHaveLength(seen + GIFT_RETRIES + 1)
  expect((await serverGold(token)).gold).toBe(before.gold - flower.price * 3) // the first try went through
  // the viewer taps again: the same key, answered with the first result
  expect(await store.send(GIFT_ROOM, flower, 3)).toBe(true)
  const keys = new Set(
    proxy
      .requests(/send_gifts/)
      .slice(seen)
      .map((r) => bodyOf(r).request_id)
  )
  expect(keys.size).toBe(1)
  const after = await serverGold(token)
  expect(after.gold).toBe(before.gold - flower.price * 3)
  expect(after.gifts).toBe(before.gifts + 1)
  expect(balance.gold).toBe(after.gold)
  // once answered, the next tap is a new one with a new key
  expect(await store.send(GIFT_ROOM, flower, 1)).toBe(true)
  expect(bodyOf(proxy.requests(/send_gifts/).at(-1)!).request_id).not.toBe([...keys][0])
  expect((await serverGold(token)).gold).toBe(before.gold - flower.price * 4)
})
