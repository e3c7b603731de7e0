/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
/*
 * The chat store (src/packageA/components/danmaku/chat-store.ts) against the reference server: history, send rules,
 * report and block. Batching and the bounded list are driven through a RoomSocket over a scripted SocketTask, so the
 * message flow is exact.
 */
import Taro from '@tarojs/taro'
import { autorun } from 'mobx'
import { countRequests, demoLogin, useReferenceServer } from '../support/reference-server'
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy'
import { configureRequest } from '@/core/request'
import { getToken, setToken } from '@/core/token'
import { RoomSocket, type SocketTaskLike } from '@/core/socket'
import { HISTORY_COUNT, HISTORY_TYPE, type HistoryItem } from '@/api/chat'
import {
  BLOCKED_KEY,
  ChatStore,
  FLUSH_INTERVAL,
  MAX_MESSAGES,
  type ChatDeps
} from '@/packageA/components/danmaku/chat-store'
import {
  CHAT_CLOSED_MESSAGE,
  GAP_MARKER_TEXT,
  parseHistoryItem,
  sendFailure
} from '@/packageA/components/danmaku/chat-message'
import { removeItem } from '@/platform/storage'
import { ApiError } from '@/utils/errors'
import { sessionStore } from '@/stores/session'
import { sleep, until } from '../support/wait'
import { ManualClock, advanceUntil } from '../support/manual-clock'
import { SEED_IDS } from '../../../server/db/seed-ids'

const ROOM = SEED_IDS.rooms.onAirWithHistory
const CLOSED_ROOM = SEED_IDS.rooms.chatClosed

const server = useReferenceServer()
let token = ''

beforeAll(async () => {
  token = (await demoLogin(server.origin)).access_token
  // no router runs under jest: the login prompt's "where am I" and its modal are answered here
  sessionStore.configure({
    currentUrl: () => `/packageA/pages/live/live?roomid=${ROOM}`,
    wait: () => Promise.resolve()
  })
})
let modal: jest.SpyInstance
beforeEach(() => {
  modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true, errMsg: 'showModal:ok' })
})
afterEach(() => modal.mockRestore())
beforeEach(() => {
  setToken('')
  removeItem(BLOCKED_KEY)
})

/** The room's newest msg_id on the server. */
async function serverLast(room: number): Promise<number> {
  const r = await fetch(`${server.origin}/api/v1/userapp/living/danmaku`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ roomid: room, count: 1 })
  }).then((res) => res.json() as Promise<{ data: { msg_id: number }[] }>)
  return Math.max(0, ...r.data.map((m) => Number(m.msg_id)))
}

/** Injects messages into the room and waits (a generous limit) until the server holds the newest, `upTo`. */
async function inject(room: number, body: string, upTo: number): Promise<void> {
  await fetch(`${server.origin}/dev/rooms/${room}/inject`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body
  })
  const end = Date.now() + 10000
  while ((await serverLast(room)) < upTo) {
    if (Date.now() > end) throw new Error(`timed out waiting for msg_id ${upTo} on the server`)
    await sleep(20)
  }
}

/** A SocketTask the test drives: `emit` delivers a server message, `opened` the open event. */
function scriptedSocket() {
  let onMessage: (res: { data: unknown }) => void = () => undefined
  let onOpen: () => void = () => undefined
  const task: SocketTaskLike = {
    send() {},
    close() {},
    onOpen: (cb) => (onOpen = cb),
    onMessage: (cb) => (onMessage = cb),
    onClose() {},
    onError() {}
  }
  const socket = new RoomSocket(ROOM, { connect: () => Promise.resolve(task) })
  return {
    socket,
    emit: (type: string, data: unknown) => onMessage({ data: JSON.stringify({ type, data }) }),
    open: () => onOpen(),
    push: (id: number, userId = 10003) =>
      onMessage({
        data: JSON.stringify({
          type: 'danmaku',
          data: {
            msg_id: id,
            room_id: ROOM,
            user_id: userId,
            nickname: `u${userId}`,
            avatar: '',
            content: `m${id}`,
            time: Date.now()
          }
        })
      })
  }
}

