/*
 * The room push channel (src/core/socket.ts) under WeChat's limit on WebSockets: "1.7.0 及以上版本，最多可以同时存在 5 个
 * WebSocket 连接" (wx.connectSocket); a sixth fails (`createSocketTask:fail … exceed max concurrent count`). Every live
 * page in the stack holds its room's socket (chat, room state, activities), and a stack opened on a shared room link
 * reaches six rooms: live → 主播 → live → … → live, the tenth page replacing the ninth's 主播 page (R2.40). Taro's
 * connectSocket is WeChat's here: a stand-in that keeps WeChat's count.
 */
import Taro from '@tarojs/taro'
import { acquireRoomSocket, releaseRoomSocket, type RoomSocket } from '@/core/socket'
import { ManualClock } from '../support/manual-clock'
import { until } from '../support/wait'

const WECHAT_MAX_SOCKETS = 5

interface FakeTask {
  url: string
  closed: boolean
  close(): void
  open(): void
}

/** WeChat's connectSocket: a task per call while fewer than five are alive; the sixth fails. */
function wechatSockets() {
  const alive = new Set<FakeTask>()
  const made: FakeTask[] = []
  let refused = 0
  const spy = jest.spyOn(Taro, 'connectSocket').mockImplementation((({ url }: { url: string }) => {
    if (alive.size >= WECHAT_MAX_SOCKETS) {
      refused++
      return Promise.reject({ errMsg: 'createSocketTask:fail wcwss taskID=9 exceed max concurrent count' })
    }
    let onOpen: (() => void) | null = null
    let onClose: (() => void) | null = null
    const task: FakeTask & Record<string, unknown> = {
      url,
      closed: false,
      open: () => onOpen?.(),
      close() {
        if (task.closed) return
        task.closed = true
        alive.delete(task)
        onClose?.()
      },
      send() {},
      onOpen: (cb: () => void) => {
        onOpen = cb
        // WeChat opens the connection a moment after the task is made
        setTimeout(() => !task.closed && onOpen?.(), 0)
      },
      onMessage() {},
      onClose: (cb: () => void) => (onClose = cb),
      onError() {}
    }
    alive.add(task)
    made.push(task)
    return Promise.resolve(task)
  }) as never)
  return {
    alive,
    made,
    get refused() {
      return refused
    },
    restore: () => spy.mockRestore()
  }
}

const ROOMS = [101, 102, 103, 104, 105, 106]

/**
 * A shared room link opens room 101; each room's 主播 page opens the next room, whose page holds its socket: each
 * room is acquired once the one before it is connected. `each` runs after every room connects.
 */
async function openRoomsOneByOne(each: () => void = () => undefined): Promise<RoomSocket[]> {
  const held: RoomSocket[] = []
  for (const room of ROOMS) {
    held.push(acquireRoomSocket(room))
    await until(() => held[held.length - 1].isOpen, `room ${room} (page on top) to connect`, 5000)
    each()
  }
  return held
}

test('R2.40 six live rooms in the page stack: the room on top connects, and WeChat’s five sockets are never exceeded', async () => {
  const wx = wechatSockets()
  try {
    const held = await openRoomsOneByOne(() => expect(wx.alive.size).toBeLessThanOrEqual(WECHAT_MAX_SOCKETS))
    expect(wx.refused).toBe(0)
    // the newest five rooms are connected; the oldest (deepest page) gave its connection up
    expect(held.slice(1).every((s) => s.isOpen)).toBe(true)
    expect(held[0].isOpen).toBe(false)

    // back from the sixth room: its page unloads, and the room under it gets its connection again
    releaseRoomSocket(ROOMS[5])
    await until(() => held[0].isOpen, 'the deepest room to connect again once a connection is free', 5000)
    expect(wx.alive.size).toBe(WECHAT_MAX_SOCKETS)
    expect(wx.refused).toBe(0)
  } finally {
    for (const room of ROOMS.slice(0, 5)) releaseRoomSocket(room)
    expect(wx.alive.size).toBe(0)
    wx.restore()
  }
})

test('R2.40 a deeper room opened again on top is the newest: it connects, and the oldest other room gives way', async () => {
  const wx = wechatSockets()
  try {
    const held = await openRoomsOneByOne()
    expect(held[0].isOpen).toBe(false)

    // room 101's link, shared in room 106's chat, opens a second page of room 101 on top
    expect(acquireRoomSocket(ROOMS[0])).toBe(held[0])
    await until(() => held[0].isOpen, 'the room on top to connect', 5000)
    expect(held[1].isOpen).toBe(false)
    expect(held.slice(2).every((s) => s.isOpen)).toBe(true)
    expect(wx.alive.size).toBeLessThanOrEqual(WECHAT_MAX_SOCKETS)
    expect(wx.refused).toBe(0)
  } finally {
    releaseRoomSocket(ROOMS[0])
    for (const room of ROOMS) releaseRoomSocket(room)
    // a connection still being made when its room is released closes once WeChat hands it over
    await until(() => wx.alive.size === 0, 'every connection to close', 5000)
    wx.restore()
  }
})

test('R2.40 pages pushed and popped faster than WeChat hands a connection over leave no connection behind', async () => {
  const wx = wechatSockets()
  const clock = new ManualClock()
  try {
    // six rooms in one go, then back twice, before WeChat has handed any connection over: room 101 gives its
    // connection up (the sixth room) and takes it again (the sixth gone) while the first is still being made
    const held = ROOMS.map((room) => acquireRoomSocket(room, { clock }))
    releaseRoomSocket(ROOMS[5])
    releaseRoomSocket(ROOMS[1])
    const left = [held[0], ...held.slice(2, 5)]
    await clock.advance(5000)
    await until(() => left.every((s) => s.isOpen), 'the four rooms left to connect', 5000)
    // one connection per room: the one asked for before the close was closed, not kept beside a newer one
    expect([...wx.alive].map((t) => t.url).sort()).toEqual(left.map((s) => s.url).sort())
  } finally {
    for (const room of [ROOMS[0], ...ROOMS.slice(2, 5)]) releaseRoomSocket(room)
    await until(() => wx.alive.size === 0, 'every connection to close', 5000)
    wx.restore()
  }
})
