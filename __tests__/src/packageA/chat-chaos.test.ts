/** @jest-environment ./__tests__/src/support/node-fetch-environment.js */
/*
 * Chaos suite: several viewers — each the real chat store over the real room socket (Taro's connectSocket,
 * jsdom's WebSocket) and the request core — sit in one room of the reference server while it injects 100 messages a
 * second and cuts every socket of the room from the server side 20 times (the sandbox control
 * /dev/rooms/:id/sockets/drop). Their history calls go through a fault proxy that refuses a fifth of the gap fills,
 * slows a sixth past the 200 ms batch (seeded random picks) and cuts all of them for one second in the middle. What each viewer's chat list
 * showed, flush by flush (what the chat panel renders), must be every message exactly once, in msg_id order.
 * Prints sent / received / lost / duplicated / out of order per viewer, and the longest time each was away.
 *
 * What the app rightly does not show stays out of the run, so a stalled machine cannot fake a loss: the room gets at
 * most GAP_FILL_MAX messages in all (a longer absence becomes a marker row by design, R7.79's bound), and each viewer
 * keeps every message in its list (the app keeps 200: a process the machine stalls for two seconds receives more
 * than 200 in one flush, and the oldest of them would be cut before the panel could show them).
 */
import { reaction } from 'mobx'
import { configureRequest } from '@/core/request'
import { RoomSocket, socketUrl } from '@/core/socket'
import { ChatStore, type ChatRoom } from '@/packageA/components/danmaku/chat-store'
import { GAP_FILL_MAX } from '@/packageA/components/danmaku/chat-sequence'
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy'
import { useReferenceServer } from '../support/reference-server'
import { sleep, until } from '../support/wait'

const ROOM = 311
const CLIENTS = 4
const DROPS = 20
const RATE = 100
const SECONDS = 10
const TOTAL = RATE * SECONDS
/** The history outage: every gap fill is refused for this long after the second cut. */
const OUTAGE_MS = 1000
const server = useReferenceServer()
let proxy: FaultProxy

beforeAll(async () => {
  proxy = await startFaultProxy(server.origin)
  configureRequest({ hosts: { api: proxy.origin } })
})
afterAll(async () => {
  await proxy.close()
})