/** A store whose room socket is scripted (no real connection; history still comes from the server). */
function scriptedStore(deps: Partial<ChatDeps> = {}) {
  const s = scriptedSocket()
  let released = 0
  const store = new ChatStore({
    requireLogin: async () => !!getToken(),
    acquire: () => {
      s.socket.connect()
      return s.socket
    },
    release: () => {
      released++
      s.socket.close()
    },
    ...deps
  })
  return { ...s, store, released: () => released }
}

/** A store over the real room socket. */
function liveStore(deps: Partial<ChatDeps> = {}) {
  let socket: RoomSocket | null = null
  const store = new ChatStore({
    requireLogin: async () => !!getToken(),
    acquire: (id) => {
      socket = new RoomSocket(id, { initialDelay: 100 })
      socket.connect()
      return socket
    },
    release: () => socket?.close(),
    ...deps
  })
  return { store, socket: () => socket }
}

describe('history', () => {
  test('R7.72 R7.79 R9.4 R9.7 history is fetched with roomid, count 10 and type today; only the last 10 show', async () => {
    // the room's newest message so far (the seed's 8, plus whatever other tests posted before this one)
    const before = await serverLast(ROOM)
    await inject(ROOM, '{"rate":100,"seconds":0.12}', before + 12)
    expect(HISTORY_COUNT).toBe(10)
    expect(HISTORY_TYPE).toBe('today')
    const calls = countRequests(/living\/danmaku/)
    const { store } = scriptedStore()
    const room = store.enter(ROOM)
    await until(() => room.historyLoaded)
    calls.restore()
    expect(calls.count).toBe(1)
    expect(JSON.parse(calls.bodies[0])).toMatchObject({ roomid: ROOM, count: 10, type: 'today' })
    expect(room.messages).toHaveLength(10)
    const ids = room.messages.map((m) => m.msgId)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    expect(ids[9]).toBe(before + 12) // 12 injected: the newest ten end with the 12th
    expect(room.messages[9]).toMatchObject({
      text: '支持 #12',
      userId: expect.any(Number),
      nickname: expect.any(String)
    })
    store.leave(ROOM)
  })

  test('R8.12 R3.15 history content that is not valid JSON gives false and is skipped', async () => {
    expect(
      parseHistoryItem({
        id: 3,
        msg_id: 3,
        content: '{"text":"好","nickname":"甲","avatar":"a.png","user_id":7}',
        msgTimestamp: 1700000000
      } as HistoryItem)
    ).toEqual({
      msgId: 3,
      userId: 7,
      nickname: '甲',
      avatar: 'a.png',
      text: '好',
      time: 1700000000000 // R9.22 seconds → ms
    })
    expect(parseHistoryItem({ id: 4, content: '{not json', msgTimestamp: 0 } as HistoryItem)).toBe(false)
    expect(parseHistoryItem({ id: 5, content: '"just a string"', msgTimestamp: 0 } as HistoryItem)).toBe(false)
    expect(parseHistoryItem({ id: 6, content: '{"nickname":"no text"}', msgTimestamp: 0 } as HistoryItem)).toBe(false)
    expect(parseHistoryItem(null)).toBe(false)

    // a server answer with two broken items among three: the room shows the good one
    const original = globalThis.fetch
    globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('living/danmaku')) {
        const data = [
          { id: 1, msg_id: 1, content: '{"text":"第一条","nickname":"甲","user_id":1}', msgTimestamp: 1 },
          { id: 2, msg_id: 2, content: '{"text":', msgTimestamp: 2 },
          { id: 3, msg_id: 3, content: 'not json at all', msgTimestamp: 3 }
        ]
        return new Response(JSON.stringify({ code: 1, msg: 'ok', data }), { status: 200 })
      }
      return original(input, init)
    }
    try {
      const { store } = scriptedStore()
      const room = store.enter(999)
      await until(() => room.historyLoaded)
      expect(room.messages.map((m) => m.text)).toEqual(['第一条'])
      expect(room.lastMsgId).toBe(3) // the skipped ones still count as seen: no gap fill asks for them again
      store.leave(999)
    } finally {
      globalThis.fetch = original
    }
  })
})

