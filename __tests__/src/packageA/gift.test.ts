/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
/*
 * Gifts, balance and likes against the reference server (items 4, 5, 11): the gift list, the room rule, combo
 * sending, not enough gold → 去充值 → the deposit page, the iOS review rule, others' gifts and likes through the room's
 * real socket.
 */
import Taro from '@tarojs/taro'
import * as giftApi from '@/api/gift'
import { fetchUserInfo } from '@/api/user'
import { acquireRoomSocket, releaseRoomSocket } from '@/core/socket'
import { setToken } from '@/core/token'
import { setItem } from '@/platform/storage'
import { BalanceStore } from '@/stores/balance'
import { GiftStore, isNotEnoughGold, TOP_UP_TEXT } from '@/packageA/components/interact/gift-store'
import { LikeStore } from '@/packageA/components/interact/like-store'
import { liveStore } from '@/stores/live'
import { sessionStore } from '@/stores/session'
import { IOS_RESTRICTED_MESSAGE, serviceConfig } from '@/stores/service-config'
import { loginStore } from '@/stores/login'
import { countRequests, useReferenceServer } from '../support/reference-server'
import { waitFor } from '../support/dom'
import { SEED_IDS } from '../../../server/db/seed-ids'
import { ApiError, CODE } from '@/utils/errors'

const server = useReferenceServer()
const ROOM = SEED_IDS.rooms.onAirWithGoods // a free room on air
const PAID_ROOM = SEED_IDS.rooms.premium

beforeAll(async () => {
  setItem('fingerprint', 'fp-gift-tests')
  sessionStore.configure({
    wait: () => Promise.resolve(),
    currentUrl: () => `/packageA/pages/live/live?roomid=${ROOM}`,
    platform: () => 'WEB',
    isIOS: () => false
  })
})

let modal: jest.SpyInstance
beforeEach(() => {
  modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true } as never)
  jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
  jest.spyOn(Taro, 'showLoading').mockResolvedValue({ errMsg: 'showLoading:ok' })
  jest.spyOn(Taro, 'hideLoading').mockImplementation(() => undefined)
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([] as never)
})
afterEach(() => jest.restoreAllMocks())

async function login() {
  if (sessionStore.isLoggedIn) return
  expect(await loginStore.loginWithPassword('13800000001', 'demo1234')).toEqual({ ok: true })
}

