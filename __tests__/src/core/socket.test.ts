/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
/*
 * The room push channel (src/core/socket.ts) over Taro H5's connectSocket against the reference server. jsdom ships
 * a WebSocket (built on `ws`), which Taro's H5 SocketTask uses as is, so nothing is swapped in the environment.
 * The connection is dropped from the client side here (RoomSocket.drop closes the underlying socket as a lost network
 * would); the chaos suite (__tests__/src/packageA/chat-chaos.test.ts) cuts them from the server side
 * (/dev/rooms/:id/sockets/drop).
 */
import { countRequests, useReferenceServer } from '../support/reference-server'
import {
  RoomSocket,
  acquireRoomSocket,
  backoffDelay,
  releaseRoomSocket,
  roomSocket,
  socketUrl,
  type SocketTaskLike
} from '@/core/socket'
import { ChatStore, type ChatRoom } from '@/packageA/components/danmaku/chat-store'
import { sleep, until } from '../support/wait'
import { ManualClock } from '../support/manual-clock'
import { SEED_IDS } from '../../../server/db/seed-ids'

const ROOM = SEED_IDS.rooms.onAirWithGoods // every on-air room has today's history

const server = useReferenceServer()

async function dev(path: string, body: Record<string, unknown> = {}) {
  const r = await fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body)
  })
  return r.json()
}
async function serverHistory(room: number): Promise<{ msg_id: number; content: string }[]> {
  const r = await fetch(`${server.origin}/api/v1/userapp/living/danmaku`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ roomid: room, after_msg_id: 0, count: 500 })
  })
  return ((await r.json()) as { data: { msg_id: number; content: string }[] }).data
}

describe('backoff and URL', () => {
  test('reconnect waits 1 s doubling to 30 s, each spread by ±20 % jitter', () => {
    const mid = () => 0.5
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((a) => backoffDelay(a, mid))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000
    ])
    expect(backoffDelay(0, () => 0)).toBe(800)
    expect(backoffDelay(0, () => 1)).toBe(1200)
    expect(backoffDelay(8, () => 1)).toBe(30000)
    for (let i = 0; i < 50; i++) {
      const d = backoffDelay(2)
      expect(d).toBeGreaterThanOrEqual(3200)
      expect(d).toBeLessThanOrEqual(4800)
    }
  })

  test('R7.2 R7.6 the socket lives on the API host: http → ws, https → wss, /ws?roomid=N', () => {
    expect(socketUrl(306, 'http://127.0.0.1:8080')).toBe('ws://127.0.0.1:8080/ws?roomid=306')
    expect(socketUrl(539, 'https://api.example.com/')).toBe('wss://api.example.com/ws?roomid=539')
    expect(socketUrl(1, '//api.example.com')).toBe('wss://api.example.com/ws?roomid=1')
    expect(socketUrl(306)).toBe(`${server.origin.replace('http', 'ws')}/ws?roomid=306`)
  })
})