async function dev(path: string, body: Record<string, unknown> = {}) {
  const r = await fetch(`${server.origin}/dev/rooms/${ROOM}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body)
  })
  return ((await r.json()) as { data: Record<string, number> }).data
}
/** Every message the server has after `after`, from its history (pages of 500). */
async function serverMessages(after: number): Promise<{ msg_id: number; text: string }[]> {
  const out: { msg_id: number; text: string }[] = []
  for (;;) {
    const r = await fetch(`${server.origin}/api/v1/userapp/living/danmaku`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ roomid: ROOM, after_msg_id: out.length ? out[out.length - 1].msg_id : after, count: 500 })
    })
    const page = ((await r.json()) as { data: { msg_id: number; content: string }[] }).data
    out.push(...page.map((m) => ({ msg_id: m.msg_id, text: JSON.parse(m.content).text as string })))
    if (page.length < 500) return out
  }
}

/** mulberry32: the fault picks are random but the same every run for the same call sequence */
function seeded(seed: number) {
  return () => {
    seed |= 0
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface Viewer {
  store: ChatStore
  room: ChatRoom
  socket: () => RoomSocket
  /** the current connection has been welcomed (so the server has it in the room) */
  welcomed: () => boolean
  /** msg_ids as they appeared in the list, flush by flush */
  log: number[]
  /** the longest time from a connection's loss to the next welcome (ms) */
  longestAway: () => number
  stop: () => void
}

function viewer(): Viewer {
  let socket: RoomSocket | null = null
  let welcomedConnection = 0
  let lostAt = 0
  let longestAway = 0
  const store = new ChatStore({
    requireLogin: async () => true,
    acquire: (id) => {
      // the socket goes to the server itself; only the history calls pass the fault proxy
      socket = new RoomSocket(id, { url: socketUrl(id, server.origin), initialDelay: 200, maxDelay: 1000 })
      socket.on('welcome', () => {
        welcomedConnection = socket!.connections
        if (lostAt) longestAway = Math.max(longestAway, Date.now() - lostAt)
        lostAt = 0
      })
      socket.onStatus((s) => {
        if (s !== 'open' && !lostAt && welcomedConnection) lostAt = Date.now()
      })
      socket.connect()
      return socket
    },
    release: () => socket?.close(),
    // the production shape (doubling from a first wait), shortened like the socket's so the run stays short
    gapRetry: (attempt) => Math.min(1000, 100 * 2 ** attempt),
    // pushes wait for the gap they follow however long the history takes on a loaded machine (jest's workers share two
    // cores with 400 pushes a second, and in a CI run with the Chromium lane beside them a gap fill took over 20 s):
    // this run proves order once history answers; the 5 s release of a hold while history stays slow is its own test
    // in chat.test.ts
    holdMax: 120000,
    // every message stays observable (see the top of the file)
    maxMessages: TOTAL + 100
  })
  const room = store.enter(ROOM)
  const log: number[] = []
  let shown = new Set<number>()
  // what the chat panel observes: each flush replaces the list; the rows new to it are what the viewer just got
  const dispose = reaction(
    () => room.messages,
    (list) => {
      for (const m of list) if (!m.gap && !shown.has(m.msgId)) log.push(m.msgId)
      shown = new Set(list.map((m) => m.msgId))
    }
  )
  return {
    store,
    room,
    socket: () => socket!,
    welcomed: () => !!socket?.isOpen && welcomedConnection === socket.connections,
    log,
    longestAway: () => longestAway,
    stop: () => {
      dispose()
      store.leave(ROOM)
    }
  }
}

test(`R7.72 R3.14 R3.15 chaos: ${CLIENTS} viewers, ${RATE} messages/s, every room socket cut ${DROPS} times server-side: each sees every message once, in order`, async () => {
  const viewers = Array.from({ length: CLIENTS }, viewer)
  try {
    // the waits are generous: CI's machine can stall every process for many seconds; a lost message is still lost
    await until(() => viewers.every((v) => v.room.historyLoaded && v.welcomed()), 'viewers to join')
    const start = (await serverMessages(0)).reduce((m, x) => Math.max(m, x.msg_id), 0)
    for (const v of viewers) v.room.flushNow()
    // history faults on the gap fills (the viewers' first history calls are done)
    let outageUntil = 0
    const random = seeded(13)
    let pick = 0
    const isFill = (url: string, body: string) => url.includes('living/danmaku') && body.includes('after_msg_id')
    // the outage (from the second cut, while the messages still flow: on a loaded machine the later cuts may come after
    // the injection has ended, when a reconnect leaves no gap to fill) lasts OUTAGE_MS and at least until it has cut
    // one gap fill: on a loaded machine the viewers may ask for none inside the window
    let outageCuts = 0
    const inOutage = () => outageUntil > 0 && (Date.now() < outageUntil || outageCuts === 0)
    proxy.fail((url, body) => isFill(url, body) && inOutage() && ++outageCuts > 0, 'drop-request', Infinity)
    proxy.fail((url, body) => isFill(url, body) && (pick = random()) < 0.2, { status: 503 }, Infinity)
    proxy.fail((url, body) => isFill(url, body) && pick > 5 / 6, { delay: 300 }, Infinity)
    const injected = await dev('inject', { rate: RATE, seconds: SECONDS })
    expect(TOTAL).toBeLessThanOrEqual(GAP_FILL_MAX)
    expect(injected.total).toBe(TOTAL)
    const began = Date.now()
    const gap = ((SECONDS - 1) * 1000) / DROPS
    let cut = 0
    // each viewer's connection the last cut ended: a loaded machine may not have told the viewer yet, whose socket
    // then still looks open and welcomed
    let cutConnections = viewers.map(() => 0)
    for (let i = 0; i < DROPS; i++) {
      // every viewer is back, on a new connection, before the next cut, so each cut hits all of them, mid-stream
      await until(
        () => viewers.every((v, k) => v.welcomed() && v.socket().connections > cutConnections[k]),
        'viewers to reconnect'
      )
      await sleep(Math.max(50, began + (i + 1) * gap - Date.now()))
      cutConnections = viewers.map((v) => v.socket().connections)
      const { dropped } = await dev('sockets/drop')
      expect(dropped).toBe(CLIENTS)
      cut += dropped
      if (i === 1) outageUntil = Date.now() + OUTAGE_MS
    }
    const last = start + TOTAL
    await until(
      () => viewers.every((v) => v.room.lastMsgId >= last && v.log.includes(last)),
      'every viewer to get the last message'
    )
    const sent = (await serverMessages(start)).map((m) => m.msg_id)
    expect(sent).toHaveLength(TOTAL)
    // the gaps a viewer still fills from history (a page may take many seconds on a loaded machine, retried after
    // each fault): a message still missing after this wait is lost, and the figures below say so
    await until(
      () =>
        viewers.every((v) => {
          const got = new Set(v.log)
          return sent.every((id) => got.has(id))
        }),
      'every viewer to get every message'
    ).catch(() => undefined)
    await sleep(1000) // a late copy would land now
    for (const v of viewers) v.room.flushNow()

    const faults = proxy.seen.filter((r) => isFill(r.url, r.body))
    const count = (f: string | null) => faults.filter((r) => r.fault === f).length
    const stats = viewers.map((v) => {
      const got = v.log.filter((id) => id > start)
      const unique = new Set(got)
      let outOfOrder = 0
      for (let k = 1; k < got.length; k++) if (got[k] < got[k - 1]) outOfOrder++
      return {
        got,
        sent: sent.length,
        received: unique.size,
        lost: sent.filter((id) => !unique.has(id)).length,
        duplicated: got.length - unique.size,
        outOfOrder,
        reconnects: v.socket().connections - 1,
        away: v.longestAway()
      }
    })
    process.stdout.write(
      `\nchaos (room ${ROOM}, ${RATE}/s for ${SECONDS} s, ${DROPS} server-side cuts; gap fills: ${faults.length}, ` +
        `refused ${count('status')}, cut ${count('drop-request')} (${OUTAGE_MS} ms outage), slowed ${count('delay')}):\n` +
        stats
          .map(
            (x, i) =>
              `  viewer ${i + 1}: sent ${x.sent}, received ${x.received}, lost ${x.lost}, duplicated ${x.duplicated}, out of order ${x.outOfOrder}, reconnects ${x.reconnects}, longest away ${x.away} ms\n`
          )
          .join('')
    )
    expect(cut).toBe(CLIENTS * DROPS)
    expect(count('drop-request')).toBeGreaterThan(0)
    expect(count('status')).toBeGreaterThan(0)
    expect(count('delay')).toBeGreaterThan(0)
    const all = await serverMessages(start)
    for (const [i, v] of viewers.entries()) {
      const x = stats[i]
      expect({ viewer: i + 1, lost: x.lost, duplicated: x.duplicated, outOfOrder: x.outOfOrder }).toEqual({
        viewer: i + 1,
        lost: 0,
        duplicated: 0,
        outOfOrder: 0
      })
      expect(x.got).toEqual(sent)
      expect(x.reconnects).toBeGreaterThanOrEqual(DROPS)
      // the list at the end: the server's messages, texts included, no marker row
      const list = v.room.messages.filter((m) => m.msgId > start)
      expect(v.room.messages.some((m) => m.gap)).toBe(false)
      expect(list.map((m) => [m.msgId, m.text])).toEqual(all.map((m) => [m.msg_id, m.text]))
    }
  } finally {
    for (const v of viewers) v.stop()
  }
}, 300000)