/** Another viewer: the mini-program's dev login (a user with 100 慧币). */
async function otherViewerToken(): Promise<string> {
  const r = await fetch(`${server.origin}/api/v1/userapp/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: 'dev', encryptedData: 'x', iv: 'x' })
  })
  return ((await r.json()) as { data: { access_token: string } }).data.access_token
}

test('R7.66 R3.29 the gift list comes from the server with names and prices in 慧币', async () => {
  const store = new GiftStore()
  const list = await store.loadGifts(ROOM)
  expect(list.length).toBeGreaterThanOrEqual(8)
  expect(store.giftsList[0]).toMatchObject({ id: 1, name: '鲜花', price: 1 })
  expect(list.every((g) => typeof g.price === 'number' && g.icon)).toBe(true)
})

test('R5.10 a gift before the room data is loaded is refused with false, without any call', async () => {
  await login()
  const store = new GiftStore()
  const calls = countRequests(/send_gifts/)
  try {
    expect(liveStore.roomsData[999]).toBeUndefined()
    expect(await store.send(999, { id: 1, name: '鲜花', price: 1 }, 1)).toBe(false)
    expect(calls.count).toBe(0)
  } finally {
    calls.restore()
  }
})

test('R6.2 an anonymous viewer is asked to log in; the gift is not sent', async () => {
  setToken('')
  await liveStore.loadRoom(ROOM)
  const store = new GiftStore()
  const calls = countRequests(/send_gifts/)
  try {
    expect(await store.send(ROOM, { id: 1, name: '鲜花', price: 1 }, 1)).toBe(false)
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ confirmText: '去登录' }))
    expect(calls.count).toBe(0)
  } finally {
    calls.restore()
  }
})

test('R3.16 R7.77 R1.4 the balance is the user’s gold; a combo send lowers it by price × combo', async () => {
  await login()
  await liveStore.loadRoom(ROOM)
  const balance = new BalanceStore()
  const store = new GiftStore({ balance })
  const before = await balance.loadBalance()
  expect(before).toBe(Number((await fetchUserInfo()).gold))
  expect(before).toBeGreaterThan(20)
  const gifts = await store.loadGifts(ROOM)
  const bun = gifts.find((g) => g.name === '小笼包')!
  const calls = countRequests(/send_gifts/)
  try {
    expect(await store.send(ROOM, bun, 2)).toBe(true)
    expect(JSON.parse(calls.bodies[0])).toMatchObject({ roomid: ROOM, giftid: bun.id, combo: 2 })
  } finally {
    calls.restore()
  }
  expect(balance.gold).toBe((before as number) - bun.price * 2)
  expect(Number((await fetchUserInfo()).gold)).toBe(balance.gold)
  // the viewer's own gift shows in the room's strip at once
  expect(store.roomEvents(ROOM)).toEqual([expect.objectContaining({ giftName: '小笼包', combo: 2, mine: true })])
})

test('R5.10 not enough gold: the server message in a modal offering 去充值, which opens the deposit page', async () => {
  await login()
  await liveStore.loadRoom(ROOM)
  const balance = new BalanceStore()
  const store = new GiftStore({ balance })
  await balance.loadBalance()
  const gifts = await store.loadGifts(ROOM)
  const pearl = gifts.find((g) => g.price >= 500)!
  modal.mockResolvedValue({ confirm: true, cancel: false })
  const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
  const before = balance.gold
  expect(await store.send(ROOM, pearl, 1)).toBe(false)
  const args = modal.mock.calls.at(-1)?.[0] as Taro.showModal.Option
  expect(args.content).toMatch(/余额不足/) // the server's message (code -7)
  expect(args.confirmText).toBe(TOP_UP_TEXT)
  // with the room it came from, so the deposit page offers 返回直播间
  expect(navigateTo).toHaveBeenCalledWith(
    expect.objectContaining({ url: `/packageB/pages/deposit/deposit?from=live&id=${ROOM}` })
  )
  expect(balance.gold).toBe(before)
})

test('R5.10 not enough gold is told by the code (-7), whatever its text says', async () => {
  await login()
  await liveStore.loadRoom(ROOM)
  const store = new GiftStore({ balance: new BalanceStore() })
  const gift = { id: 1, name: '鲜花', price: 1 }
  const send = jest.spyOn(giftApi, 'sendGift')

  send.mockRejectedValueOnce(new ApiError(CODE.NO_BALANCE, '慧币不够了', { gold: 0 }))
  expect(await store.send(ROOM, gift, 1)).toBe(false)
  expect(modal).toHaveBeenCalledTimes(1)
  expect(modal.mock.calls[0]?.[0]).toMatchObject({ content: '慧币不够了', confirmText: TOP_UP_TEXT })

  // the words alone, under another code, are a plain refusal: its message in a toast, no 去充值
  send.mockRejectedValueOnce(new ApiError(CODE.FAIL, '余额不足', null))
  expect(await store.send(ROOM, gift, 1)).toBe(false)
  expect(modal).toHaveBeenCalledTimes(1)
  expect(Taro.showToast).toHaveBeenLastCalledWith(expect.objectContaining({ title: '余额不足' }))
})

test('isNotEnoughGold reads the business code, not the text', () => {
  expect(isNotEnoughGold(new ApiError(CODE.NO_BALANCE, 'balance too low', null))).toBe(true)
  expect(isNotEnoughGold(new ApiError(CODE.FAIL, '余额不足', null))).toBe(false)
  // -7 as an HTTP-level kind is no refusal of the balance
  expect(isNotEnoughGold(new ApiError(CODE.NO_BALANCE, '余额不足', null, 'request', 'network'))).toBe(false)
  expect(isNotEnoughGold(null)).toBe(false)
})

test('R6.5 on the mini-program on iOS under review, gifts show the restriction message and send nothing', async () => {
  await login()
  await liveStore.loadRoom(ROOM)
  const store = new GiftStore()
  const calls = countRequests(/send_gifts/)
  sessionStore.configure({ platform: () => 'WEAPP', isIOS: () => true })
  await fetch(`${server.origin}/dev/config?iOSDisabled=1`)
  await serviceConfig.loadConfig()
  try {
    expect(serviceConfig.iosRestricted).toBe(true)
    expect(await store.send(ROOM, { id: 1, name: '鲜花', price: 1 }, 1)).toBe(false)
    expect(calls.count).toBe(0)
    const content = (modal.mock.calls.at(-1)?.[0] as Taro.showModal.Option).content
    expect([IOS_RESTRICTED_MESSAGE, serviceConfig.config?.iOSDisabledMsg]).toContain(content)
  } finally {
    calls.restore()
    await fetch(`${server.origin}/dev/config?iOSDisabled=0`)
    await serviceConfig.loadConfig()
    sessionStore.configure({ platform: () => 'WEB', isIOS: () => false })
  }
})

test('R1.3 R3.16 others’ gifts and likes arrive through the room socket (types gift and like)', async () => {
  await login()
  await liveStore.loadRoom(PAID_ROOM)
  const store = new GiftStore()
  const likes = new LikeStore()
  const socket = acquireRoomSocket(PAID_ROOM)
  const offs = [
    socket.on('gift', (d) => store.onGiftPush(d as never)),
    socket.on('like', (d) => likes.onLikePush(d as never))
  ]
  try {
    await waitFor(() => socket.status === 'open')
    const other = await otherViewerToken()
    const call = (path: string, body: object) =>
      fetch(`${server.origin}/api/v1/userapp/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', Authorization: `Bearer ${other}` },
        body: JSON.stringify(body)
      }).then((r) => r.json())
    const sent = (await call('send_gifts', { roomid: PAID_ROOM, giftid: 2, combo: 3 })) as { code: number }
    expect(sent.code).toBe(1)
    const event = await waitFor(() => store.roomEvents(PAID_ROOM)[0])
    expect(event).toMatchObject({ giftName: '点赞棒', combo: 3, mine: false, nickname: '微信用户' })
    const liked = (await call('living/like', { roomid: PAID_ROOM, combo: 4 })) as { data: { total: number } }
    await waitFor(() => likes.total(PAID_ROOM) === liked.data.total)
  } finally {
    offs.forEach((off) => off())
    releaseRoomSocket(PAID_ROOM)
  }
})

