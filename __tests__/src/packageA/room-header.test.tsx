/**
 * @jest-environment ./__tests__/src/support/node-fetch-environment.js
 * @jest-environment-options {"url": "http://127.0.0.1/m2/"}
 *
 * Following from the live room header (R4.26) over Taro's H5 components: against the reference server (code 1 adds
 * the streamer to my follows, total + 1; its code 2 removes it, total − 1) and against a fault server answering the
 * follow with other codes (each removes the streamer, total − 1).
 */
import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import type { RoomInfo } from '@/api/live'
import { normalizeStreamer } from '@/api/streamer'
import { configureRequest, postData } from '@/core/request'
import { setToken } from '@/core/token'
import { RoomHeader } from '@/packageA/components/room'
import { setItem } from '@/platform/storage'
import { liveStore } from '@/stores/live'
import { sessionStore } from '@/stores/session'
import { loginStore } from '@/stores/login'
import { StreamerStore, streamerStore } from '@/stores/streamer'
import { startFaultServer, type FaultServer } from '../support/fault-server'
import { countRequests, holdAnswers, useReferenceServer } from '../support/reference-server'
import { waitFor, $ } from '../support/dom'
import { hostsAt } from '../support/hosts'

const server = useReferenceServer()

beforeAll(async () => {
  setItem('fingerprint', 'fp-room-header-tests')
  sessionStore.configure({
    wait: () => Promise.resolve(),
    currentUrl: () => '/packageA/pages/live/live?roomid=1',
    platform: () => 'WEB',
    isIOS: () => false
  })
})

let t: TestUtils
let toast: jest.SpyInstance
beforeEach(() => {
  toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true } as never)
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([] as never)
  t = new TestUtils()
})
afterEach(() => {
  t.unmout()
  jest.restoreAllMocks()
})

const followButton = () => $('.room-header__follow')
function tap(el: HTMLElement | null) {
  if (!el) throw new Error('nothing to tap')
  t.act(() => el.click())
}

test('R4.26 R1.2 R7.46 the room header: code 1 adds the streamer to my follows (total + 1), code 2 removes it (total − 1)', async () => {
  expect(await loginStore.loginWithPassword('13800000001', 'demo1234')).toEqual({ ok: true })
  // a room that is not its streamer's own room (a streamer may host several rooms)
  const rooms = (
    await postData<{ list: { id: number; streamer?: { id: number; room_id?: number } }[] }>('/userapp/living/list', {
      page: 1,
      count: 100
    })
  ).list
  const picked = rooms.find((r) => r.streamer?.room_id && r.streamer.room_id !== r.id)!
  expect(picked).toBeDefined()
  const room = (await liveStore.loadRoom(picked.id))!
  const streamerId = room.streamer.id
  await streamerStore.follows.load({ reset: true })
  if ((await streamerStore.loadFollowState(room.id)).following) {
    await streamerStore.toggleFollow(
      streamerStore.follows.list.find((s) => s.id === streamerId)!,
      room.id
    )
  }
  const before = streamerStore.follows.total

  await t.mount(RoomHeader, { props: { room: room, onPoster: () => undefined } })
  await waitFor(() => followButton()?.textContent === '+ 关注')
  const calls = countRequests(/\/userapp\/follow$/)
  try {
    tap(followButton())
    await waitFor(() => followButton()?.textContent === '已关注')
    expect(JSON.parse(calls.bodies[0])).toMatchObject({ roomid: room.id })
  } finally {
    calls.restore()
  }
  expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '关注成功' }))
  expect(streamerStore.follows.total).toBe(before + 1)
  const added = streamerStore.follows.list[0]
  // the list item is the streamer as my follows lists them: their own room, not the room the follow came from
  const server = new StreamerStore()
  await server.follows.load()
  expect(server.follows.total).toBe(before + 1)
  const listed = server.follows.list.find((s) => s.id === streamerId)!
  expect(added).toMatchObject({ id: streamerId, roomId: listed.roomId, room_id: listed.roomId })

  tap(followButton())
  await waitFor(() => followButton()?.textContent === '+ 关注')
  expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '已取消关注' }))
  expect(streamerStore.follows.total).toBe(before)
  expect(streamerStore.follows.list.some((s) => s.id === streamerId)).toBe(false)
})

test('R4.26 R7.46 a double tap on + 关注 follows once: the server toggles, and a second call would unfollow at once', async () => {
  expect(await loginStore.loginWithPassword('13800000001', 'demo1234')).toEqual({ ok: true })
  const rooms = (await postData<{ list: { id: number }[] }>('/userapp/living/list', { page: 1, count: 100 })).list
  const room = (await liveStore.loadRoom(rooms[rooms.length - 1].id))!
  const streamer = normalizeStreamer({ ...room.streamer, room_id: room.streamer.room_id || room.id })
  if ((await streamerStore.loadFollowState(room.id)).following) await streamerStore.toggleFollow(streamer, room.id)

  await t.mount(RoomHeader, { props: { room, onPoster: () => undefined } })
  await waitFor(() => followButton()?.textContent === '+ 关注')
  const calls = countRequests(/\/userapp\/follow$/)
  const followToasts = () =>
    toast.mock.calls.filter(([o]) => ['关注成功', '已取消关注'].includes((o as { title: string }).title))
  try {
    // two taps before the first answer (a double tap, or a second tap on a slow network)
    tap(followButton())
    tap(followButton())
    await waitFor(() => calls.count > 0 && followToasts().length >= calls.count)
    expect(calls.count).toBe(1)
  } finally {
    calls.restore()
  }
  // the toast comes with the answer; the button's text with the render after it
  await waitFor(() => followButton()?.textContent === '已关注')
  expect(followToasts().map(([o]) => (o as { title: string }).title)).toEqual(['关注成功'])
  // the server agrees: followed, not followed and unfollowed
  expect((await new StreamerStore().loadFollowState(room.id)).following).toBe(true)
})