describe('sending (spec section 5 chat send rules)', () => {
  test('R5.6 R7.73 sending needs login: anonymous → false and no call; the session prompt offers login', async () => {
    const calls = countRequests(/userapp\/danmaku/)
    const store = new ChatStore({ acquire: () => scriptedSocket().socket, release: () => undefined }) // default requireLogin: the session's
    const room = store.room(ROOM)
    await expect(room.send('你好')).resolves.toBe(false)
    calls.restore()
    expect(calls.count).toBe(0)
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: '该功能需要登录，是否前往登录？' }))
  })

  test('R5.6 R7.73 R3.14 a sent message succeeds (true) and shows once, from the reply and the push together', async () => {
    setToken(token)
    const { store, socket } = liveStore()
    const room = store.enter(ROOM)
    await until(() => room.historyLoaded && !!socket()?.isOpen)
    const pushed: string[] = []
    socket()!.on('danmaku', (d) => pushed.push(d.content))
    const calls = countRequests(/userapp\/danmaku/)
    await expect(room.send('  主播晚上好  ')).resolves.toBe(true)
    calls.restore()
    expect(JSON.parse(calls.bodies[0])).toMatchObject({ room_id: ROOM, content: '主播晚上好' })
    // the room's own push of it comes too (the server pushes every message to the room): once it has, one row shows
    await until(() => pushed.includes('主播晚上好'), 'the push of the message')
    room.flushNow()
    const mine = room.messages.filter((m) => m.text === '主播晚上好')
    expect(mine).toHaveLength(1)
    expect(mine[0].nickname).toBeTruthy()
    store.leave(ROOM)
  })

  test('R5.7 R8.10 a message with a sensitive word is rejected with the server code and message (敏感)', async () => {
    setToken(token)
    const { store } = scriptedStore()
    const room = store.room(ROOM)
    const err = await room.send('这里有敏感词').then(
      () => null,
      (e: unknown) => e
    )
    expect(err).toBeInstanceOf(ApiError)
    expect((err as ApiError).kind).toBe('business')
    expect((err as ApiError).code).toBe(-5)
    expect((err as ApiError).msg).toContain('敏感')
    expect((err as ApiError).msg).toBe('发送失败：内容包含敏感词，请文明发言')
  })

  test('R5.8 R8.11 in a room whose chat is closed the send is rejected with 聊天暂时关闭', async () => {
    setToken(token)
    const { store } = scriptedStore()
    const err = await store
      .room(CLOSED_ROOM)
      .send('大家好')
      .then(
        () => null,
        (e: unknown) => e
      )
    expect(err).toMatchObject({ kind: 'business', msg: CHAT_CLOSED_MESSAGE })
    expect(CHAT_CLOSED_MESSAGE).toBe('聊天暂时关闭')
  })

  test('R5.9 any other failure returns false: a too-long text, an unknown room (404), an expired token (401)', async () => {
    setToken(token)
    const { store } = scriptedStore()
    await expect(store.room(ROOM).send('长'.repeat(201))).resolves.toBe(false)
    await expect(store.room(987654).send('你好')).resolves.toBe(false)
    setToken('not-a-valid-token')
    await expect(store.room(ROOM).send('你好')).resolves.toBe(false)
    await expect(store.room(ROOM).send('   ')).resolves.toBe(false) // nothing to send
  })

  test('R5.6–R5.9 R8.10 R8.11 the rule on failure messages: 敏感 / 违法 / 违规 keep code and message, 关闭 → 聊天暂时关闭, else false', () => {
    for (const msg of ['内容敏感', '涉嫌违法', '违规内容']) {
      expect(() => sendFailure({ code: -5, msg })).toThrow(ApiError)
      try {
        sendFailure({ code: -5, msg })
      } catch (e) {
        expect(e).toMatchObject({ code: -5, msg })
      }
    }
    expect(() => sendFailure({ code: -6, msg: '直播间聊天已关闭' })).toThrow(CHAT_CLOSED_MESSAGE)
    try {
      sendFailure({ code: -6, msg: '直播间聊天已关闭' })
    } catch (e) {
      expect(e).toMatchObject({ code: -6, msg: '聊天暂时关闭' })
    }
    expect(sendFailure({ code: -1, msg: '请输入1-200字的内容' })).toBe(false)
    expect(sendFailure({ code: -100, msg: 'request:fail network' })).toBe(false)
  })
})