describe('RoomSocket against the reference server', () => {
  test('welcome with last_msg_id and online, typed dispatch, heartbeat ping → pong, off()', async () => {
    // the room's newest message: the seed's 8th, or a later one when another test posted first
    const last = Math.max(0, ...(await serverHistory(ROOM)).map((m) => Number(m.msg_id)))
    expect(last).toBeGreaterThanOrEqual(8)
    // the heartbeat runs on a clock the test moves: each ping goes out when the test says 150 ms have passed
    const clock = new ManualClock()
    const s = new RoomSocket(ROOM, { heartbeat: 150, clock })
    const welcomes: number[] = []
    const pongs: number[] = []
    const heard: string[] = []
    const onPong = (d: { time: number }) => pongs.push(d.time)
    s.on('welcome', (w) => welcomes.push(w.last_msg_id))
    s.on('pong', onPong)
    s.on('*', (_d, type) => heard.push(type))
    s.connect()
    await until(() => welcomes.length === 1, 'the welcome')
    await clock.advance(149)
    await sleep(50) // time for a pong to come back, had a ping gone out early
    expect(pongs).toHaveLength(0) // no ping before the heartbeat's interval
    await clock.advance(1)
    await until(() => pongs.length === 1, 'the first pong')
    await clock.advance(150)
    await until(() => pongs.length === 2, 'the second pong')
    expect(welcomes).toEqual([last])
    // online counts signed-in viewers only: this anonymous socket is not one
    expect(s.welcome).toEqual({ roomid: String(ROOM), last_msg_id: last, online: 0 })
    s.off('pong', onPong)
    await clock.advance(150)
    await until(() => heard.filter((t) => t === 'pong').length === 3, 'the third pong on the wire')
    expect(pongs).toHaveLength(2) // the unsubscribed handler saw none of it
    s.close()
  })

  test('a dropped connection comes back after the backoff; close() stops reconnecting for good', async () => {
    const clock = new ManualClock()
    const s = new RoomSocket(ROOM, { initialDelay: 50, jitter: 0, clock })
    let welcomes = 0
    s.on('welcome', () => welcomes++)
    s.connect()
    await until(() => welcomes === 1)
    s.drop()
    expect(s.status).toBe('waiting')
    await clock.advance(49)
    expect(s.status).toBe('waiting') // the backoff's 50 ms have not passed
    await clock.advance(1)
    await until(() => welcomes === 2)
    expect(s.connections).toBe(2)
    expect(s.attempts).toBe(0) // the welcome reset the backoff
    s.close()
    expect(s.status).toBe('closed')
    expect(clock.pending).toBe(0) // no retry, no heartbeat, no open timeout left: nothing will reconnect
    await clock.advance(60_000)
    expect(welcomes).toBe(2)
    expect(s.status).toBe('closed')
  })

  test('a refused or failing connection backs off 1×, 2×, 4× … until it opens', async () => {
    // the waits run on the socket's clock: each attempt comes only when its backoff has passed on it
    const clock = new ManualClock()
    let calls = 0
    const s = new RoomSocket(ROOM, {
      initialDelay: 40,
      jitter: 0,
      clock,
      connect: (url) => {
        calls++
        if (calls <= 4) return Promise.reject(new Error('connectSocket:fail'))
        return Promise.resolve(fakeTask(url))
      }
    })
    s.connect()
    // each failed attempt waits its delay on the clock: no attempt a moment before it, the next one at it
    const expected = [40, 80, 160, 320]
    for (let attempt = 1; attempt < 5; attempt++) {
      await until(() => calls === attempt && s.status === 'waiting', `attempt ${attempt} to fail`)
      const wait = expected[attempt - 1]
      await clock.advance(wait - 1)
      expect(calls).toBe(attempt)
      await clock.advance(1)
      expect(calls).toBe(attempt + 1)
    }
    s.close()
  })

  test('one shared socket per room, closed when the last feature releases it', async () => {
    const a = acquireRoomSocket(ROOM)
    const b = acquireRoomSocket(ROOM)
    expect(a).toBe(b)
    expect(roomSocket(ROOM)).toBe(a)
    await until(() => a.isOpen)
    releaseRoomSocket(ROOM)
    expect(a.isOpen).toBe(true)
    releaseRoomSocket(ROOM)
    expect(a.status).toBe('closed')
    expect(roomSocket(ROOM)).toBeUndefined()
  })
})

function fakeTask(_url: string): SocketTaskLike {
  return { send() {}, close() {}, onOpen() {}, onMessage() {}, onClose() {}, onError() {} }
}

describe('no message lost or doubled across reconnects', () => {
  test('R7.72 R3.14 R3.15 dropping the connection every 400 ms while 25 messages/s flow: every message once, in msg_id order', async () => {
    let socket: RoomSocket | null = null
    const store = new ChatStore({
      requireLogin: async () => true,
      acquire: (id) => {
        socket = new RoomSocket(id, { initialDelay: 150, maxDelay: 600 })
        socket.connect()
        return socket
      },
      release: () => socket?.close()
    })
    const calls = countRequests(/living\/danmaku/)
    const room: ChatRoom = store.enter(ROOM)
    await until(() => room.historyLoaded && !!socket?.isOpen)
    const startId = room.lastMsgId
    const { data } = await dev(`/dev/rooms/${ROOM}/inject`, { rate: 25, seconds: 4 })
    expect(data.total).toBe(100)
    // a drop every 400 ms while the burst lasts, and at least six in all (a starved process reconnects late, so
    // fewer fit in the burst's seconds)
    let drops = 0
    const end = Date.now() + 4000
    const bound = Date.now() + 60000
    while ((Date.now() < end || drops < 6) && Date.now() < bound) {
      await sleep(400)
      if (socket!.isOpen) {
        socket!.drop()
        drops++
      }
    }
    const expectedLast = startId + 100
    await until(
      () => room.messages.length > 0 && room.messages[room.messages.length - 1].msgId >= expectedLast && socket!.isOpen
    )
    await sleep(500) // any late duplicate would land now
    room.flushNow()
    const history = await serverHistory(ROOM)
    const ids = room.messages.map((m) => m.msgId)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    // the list holds exactly the server's messages from today's history on, texts included
    expect(ids).toEqual(history.map((h) => h.msg_id).filter((id) => id >= ids[0]))
    expect(room.messages.map((m) => m.text)).toEqual(
      history.filter((h) => h.msg_id >= ids[0]).map((h) => JSON.parse(h.content).text)
    )
    expect(ids[ids.length - 1]).toBe(expectedLast)
    expect(drops).toBeGreaterThanOrEqual(5)
    expect(socket!.connections).toBeGreaterThanOrEqual(drops)
    // the gaps were real: messages pushed while disconnected came from history after the last msg_id seen
    const fills = calls.bodies.filter((b) => b.includes('after_msg_id'))
    calls.restore()
    expect(fills.length).toBeGreaterThanOrEqual(3)
    expect(calls.bodies[0]).toMatch(/"count":10/)
    store.leave(ROOM)
    expect(socket!.status).toBe('closed')
  })
})