test('R4.25 R4.26 an is-follow answer asked before a follow landed does not turn the button back to + 关注', async () => {
  expect(await loginStore.loginWithPassword('13800000001', 'demo1234')).toEqual({ ok: true })
  const rooms = (await postData<{ list: { id: number }[] }>('/userapp/living/list', { page: 1, count: 100 })).list
  const room = (await liveStore.loadRoom(rooms[0].id))!
  const streamer = normalizeStreamer({ ...room.streamer, room_id: room.streamer.room_id || room.id })
  if ((await streamerStore.loadFollowState(room.id)).following) await streamerStore.toggleFollow(streamer, room.id)

  // a slow network: the room's is-follow answers (not following) are on their way while the viewer taps 关注
  const held = holdAnswers(/\/userapp\/isfollow$/)
  try {
    await t.mount(RoomHeader, { props: { room, onPoster: () => undefined } })
    const asked = streamerStore.loadFollowState(room.id) // the store's asking, as the header's own on mount
    await waitFor(() => held.answered() >= 2)
    expect(followButton()?.textContent).toBe('+ 关注')
    tap(followButton())
    await waitFor(() => followButton()?.textContent === '已关注')
    held.release()
    // the old answers land: the flag stays as the follow left it
    expect(await asked).toMatchObject({ following: true })
    expect(followButton()?.textContent).toBe('已关注')
  } finally {
    held.restore()
  }
  expect((await new StreamerStore().loadFollowState(room.id)).following).toBe(true)
  await streamerStore.toggleFollow(streamer, room.id)
})

describe('a fault server answering the follow with codes other than 1', () => {
  let fault: FaultServer
  beforeAll(async () => {
    fault = await startFaultServer()
    configureRequest({ hosts: hostsAt(fault.origin) })
  })
  afterAll(async () => {
    configureRequest({
      hosts: hostsAt(server.origin)
    })
    await fault.close()
  })

  test('R4.26 every code other than 1 removes the streamer from my follows (total − 1); code 1 adds it back (total + 1)', async () => {
    setToken('token-of-the-fault-server')
    sessionStore.setUser({ id: 10001, nickName: '演示用户', avatar: '', mobile: '13800000001' })
    const mine = [
      { id: 2101, name: '甲主播', room_id: 601, roomId: 601 },
      { id: 2102, name: '乙主播', room_id: 602, roomId: 602 },
      { id: 2103, name: '丙主播', room_id: 603, roomId: 603 }
    ]
    fault.answers.set('/api/v1/userapp/myfollow', {
      code: 1,
      msg: 'success',
      data: { currentPage: 1, totalPage: 1, total: 3, list: mine }
    })
    fault.answers.set('/api/v1/userapp/isfollow', {
      code: 1,
      msg: 'success',
      data: { status: 1, isfollow: 1, issubscribe: 0 }
    })
    streamerStore.forgetUser()
    await streamerStore.follows.load()
    expect(streamerStore.follows.total).toBe(3)

    const roomOf = (i: number) =>
      ({
        id: 700 + i,
        title: '直播间',
        onair: 1,
        streamer: { id: mine[i].id, nick_name: mine[i].name, room_id: mine[i].room_id }
      }) as RoomInfo
    const answers = [
      { code: 0, msg: '已取消关注' },
      { code: 2, msg: '已取消关注' },
      { code: 1001, msg: '操作失败' }
    ]
    for (const [i, answer] of answers.entries()) {
      fault.answers.set('/api/v1/userapp/follow', { ...answer, data: null })
      await t.mount(RoomHeader, { props: { room: roomOf(i), onPoster: () => undefined } })
      await waitFor(() => followButton()?.textContent === '已关注')
      tap(followButton())
      await waitFor(() => followButton()?.textContent === '+ 关注')
      expect(streamerStore.follows.total).toBe(2 - i)
      expect(streamerStore.follows.list.some((s) => s.id === mine[i].id)).toBe(false)
      expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: '已取消关注' }))
      t.unmout()
    }
    expect(streamerStore.follows.list).toEqual([])

    fault.answers.set('/api/v1/userapp/isfollow', {
      code: 1,
      msg: 'success',
      data: { status: 0, isfollow: 0, issubscribe: 0 }
    })
    fault.answers.set('/api/v1/userapp/follow', { code: 1, msg: '关注成功', data: null })
    await t.mount(RoomHeader, { props: { room: roomOf(0), onPoster: () => undefined } })
    await waitFor(() => followButton()?.textContent === '+ 关注')
    tap(followButton())
    await waitFor(() => followButton()?.textContent === '已关注')
    expect(streamerStore.follows.total).toBe(1)
    expect(streamerStore.follows.list.map((s) => s.id)).toEqual([mine[0].id])
    expect(
      fault.seen.filter((r) => r.url.startsWith('/api/v1/userapp/follow')).map((r) => JSON.parse(r.body).roomid)
    ).toEqual([700, 701, 702, 700])
  })
})