test('R3.17 R7.76 likes: taps are shown at once and reach the server as one combo call', async () => {
  await liveStore.loadRoom(ROOM)
  const likes = new LikeStore({ interval: 100 })
  const start = likes.total(ROOM)
  const calls = countRequests(/living\/like/)
  try {
    for (let i = 0; i < 5; i++) likes.tap(ROOM)
    expect(likes.total(ROOM)).toBe(start + 5)
    await waitFor(() => calls.count === 1 && likes.unconfirmed[ROOM] === 0)
    expect(JSON.parse(calls.bodies[0])).toMatchObject({ roomid: ROOM, combo: 5 })
    const stats = await fetch(`${server.origin}/live/api.php?a=live_stat_get&roomid=${ROOM}`).then((r) => r.json())
    expect(stats.data.likes).toBeGreaterThanOrEqual(start + 5)
    expect(likes.total(ROOM)).toBe(stats.data.likes)
  } finally {
    calls.restore()
    await likes.leave(ROOM)
  }
})

test('R1.3 R3.16 a repeat of the same gift by the same viewer while it shows is one item whose combo count adds up; it stays 5 s after the last', () => {
  let now = 1000
  const timers: Array<{ at: number; fn: () => void }> = []
  const store = new GiftStore({ now: () => now, setTimer: (fn, ms) => timers.push({ at: now + ms, fn }) })
  const run = (until: number) => {
    now = until
    const due = timers.filter((t) => t.at <= until)
    for (const t of due) timers.splice(timers.indexOf(t), 1)
    for (const t of due) t.fn()
  }
  const push = (user: number, gift: string, combo: number) =>
    store.onGiftPush({ roomid: ROOM, user_id: user, nickname: `观众${user}`, gift_name: gift, combo })
  push(901, '鲜花', 1)
  now = 2000
  push(901, '鲜花', 1)
  push(901, '鲜花', 10)
  push(902, '鲜花', 1) // another viewer: an item of its own
  push(901, '小笼包', 1) // another gift: an item of its own
  expect(store.roomEvents(ROOM, 5).map((e) => [e.nickname, e.giftName, e.combo, e.sends])).toEqual([
    ['观众901', '鲜花', 12, 3],
    ['观众902', '鲜花', 1, 1],
    ['观众901', '小笼包', 1, 1]
  ])
  // 5 s after the first send the combo is still up (its last send was later); 5 s after the last it goes
  run(6000)
  expect(store.roomEvents(ROOM, 5).find((e) => e.nickname === '观众901' && e.giftName === '鲜花')?.combo).toBe(12)
  run(7000)
  expect(store.roomEvents(ROOM, 5)).toEqual([])
})