describe('live messages: batches, order, no duplicates, bound', () => {
  test('1000 messages over 1 s reach the list in a few 200 ms batches, not one change per message', async () => {
    const clock = new ManualClock()
    const { store, open, emit, push } = scriptedStore({ clock })
    const room = store.enter(ROOM)
    await until(() => room.historyLoaded)
    await sleep(0)
    open()
    emit('welcome', { roomid: String(ROOM), last_msg_id: room.lastMsgId, online: 3 })
    const base = room.lastMsgId
    let renders = 0
    const dispose = autorun(() => {
      void room.visible.length
      renders++
    })
    renders = 0
    const flushesBefore = room.flushes
    // 10 messages every 10 ms of the room's clock: 1 s of pushes, then two flush intervals
    for (let burst = 0; burst < 100; burst++) {
      for (let k = 1; k <= 10; k++) push(base + burst * 10 + k)
      await clock.advance(10)
    }
    await clock.advance(FLUSH_INTERVAL * 2)
    dispose()
    const flushes = room.flushes - flushesBefore
    expect(room.messages[room.messages.length - 1].msgId).toBe(base + 1000)
    // one batch per FLUSH_INTERVAL of the 1 s the pushes took: never one change per message
    expect(flushes).toBe(1000 / FLUSH_INTERVAL)
    expect(renders).toBe(flushes)
    expect(room.online).toBe(3)
    store.leave(ROOM)
  })

  test('the list keeps the last 200 messages; a message already shown or trimmed away never comes back', async () => {
    expect(MAX_MESSAGES).toBe(200)
    const { store, open, emit, push } = scriptedStore()
    const room = store.enter(ROOM)
    await until(() => room.historyLoaded)
    await sleep(0)
    open()
    emit('welcome', { roomid: String(ROOM), last_msg_id: room.lastMsgId, online: 1 })
    const base = room.lastMsgId
    for (let i = 1; i <= 500; i++) push(base + i)
    room.flushNow()
    expect(room.messages).toHaveLength(200)
    expect(room.messages[0].msgId).toBe(base + 301)
    push(base + 10) // trimmed long ago
    push(base + 400) // on screen
    push(base + 400)
    room.flushNow()
    expect(room.messages).toHaveLength(200)
    expect(room.messages.filter((m) => m.msgId === base + 400)).toHaveLength(1)
    expect(room.messages.some((m) => m.msgId === base + 10)).toBe(false)
    store.leave(ROOM)
  })

  test('out-of-order arrivals are shown in msg_id order; duplicates within a batch collapse', async () => {
    const { store, open, emit, push } = scriptedStore()
    const room = store.enter(ROOM)
    await until(() => room.historyLoaded)
    await sleep(0)
    open()
    emit('welcome', { roomid: String(ROOM), last_msg_id: room.lastMsgId, online: 1 })
    const b = room.lastMsgId
    ;[b + 3, b + 1, b + 3, b + 2, b + 5, b + 4, b + 1].forEach((id) => push(id))
    room.flushNow()
    expect(room.messages.slice(-5).map((m) => m.msgId)).toEqual([b + 1, b + 2, b + 3, b + 4, b + 5])
    store.leave(ROOM)
  })

  test('a welcome above the last id seen fills the gap from history (after_msg_id) without duplicates', async () => {
    const { store, open, emit, push } = scriptedStore()
    const room = store.enter(ROOM)
    await until(() => room.historyLoaded)
    await sleep(0)
    open()
    const last = room.lastMsgId
    emit('welcome', { roomid: String(ROOM), last_msg_id: last, online: 1 })
    // three more messages reach the server while "disconnected", one of them also arrives as a push
    await inject(ROOM, '{"rate":30,"seconds":0.1}', last + 3)
    const calls = countRequests(/living\/danmaku/)
    emit('welcome', { roomid: String(ROOM), last_msg_id: last + 3, online: 1 })
    // the new connection's own pushes start above the welcome's id and may beat the history answer
    push(last + 4)
    await until(() => room.messages.length >= 4 && room.messages[room.messages.length - 4].msgId === last + 1)
    calls.restore()
    expect(calls.count).toBe(1)
    expect(JSON.parse(calls.bodies[0])).toMatchObject({ roomid: ROOM, after_msg_id: last, count: 3 })
    expect(room.messages.slice(-4).map((m) => m.msgId)).toEqual([last + 1, last + 2, last + 3, last + 4])
    push(last + 2) // a late copy (an old connection's buffer): dropped
    room.flushNow()
    expect(room.messages.filter((m) => m.msgId === last + 2)).toHaveLength(1)
    expect(new Set(room.messages.map((m) => m.msgId)).size).toBe(room.messages.length)
    store.leave(ROOM)
  })

  test('the last view to leave disconnects the room socket (page unmount); re-entering reconnects', async () => {
    const s = scriptedStore()
    const a = s.store.enter(ROOM)
    const b = s.store.enter(ROOM)
    expect(a).toBe(b)
    s.store.leave(ROOM)
    expect(s.released()).toBe(0)
    s.store.leave(ROOM)
    expect(s.released()).toBe(1)
    expect(s.socket.status).toBe('closed')
    s.store.enter(ROOM)
    expect(s.socket.status).not.toBe('closed')
    s.store.leave(ROOM)
  })
})

