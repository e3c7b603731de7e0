import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import WebSocket from 'ws'
import type { LiveServer } from '../../server/app'
import { assertEnvelope, call, countingParses, listen, login, loginNoMobile, makeApp, U } from './helpers'

let app: LiveServer
let port: number
let tokenA: string
let tokenB: string
before(async () => {
  app = await makeApp()
  port = await listen(app)
  tokenA = (await login(app)).token
  tokenB = (await loginNoMobile(app)).token
})
after(() => app.close())

interface Client {
  ws: WebSocket
  messages: Array<{ type: string; data: any }>
  next: (type: string, pred?: (d: any) => boolean, ms?: number) => Promise<any>
}

function connect(room: number | string, token?: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(
      `ws://127.0.0.1:${port}/ws?roomid=${room}`,
      token ? { headers: { authorization: `Bearer ${token}` } } : {}
    )
    const messages: Client['messages'] = []
    const waiters: Array<() => void> = []
    ws.on('message', (raw) => {
      messages.push(JSON.parse(String(raw)))
      for (const w of waiters.splice(0)) w()
    })
    // a bound that a test process starved of the processor for seconds still meets (an answer takes milliseconds)
    const next: Client['next'] = (type, pred = () => true, ms = 30000) =>
      new Promise((res, rej) => {
        const timer = setTimeout(() => rej(new Error(`timeout waiting for ${type}`)), ms)
        const check = () => {
          const i = messages.findIndex((m) => m.type === type && pred(m.data))
          if (i >= 0) {
            clearTimeout(timer)
            res(messages.splice(i, 1)[0].data)
          } else waiters.push(check)
        }
        check()
      })
    ws.once('open', () => resolve({ ws, messages, next }))
    ws.once('error', reject)
  })
}

const send = (token: string, room: number, content: string) =>
  call(app, 'POST', U('/danmaku'), { room_id: room, content }, token)

