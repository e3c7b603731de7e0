/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
/*
 * A password room (spec R3.9) end to end through the stores against the reference server: the server
 * answers the room's history, chat and push socket only with its password or the room_key its room info answered,
 * so the live store keeps the key and the chat API and the room socket send it.
 */
import Taro from '@tarojs/taro'
import { demoLogin, useReferenceServer, countRequests } from '../support/reference-server'
import { rememberRoomKey, roomKey } from '@/core/room-access'
import { socketUrl } from '@/core/socket'
import { getToken, setToken } from '@/core/token'
import { ChatStore } from '@/packageA/components/danmaku/chat-store'
import { liveStore } from '@/stores/live'
import { until } from '../support/wait'
import { SEED_IDS } from '../../../server/db/seed-ids'

const ROOM = SEED_IDS.rooms.password

const server = useReferenceServer()
let token = ''

beforeAll(async () => {
  token = (await demoLogin(server.origin)).access_token
})
let modal: jest.SpyInstance
beforeEach(() => {
  modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true, errMsg: 'showModal:ok' })
})
afterEach(() => modal.mockRestore())

test('R3.9 R7.13 R7.72 R7.73 a password room: after the password, its history, chat, socket and stream work with the room key', async () => {
  // without the password: the form (need_password), and no stream
  expect(await liveStore.loadRoom(ROOM)).toBeNull()
  expect(liveStore.roomErrors[ROOM]).toMatchObject({ code: -3, needPassword: true })
  // the refusal names the room: its prompt shows the title and cover
  expect(liveStore.roomErrors[ROOM]).toMatchObject({ title: '夜游清名桥（密码直播）' })
  expect(liveStore.roomErrors[ROOM].cover).toMatch(/^https?:\/\/.+\/img\//)
  const wrong = await liveStore.loadRoom(ROOM, { password: '0000' })
  expect(wrong).toBeNull()
  expect(liveStore.roomErrors[ROOM]).toMatchObject({ code: -3, msg: '直播间密码错误', needPassword: true })

  const room = await liveStore.loadRoom(ROOM, { password: '8888' })
  expect(room?.room_key).toMatch(/^[0-9a-f]{32}$/)
  // the stream URL the player gets is signed and plays
  expect(room?.source).toMatch(new RegExp(`/hls/live/${ROOM}/index\\.m3u8\\?token=`))
  expect((await fetch(room!.source)).status).toBe(200)
  expect((await fetch(`${server.origin}/hls/live/${ROOM}/index.m3u8`)).status).toBe(403)
  // the socket URL carries the key
  expect(socketUrl(ROOM)).toBe(`${server.origin.replace('http', 'ws')}/ws?roomid=${ROOM}&room_key=${room!.room_key}`)

  setToken(token)
  const calls = countRequests(/living\/danmaku|userapp\/danmaku/)
  const store = new ChatStore({ requireLogin: async () => !!getToken() })
  const chat = store.enter(ROOM)
  try {
    await until(() => chat.historyLoaded && chat.connected)
    expect(chat.messages.length).toBeGreaterThan(0) // the seed has today's history in every on-air room
    await expect(chat.send('凭密码进来')).resolves.toBe(true)
    expect(calls.bodies.map((b) => JSON.parse(b).room_key)).toEqual([room!.room_key, room!.room_key])
    // the push of our own message comes back over the room's socket
    await until(() => chat.messages.some((m) => m.text === '凭密码进来'))
  } finally {
    calls.restore()
    store.leave(ROOM)
  }

  // a later room info (a refresh) sends the key instead of asking for the password again
  expect(await liveStore.loadRoom(ROOM)).not.toBeNull()
})

test('R3.9 a room key that no longer opens the room (its password changed) is forgotten: the room asks again', async () => {
  rememberRoomKey(ROOM, 'f'.repeat(32))
  expect(await liveStore.loadRoom(ROOM)).toBeNull()
  expect(liveStore.roomErrors[ROOM]).toMatchObject({ code: -3, msg: '该直播间需要输入密码', needPassword: true })
  expect(roomKey(ROOM)).toBeUndefined()
})