describe('report and block', () => {
  test('R7.74 report sends msg_id, user_id and reason (login required)', async () => {
    const { store } = scriptedStore()
    const room = store.room(ROOM)
    await expect(room.report({ msgId: 2, userId: 10004 }, '广告骚扰')).resolves.toBe(false) // anonymous
    setToken(token)
    const calls = countRequests(/userapp\/report/)
    await expect(room.report({ msgId: 2, userId: 10004 }, '广告骚扰')).resolves.toBe(true)
    calls.restore()
    expect(JSON.parse(calls.bodies[0])).toMatchObject({ msg_id: 2, user_id: 10004, reason: '广告骚扰' })
  })

  test('R7.75 block sends user_id; the user’s messages are hidden locally from then on (and on this device later)', async () => {
    const { store, open, emit, push } = scriptedStore()
    const room = store.enter(ROOM)
    await until(() => room.historyLoaded)
    await sleep(0)
    open()
    emit('welcome', { roomid: String(ROOM), last_msg_id: room.lastMsgId, online: 1 })
    const b = room.lastMsgId
    push(b + 1, 10005)
    push(b + 2, 10006)
    room.flushNow()
    await expect(room.block(10005)).resolves.toBe(false) // anonymous
    setToken(token)
    const calls = countRequests(/userapp\/block/)
    await expect(room.block(10005)).resolves.toBe(true)
    calls.restore()
    expect(JSON.parse(calls.bodies[0])).toMatchObject({ user_id: 10005 })
    expect(room.visible.some((m) => m.userId === 10005)).toBe(false)
    expect(room.visible.some((m) => m.userId === 10006)).toBe(true)
    const flown: number[] = []
    room.onBatch((batch) => flown.push(...batch.map((m) => m.userId)))
    push(b + 3, 10005)
    push(b + 4, 10006)
    room.flushNow()
    expect(flown).toEqual([10006])
    expect(new ChatStore().isBlocked(10005)).toBe(true) // remembered in storage
    store.leave(ROOM)
  })

  test('R7.75 blocking yourself is refused by the server: false, nothing hidden', async () => {
    setToken(token)
    const { store } = scriptedStore()
    const me = await fetch(`${server.origin}/api/v1/userapp/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: '13800000001', password: 'demo1234' })
    }).then((r) => r.json() as Promise<{ data: { user: { id: number } } }>)
    await expect(store.block(me.data.user.id)).resolves.toBe(false)
    expect(store.isBlocked(me.data.user.id)).toBe(false)
  })
})

describe('no message lost silently', () => {
  const fills = (p: FaultProxy) => p.requests(/living\/danmaku/).filter((r) => r.body.includes('after_msg_id'))

  /** The store's history calls go through a fault proxy in front of the reference server. */
  async function withProxy(run: (proxy: FaultProxy) => Promise<void>) {
    const proxy = await startFaultProxy(server.origin)
    configureRequest({ hosts: { api: proxy.origin } })
    try {
      await run(proxy)
    } finally {
      configureRequest({ hosts: { api: server.origin } })
      await proxy.close()
    }
  }

  /** A room of a scripted-socket store, history loaded and the first welcome at the last id seen. */
  async function joined(roomId: number, deps: Partial<ChatDeps>) {
    const s = scriptedStore(deps)
    const room = s.store.enter(roomId)
    await until(() => room.historyLoaded)
    await sleep(0)
    s.open()
    s.emit('welcome', { roomid: String(roomId), last_msg_id: room.lastMsgId, online: 1 })
    return { ...s, room }
  }

  test('R7.72 R3.15 history failing 5 times after a reconnect: the gap fill keeps trying with doubling waits, then fills it in order; later pushes wait', async () => {
    await withProxy(async (proxy) => {
      const retry = [100, 200, 400, 800, 1600]
      const clock = new ManualClock()
      const waits: number[] = [] // the retries the fill asked for, each when its wait began
      const { store, room, emit, push } = await joined(ROOM, {
        gapRetry: (a) => (waits.push(a), retry[Math.min(a, retry.length - 1)]),
        holdMax: 20000,
        clock
      })
      const last = room.lastMsgId
      await inject(ROOM, '{"rate":30,"seconds":0.1}', last + 3)
      proxy.fail((url, body) => url.includes('living/danmaku') && body.includes('after_msg_id'), { status: 503 }, 5)
      // the fill's requests as the client sends them (counted when fetch is called, before the proxy sees them)
      const sent = countRequests(/living\/danmaku/)
      const sentFills = () => sent.bodies.filter((b) => b.includes('after_msg_id')).length
      emit('welcome', { roomid: String(ROOM), last_msg_id: last + 3, online: 1 })
      push(last + 4) // the new connection's first push: above the gap
      // each failed page waits its retry delay on the room's clock: nothing is asked before it has passed
      for (let i = 0; i < retry.length; i++) {
        await until(() => waits.length === i + 1, `the wait after failure ${i + 1}`)
        expect(waits[i]).toBe(i) // doubling: the attempt counts up
        await clock.advance(retry[i] - 1)
        expect(sentFills()).toBe(i + 1)
        room.flushNow()
        expect(room.messages.some((m) => m.msgId > last)).toBe(false) // held behind the gap, not shown out of order
        await clock.advance(1)
        await until(() => sentFills() === i + 2, `fill ${i + 2} sent`)
      }
      // the gap's page and the held push go into the list at its next flush
      await advanceUntil(clock, () => room.messages.some((m) => m.msgId === last + 4), FLUSH_INTERVAL, 'the push')
      sent.restore()
      const calls = fills(proxy)
      expect(calls).toHaveLength(6) // the old code gave up after the 4th failure
      expect(calls.slice(0, 5).every((c) => c.fault === 'status')).toBe(true)
      for (const c of calls) expect(JSON.parse(c.body)).toMatchObject({ roomid: ROOM, after_msg_id: last, count: 3 })
      expect(room.messages.slice(-4).map((m) => m.msgId)).toEqual([last + 1, last + 2, last + 3, last + 4])
      expect(room.messages.some((m) => m.gap)).toBe(false)
      store.leave(ROOM)
    })
  })

  test('R7.72 while history is slower than holdMax the held pushes show; the gap’s messages go in their places when it answers', async () => {
    await withProxy(async (proxy) => {
      const clock = new ManualClock()
      let waiting = false // the fill waits out its retry (its first page was cut)
      const { store, room, emit, push } = await joined(ROOM, {
        gapRetry: () => ((waiting = true), 600),
        holdMax: 300,
        clock
      })
      const last = room.lastMsgId
      await inject(ROOM, '{"rate":30,"seconds":0.1}', last + 3)
      proxy.fail((url, body) => url.includes('living/danmaku') && body.includes('after_msg_id'), 'drop-request', 1)
      emit('welcome', { roomid: String(ROOM), last_msg_id: last + 3, online: 1 })
      push(last + 4)
      push(last + 5)
      await until(() => waiting, 'the cut fill to wait for its retry')
      await clock.advance(299)
      room.flushNow()
      expect(room.messages.some((m) => m.msgId > last)).toBe(false) // held while holdMax has not passed
      await clock.advance(1 + FLUSH_INTERVAL) // holdMax is over: they show at the list's next flush
      const ids = room.messages.map((m) => m.msgId)
      expect(ids.slice(-2)).toEqual([last + 4, last + 5])
      expect(ids.includes(last + 1)).toBe(false) // shown ahead of the gap, before its messages came
      // the retry (600 ms after the cut) fills the gap: its messages go in their places
      await advanceUntil(clock, () => room.messages.some((m) => m.msgId === last + 1), 100, 'the gap filled')
      expect(room.messages.slice(-5).map((m) => m.msgId)).toEqual([last + 1, last + 2, last + 3, last + 4, last + 5])
      expect(fills(proxy)).toHaveLength(2)
      store.leave(ROOM)
    })
  })

  test('R7.72 R3.15 messages the server no longer keeps become one marker row 部分消息未能加载 in their place; the rest follow in order', async () => {
    const PRUNED_ROOM = 308
    const calls = countRequests(/living\/danmaku/)
    const { store, room, emit, push } = await joined(PRUNED_ROOM, {})
    const last = room.lastMsgId
    await inject(PRUNED_ROOM, '{"rate":200,"seconds":0.1}', last + 20)
    const pruned = await fetch(`${server.origin}/dev/rooms/${PRUNED_ROOM}/chat/prune?keep=5`, { method: 'POST' }).then(
      (r) => r.json()
    )
    expect(pruned.data).toMatchObject({ oldest_msg_id: last + 16, last_msg_id: last + 20 })
    emit('welcome', { roomid: String(PRUNED_ROOM), last_msg_id: last + 20, online: 1 })
    push(last + 21)
    await until(() => room.messages.some((m) => m.msgId === last + 21))
    calls.restore()
    const tail = room.messages.slice(-7)
    expect(tail.map((m) => (m.gap ? 'gap' : m.msgId))).toEqual([
      'gap',
      last + 16,
      last + 17,
      last + 18,
      last + 19,
      last + 20,
      last + 21
    ])
    expect(tail[0]).toMatchObject({ text: GAP_MARKER_TEXT, gap: { from: last + 1, to: last + 15 } })
    expect(GAP_MARKER_TEXT).toBe('部分消息未能加载')
    const asked = calls.bodies.filter((b) => b.includes('after_msg_id')).map((b) => JSON.parse(b))
    expect(asked.map((b) => [b.after_msg_id, b.count])).toEqual([
      [last, 20],
      [last + 15, 5]
    ])
    expect(room.messages.filter((m) => m.gap)).toHaveLength(1)
    store.leave(PRUNED_ROOM)
  })
})