test("R1.3 R3.14 two clients in one room see each other's messages in order, with msg_id and user_id", async () => {
  const a = await connect(572)
  const b = await connect(572)
  const welcome = await a.next('welcome')
  assert.equal(typeof welcome.last_msg_id, 'number')
  const sent: number[] = []
  for (let i = 0; i < 5; i++) {
    sent.push(assertEnvelope(await send(tokenA, 572, `甲${i}`)).msg_id)
    sent.push(assertEnvelope(await send(tokenB, 572, `乙${i}`)).msg_id)
  }
  for (const c of [a, b]) {
    const got: any[] = []
    for (let i = 0; i < 10; i++) got.push(await c.next('danmaku'))
    assert.deepEqual(
      got.map((d) => d.msg_id),
      sent,
      'same order as sent, for both clients'
    )
    assert.deepEqual(
      got.slice(0, 2).map((d) => [d.user_id, d.content]),
      [
        [10001, '甲0'],
        [10002, '乙0']
      ]
    )
    for (const d of got)
      assert.ok(d.room_id === 572 && d.nickname && d.time > 1e12 && /^http:\/\/127\.0\.0\.1:\d+\/img\//.test(d.avatar))
  }
  a.ws.close()
  b.ws.close()
})

test('R7.72 R3.15 after a disconnect, history with after_msg_id has no gap', async () => {
  const a = await connect(573)
  const writer = await connect(573)
  await a.next('welcome')
  assertEnvelope(await send(tokenB, 573, '重连前'))
  const seen = await a.next('danmaku')
  a.ws.close()
  const missed: number[] = []
  for (let i = 0; i < 7; i++) missed.push(assertEnvelope(await send(tokenB, 573, `断线期间${i}`)).msg_id)
  const back = await connect(573)
  const welcome = await back.next('welcome')
  assert.equal(welcome.last_msg_id, missed[missed.length - 1])
  const fill = assertEnvelope(
    await call(app, 'POST', U('/living/danmaku'), { roomid: 573, after_msg_id: seen.msg_id, count: 100 })
  )
  assert.deepEqual(
    fill.map((m: any) => m.id),
    missed
  )
  assert.deepEqual(
    fill.map((m: any) => JSON.parse(m.content).text),
    missed.map((_, i) => `断线期间${i}`)
  )
  assertEnvelope(await send(tokenA, 573, '重连后'))
  assert.equal((await back.next('danmaku')).msg_id, missed[missed.length - 1] + 1)
  back.ws.close()
  writer.ws.close()
})

test('ping answers pong; online counts signed-in viewers (pushed when it changes); a socket without roomid is refused', async () => {
  const a = await connect(174, tokenA)
  assert.equal((await a.next('welcome')).online, 1)
  a.ws.send(JSON.stringify({ type: 'ping' }))
  assert.ok((await a.next('pong')).time > 0)
  const b = await connect(174, tokenB)
  assert.equal((await a.next('online', (d) => d.online === 2)).online, 2)
  b.ws.close()
  assert.equal((await a.next('online', (d) => d.online === 1)).online, 1)
  a.ws.close()
  const bad = new WebSocket(`ws://127.0.0.1:${port}/ws`)
  const code = await new Promise<number>((res) => bad.on('close', (c) => res(c)))
  assert.equal(code, 4000)
})

test('a frame longer than a heartbeat is not parsed (nested arrays cost JSON.parse about 1.5 µs a level), and one over 4 KB closes the socket (1009)', async () => {
  const a = await connect(174, tokenA)
  await a.next('welcome')
  await countingParses('[[[', async (parsed) => {
    a.ws.send(`${'['.repeat(2000)}${']'.repeat(2000)}`)
    assert.match((await a.next('error')).msg, /不支持的消息类型/)
    assert.equal(parsed(), 0, 'the long frame was parsed')
    a.ws.send('[[[1]]]')
    assert.match((await a.next('error')).msg, /不支持的消息类型/)
    assert.equal(parsed(), 1, 'a short frame is read')
  })
  a.ws.send(JSON.stringify({ type: 'ping' }))
  assert.ok((await a.next('pong')).time > 0)
  const closed = new Promise<number>((res) => a.ws.on('close', (c) => res(c)))
  a.ws.send('x'.repeat(4 * 1024 + 1))
  assert.equal(await closed, 1009)
})

test('R3.16 R3.17 R1.5 like, gift and activity pushes reach the room', async () => {
  const a = await connect(539)
  await a.next('welcome')
  assertEnvelope(await call(app, 'POST', U('/living/like'), { roomid: 539, combo: 4 }, tokenA))
  const like = await a.next('like')
  assert.deepEqual([like.roomid, like.combo, like.user_id], [539, 4, 10001])
  assert.equal(typeof like.total, 'number')
  assertEnvelope(await call(app, 'POST', U('/send_gifts'), { roomid: 539, giftid: 1, combo: 3 }, tokenA))
  const gift = await a.next('gift')
  assert.deepEqual([gift.roomid, gift.giftid, gift.gift_name, gift.combo, gift.user_id], [539, 1, '鲜花', 3, 10001])
  const pushes: Array<[string, string]> = [
    ['/lottery/start', 'lottery_start'],
    ['/lottery/result', 'lottery_result'],
    ['/rain/start', 'rain_start'],
    ['/rain/stop', 'rain_stop'],
    ['/redpack', 'redpack'],
    ['/vote', 'vote'],
    ['/quiz', 'quiz'],
    ['/goods/on', 'goods_on'],
    ['/goods/off', 'goods_off'],
    ['/offair', 'live_status']
  ]
  for (const [path, type] of pushes) {
    assertEnvelope(await call(app, 'POST', `/dev/rooms/539${path}`, {}))
    const d = await a.next(type)
    assert.ok(d && typeof d === 'object', type)
  }
  a.ws.close()
})

test('demo control inject pushes N danmaku per second', async () => {
  const a = await connect(175)
  await a.next('welcome')
  const r = assertEnvelope(await call(app, 'POST', '/dev/rooms/175/inject', { rate: 40, seconds: 0.5 }))
  assert.equal(r.total, 20)
  for (let i = 0; i < 20; i++) await a.next('danmaku')
  a.ws.close()
})

test('the sandbox control cuts every socket of one room from the server side; others stay; a new socket is welcomed', async () => {
  const a = await connect(571)
  const b = await connect(571)
  const elsewhere = await connect(570)
  await Promise.all([a.next('welcome'), b.next('welcome'), elsewhere.next('welcome')])
  const closed = (c: Client) =>
    new Promise<number>((res) =>
      c.ws.readyState === WebSocket.CLOSED ? res(-1) : c.ws.once('close', (code) => res(code))
    )
  const r = assertEnvelope(await call(app, 'POST', '/dev/rooms/571/sockets/drop', {}))
  assert.deepEqual(r, { roomid: 571, dropped: 2 })
  const codes = await Promise.all([closed(a), closed(b)])
  assert.deepEqual(codes, [1006, 1006], 'no close handshake: as a lost connection looks to the client')
  elsewhere.ws.send(JSON.stringify({ type: 'ping' }))
  assert.ok((await elsewhere.next('pong')).time > 0)
  const sent = assertEnvelope(await send(tokenA, 571, '断开之后'))
  const back = await connect(571)
  assert.equal((await back.next('welcome')).last_msg_id, sent.msg_id)
  assert.equal(assertEnvelope(await call(app, 'POST', '/dev/rooms/571/sockets/drop', {})).dropped, 1)
  assert.equal(assertEnvelope(await call(app, 'POST', '/dev/rooms/571/sockets/drop', {})).dropped, 0)
  elsewhere.ws.close()
})
